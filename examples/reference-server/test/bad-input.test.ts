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
    expect((await raw(server, 'PUT', '/api/v2/user/organisation/org-honu/demo-remy/role', { token: ops, body: '{"Organisation":["root"]}' })).status).toBe(400)
  })
})
