import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { clientsAs, raw, startTestServer } from './test-server'

let server: RunningServer
let ada: string
let ops: string
beforeAll(async () => {
  server = await startTestServer()
  ada = (await clientsAs(server, 'ada@honu.test')).token
  ops = (await clientsAs(server, 'ops@honu.test')).token
})
afterAll(() => server.close())

const videos = async () => JSON.stringify(await server.db.query('select * from videos order by video_id'))
const users = async () => JSON.stringify(await server.db.query('select uid, permissions from users order by uid'))
/** Every table a request could change, as one string: bad input must leave it exactly as it was. */
const everything = async () =>
  JSON.stringify(
    await Promise.all(
      [
        'tenants order by tenant_id',
        'users order by uid',
        'videos order by tenant_id, video_id',
        'v2_records order by resource, organisation_id, id',
        'mp_users order by id',
      ].map((table) => server.db.query(`select * from ${table}`)),
    ),
  )

describe('bad input gets a 4xx with a clear message and changes nothing', () => {
  it.each([
    ['malformed JSON', '{"name": "x", ', 400, 'not valid JSON'],
    ['a body that is not an object', '[1,2]', 400, 'body must be object'],
    ['an empty body', '', 400, 'body must be object'],
    ['a wrong type', '{"name": 5, "source": "s"}', 400, 'body.name must be string'],
    ['a missing field', '{"name": "x"}', 400, "must have required property 'source'"],
    ['an unknown field', '{"name": "x", "source": "s", "owner": "me"}', 400, 'body.owner is not allowed'],
    ['an empty name', '{"name": "", "source": "s"}', 400, 'body.name must NOT have fewer than 1 characters'],
    ['an oversized body', JSON.stringify({ name: 'x', source: 'y'.repeat(70_000) }), 413, 'too large'],
  ])('%s', async (_label, body, status, message) => {
    const before = await videos()
    const response = await raw(server, 'POST', '/api/v1/videos?tenant_id=alpha', { token: ada, body })
    expect(response.status).toBe(status)
    expect(response.body.message).toContain(message)
    expect(await videos()).toBe(before)
  })

  it('refuses a query without tenant_id and an unknown query field', async () => {
    expect(await raw(server, 'GET', '/api/v1/videos', { token: ada })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining("required property 'tenant_id'") },
    })
    expect((await raw(server, 'GET', '/api/v1/videos?tenant_id=alpha&debug=1', { token: ada })).status).toBe(400)
  })

  it('answers 404 for a tenant that does not exist, even to a super admin', async () => {
    const response = await raw(server, 'GET', '/api/v1/videos?tenant_id=zulu', { token: ops })
    expect(response).toMatchObject({ status: 404, body: { message: 'Tenant "zulu" not found.' } })
    const before = await videos()
    expect((await raw(server, 'POST', '/api/v1/videos?tenant_id=zulu', { token: ops, body: '{"name":"x","source":"y"}' })).status).toBe(404)
    expect(await videos()).toBe(before)
  })

  it('refuses to remove the last admin of a tenant, in every way', async () => {
    const before = await users()
    for (const [method, path, body] of [
      ['DELETE', '/api/v1/users/demo-ada/role/alpha', undefined],
      ['DELETE', '/api/v1/users/demo-ada/role/alpha/admin', undefined],
      ['PUT', '/api/v1/users/demo-ada/role', '{"tenant":"alpha","role":"admin","new_role":"writer"}'],
    ] as const) {
      const response = await raw(server, method, path, { token: ops, body })
      expect(response).toMatchObject({ status: 409, body: { message: expect.stringContaining('at least one admin') } })
    }
    expect(await users()).toBe(before)
  })

  it('lets the last admin go once another admin exists', async () => {
    await raw(server, 'POST', '/api/v1/users/demo-remy/role', { token: ada, body: '{"tenant":"alpha","role":"admin"}' })
    expect((await raw(server, 'DELETE', '/api/v1/users/demo-remy/role/alpha/admin', { token: ada })).status).toBe(204)
  })

  it('refuses an unknown role and a role grant for all tenants by a tenant admin', async () => {
    expect((await raw(server, 'POST', '/api/v1/users/demo-remy/role', { token: ada, body: '{"tenant":"alpha","role":"owner"}' })).status).toBe(400)
    expect((await raw(server, 'POST', '/api/v1/users/demo-remy/role', { token: ada, body: '{"tenant":"*","role":"reader"}' })).status).toBe(403)
  })

  it('refuses an invalid e-mail for a new user', async () => {
    expect((await raw(server, 'POST', '/api/v1/users', { token: ada, body: '{"name":"x","email":"not-an-email"}' })).status).toBe(400)
  })

  it('answers an unknown route with a JSON 404', async () => {
    expect(await raw(server, 'GET', '/api/v1/nothing', { token: ada })).toMatchObject({ status: 404, body: { code: 'not-found' } })
  })

  it('v2 refuses a record without its required fields and an unknown parent', async () => {
    expect(await raw(server, 'POST', '/api/v2/mission', { token: ops, body: '{"campaign_id":"camp-reef"}' })).toMatchObject({
      status: 400,
      body: { message: 'name is required.' },
    })
    expect(await raw(server, 'POST', '/api/v2/mission', { token: ops, body: '{"name":"m","campaign_id":"nope"}' })).toMatchObject({
      status: 400,
      body: { message: 'campaign_id "nope" does not exist.' },
    })
    expect(
      (await raw(server, 'PUT', '/api/v2/user/organisation/org-honu/demo-remy/role', { token: ops, body: '{"Organisation":["root"]}' })).status,
    ).toBe(400)
  })
})

