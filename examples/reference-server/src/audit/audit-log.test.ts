import { describe, expect, it } from 'vitest'
import { changedFields, redact, redactText } from './audit-log'
import { csvCell, csvLine, filterTime } from './audit-query'

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

describe('secret fields', () => {
  it('redacts every field the rule names, in any case, and keeps look-alikes that are no secrets', () => {
    const secret = [
      'password',
      'pass',
      'db_pass',
      'passwd',
      'passphrase',
      'clientSecret',
      'refresh_token',
      'credentials',
      'apiKey',
      'api_key',
      'API-KEY',
      'privateKey',
      'private_key',
      'private-key',
      'Authorization',
      'authorisation',
      'cookie',
      'sig',
      'Signature',
    ]
    const plain = ['passengers', 'passage', 'name', 'signal_strength', 'email_signature', 'keyframe', 'author']
    const record = Object.fromEntries([...secret, ...plain].map((key) => [key, 'value']))
    expect(redact(record)).toEqual(Object.fromEntries([...secret.map((key) => [key, '[redacted]']), ...plain.map((key) => [key, 'value'])]))
  })

  it('redacts a secret query value whose name holds the secret word anywhere', () => {
    expect(redactText('https://cam.honu.test/snap?password=hunter2&size=2')).toBe('https://cam.honu.test/snap?password=[redacted]&size=2')
    expect(redactText('https://cam.honu.test/snap?x=1&auth_code=c&passkey=p#frag')).toBe(
      'https://cam.honu.test/snap?x=1&auth_code=[redacted]&passkey=[redacted]#frag',
    )
  })

  it('keeps numbers, booleans and nulls as they are', () => {
    expect(redact({ port: 554, enabled: true, disabled: false, proxy: null, zero: 0, list: [1, null, 'rtsp://u:p@h'] })).toEqual({
      port: 554,
      enabled: true,
      disabled: false,
      proxy: null,
      zero: 0,
      list: [1, null, 'rtsp://[redacted]@h'],
    })
    expect(redact(7)).toBe(7)
    expect(redact(null)).toBeNull()
  })
})

describe('changed fields', () => {
  it('sees a change inside an array or a nested record', () => {
    expect(changedFields({ a: [1, 2] }, { a: [1, 3] })).toEqual({ before: { a: [1, 2] }, after: { a: [1, 3] } })
    expect(changedFields({ a: [1, 23] }, { a: [12, 3] })).toEqual({ before: { a: [1, 23] }, after: { a: [12, 3] } })
    expect(changedFields({ b: { x: 1 } }, { b: { x: 2 } })).toEqual({ before: { b: { x: 1 } }, after: { b: { x: 2 } } })
    expect(changedFields({ b: { x: 1 } }, { b: { y: 1 } })).toEqual({ before: { b: { x: 1 } }, after: { b: { y: 1 } } })
    expect(changedFields({ b: [{ x: 1, y: [2] }] }, { b: [{ y: [2], x: 1 }] })).toBeNull()
  })

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
    expect(csvCell('padded ')).toBe('"padded "')
    // Spaces inside a cell need no quotes.
    expect(csvCell('two words')).toBe('two words')
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
    // A record created: no before, an after; an actor without e-mail; an organisation's entry.
    expect(
      csvLine({
        id: '8',
        at: '2026-11-26T03:00:01.000Z',
        actor: { uid: 'u2' },
        tenant_id: null,
        organisation_id: 'org-a',
        action: 'mission.create',
        resource: { type: 'mission', id: 'm1' },
        before: null,
        after: { name: 'North' },
      }),
    ).toBe(`8,2026-11-26T03:00:01.000Z,u2,,,mission.create,mission,m1,,"{""name"":""North""}",org-a\r\n`)
  })
})

describe('filter times', () => {
  it('reads a date, or a date and time, as UTC unless it names an offset', () => {
    const cases: [string, string][] = [
      ['2026-11-26', '2026-11-26T00:00:00.000Z'],
      ['2026-11-26T03:04', '2026-11-26T03:04:00.000Z'],
      ['2026-11-26 03:04:05', '2026-11-26T03:04:05.000Z'],
      ['2026-11-26T03:04:05.5', '2026-11-26T03:04:05.500Z'],
      ['2026-11-26T03:04:05.12345', '2026-11-26T03:04:05.123Z'],
      ['2026-11-26T03:04:05Z', '2026-11-26T03:04:05.000Z'],
      ['2026-11-26T03:04:05+02:00', '2026-11-26T01:04:05.000Z'],
      ['2026-11-26T03:04:05+0200', '2026-11-26T01:04:05.000Z'],
      ['2026-11-26T03:04-0530', '2026-11-26T08:34:00.000Z'],
      ['2026-11-26 03:04:05.250-05:30', '2026-11-26T08:34:05.250Z'],
      ['0001-01-01', '0001-01-01T00:00:00.000Z'],
      ['9999-12-31T23:30Z', '9999-12-31T23:30:00.000Z'],
    ]
    for (const [value, iso] of cases) expect({ value, iso: filterTime(value, 'from') }).toEqual({ value, iso })
  })

  it('reads a time without an offset as UTC whatever the time zone of the server', () => {
    const zone = process.env.TZ
    try {
      process.env.TZ = 'America/New_York'
      expect(filterTime('2026-11-26T03:04', 'from')).toBe('2026-11-26T03:04:00.000Z')
      expect(filterTime('2026-11-26 03:04:05.5', 'to')).toBe('2026-11-26T03:04:05.500Z')
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('refuses a time that is no real time, or falls outside the years 1 to 9999, naming the field: 400 bad-request', () => {
    for (const [value, field] of [
      ['2026-13-01', 'from'],
      ['2026-02-30T25:00', 'to'],
      ['yesterday', 'from'],
      ['0000-12-31', 'to'],
      ['0001-01-01T00:30+01:00', 'from'],
      ['9999-12-31T23:30-01:00', 'to'],
    ] as const) {
      expect(() => filterTime(value, field)).toThrow(
        expect.objectContaining({
          status: 400,
          code: 'bad-request',
          message: `Invalid request: querystring.${field} must be an ISO 8601 date or time.`,
        }),
      )
    }
  })
})
