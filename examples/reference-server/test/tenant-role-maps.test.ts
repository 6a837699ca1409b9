import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { clientsAs, raw, startTestServer } from './test-server'

// Issue 29: the v1 routes that read a permissions map, for maps no demo user has. Spec §6: a user's roles in a
// tenant are the tenant's own, falling back to the all-tenants key `*`; a super admin's `*` starts with org-admin.
// So `{"*": []}` grants nothing anywhere (no tenant, no super admin), `{"*": ["admin"]}` is admin of every tenant
// (and still no super admin), and a member of two tenants has each tenant's own role there and nothing in the third.

type Who = 'emptyStar' | 'starAdmin' | 'twoTenants'
const PERMISSIONS: Record<Who, Record<string, string[]>> = {
  emptyStar: { '*': [] },
  starAdmin: { '*': ['admin'] },
  twoTenants: { alpha: ['reader'], charlie: ['admin'] },
}
const TENANTS = ['alpha', 'bravo', 'charlie']

/** Each one's answers in each tenant: reading its devices, renaming it, adding a stream. */
const EXPECTED: Record<Who, Record<string, { devices: number; rename: number; stream: number }>> = {
  emptyStar: {
    alpha: { devices: 404, rename: 404, stream: 404 },
    bravo: { devices: 404, rename: 404, stream: 404 },
    charlie: { devices: 404, rename: 404, stream: 404 },
  },
  starAdmin: {
    alpha: { devices: 200, rename: 200, stream: 201 },
    bravo: { devices: 200, rename: 200, stream: 201 },
    charlie: { devices: 200, rename: 200, stream: 201 },
  },
  twoTenants: {
    alpha: { devices: 200, rename: 403, stream: 403 },
    bravo: { devices: 404, rename: 404, stream: 404 },
    charlie: { devices: 200, rename: 200, stream: 201 },
  },
}

let server: RunningServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const [who, permissions] of Object.entries(PERMISSIONS)) {
    const email = `role-map-${who.toLowerCase()}@honu.test`
    const uid = await server.identity.ensureUser({ email, password: 'role-map-pass-1' })
    await server.db.query('insert into users (uid, name, email, permissions) values ($1, $2, $3, $4)', [uid, who, email, permissions])
    tokens[who] = (await clientsAs(server, email, 'role-map-pass-1')).token
  }
})
afterAll(() => server.close())

const call = (who: Who, method: string, path: string, body?: unknown) =>
  raw(server, method, path, { token: tokens[who], body: body === undefined ? undefined : JSON.stringify(body) })

const nameOf = async (tenant: string) => (await server.db.query<{ name: string }>('select name from tenants where tenant_id = $1', [tenant]))[0]?.name

describe('permission maps no demo user has, on the v1 tenant routes', () => {
  it.each([
    ['{"*": []} sees no tenant and may do nothing in any', 'emptyStar', []],
    ['{"*": ["admin"]} sees every tenant and is admin in each', 'starAdmin', ['alpha', 'bravo', 'charlie']],
    ['{"alpha": ["reader"], "charlie": ["admin"]} sees those two, with each one’s role', 'twoTenants', ['alpha', 'charlie']],
  ] as const)('%s', async (_, who, visible) => {
    const list = await call(who, 'GET', '/api/v1/tenants')
    expect(list.status).toBe(200)
    expect((list.body.data as { tenant_id: string }[]).map((t) => t.tenant_id)).toEqual(visible)

    for (const tenant of TENANTS) {
      const before = await nameOf(tenant)
      const devices = await call(who, 'GET', `/api/v1/devices?tenant_id=${tenant}`)
      const rename = await call(who, 'PUT', `/api/v1/tenants/${tenant}`, { name: `${before} (${who})` })
      const stream = await call(who, 'POST', `/api/v1/videos?tenant_id=${tenant}`, { video_id: `role-map-${who}`, name: 'Role map', source: 'x' })
      expect({ tenant, devices: devices.status, rename: rename.status, stream: stream.status }).toEqual({ tenant, ...EXPECTED[who][tenant] })

      // What was allowed happened; what was refused changed nothing.
      expect(await nameOf(tenant)).toBe(rename.status === 200 ? `${before} (${who})` : before)
      const streams = await server.db.query('select 1 from videos where tenant_id = $1 and video_id = $2', [tenant, `role-map-${who}`])
      expect(streams).toHaveLength(stream.status === 201 ? 1 : 0)
      if (rename.status === 200) expect((await call(who, 'PUT', `/api/v1/tenants/${tenant}`, { name: before })).status).toBe(200)
      if (stream.status === 201) expect((await call(who, 'DELETE', `/api/v1/videos/role-map-${who}?tenant_id=${tenant}`)).status).toBe(204)
    }

    // None of them is a super admin: the trail of every tenant at once is refused.
    expect((await call(who, 'GET', '/api/v1/audit')).status).toBe(403)
  })
})
