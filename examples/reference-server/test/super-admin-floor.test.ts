import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { clientsAs, raw, startTestServer } from './test-server'

// Issue 22, point 1: a role in one tenant never lowers what the all-tenants key grants. Ops (org-admin under `*`)
// who also holds `reader` in Alpha is still org-admin there: he writes Alpha's streams and removes that role.
let server: RunningServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const who of ['ada', 'ops']) tokens[who] = (await clientsAs(server, `${who}@honu.test`)).token
})
afterAll(() => server.close())

const call = (who: string, method: string, path: string, body?: unknown) =>
  raw(server, method, path, { token: tokens[who], body: body === undefined ? undefined : JSON.stringify(body) })

describe('a per-tenant role never lowers what * grants', () => {
  it('a super admin with reader in Alpha still writes Alpha streams and removes that role', async () => {
    // The record the issue measured, as the invite flow left it.
    await server.db.query(`update users set permissions = '{"*":["org-admin"],"alpha":["reader"]}'::jsonb where uid = 'demo-ops'`)
    const created = await call('ops', 'POST', '/api/v1/videos?tenant_id=alpha', {
      video_id: 'floor-cam',
      name: 'Floor',
      source: 'rtsp://10.10.1.40/x',
    })
    expect(created.status).toBe(201)
    expect((await call('ops', 'PUT', '/api/v1/videos/floor-cam?tenant_id=alpha', { name: 'Floor 2', source: 'rtsp://10.10.1.40/y' })).status).toBe(
      200,
    )
    expect((await call('ops', 'GET', '/api/v1/users/?tenant_id=alpha')).status).toBe(200)
    expect((await call('ops', 'DELETE', '/api/v1/users/demo-ops/role/alpha/reader')).status).toBe(204)
    const [ops] = await server.db.query<{ permissions: unknown }>(`select permissions from users where uid = 'demo-ops'`)
    expect(ops?.permissions).toEqual({ '*': ['org-admin'] })
    expect((await call('ops', 'DELETE', '/api/v1/videos/floor-cam?tenant_id=alpha')).status).toBe(204)
  })

  it('a tenant admin cannot give a super admin a role in one tenant: 409 with a message', async () => {
    // Ada can see Ops once he has a role in Alpha; a grant or change for him there is refused, not stored.
    await server.db.query(`update users set permissions = '{"*":["org-admin"],"alpha":["writer"]}'::jsonb where uid = 'demo-ops'`)
    const granted = await call('ada', 'POST', '/api/v1/users/demo-ops/role', { tenant: 'alpha', role: 'reader' })
    expect(granted).toMatchObject({ status: 409, body: { code: 'super-admin', message: expect.stringContaining('super admin') } })
    const changed = await call('ada', 'PUT', '/api/v1/users/demo-ops/role', { tenant: 'alpha', role: 'writer', new_role: 'reader' })
    expect(changed).toMatchObject({ status: 409, body: { code: 'super-admin' } })
    const [ops] = await server.db.query<{ permissions: unknown }>(`select permissions from users where uid = 'demo-ops'`)
    expect(ops?.permissions).toEqual({ '*': ['org-admin'], alpha: ['writer'] })
    // Removing such a role is allowed (it only tidies the record) and changes nothing Ops may do.
    expect((await call('ada', 'DELETE', '/api/v1/users/demo-ops/role/alpha')).status).toBe(204)
  })
})
