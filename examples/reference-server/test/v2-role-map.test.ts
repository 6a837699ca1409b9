import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { clientsAs, raw, startTestServer } from './test-server'

// Issue 22, point 3: a v2 role map names known permissions only. `{"roles":["read"]}` once answered 200 and
// replaced Remy's Organisation roles with a permission nothing reads.
let server: RunningServer
let ops: string
beforeAll(async () => {
  server = await startTestServer()
  ops = (await clientsAs(server, 'ops@honu.test')).token
})
afterAll(() => server.close())

const rolesOfRemy = async () =>
  (await server.db.query<{ roles: unknown }>(`select roles from mp_users where organisation_id = 'org-honu' and uid = 'demo-remy'`))[0]?.roles

describe('v2 role maps', () => {
  it.each([
    ['{"roles":["read"]}', 'roles'],
    ['{"Organisation":["read"],"Campaign":["write"]}', 'Campaign'],
    ['{"organisation":["read"]}', 'organisation'],
  ])('refuses %s with a 400 naming the field and the unknown permission, and changes nothing', async (body, unknown) => {
    const before = await rolesOfRemy()
    const response = await raw(server, 'PUT', '/api/v2/user/organisation/org-honu/demo-remy/role', { token: ops, body })
    expect(response).toMatchObject({
      status: 400,
      body: { code: 'invalid-request', message: `Invalid request: body names an unknown permission "${unknown}" (known: Organisation).` },
    })
    expect(await rolesOfRemy()).toEqual(before)
  })

  it('still takes a map of the known permission, and an empty one', async () => {
    const put = (body: string) => raw(server, 'PUT', '/api/v2/user/organisation/org-honu/demo-remy/role', { token: ops, body })
    expect((await put('{"Organisation":["read","write"]}')).status).toBe(200)
    expect(await rolesOfRemy()).toEqual({ Organisation: ['read', 'write'] })
    expect((await put('{}')).status).toBe(200)
    expect((await put('{"Organisation":["root"]}')).status).toBe(400)
  })
})
