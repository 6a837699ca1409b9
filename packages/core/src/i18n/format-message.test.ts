import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../errors/console-error'
import { formatParts, parseMessage } from './format-message'

const format = (message: string, locale: string, values?: Record<string, string | number | Date>) =>
  formatParts(parseMessage(message), locale, values)

describe('formatting a message', () => {
  const streams = '{count, plural, =0 {No streams} one {# stream} other {# streams}}'

  it.each([
    ['en-US', 0, 'No streams'],
    ['en-US', 1, '1 stream'],
    ['en-US', 2, '2 streams'],
    ['en-US', 1234, '1,234 streams'],
    ['de-DE', 1234, '1.234 streams'],
  ])('plural in %s of %d: %s', (locale, count, expected) => {
    expect(format(streams, locale, { count })).toBe(expected)
  })

  it('picks the plural category by the locale rules', () => {
    const de = '{n, plural, one {# Stream} other {# Streams}}'
    expect(format(de, 'de-DE', { n: 1 })).toBe('1 Stream')
    expect(format(de, 'de-DE', { n: 1.5 })).toBe('1,5 Streams')
    expect(format('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', 'en-US', { n: 22 })).toBe('22nd')
  })

  it('fills placeholders, select and nested plurals', () => {
    const message = '{name} {role, select, admin {manages {n, plural, one {# tenant} other {# tenants}}} other {views}}'
    expect(format(message, 'en-US', { name: 'Ann', role: 'admin', n: 2 })).toBe('Ann manages 2 tenants')
    expect(format(message, 'en-US', { name: 'Bo', role: 'guest', n: 2 })).toBe('Bo views')
  })

  it('formats numbers, dates and times in the locale', () => {
    const date = new Date(Date.UTC(2026, 10, 22, 13, 5))
    expect(format('{n, number}', 'de-DE', { n: 1234.5 })).toBe('1.234,5')
    expect(format('{n, number, percent}', 'en-US', { n: 0.25 })).toBe('25%')
    expect(format('{n, number, integer}', 'en-US', { n: 2.7 })).toBe('3')
    expect(format('{d, date, short}', 'en-US', { d: date })).toMatch(/^11\/2[23]\/26$/)
    expect(format('{d, date, short}', 'de-DE', { d: date })).toMatch(/^2[23]\.11\.26$/)
  })

  it('reads quoted braces and doubled apostrophes as text', () => {
    expect(format("It''s '{literal}' {x}", 'en-US', { x: 1 })).toBe("It's {literal} 1")
    expect(format("{n, plural, other {'#' #}}", 'en-US', { n: 3 })).toBe('# 3')
    expect(format('Operator’s view', 'en-US')).toBe('Operator’s view')
  })

  it('shows a missing value as its placeholder instead of throwing in render', () => {
    expect(format('Hello {name}', 'en-US')).toBe('Hello {name}')
  })

  it.each([
    ['{count, plural, one {# item}}', 'needs an "other" option'],
    ['{name', 'a "}" is missing'],
    ['oops }', 'an unmatched "}"'],
    ['{n, currency}', 'unknown type "currency"'],
    ['{n, plural, one # other {x}}', 'needs a message in braces'],
  ])('refuses %j with a ConsoleError (%s)', (message, detail) => {
    let failure: unknown
    try {
      parseMessage(message)
    } catch (error) {
      failure = error
    }
    expect(ConsoleError.is(failure) && failure.code).toBe('i18n/invalid-message')
    expect((failure as Error).message).toContain(detail)
  })
})
