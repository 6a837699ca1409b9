import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { clientsAs, raw, startTestServer } from './test-server'

// Spec §7, network product table, driven through @honu/core's v1 client over real HTTP.
let server: RunningServer
let admin: Awaited<ReturnType<typeof clientsAs>>
let writer: Awaited<ReturnType<typeof clientsAs>>
beforeAll(async () => {
  server = await startTestServer()
  admin = await clientsAs(server, 'ada@honu.test')
  writer = await clientsAs(server, 'wes@honu.test')
})
afterAll(() => server.close())

describe('videos', () => {
  it('GET /api/v1/videos?tenant_id answers data and total_count', async () => {
    const { items, totalCount } = await writer.v1.listVideos('alpha')
    expect(totalCount).toBe(4)
    expect(items.map((v) => v.video_id).sort()).toEqual(['alpha-bow', 'alpha-dock', 'alpha-mast', 'alpha-stern'])
    expect(items[0]).toMatchObject({ name: expect.any(String), source: expect.any(String), update_time: expect.any(String) })
    // Each stream names the vehicle its camera rides on (the vehicle page lists them), or null on a fixed mount.
    const vehicleOf = Object.fromEntries(items.map((v) => [v.video_id, v.device_id]))
    expect(vehicleOf).toEqual({ 'alpha-bow': 'alpha-usv-1', 'alpha-stern': 'alpha-usv-1', 'alpha-mast': 'alpha-usv-1', 'alpha-dock': null })
  })

  it('POST creates a stream, PUT answers update_time, DELETE removes it', async () => {
    const created = (await writer.v1.createVideo('alpha', {
      name: 'Hull camera',
      source: 'rtsp://10.10.1.20/hull',
      proxy: 'https://proxy.honu.test/hls/',
    })) as {
      video_id: string
    }
    expect(created.video_id).toBeTruthy()
    let list = await writer.v1.listVideos('alpha')
    const stored = list.items.find((v) => v.video_id === created.video_id)!
    expect(stored.proxy_address).toBe(`https://proxy.honu.test/hls/${created.video_id}`)

    const before = stored.update_time!
    const { update_time } = await writer.v1.updateVideo('alpha', created.video_id, {
      name: 'Hull cam',
      source: 'rtsp://10.10.1.21/hull',
      proxy: null,
    })
    expect(Date.parse(update_time)).toBeGreaterThanOrEqual(Date.parse(before))
    list = await writer.v1.listVideos('alpha')
    expect(list.items.find((v) => v.video_id === created.video_id)).toMatchObject({ name: 'Hull cam', proxy_address: '' })

    await writer.v1.deleteVideo('alpha', created.video_id)
    list = await writer.v1.listVideos('alpha')
    expect(list.items.some((v) => v.video_id === created.video_id)).toBe(false)
    expect(list.totalCount).toBe(4)
  })

  it('stores names verbatim, HTML included', async () => {
    const name = '<img src=x onerror="alert(1)"> & Co'
    const created = (await writer.v1.createVideo('alpha', { name, source: 'x' })) as { video_id: string }
    const list = await writer.v1.listVideos('alpha')
    expect(list.items.find((v) => v.video_id === created.video_id)!.name).toBe(name)
    await writer.v1.deleteVideo('alpha', created.video_id)
  })
})

describe('tenants', () => {
  it('GET /api/v1/tenants answers the caller’s tenants, sorted by name, with derived ranges', async () => {
    const tenants = await admin.v1.listTenants()
    expect(tenants.map((t) => t.tenant_id)).toEqual(['alpha', 'bravo'])
    expect(tenants[0]).toMatchObject({ name: 'Alpha Harbour', remote_cidr_range: { start: '10.10.0.0', end: '10.10.255.255' } })
  })

  it('a super admin sees every tenant', async () => {
    const ops = await clientsAs(server, 'ops@honu.test')
    expect((await ops.v1.listTenants()).map((t) => t.tenant_id)).toEqual(['alpha', 'bravo', 'charlie'])
  })

  it('PUT /api/v1/tenants/{id} answers the name', async () => {
    await expect(admin.v1.updateTenant('alpha', { name: 'Alpha Harbour Ops' })).resolves.toEqual({ name: 'Alpha Harbour Ops' })
    expect((await admin.v1.listTenants())[0]!.name).toBe('Alpha Harbour Ops')
    await admin.v1.updateTenant('alpha', { name: 'Alpha Harbour' })
  })
})

