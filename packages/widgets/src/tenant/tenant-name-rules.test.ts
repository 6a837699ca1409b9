import { describe, expect, it } from 'vitest'
import { tenantNameProblem, TENANT_NAME_MAX_LENGTH } from './tenant-name-rules'

describe('tenantNameProblem', () => {
  it.each([
    ['Alpha Harbour', undefined],
    ['  Alpha Harbour  ', undefined],
    ['<b>Alpha</b> & "Harbour"', undefined],
    ['', 'missing'],
    [' \t ', 'missing'],
    ['Alpha\nHarbour', 'invalid'],
    ['Alpha\u0000', 'invalid'],
    ['Alpha\u0085', 'invalid'],
    ['Alpha\u202eruobraH', 'invalid'],
    ['Al\u200bpha', 'invalid'],
    ['Al\ufeffpha', 'invalid'],
    ['Alpha\ud800', 'invalid'],
    ['x'.repeat(TENANT_NAME_MAX_LENGTH), undefined],
    [` ${'x'.repeat(TENANT_NAME_MAX_LENGTH)} `, undefined],
    ['x'.repeat(TENANT_NAME_MAX_LENGTH + 1), 'too-long'],
    // Characters as the server counts them: 200 emoji are 400 UTF-16 units, and allowed.
    ['🐢'.repeat(TENANT_NAME_MAX_LENGTH), undefined],
    ['🐢'.repeat(TENANT_NAME_MAX_LENGTH + 1), 'too-long'],
  ])('%j → %s', (name, problem) => {
    expect(tenantNameProblem(name)).toBe(problem)
  })
})
