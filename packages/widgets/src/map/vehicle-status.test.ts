import { describe, expect, it } from 'vitest'
import { DEFAULT_STALE_AFTER_MS, vehicleStatus } from './vehicle-status'

const now = 1_700_000_000_000

describe('vehicleStatus', () => {
  it.each([
    ['a fresh vehicle with a full battery and a good link', { time: now, battery: { remainingPct: 80 }, link: { quality: 95 } }, 'ok'],
    ['a fresh vehicle reporting no battery or link', { time: now }, 'ok'],
    ['a battery below 20 %', { time: now, battery: { remainingPct: 19.9 } }, 'warning'],
    ['a battery at 20 %', { time: now, battery: { remainingPct: 20 } }, 'ok'],
    ['a link below 50 %', { time: now, link: { quality: 49 } }, 'warning'],
    ['no message for longer than the stale time', { time: now - DEFAULT_STALE_AFTER_MS - 1 }, 'stale'],
    ['exactly the stale time', { time: now - DEFAULT_STALE_AFTER_MS }, 'ok'],
    ['stale and a low battery (stale wins)', { time: now - 60_000, battery: { remainingPct: 5 } }, 'stale'],
  ])('%s', (_, vehicle, expected) => {
    expect(vehicleStatus({ deviceId: 'v1', ...vehicle }, now)).toBe(expected)
  })

  it('takes its thresholds from the options', () => {
    const vehicle = { deviceId: 'v1', time: now - 2000, battery: { remainingPct: 30 }, link: { quality: 60 } }
    expect(vehicleStatus(vehicle, now, { staleAfterMs: 1000 })).toBe('stale')
    expect(vehicleStatus(vehicle, now, { lowBatteryPct: 35 })).toBe('warning')
    expect(vehicleStatus(vehicle, now, { poorLinkQuality: 70 })).toBe('warning')
    expect(vehicleStatus(vehicle, now)).toBe('ok')
  })
})
