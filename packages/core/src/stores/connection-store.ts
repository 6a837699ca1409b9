import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Scheduler } from '../platform/scheduler'

/**
 * Whether the console's server answers: `reachable` until a call fails to reach it; then `unreachable` while
 * waiting for the next probe of `/health`, and `retrying` while a probe is under way. `slow`: a call has waited
 * `SLOW_AFTER_MS` (4 s) without an answer (a server that hangs, or one so overloaded it might as well): said at
 * once rather than when the call times out; the next answer makes it `reachable` again, a failed call `unreachable`.
 */
export type ConnectionStatus = 'reachable' | 'slow' | 'unreachable' | 'retrying'

/**
 * Whether the connection just came back after an outage (`unreachable` or `retrying` before, `reachable` now): what
 * lists and channels wait for to fetch or connect again. A slow answer that finally came is not an outage.
 */
export const cameBack = (now: Pick<ConnectionState, 'status'>, before: Pick<ConnectionState, 'status'>): boolean =>
  now.status === 'reachable' && (before.status === 'unreachable' || before.status === 'retrying')

/** The console-wide connection state: one per console instance, shown once, not per tile. */
export interface ConnectionState {
  status: ConnectionStatus
  /** Probes that failed since a call last reached the server; each one doubles the wait before the next. */
  failures: number
  /** A call could not reach the server (network failure, timeout, 502–504 from a proxy): probe until it answers. */
  reportUnreachable(): void
  /** A call has waited `SLOW_AFTER_MS` without an answer: `slow`, unless the server is already known down. */
  reportSlow(): void
  /** A call was answered: the server is reachable (stops probing). */
  reportReachable(): void
  /** Probes now instead of at the next step of the backoff (a "Retry now" button, or the client starting again). */
  retryNow(): void
  /**
   * Probes once whatever the state (a console starting): while `reachable`, quietly (the state stays `reachable`
   * while the probe is out, so nothing flashes); a failed probe counts as a failed call (`reportUnreachable`). Not
   * reachable: the same as `retryNow()`.
   */
  check(): void
  /** Stops probing; `retryNow()` resumes. */
  stop(): void
}

/** The connection store. Subscribe to see it return to `reachable` (lists refetch then). */
export type ConnectionStore = StoreApi<ConnectionState>

/** First wait before probing again; doubled per failed probe up to {@link PROBE_MAX_DELAY_MS}. */
export const PROBE_BASE_DELAY_MS = 1000
/** Longest wait between two probes: a console is interactive, and one small `/health` call per 10 s costs little. */
export const PROBE_MAX_DELAY_MS = 10_000

/**
 * Creates the connection store of one console. `probe` asks the server whether it is up (`GET /health`);
 * timers come from the injected scheduler, so tests move the clock by hand.
 *
 * @example
 * const connection = createConnectionStore(scheduler, () => http.request('GET', `${api}/health`).then(() => true, () => false))
 */
export function createConnectionStore(scheduler: Scheduler, probe: () => Promise<boolean>, random = Math.random): ConnectionStore {
  let timer: unknown
  // Bumped by every stop or answer, so a probe that returns after one of those changes nothing.
  let generation = 0
  const cancel = () => {
    scheduler.clearTimeout(timer)
    timer = undefined
    generation++
  }
  const store = createStore<ConnectionState>()((set, get) => {
    const schedule = () => {
      // ±25 % jitter: consoles that lost the same server do not all probe it in the same instant.
      const delay = Math.min(PROBE_MAX_DELAY_MS, PROBE_BASE_DELAY_MS * 2 ** get().failures) * (0.75 + random() / 2)
      timer = scheduler.setTimeout(run, Math.round(delay))
    }
    const run = () => {
      cancel()
      const mine = generation
      set({ status: 'retrying' })
      void probe()
        .catch(() => false)
        .then((up) => {
          if (mine !== generation) return
          // A probe's success does not reset the backoff: only a real call does, so a route that keeps
          // failing while /health answers is not hammered every second.
          if (up) set({ status: 'reachable' })
          else {
            set((s) => ({ status: 'unreachable', failures: s.failures + 1 }))
            schedule()
          }
        })
    }
    return {
      status: 'reachable',
      failures: 0,
      reportUnreachable() {
        const { status } = get()
        if (status !== 'reachable' && status !== 'slow') return
        set({ status: 'unreachable' })
        schedule()
      },
      reportSlow() {
        if (get().status === 'reachable') set({ status: 'slow' })
      },
      reportReachable() {
        const { status, failures } = get()
        // Also makes a quiet check still out stale: this answer is newer.
        cancel()
        if (status === 'reachable' && failures === 0) return
        set({ status: 'reachable', failures: 0 })
      },
      retryNow() {
        const { status } = get()
        if (status !== 'reachable' && status !== 'slow') run()
      },
      check() {
        const { status } = get()
        if (status !== 'reachable' && status !== 'slow') return run()
        cancel()
        const mine = generation
        void probe()
          .catch(() => false)
          .then((up) => {
            // A call answered (or failed) meanwhile, or the store stopped: that is newer news. Otherwise the same
            // as a call that failed: unreachable, first probe after the base delay.
            if (up || mine !== generation) return
            get().reportUnreachable()
          })
      },
      stop() {
        cancel()
        if (get().status === 'retrying') set({ status: 'unreachable' })
      },
    }
  })
  return store
}
