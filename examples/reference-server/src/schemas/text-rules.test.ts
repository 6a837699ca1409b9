import { describe, expect, it } from 'vitest'
import { jsonBodyProblem } from './register-input-checks'
import { normaliseText, textProblem, type TextRule } from './text-rules'

describe('textProblem', () => {
  it.each<[string, TextRule, string | undefined]>([
    ['Bow camera', 'line', undefined],
    ['  Bow camera  ', 'line', undefined],
    ['Ōtautahi 🐢 ناو', 'line', undefined],
    ['', 'line', 'must not be blank'],
    [' \t\u00a0\u3000 ', 'line', 'must not be blank'],
    ['', 'line-or-empty', undefined],
    ['a\u0000b', 'any', 'must not contain a NUL character'],
    ['a\u0000b', 'line', 'must not contain a NUL character'],
    ['\ud800', 'any', 'must be valid Unicode (it contains a lone surrogate)'],
    ['a\udfff', 'text', 'must be valid Unicode (it contains a lone surrogate)'],
    ['\ud83d\udc22', 'any', undefined],
    ['Bow\ncamera', 'line', 'must be one line without control characters'],
    ['Bow\u0085camera', 'line', 'must be one line without control characters'],
    ['Bow\ncamera\tand\r\nmore', 'text', undefined],
    ['Bow\u0007', 'text', 'must not contain control characters'],
    ['Bow\u202ecamera', 'line', 'must not contain bidirectional control or zero-width characters'],
    ['Bow\u2067camera\u2069', 'line', 'must not contain bidirectional control or zero-width characters'],
    ['Bow\u200bcamera', 'line', 'must not contain bidirectional control or zero-width characters'],
    ['Bow\u2060camera', 'line-or-empty', 'must not contain bidirectional control or zero-width characters'],
    ['\u200b', 'line', 'must not contain bidirectional control or zero-width characters'],
    // Free text may carry right-to-left marks and overrides (quoted Arabic or Hebrew); names may not.
    ['Bow\u202ecamera', 'text', undefined],
  ])('%j as %s: %s', (value, rule, problem) => {
    expect(textProblem(value, rule)).toBe(problem)
  })

  it('trims one-line values only', () => {
    expect(normaliseText('  Bow \t', 'line')).toBe('Bow')
    expect(normaliseText('\ufeffBow', 'line-or-empty')).toBe('Bow')
    expect(normaliseText('  notes\n', 'text')).toBe('  notes\n')
  })
})

describe('jsonBodyProblem', () => {
  it.each<[string, unknown, string | undefined]>([
    ['a plain record', { name: 'x', n: [1, -2.5, null, true, { deep: 'ok' }] }, undefined],
    ['the largest safe integer', { n: Number.MAX_SAFE_INTEGER }, undefined],
    ['a NUL in a nested string', { a: [{ b: 'x\u0000' }] }, 'body.a.0.b must not contain a NUL character'],
    ['a lone surrogate in a field name', { a: { '\udc00': 1 } }, 'a field name in body.a must be valid Unicode (it contains a lone surrogate)'],
    ['an unsafe integer', { n: 2 ** 53 }, 'body.n must be between -9007199254740991 and 9007199254740991 (larger numbers lose digits)'],
    ['Infinity', { n: [Infinity] }, 'body.n.0 must be a finite number'],
    ['a __proto__ field', JSON.parse('{"a": {"__proto__": 1}}'), 'body.a.__proto__ is not allowed'],
    ['a constructor field', { constructor: 1 }, 'body.constructor is not allowed'],
    ['33 levels', JSON.parse(`${'['.repeat(33)}${']'.repeat(33)}`), 'must not nest deeper than 32 levels'],
    ['32 levels', JSON.parse(`${'['.repeat(32)}${']'.repeat(32)}`), undefined],
  ])('%s', (_label, body, problem) => {
    if (problem === undefined) expect(jsonBodyProblem(body)).toBeUndefined()
    else expect(jsonBodyProblem(body)).toContain(problem)
  })

  it('walks a body far deeper than the call stack allows without overflowing', () => {
    let deep: unknown = 'end'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(jsonBodyProblem({ deep })).toBe(`body.deep${'.0'.repeat(31)} must not nest deeper than 32 levels`)
  })
})
