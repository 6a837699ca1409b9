import { describe, expect, it } from 'vitest'
import { changesLine, fieldChanges, valueText } from './audit-changes'

describe('fieldChanges', () => {
  it('pairs each changed field with its value before and after, as JSON text', () => {
    expect(fieldChanges({ roles: ['writer'] }, { roles: ['reader'] })).toEqual([{ field: 'roles', before: '["writer"]', after: '["reader"]' }])
  })

  it('a created thing has nothing before, a deleted one nothing after; fields only one side has keep their place', () => {
    expect(fieldChanges(null, { name: 'Bow', proxy: null })).toEqual([
      { field: 'name', before: undefined, after: '"Bow"' },
      { field: 'proxy', before: undefined, after: 'null' },
    ])
    expect(fieldChanges({ name: 'Bow' }, null)).toEqual([{ field: 'name', before: '"Bow"', after: undefined }])
    expect(fieldChanges({ a: 1 }, { b: 2 })).toEqual([
      { field: 'a', before: '1', after: undefined },
      { field: 'b', before: undefined, after: '2' },
    ])
    expect(fieldChanges(null, null)).toEqual([])
  })

  it('markup in a value is text, quoted like any string', () => {
    expect(valueText('<script>alert(1)</script>')).toBe('"<script>alert(1)</script>"')
    expect(valueText({ source: 'rtsp://[redacted]@cam' })).toBe('{"source":"rtsp://[redacted]@cam"}')
  })
})

describe('changesLine', () => {
  it('writes the changes on one line, with the word for a missing value', () => {
    expect(changesLine(fieldChanges({ name: 'A', roles: [] }, { name: 'B', roles: ['admin'] }), '—')).toBe('name: "A" → "B"; roles: [] → ["admin"]')
    expect(changesLine(fieldChanges(null, { name: 'Nia' }), '—')).toBe('name: — → "Nia"')
  })
})
