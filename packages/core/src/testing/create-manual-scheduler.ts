import type { Scheduler } from '../platform/scheduler'

/** A scheduler whose clock moves only when told: for deterministic timer tests without global fakes. */
export interface ManualScheduler extends Scheduler {
  /** Milliseconds since creation. */
  readonly now: number
  /** Timers and intervals currently pending. */
  readonly pending: number
  /** Moves the clock and runs what falls due, in order. */
  advance(ms: number): void
}

export function createManualScheduler(): ManualScheduler {
  let now = 0
  let nextId = 1
  const timers = new Map<number, { at: number; every?: number; callback: () => void }>()
  return {
    get now() {
      return now
    },
    get pending() {
      return timers.size
    },
    setTimeout(callback, ms) {
      const id = nextId++
      timers.set(id, { at: now + ms, callback })
      return id
    },
    setInterval(callback, ms) {
      const id = nextId++
      timers.set(id, { at: now + ms, every: ms, callback })
      return id
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    clearInterval: (handle) => void timers.delete(handle as number),
    advance(ms) {
      const end = now + ms
      for (;;) {
        let dueId: number | undefined
        let due: { at: number; every?: number; callback: () => void } | undefined
        for (const [id, timer] of timers) {
          if (timer.at <= end && (!due || timer.at < due.at)) {
            dueId = id
            due = timer
          }
        }
        if (!due || dueId === undefined) break
        now = due.at
        if (due.every) due.at += due.every
        else timers.delete(dueId)
        due.callback()
      }
      now = end
    },
  }
}
