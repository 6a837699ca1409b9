import { describe, expect, it } from 'vitest'
import { createVehicleFormat, gpsFixKey, telemetryAge } from './vehicle-format'

const en = createVehicleFormat({ locale: 'en-US', hour12: true, timeZone: 'UTC' })
const de = createVehicleFormat({ locale: 'de-DE', hour12: false, timeZone: 'UTC' })

describe('createVehicleFormat', () => {
  it('writes SI values the way each language writes numbers and units', () => {
    expect(en.speed(12.34)).toBe('12.3 m/s')
    expect(de.speed(12.34)).toBe('12,3 m/s')
    expect(en.metres(1234.56)).toBe('1,234.6 m')
    expect(de.metres(1234.56)).toBe('1.234,6 m')
    expect(en.coordinate(-157.8712345)).toBe('157.87123°')
    expect(de.coordinate(21.3)).toBe('21,30000°')
    expect(en.percent(87)).toBe('87%')
    expect(de.percent(87)).toBe('87\u00a0%')
    expect(en.volts(15.24)).toBe('15.2 V')
    expect(de.volts(15.24)).toBe('15,2 V')
  })

  it('writes a heading as whole degrees from 0 to 359', () => {
    expect(en.heading(359.6)).toBe('0°')
    expect(en.heading(-90)).toBe('270°')
    expect(en.heading(45.2)).toBe('45°')
  })

  it('writes durations with at most two units', () => {
    expect(en.duration(4.4)).toBe('4 sec')
    expect(en.duration(125)).toBe('2 min 5 sec')
    expect(en.duration(120)).toBe('2 min')
    expect(en.duration(3 * 3600 + 14 * 60 + 9)).toBe('3 hr 14 min')
    expect(de.duration(125)).toBe('2 Min. 5 Sek.')
    expect(en.duration(-3)).toBe('0 sec')
  })

  it('writes the clock time on the language’s clock, two-digit hours on a 24-hour clock', () => {
    const t = Date.UTC(2026, 10, 26, 0, 5, 3)
    expect(en.clock(t)).toBe('12:05:03 AM')
    expect(de.clock(t)).toBe('00:05:03')
  })
})

describe('gpsFixKey and telemetryAge', () => {
  it('names MAVLink GPS fix types', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(gpsFixKey)).toEqual([
      'fixNone',
      'fixNone',
      'fix2d',
      'fix3d',
      'fixDgps',
      'fixRtkFloat',
      'fixRtkFixed',
      'fixStatic',
      'fixPpp',
      'fixNone',
    ])
  })

  it('never reads a server clock ahead of the browser as a negative age', () => {
    expect(telemetryAge(1000, 4000)).toBe(3000)
    expect(telemetryAge(5000, 4000)).toBe(0)
  })
})
