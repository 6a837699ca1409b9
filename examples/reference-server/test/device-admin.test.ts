import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { DEMO_PASSWORD } from '../src/seed'
import { signIn } from './auth-emulator'
import { raw, startTestServer } from './test-server'

// Devices managed by a tenant's admins (issue 24), against a real server and emulator tokens.
let server: RunningServer
let ada: string // admin of Alpha, reader in Bravo
let bea: string // admin of Bravo
let wes: string // writer in Alpha

beforeAll(async () => {
  server = await startTestServer()
  ada = await signIn('ada@honu.test', DEMO_PASSWORD)
  bea = await signIn('bea@honu.test', DEMO_PASSWORD)
  wes = await signIn('wes@honu.test', DEMO_PASSWORD)
})
afterAll(async () => server?.close())

const body = (value: unknown) => JSON.stringify(value)

describe('devices, managed by admins', () => {
  it('registers a remote-access device with a desktop; its password is never answered, nor written to the audit trail', async () => {
    const created = await raw(server, 'POST', '/api/v1/devices?tenant_id=alpha', {
      token: ada,
      body: body({
        name: 'Pier kiosk',
        kind: 'remote_access',
        address: '10.10.3.9',
        desktop: { host: '127.0.0.1', port: 5999, password: 's3cret!' },
      }),
    })
    expect(created.status).toBe(201)
    const device = created.body as unknown as { device_id: string; desktop: unknown }
    expect(device).toMatchObject({ tenant_id: 'alpha', name: 'Pier kiosk', kind: 'remote_access', address: '10.10.3.9' })
    expect(device.desktop).toEqual({ host: '127.0.0.1', port: 5999, has_password: true })
    expect(JSON.stringify(created.body)).not.toContain('s3cret')
    const read = await raw(server, 'GET', `/api/v1/devices/${device.device_id}?tenant_id=alpha`, { token: ada })
    expect(JSON.stringify(read.body)).not.toContain('s3cret')
    // Members see it in the list, without any desktop detail.
    const list = await raw(server, 'GET', '/api/v1/devices?tenant_id=alpha', { token: wes })
    expect(JSON.stringify(list.body)).toContain('Pier kiosk')
    expect(JSON.stringify(list.body)).not.toMatch(/5999|s3cret|vnc/)

    // A new host keeps the stored password; null clears the desktop.
    const moved = await raw(server, 'PATCH', `/api/v1/devices/${device.device_id}?tenant_id=alpha`, {
      token: ada,
      body: body({ desktop: { host: 'localhost', port: 5998 } }),
    })
    expect(moved.body).toMatchObject({ desktop: { host: 'localhost', port: 5998, has_password: true } })
    const cleared = await raw(server, 'PATCH', `/api/v1/devices/${device.device_id}?tenant_id=alpha`, { token: ada, body: body({ desktop: null }) })
    expect(cleared.body).toMatchObject({ desktop: null })
    const audit = await server.db.query<{ action: string; before: unknown; after: unknown }>(
      'select action, before, after from audit_entries where resource_id = $1 order by id',
      [device.device_id],
    )
    expect(audit.map((a) => a.action)).toEqual(['device.create', 'device.update', 'device.update'])
    expect(JSON.stringify(audit)).not.toContain('s3cret')
  })

  it('refuses a desktop outside HONU_VNC_ALLOWED_HOSTS, a desktop on another kind, and a bad address, saying why', async () => {
    const outside = await raw(server, 'POST', '/api/v1/devices?tenant_id=alpha', {
      token: ada,
      body: body({ name: 'Far', kind: 'remote_access', desktop: { host: '10.0.0.5', port: 5900 } }),
    })
    expect(outside).toEqual({
      status: 400,
      body: {
        code: 'invalid-request',
        message: 'Invalid request: The desktop host 10.0.0.5 is outside the hosts this server may reach (HONU_VNC_ALLOWED_HOSTS).',
      },
    })
    const camera = await raw(server, 'POST', '/api/v1/devices?tenant_id=alpha', {
      token: ada,
      body: body({ name: 'Cam', kind: 'camera', desktop: { host: '127.0.0.1', port: 5900 } }),
    })
    expect(camera.body.message).toBe('Invalid request: body.desktop is for remote-access devices only.')
    const address = await raw(server, 'POST', '/api/v1/devices?tenant_id=alpha', {
      token: ada,
      body: body({ name: 'X', kind: 'camera', address: 'pier.example' }),
    })
    expect(address.body.message).toBe('Invalid request: body.address must be an IPv4 or IPv6 address.')
  })

  it('lets only the tenant’s admins manage its devices; another tenant’s device is a device that does not exist', async () => {
    expect((await raw(server, 'GET', '/api/v1/devices/alpha-ra-1?tenant_id=alpha', { token: wes })).status).toBe(403)
    // Bea administers Bravo: Alpha's device under Bravo's id answers as a missing one would.
    const foreign = await raw(server, 'PATCH', '/api/v1/devices/alpha-ra-1?tenant_id=bravo', { token: bea, body: body({ name: 'Mine now' }) })
    const missing = await raw(server, 'PATCH', '/api/v1/devices/no-such-device?tenant_id=bravo', { token: bea, body: body({ name: 'Mine now' }) })
    expect(foreign.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(foreign.body.code).toBe(missing.body.code)
    expect((await raw(server, 'DELETE', '/api/v1/devices/alpha-ra-1?tenant_id=bravo', { token: bea })).status).toBe(404)
    const [row] = await server.db.query<{ name: string }>("select name from devices where device_id = 'alpha-ra-1'")
    expect(row!.name).toBe('Bridge console')
  })

  it('lists every device as its admins see it in one answer (view=admin), to the tenant’s admins only', async () => {
    const managed = await raw(server, 'GET', '/api/v1/devices?tenant_id=bravo&view=admin', { token: bea })
    expect(managed.status).toBe(200)
    const { data, total_count } = managed.body as unknown as { data: { device_id: string; tenant_id: string }[]; total_count: number }
    const [counted] = await server.db.query<{ count: number }>("select count(*)::int as count from devices where tenant_id = 'bravo'")
    expect(total_count).toBe(counted!.count)
    expect(data.map((d) => d.device_id).sort()).toEqual(
      (await server.db.query<{ device_id: string }>("select device_id from devices where tenant_id = 'bravo'")).map((d) => d.device_id).sort(),
    )
    expect(new Set(data.map((d) => d.tenant_id))).toEqual(new Set(['bravo']))
    // Each entry is the admin view the device's own route answers, secrets only as set or not.
    const one = await raw(server, 'GET', `/api/v1/devices/${data[0]!.device_id}?tenant_id=bravo`, { token: bea })
    expect(data[0]).toEqual(one.body)
    expect(JSON.stringify(managed.body)).not.toMatch(/vnc_password|mavlink_signing_key"|honu-vnc/)
    // A reader of Bravo, and an admin of another tenant, get what they get for any admin route.
    expect((await raw(server, 'GET', '/api/v1/devices?tenant_id=bravo&view=admin', { token: ada })).status).toBe(403)
    const foreign = await raw(server, 'GET', '/api/v1/devices?tenant_id=alpha&view=admin', { token: bea })
    const missing = await raw(server, 'GET', '/api/v1/devices?tenant_id=zulu&view=admin', { token: bea })
    expect(foreign.status).toBe(404)
    // The same answer but for the id asked about.
    expect(JSON.stringify(foreign.body).replaceAll('alpha', 'zulu')).toBe(JSON.stringify(missing.body))
    expect((await raw(server, 'GET', '/api/v1/devices?tenant_id=bravo&view=all', { token: bea })).status).toBe(400)
  })

  it('says a MAVLink system id is taken without saying by whom', async () => {
    const taken = await raw(server, 'POST', '/api/v1/devices?tenant_id=alpha', {
      token: ada,
      body: body({ name: 'Copy', kind: 'vehicle', mavlink_system_id: 11 }),
    })
    expect(taken).toEqual({ status: 409, body: { code: 'conflict', message: 'That MAVLink system id is taken on this server: pick another.' } })
  })

  it('issues an ingest token once; a rotated one stops the old token at once', async () => {
    const heartbeat = (token: string) => raw(server, 'POST', '/api/v1/telemetry/heartbeat', { token })
    const first = await raw(server, 'POST', '/api/v1/devices/alpha-ra-2/ingest-token?tenant_id=alpha', { token: ada })
    expect(first.status).toBe(201)
    const oldToken = (first.body as unknown as { token: string }).token
    expect(oldToken).toMatch(/^honu_dev_/)
    expect((await heartbeat(oldToken)).status).toBe(202)
    const second = await raw(server, 'POST', '/api/v1/devices/alpha-ra-2/ingest-token?tenant_id=alpha', { token: ada })
    const newToken = (second.body as unknown as { token: string }).token
    expect((await heartbeat(oldToken)).status).toBe(401)
    expect((await heartbeat(newToken)).status).toBe(202)
    const audit = await server.db.query<{ action: string }>(
      "select action from audit_entries where resource_id = 'alpha-ra-2' and action like 'device.token%' order by id",
    )
    expect(audit.map((a) => a.action)).toEqual(['device.token-rotate', 'device.token-rotate'])
    expect(JSON.stringify(await server.db.query('select * from audit_entries where resource_id = $1', ['alpha-ra-2']))).not.toContain(newToken)
  })

  it('names the device’s ingest token as the telemetry routes’ credential in the OpenAPI document', async () => {
    const document = (await raw(server, 'GET', '/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, { security?: unknown }>>
      components: { securitySchemes: Record<string, { scheme?: string }> }
    }
    expect(document.components.securitySchemes.deviceToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(document.paths['/api/v1/telemetry']!.post!.security).toEqual([{ deviceToken: [] }])
    expect(document.paths['/api/v1/telemetry/heartbeat']!.post!.security).toEqual([{ deviceToken: [] }])
    expect(document.paths['/health']!.get!.security).toEqual([])
  })
})
