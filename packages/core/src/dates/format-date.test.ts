import { describe, expect, it } from 'vitest'
import { UNKNOWN_DATE, formatJoinedDate, formatUtcDate, weekdayNames } from './format-date'

describe('dates', () => {
  it('shows a timestamp as a UTC date string in en-US with a 12-hour clock', () => {
    expect(formatUtcDate('2026-11-22T13:05:09Z')).toBe('Sun, Nov 22, 2026, 1:05:09 PM UTC')
  })
  it('shows UTC whatever the offset of the input', () => {
    expect(formatUtcDate('2026-11-22T23:30:00-05:00')).toBe('Mon, Nov 23, 2026, 4:30:00 AM UTC')
  })
  it('can use a 24-hour clock', () => {
    expect(formatUtcDate('2026-11-22T13:05:09Z', { hour12: false })).toBe('Sun, Nov 22, 2026, 13:05:09 UTC')
    // Past midnight a 24-hour clock keeps two-digit hours (a German browser showed 0:11:56 after midnight UTC).
    expect(formatUtcDate('2026-11-26T00:11:56Z', { locale: 'de-DE', hour12: false })).toBe('Do., 26. Nov. 2026, 00:11:56 UTC')
    expect(formatUtcDate('2026-11-26T00:11:56Z', { hour12: true })).toBe('Thu, Nov 26, 2026, 12:11:56 AM UTC')
  })
  it('shows joined as weekday, day, month and year only', () => {
    expect(formatJoinedDate('2026-11-22T23:59:00Z')).toBe('Sun, Nov 22, 2026')
    expect(formatJoinedDate(Date.UTC(2024, 1, 29))).toBe('Thu, Feb 29, 2024')
  })
  it.each([null, undefined, '', 'not a date'])('says %j is an unknown date instead of "Invalid Date"', (value) => {
    expect(formatUtcDate(value)).toBe(UNKNOWN_DATE)
    expect(formatJoinedDate(value)).toBe(UNKNOWN_DATE)
  })
  it('starts the week on Sunday by default', () => {
    expect(weekdayNames()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'])
    expect(weekdayNames({ weekStartsOn: 1 })[0]).toBe('Mon')
  })
})
