import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DeviceControl } from '@honu/core/live'
import { ControlLeases, type ControlEvent } from './control-leases'

const cora = { uid: 'u-cora', name: 'Cora' }
const bea = { uid: 'u-bea', name: 'Bea' }
const ops = { uid: 'u-ops', name: 'Ops' }

describe('control leases', () => {
  let events: ControlEvent[]
  let changes: DeviceControl[]
  let leases: ControlLeases
  beforeEach(() => {
    vi.useFakeTimers()
    events = []
    changes = []
    leases = new ControlLeases({ idleMs: 60_000, leaveGraceMs: 10_000, onEvent: (e) => events.push(e) })
    leases.subscribe('t1', (changed) => changes.push(...changed))
  })
  afterEach(() => {
    leases.close()
    vi.useRealTimers()
  })

  it('grants a free device at once; a second asker waits; a release hands control to them', () => {
    expect(leases.request('t1', 'd1', cora)).toBe('granted')
    expect(leases.holds('t1', 'd1', cora.uid)).toBe(true)
    expect(leases.request('t1', 'd1', bea)).toBe('waiting')
    expect(leases.get('t1', 'd1')).toMatchObject({ holder: cora, requests: [bea] })
    expect(leases.release('t1', 'd1', cora)).toBe(true)
    expect(leases.get('t1', 'd1')).toMatchObject({ holder: bea, requests: [] })
    expect(events.map((e) => [e.action, e.before?.name, e.after?.name])).toEqual([
      ['grant', undefined, 'Cora'],
      ['request', 'Cora', 'Cora'],
      ['handoff', 'Cora', 'Bea'],
    ])
    // Subscribers of the tenant saw each state; another tenant's nothing.
    expect(changes.at(-1)).toMatchObject({ deviceId: 'd1', holder: bea })
    expect(leases.snapshot('t2')).toEqual([])
  })

  it('lets an admin take over, and refuses a release by someone who neither holds nor asks', () => {
    leases.request('t1', 'd1', cora)
    expect(leases.release('t1', 'd1', bea)).toBe(false)
    leases.take('t1', 'd1', ops)
    expect(leases.get('t1', 'd1').holder).toEqual(ops)
    expect(events.at(-1)).toMatchObject({ action: 'take', before: cora, after: ops })
  })

  it('ends a lease after the idle time without input, and input moves that end', () => {
    leases.request('t1', 'd1', cora)
    leases.request('t1', 'd1', bea)
    vi.advanceTimersByTime(50_000)
    leases.touch('t1', 'd1', cora.uid)
    vi.advanceTimersByTime(50_000)
    expect(leases.holds('t1', 'd1', cora.uid)).toBe(true)
    vi.advanceTimersByTime(10_001)
    expect(leases.get('t1', 'd1').holder).toEqual(bea)
    expect(events.at(-1)).toMatchObject({ action: 'expire', before: cora, after: bea })
    expect(events.at(-1)!.actor).toBeUndefined()
  })

  it('keeps a holder’s control through a reload, and passes it on once they are gone for the grace time', () => {
    const leave = leases.join('t1', 'd1', cora)
    leases.request('t1', 'd1', cora)
    leave()
    vi.advanceTimersByTime(5_000)
    const back = leases.join('t1', 'd1', cora)
    vi.advanceTimersByTime(20_000)
    expect(leases.holds('t1', 'd1', cora.uid)).toBe(true)
    back()
    vi.advanceTimersByTime(10_001)
    expect(leases.get('t1', 'd1')).toEqual({ tenantId: 't1', deviceId: 'd1', requests: [], viewers: [] })
    expect(events.at(-1)).toMatchObject({ action: 'leave', before: cora })
  })

  it('counts viewers per person, and ends a revoked user’s control and requests at once', () => {
    const one = leases.join('t1', 'd1', bea)
    leases.join('t1', 'd1', bea)
    expect(leases.get('t1', 'd1').viewers).toEqual([bea])
    one()
    expect(leases.get('t1', 'd1').viewers).toEqual([bea])
    leases.request('t1', 'd1', cora)
    leases.request('t1', 'd2', ops)
    leases.request('t1', 'd2', cora)
    leases.revoke('t1', cora.uid)
    expect(leases.get('t1', 'd1').holder).toBeUndefined()
    expect(leases.get('t1', 'd2').requests).toEqual([])
  })
})