describe('users and roles', () => {
  it('GET /api/v1/users/?tenant_id lists the tenant’s users with their role in it', async () => {
    const users = await admin.v1.listUsers('alpha')
    const byEmail = Object.fromEntries(users.map((u) => [u.email, u]))
    expect(Object.keys(byEmail).sort()).toEqual(['ada@honu.test', 'mia@honu.test', 'remy@honu.test', 'wes@honu.test'])
    expect(byEmail['wes@honu.test']).toMatchObject({ role: 'writer', permissions: { alpha: ['writer'] } })
    // Roles elsewhere (Wes is also a writer in Charlie) are not shown to Alpha's admin.
    expect(byEmail['wes@honu.test']!.permissions).not.toHaveProperty('charlie')
  })

  it('POST /users answers uid; role calls grant, change and remove roles', async () => {
    const email = `new-${Date.now()}@honu.test`
    const { uid } = await admin.v1.createUser({ name: 'New Person', email })
    expect(uid).toMatch(/\S+/)
    await admin.v1.addUserRole(uid, { tenant: 'alpha', role: 'reader' })
    expect(await admin.v1.getUser(uid)).toMatchObject({ email, permissions: { alpha: ['reader'] } })
    await admin.v1.updateUserRole(uid, { tenant: 'alpha', role: 'reader', new_role: 'writer' })
    expect((await admin.v1.getUser(uid)).permissions).toEqual({ alpha: ['writer'] })
    await admin.v1.addUserRole(uid, { tenant: 'alpha', role: 'controller' })
    await admin.v1.removeUserRole(uid, 'alpha', 'writer')
    expect((await admin.v1.getUser(uid)).permissions).toEqual({ alpha: ['controller'] })
    await admin.v1.removeUserFromTenant(uid, 'alpha')
    // No longer in any of Ada's tenants: as far as she can tell, the user does not exist.
    await expect(admin.v1.getUser(uid)).rejects.toMatchObject({ code: 'user/fetch-failed', message: expect.stringContaining('not found') })
  })

  it('GET /api/v1/users/{uid} answers email and permissions for oneself', async () => {
    const me = await writer.v1.getUser('demo-wes')
    expect(me).toMatchObject({ email: 'wes@honu.test', permissions: { alpha: ['writer'], charlie: ['writer'] } })
    expect(me.avatar).toMatch(/gravatar/)
  })
})

describe('what the console needs beyond §7', () => {
  it('lists devices per tenant with their kinds, unknown kinds as unknown', async () => {
    const { status, body } = await raw(server, 'GET', '/api/v1/devices?tenant_id=alpha', { token: writer.token })
    expect(status).toBe(200)
    const kinds = (body.data as { kind: string }[]).map((d) => d.kind).sort()
    // Alpha's four seeded vehicles (one on a route, one losing its link, one with a low battery, one parked), five
    // cameras, four remote access devices and six of other kinds (sonar, sensors, AIS, UPS, storage: unknown).
    const count = (kind: string) => kinds.filter((k) => k === kind).length
    expect([count('vehicle'), count('camera'), count('remote_access'), count('unknown')]).toEqual([4, 5, 4, 6])
    expect(kinds).toHaveLength(19)
  })

  it('answers /health and the local flag map without a token', async () => {
    expect(await raw(server, 'GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } })
    expect(await raw(server, 'GET', '/api/v1/features')).toMatchObject({ status: 200, body: { features: { mission_planning: true } } })
  })

  it('describes every route in /openapi.json', async () => {
    const { status, body } = await raw(server, 'GET', '/openapi.json')
    expect(status).toBe(200)
    const paths = Object.keys((body as unknown as { paths: Record<string, unknown> }).paths)
    for (const path of [
      '/api/v1/videos',
      '/api/v1/videos/{video_id}',
      '/api/v1/tenants',
      '/api/v1/users/',
      '/api/v1/users/{uid}/role',
      '/api/v1/devices',
      '/api/v2/mission',
      '/api/v2/user/{uid}',
    ]) {
      expect(paths).toContain(path)
    }
  })
})
