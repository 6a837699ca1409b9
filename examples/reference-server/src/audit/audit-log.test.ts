import { describe, expect, it } from 'vitest'
import { changedFields, redact, redactText } from './audit-log'
import { csvCell, csvLine } from './audit-query'

describe('redaction', () => {
  it('replaces credentials in addresses and secret query values, and leaves other text alone', () => {
    expect(redactText('rtsp://admin:hunter2@10.0.0.5:554/live?channel=1&token=abc123&sig=zz')).toBe(
      'rtsp://[redacted]@10.0.0.5:554/live?channel=1&token=[redacted]&sig=[redacted]',
    )
    expect(redactText('https://proxy.honu.test/hls/?api_key=k1')).toBe('https://proxy.honu.test/hls/?api_key=[redacted]')
    expect(redactText('rtsp://10.0.0.5/live')).toBe('rtsp://10.0.0.5/live')
    expect(redactText('Ada <ada@honu.test>')).toBe('Ada <ada@honu.test>')
  })

  it('replaces the values of secret fields at any depth', () => {
    expect(
      redact({ name: 'x', password: 'p', nested: [{ apiKey: 'k', client_secret: 's', stream: { accessToken: 't', url: 'srt://u:p@h' } }] }),
    ).toEqual({
      name: 'x',
      password: '[redacted]',
      nested: [{ apiKey: '[redacted]', client_secret: '[redacted]', stream: { accessToken: '[redacted]', url: 'srt://[redacted]@h' } }],
    })
  })
})

describe('changed fields', () => {
  it('keeps only what differs, whatever the key order, and answers null when nothing does', () => {
    expect(changedFields({ a: 1, b: { x: 1, y: 2 }, c: 'same' }, { a: 2, b: { y: 2, x: 1 }, c: 'same', d: true })).toEqual({
      before: { a: 1, d: null },
      after: { a: 2, d: true },
    })
    expect(changedFields({ a: [1, 2] }, { a: [1, 2] })).toBeNull()
  })
})

describe('CSV', () => {
  it('quotes after RFC 4180 and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell(null)).toBe('')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=1+2')).toBe(`'=1+2`)
    expect(csvCell('+1')).toBe(`'+1`)
    expect(csvCell('-1')).toBe(`'-1`)
    expect(csvCell('@SUM(A1)')).toBe(`'@SUM(A1)`)
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`)
    expect(csvCell(' padded')).toBe('" padded"')
  })

  it('defuses a cell starting with each character the guard names: =, +, -, @, tab and carriage return', () => {
    // csvCell's comment promises these six. A tab or a carriage return before a formula is skipped by some
    // spreadsheets, which then read the formula after it.
    const formulas: [string, string][] = [
      ['=1+2', `'=1+2`],
      ['+1+2', `'+1+2`],
      ['-1+2', `'-1+2`],
      ['@SUM(A1)', `'@SUM(A1)`],
      ['\t=1+2', `'\t=1+2`],
      // The carriage return also makes the cell quoted (RFC 4180): the quote mark still comes first inside the quotes.
      ['\r=1+2', `"'\r=1+2"`],
    ]
    expect(formulas.map(([value]) => value[0])).toEqual(['=', '+', '-', '@', '\t', '\r'])
    for (const [value, defused] of formulas) expect({ value, cell: csvCell(value) }).toEqual({ value, cell: defused })
    // The same characters anywhere but at the start are no formula: the cell is left as it is.
    expect(csvCell('1=2+3-4@5')).toBe('1=2+3-4@5')
    expect(csvCell('a\tb')).toBe('a\tb')
  })

  it('writes one line per entry in the column order, with CRLF', () => {
    expect(
      csvLine({
        id: '7',
        at: '2026-11-26T03:00:00.000Z',
        actor: { uid: 'u1', email: '=evil@honu.test' },
        tenant_id: 'alpha',
        organisation_id: null,
        action: 'tenant.rename',
        resource: { type: 'tenant', id: 'alpha' },
        before: { name: 'A, "old"' },
        after: null,
      }),
    ).toBe(`7,2026-11-26T03:00:00.000Z,u1,'=evil@honu.test,alpha,tenant.rename,tenant,alpha,"{""name"":""A, \\""old\\""""}",,\r\n`)
  })
})