/** A name or record field carrying one bad character, as raw JSON text (so lone surrogates survive as escapes). */
const nameWith = (json: string) => `{"name": ${json}, "source": "/media/x"}`

describe('every input goes through its schema: one rule per case, a 400 naming the field, nothing changed', () => {
  it.each([
    ['a NUL character', nameWith('"Bow\\u0000camera"'), 'body.name must not contain a NUL character'],
    ['a lone surrogate (v1 used to store it as U+FFFD)', nameWith('"Bow \\ud800"'), 'body.name must be valid Unicode (it contains a lone surrogate)'],
    ['a lone low surrogate', nameWith('"\\udfffBow"'), 'body.name must be valid Unicode'],
    ['a whitespace-only name', nameWith('"  \\t "'), 'body.name must not be blank'],
    ['a right-to-left override', nameWith('"Bow \\u202earemac"'), 'body.name must not contain bidirectional control or zero-width characters'],
    ['a left-to-right isolate', nameWith('"Bow \\u2066x\\u2069"'), 'body.name must not contain bidirectional control or zero-width characters'],
    ['a zero-width space', nameWith('"Bow\\u200bcamera"'), 'body.name must not contain bidirectional control or zero-width characters'],
    ['a zero-width joiner', nameWith('"Bow\\u200dcamera"'), 'body.name must not contain bidirectional control or zero-width characters'],
    ['a line break in a name', nameWith('"Bow\\ncamera"'), 'body.name must be one line without control characters'],
    ['a name that is too long', nameWith(JSON.stringify('x'.repeat(201))), 'body.name must NOT have more than 200 characters'],
    ['a blank source', '{"name": "Bow", "source": "   "}', 'body.source must not be blank'],
    ['a NUL in the proxy', '{"name": "Bow", "source": "/m", "proxy": "\\u0000"}', 'body.proxy must not contain a NUL character'],
    ['a stream id failing its pattern', '{"name": "Bow", "source": "/m", "video_id": "../etc/passwd"}', 'body.video_id must match pattern'],
    ['a __proto__ field', '{"name": "Bow", "source": "/m", "__proto__": {"admin": true}}', 'body.__proto__ is not allowed'],
    [
      'a number beyond the safe integers',
      '{"name": "Bow", "source": "/m", "n": 9007199254740993}',
      'body.n must be between -9007199254740991 and 9007199254740991',
    ],
    ['a number that overflows to Infinity', '{"name": "Bow", "source": "/m", "n": -1e400}', 'body.n must be a finite number'],
    ['a NUL in a field name', '{"name": "Bow", "source": "/m", "a\\u0000": 1}', 'a field name in body must not contain a NUL character'],
    ['a body 5,000 levels deep', `{"name": ${'['.repeat(5000)}${']'.repeat(5000)}}`, 'must not nest deeper than 32 levels'],
  ])('v1 refuses %s', async (_label, body, message) => {
    const before = await everything()
    const response = await raw(server, 'POST', '/api/v1/videos?tenant_id=alpha', { token: ada, body })
    expect(response).toMatchObject({ status: 400, body: { code: 'invalid-request', message: expect.stringContaining(message) } })
    expect(await everything()).toBe(before)
  })

  it('v1 refuses a NUL or a lone surrogate in a query or path parameter, and a query not validly encoded', async () => {
    const before = await everything()
    for (const [method, path, message] of [
      ['GET', '/api/v1/videos?tenant_id=alpha%00', 'Invalid request: querystring.tenant_id must not contain a NUL character.'],
      ['GET', '/api/v1/videos?tenant_id=alpha&%00=1', 'Invalid request: a field name in querystring must not contain a NUL character.'],
      ['GET', '/api/v1/videos?tenant_id=%ED%A0%80', 'Invalid request: querystring must be percent-encoded UTF-8.'],
      ['GET', '/api/v1/videos?tenant_id=%FF', 'Invalid request: querystring must be percent-encoded UTF-8.'],
      ['DELETE', '/api/v1/videos/alpha-bow%00?tenant_id=alpha', 'Invalid request: params.video_id must not contain a NUL character.'],
      ['GET', '/api/v1/users/demo-remy%00', 'Invalid request: params.uid must not contain a NUL character.'],
      ['GET', '/api/v2/campaign/camp-reef%00', 'Invalid request: params.id must not contain a NUL character.'],
      ['GET', '/api/v2/campaign?name=%00', 'Invalid request: querystring.name must not contain a NUL character.'],
      ['GET', '/api/v1/videos?tenant_id=al%20pha', 'Invalid request: querystring.tenant_id must match pattern'],
    ] as const) {
      const response = await raw(server, method, path, { token: ops })
      expect({ path, ...response }).toMatchObject({ path, status: 400, body: { message: expect.stringContaining(message) } })
    }
    expect(await everything()).toBe(before)
  })

  it('refuses a body that is not valid UTF-8 rather than storing U+FFFD', async () => {
    const before = await everything()
    for (const bytes of [[0xed, 0xa0, 0x80], [0xff], [0xc0, 0x80]]) {
      const body = Buffer.concat([Buffer.from('{"name": "Bow'), Buffer.from(bytes), Buffer.from('", "source": "/m"}')])
      const response = await fetch(`${server.url}/api/v1/videos?tenant_id=alpha`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ada}` },
        body,
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ code: 'invalid-request', message: 'The request body is not valid UTF-8.' })
    }
    expect(await everything()).toBe(before)
  })

  it('stores names trimmed, in v1 and v2 alike', async () => {
    const created = await raw(server, 'POST', '/api/v1/videos?tenant_id=alpha', {
      token: ada,
      body: '{"name": "  Trim test  ", "source": " /media/x\\t"}',
    })
    expect(created).toMatchObject({ status: 201, body: { name: 'Trim test', source: '/media/x' } })
    expect(await raw(server, 'PUT', '/api/v1/tenants/alpha', { token: ada, body: '{"name": " Alpha Harbour "}' })).toMatchObject({
      status: 200,
      body: { name: 'Alpha Harbour' },
    })
    const [tenant] = await server.db.query<{ name: string }>("select name from tenants where tenant_id = 'alpha'")
    expect(tenant?.name).toBe('Alpha Harbour')
    const campaign = await raw(server, 'POST', '/api/v2/campaign', {
      token: ops,
      body: '{"organisation_id": "org-honu", "name": "\\u00a0Trimmed campaign "}',
    })
    expect(campaign).toMatchObject({ status: 201, body: { data: { name: 'Trimmed campaign' } } })
  })

  it.each([
    ['an id failing its pattern (no longer replaced by a random one)', '{"id": "bad id!", "name": "c"}', 'body.id must match pattern'],
    ['an empty id', '{"id": "", "name": "c"}', 'body.id must match pattern'],
    ['a whitespace-only name', '{"name": " \\u3000 "}', 'body.name must not be blank'],
    ['a right-to-left override in a name', '{"name": "\\u202ec"}', 'body.name must not contain bidirectional control or zero-width characters'],
    ['a NUL in any field', '{"name": "c", "notes": {"text": "a\\u0000"}}', 'body.notes.text must not contain a NUL character'],
    ['a lone surrogate in any field', '{"name": "c", "tags": ["ok", "\\ud83d"]}', 'body.tags.1 must be valid Unicode'],
    ['a lone surrogate in a field name', '{"name": "c", "\\udc00": 1}', 'a field name in body must be valid Unicode'],
    ['a control character in free text', '{"name": "c", "notes": "a\\u0007"}', 'body.notes must not contain control characters'],
    ['a record nested deeper than 8 levels', `{"name": "c", "a": ${'{"b": '.repeat(8)}1${'}'.repeat(8)}}`, 'must not nest deeper than 8 levels'],
    ['a body 5,000 levels deep', `{"name": "c", "a": ${'['.repeat(5000)}${']'.repeat(5000)}}`, 'body.a.0.0.0'],
    ['a string longer than 4096 characters', `{"name": "c", "notes": "${'x'.repeat(4097)}"}`, 'body.notes must NOT have more than 4096 characters'],
    ['an array of more than 256 items', `{"name": "c", "a": [${Array(257).fill(1).join(',')}]}`, 'body.a must NOT have more than 256 items'],
    ['a field name that is not a name', '{"name": "c", "a b": 1}', 'body has a field name that is not allowed'],
    ['a constructor field', '{"name": "c", "x": {"constructor": {"prototype": 1}}}', 'body.x.constructor is not allowed'],
    ['an integer that lost precision', '{"name": "c", "n": 12345678901234567890}', 'body.n must be between'],
    ['a number that overflows', '{"name": "c", "n": 1e400}', 'body.n must be a finite number'],
    ['a parent id failing its pattern', '{"name": "m", "campaign_id": "camp-reef\\n"}', 'body.campaign_id must match pattern'],
  ])('v2 refuses %s', async (_label, body, message) => {
    const before = await everything()
    const response = await raw(server, 'POST', '/api/v2/campaign', { token: ops, body: body.replace('{', '{"organisation_id": "org-honu", ') })
    expect(response).toMatchObject({ status: 400, body: { code: 'invalid-request', message: expect.stringContaining(message) } })
    expect(await everything()).toBe(before)
  })

  it('v2 keeps numbers that are safe, and an id that fits its pattern', async () => {
    const body =
      '{"organisation_id": "org-honu", "id": "camp-numbers", "name": "n", "depth": -4096.5, "count": 9007199254740991, "nested": {"a": [1, {"b": null}]}}'
    expect(await raw(server, 'POST', '/api/v2/campaign', { token: ops, body })).toMatchObject({
      status: 201,
      body: { data: { id: 'camp-numbers', depth: -4096.5, count: 9007199254740991, nested: { a: [1, { b: null }] } } },
    })
  })

  it('v2 refuses bad role maps and bad user fields', async () => {
    const before = await everything()
    for (const [path, body, message] of [
      ['/api/v2/user/organisation/org-honu/demo-remy/role', '{"__proto__": ["read"]}', 'body.__proto__ is not allowed'],
      [
        '/api/v2/user/organisation/org-honu/demo-remy/role',
        '{"Organisation\\u0000": ["read"]}',
        'a field name in body must not contain a NUL character',
      ],
      [
        '/api/v2/user/organisation/org-honu/demo-remy/role',
        '{"Orga nisation": ["read"]}',
        'Invalid request: body.Orga nisation is not an allowed field name.',
      ],
    ] as const) {
      const response = await raw(server, 'PUT', path, { token: ops, body })
      expect({ path, ...response }).toMatchObject({ path, status: 400, body: { message: expect.stringContaining(message) } })
    }
    const invite = await raw(server, 'POST', '/api/v2/user/organisation/org-honu', {
      token: ops,
      body: '{"name": "\\u200b", "email": "zw@honu.test"}',
    })
    expect(invite).toMatchObject({
      status: 400,
      body: { message: 'Invalid request: body.name must not contain bidirectional control or zero-width characters.' },
    })
    expect(await everything()).toBe(before)
  })
})
