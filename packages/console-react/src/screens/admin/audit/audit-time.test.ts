import { describe, expect, it } from 'vitest'
import { isoToUtcInput, utcInputToIso } from './audit-time'

describe('the time filters, typed in UTC', () => {
  it.each([
    ['2026-11-26T03:00', '2026-11-26T03:00:00.000Z'],
    ['2026-11-26T23:59:30', '2026-11-26T23:59:30.000Z'],
    ['2026-11-26T23:59:30.5', '2026-11-26T23:59:30.500Z'],
    ['2024-02-29T00:00', '2024-02-29T00:00:00.000Z'],
    ['2026-02-30T00:00', undefined],
    ['2026-11-26', undefined],
    ['', undefined],
    ['tomorrow', undefined],
  ])('%s → %s', (input, iso) => {
    expect(utcInputToIso(input)).toBe(iso)
  })

  it('an applied filter shows back in its field (minutes, UTC); nothing for none', () => {
    expect(isoToUtcInput('2026-11-26T03:00:00.000Z')).toBe('2026-11-26T03:00')
    expect(isoToUtcInput(undefined)).toBe('')
    expect(isoToUtcInput('never')).toBe('')
  })
})
