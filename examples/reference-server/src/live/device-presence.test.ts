import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DevicePresence } from '@honu/core/live'
import { createDevicePresence, MAX_PRESENT_DEVICES_PER_TENANT, type DevicePresenceTracker } from './device-presence'
import type { SignListener } from './telemetry-hub'

/** The tracker at its unit boundary: a hub that only hands out signs, and fake timers for the clock and the sweep. */
function setup() {
  let emit: SignListener = () => undefined
  const unwatch = vi.fn()
  const hub = {
    watchSigns: (listener: SignListener) => {
      emit = listener
      return unwatch
    },
  }
  const tracker = createDevicePresence(hub, { staleAfterMs: 5000, offlineAfterMs: 60_000, sweepMs: 1000, warn: vi.fn() })
  const heard: DevicePresence[][] = []
  tracker.subscribe('t1', (changed) => heard.push(changed))
  return { tracker, sign: (deviceId: string, tenantId = 't1') => emit({ tenantId, deviceId }), heard, unwatch }
}

let t: ReturnType<typeof setup>
let tracker: DevicePresenceTracker
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
  t = setup()
  tracker = t.tracker
})
afterEach(() => {
  tracker.close()
  vi.useRealTimers()
})

describe('device presence tracker', () => {
  it('tells a first sign at once, and nothing for more signs while online', () => {
    t.sign('cam')
    expect(t.heard).toEqual([[{ deviceId: 'cam', tenantId: 't1', state: 'online', lastSeen: 1_000_000 }]])
    vi.advanceTimersByTime(2000)
    t.sign('cam')
    expect(t.heard).toHaveLength(1)
    expect(tracker.snapshot('t1')).toEqual([{ deviceId: 'cam', tenantId: 't1', state: 'online', lastSeen: 1_002_000 }])
  })

  it('turns a silent device stale at the thresholds (by the sweep), then offline, and forgets it', () => {
    t.sign('cam')
    t.heard.length = 0
    vi.advanceTimersByTime(4000)
    expect(t.heard).toEqual([])
    vi.advanceTimersByTime(1000)
    expect(t.heard).toEqual([[{ deviceId: 'cam', tenantId: 't1', state: 'stale', lastSeen: 1_000_000 }]])
    expect(tracker.snapshot('t1')).toEqual([{ deviceId: 'cam', tenantId: 't1', state: 'stale', lastSeen: 1_000_000 }])
    vi.advanceTimersByTime(54_000)
    expect(t.heard).toHaveLength(1)
    vi.advanceTimersByTime(1000)
    expect(t.heard[1]).toEqual([{ deviceId: 'cam', tenantId: 't1', state: 'offline', lastSeen: 1_000_000 }])
    // Offline is what an unheld device is: the snapshot leaves it out, and no more is said of it.
    expect(tracker.snapshot('t1')).toEqual([])
    vi.advanceTimersByTime(120_000)
    expect(t.heard).toHaveLength(2)
  })

  it('a stale device that signs again is online at once', () => {
    t.sign('cam')
    vi.advanceTimersByTime(6000)
    t.sign('cam')
    expect(t.heard.map((batch) => batch.map((d) => d.state))).toEqual([['online'], ['stale'], ['online']])
    expect(t.heard[2]![0]!.lastSeen).toBe(1_006_000)
  })

  it("batches one sweep's changes per tenant, and tells each tenant only its own", () => {
    const other: DevicePresence[][] = []
    tracker.subscribe('t2', (changed) => other.push(changed))
    t.sign('a')
    t.sign('b')
    t.sign('x', 't2')
    t.heard.length = 0
    other.length = 0
    vi.advanceTimersByTime(5000)
    expect(t.heard).toEqual([
      [
        { deviceId: 'a', tenantId: 't1', state: 'stale', lastSeen: 1_000_000 },
        { deviceId: 'b', tenantId: 't1', state: 'stale', lastSeen: 1_000_000 },
      ],
    ])
    expect(other).toEqual([[{ deviceId: 'x', tenantId: 't2', state: 'stale', lastSeen: 1_000_000 }]])
    expect(tracker.snapshot('t2').map((d) => d.deviceId)).toEqual(['x'])
    expect(tracker.snapshot('t3')).toEqual([])
  })

  it('stops telling a listener that left, and stops watching the hub on close', () => {
    const later: DevicePresence[][] = []
    const stop = tracker.subscribe('t1', (changed) => later.push(changed))
    stop()
    t.sign('cam')
    expect(later).toEqual([])
    expect(t.heard).toHaveLength(1)
    tracker.close()
    expect(t.unwatch).toHaveBeenCalledTimes(1)
  })

  it('holds at most MAX_PRESENT_DEVICES_PER_TENANT devices of one tenant', () => {
    for (let i = 0; i < MAX_PRESENT_DEVICES_PER_TENANT + 5; i++) t.sign(`d${i}`)
    expect(tracker.snapshot('t1')).toHaveLength(MAX_PRESENT_DEVICES_PER_TENANT)
  })
})
