import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, startTestServer } from '../../test/http-test-server'
import { ConsoleError } from '../errors/console-error'
import { createHttpClient } from './http-client'
import { createV1Client, proxyAddress } from './create-v1-client'

let server: Awaited<ReturnType<typeof startTestServer>>
let answer: { status: number; body: unknown }
beforeAll(async () => {
  server = await startTestServer((_req, res) => json(res, answer.status, answer.body))
})
afterAll(() => server.close())
beforeEach(() => {
  answer = { status: 200, body: {} }
})

const client = () => createV1Client({ http: createHttpClient({ getToken: async () => 't' }), baseUrl: `${server.url}/` })
const last = () => server.requests.at(-1)!

// Spec §7, network product table: method, path, payload.
describe('every v1 call of §7', () => {
  it.each([
    ['GET', '/api/v1/videos?tenant_id=t1', undefined, (c: ReturnType<typeof client>) => c.listVideos('t1')],
    [
      'POST',
      '/api/v1/videos?tenant_id=t1',
      { name: 'n', source: 's' },
      (c: ReturnType<typeof client>) => c.createVideo('t1', { name: 'n', source: 's' }),
    ],
    [
      'PUT',
      '/api/v1/videos/v%2F1?tenant_id=t1',
      { name: 'n', source: 's', proxy: 'p' },
      (c: ReturnType<typeof client>) => c.updateVideo('t1', 'v/1', { name: 'n', source: 's', proxy: 'p' }),
    ],
    ['DELETE', '/api/v1/videos/v1?tenant_id=t1', undefined, (c: ReturnType<typeof client>) => c.deleteVideo('t1', 'v1')],
    ['GET', '/api/v1/devices?tenant_id=t1', undefined, (c: ReturnType<typeof client>) => c.listDevices('t1')],
    ['GET', '/api/v1/tenants', undefined, (c: ReturnType<typeof client>) => c.listTenants()],
    ['PUT', '/api/v1/tenants/t1', { name: 'New' }, (c: ReturnType<typeof client>) => c.updateTenant('t1', { name: 'New' })],
    ['GET', '/api/v1/users/?tenant_id=t1', undefined, (c: ReturnType<typeof client>) => c.listUsers('t1')],
    ['POST', '/api/v1/users', { name: 'Ada', email: 'a@x' }, (c: ReturnType<typeof client>) => c.createUser({ name: 'Ada', email: 'a@x' })],
    [
      'POST',
      '/api/v1/users/u1/role',
      { tenant: 't1', role: 'writer' },
      (c: ReturnType<typeof client>) => c.addUserRole('u1', { tenant: 't1', role: 'writer' }),
    ],
    [
      'PUT',
      '/api/v1/users/u1/role',
      { tenant: 't1', role: 'writer', new_role: 'admin' },
      (c: ReturnType<typeof client>) => c.updateUserRole('u1', { tenant: 't1', role: 'writer', new_role: 'admin' }),
    ],
    ['DELETE', '/api/v1/users/u1/role/t1', undefined, (c: ReturnType<typeof client>) => c.removeUserFromTenant('u1', 't1')],
    ['DELETE', '/api/v1/users/u1/role/t1/writer', undefined, (c: ReturnType<typeof client>) => c.removeUserRole('u1', 't1', 'writer')],
    ['GET', '/api/v1/users/u1', undefined, (c: ReturnType<typeof client>) => c.getUser('u1')],
  ] as const)('%s %s', async (method, url, body, run) => {
    answer = { status: 200, body: { data: [], email: 'a@x', permissions: {} } }
    await run(client())
    expect(last()).toMatchObject({ method, url, body })
    expect(last().headers.authorization).toBe('Bearer t')
  })
})

describe('answers', () => {
  it('lists videos with total_count and the stored proxy address', async () => {
    answer = {
      status: 200,
      body: {
        data: [
          { video_id: 'v1', name: 'Front', source: 'rtsp://cam', proxy: 'https://proxy/hls/' },
          { video_id: 'v2', name: 'Rear', source: 'rtsp://cam2', proxy: '' },
          { video_id: 'v3', name: 'Top', source: 'rtsp://cam3' },
        ],
        total_count: 42,
      },
    }
    const { items, totalCount } = await client().listVideos('t1')
    expect(totalCount).toBe(42)
    expect(items.map((v) => v.proxy_address)).toEqual(['https://proxy/hls/v1', '', ''])
  })

  it('lists devices, reporting a kind it does not know as unknown', async () => {
    answer = {
      status: 200,
      body: {
        data: [
          { device_id: 'd1', tenant_id: 't1', name: 'Drone', kind: 'vehicle', system_id: 7 },
          { device_id: 'd2', tenant_id: 't1', name: 'Toaster', kind: 'toaster' },
        ],
        total_count: 2,
      },
    }
    const { items, totalCount } = await client().listDevices('t1')
    expect(totalCount).toBe(2)
    expect(items.map((d) => [d.device_id, d.kind, d.system_id])).toEqual([
      ['d1', 'vehicle', 7],
      ['d2', 'unknown', undefined],
    ])
  })

  it('counts the items when the server sends no total', async () => {
    answer = { status: 200, body: { data: [{ video_id: 'v', name: 'n', source: 's' }] } }
    expect((await client().listVideos('t1')).totalCount).toBe(1)
  })

  it('answers update_time on PUT', async () => {
    answer = { status: 200, body: { update_time: '2026-11-22T10:00:00Z' } }
    await expect(client().updateVideo('t1', 'v1', { name: 'n', source: 's' })).resolves.toEqual({
      update_time: '2026-11-22T10:00:00Z',
    })
  })

  it('sorts tenants by name and derives both CIDR ranges', async () => {
    answer = {
      status: 200,
      body: {
        data: [
          { tenant_id: 't2', id: 't2', name: 'bravo', remote_cidr: '10.2.0.0/16', vpn_cidr: 'bad' },
          { tenant_id: 't1', id: 't1', name: 'Alpha', remote_cidr: '10.1.0.0/16', vpn_cidr: 'fd00::/64' },
          { tenant_id: 't3', id: 't3', name: 'charlie' },
        ],
      },
    }
    const tenants = await client().listTenants()
    expect(tenants.map((t) => t.name)).toEqual(['Alpha', 'bravo', 'charlie'])
    expect(tenants[0]!.remote_cidr_range).toEqual({ start: '10.1.0.0', end: '10.1.255.255' })
    expect(tenants[0]!.vpn_cidr_range).toEqual({ start: 'fd00::', end: 'fd00::ffff:ffff:ffff:ffff' })
    expect(tenants[1]!.vpn_cidr_range).toBeUndefined()
    expect(tenants[2]!.remote_cidr_range).toBeUndefined()
  })

  it('lists a tenant’s users with their derived role and avatar', async () => {
    answer = {
      status: 200,
      body: { data: [{ uid: 'u1', name: 'Ada', email: 'ada@x.io', permissions: { '*': ['reader'], t1: ['writer'] } }] },
    }
    const [user] = await client().listUsers('t1')
    expect(user).toMatchObject({ uid: 'u1', role: 'writer' })
    expect(user!.avatar).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?d=404$/)
  })

  it.each([
    ['no data field', {}],
    ['a data field that is not a list', { data: { uid: 'u1' } }],
    ['an empty answer', null],
  ])('a missing user list for a tenant (%s) only logs a warning and answers none (spec §8)', async (_what, body) => {
    answer = { status: 200, body }
    const logger = { warn: vi.fn(), error: vi.fn() }
    const v1 = createV1Client({ http: createHttpClient({ getToken: async () => 't' }), baseUrl: server.url, logger })
    await expect(v1.listUsers('t1')).resolves.toEqual([])
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(logger.warn.mock.calls[0]![0]).toMatch(/no user list for tenant "t1"/)
    expect(logger.error).not.toHaveBeenCalled()
  })

  it('an empty user list is a list: no warning', async () => {
    answer = { status: 200, body: { data: [] } }
    const logger = { warn: vi.fn(), error: vi.fn() }
    const v1 = createV1Client({ http: createHttpClient({ getToken: async () => 't' }), baseUrl: server.url, logger })
    await expect(v1.listUsers('t1')).resolves.toEqual([])
    expect(logger.warn).not.toHaveBeenCalled()
  })

  it("refuses to list users without a tenant id ('Unable to find Tenant Id')", async () => {
    const before = server.requests.length
    await expect(client().listUsers(undefined)).rejects.toMatchObject({
      code: 'tenant/missing-id',
      message: 'Unable to find Tenant Id',
    })
    expect(server.requests.length).toBe(before)
  })

  it('answers uid on user creation and email and permissions for a user', async () => {
    answer = { status: 201, body: { uid: 'new-uid' } }
    await expect(client().createUser({ name: 'A', email: 'a@x' })).resolves.toEqual({ uid: 'new-uid' })
    answer = { status: 200, body: { email: 'a@x', permissions: { t1: ['admin'] } } }
    await expect(client().getUser('u1')).resolves.toMatchObject({ email: 'a@x', permissions: { t1: ['admin'] } })
  })

  it("fails a user fetch with 'Failed to fetch user data' and the server message", async () => {
    answer = { status: 404, body: { message: 'User not found' } }
    const error = await client()
      .getUser('nobody')
      .catch((e: unknown) => e)
    expect(ConsoleError.is(error)).toBe(true)
    expect(error).toMatchObject({ code: 'user/fetch-failed', message: 'Failed to fetch user data: User not found' })
    answer = { status: 500, body: undefined }
    await expect(client().getUser('nobody')).rejects.toMatchObject({ message: 'Failed to fetch user data' })
  })
})

// Issue 24: a tenant's devices, managed by its admins (examples/reference-server/src/routes/v1-devices.ts).
describe('device administration', () => {
  const kiosk = {
    device_id: 'dev-1',
    tenant_id: 't1',
    name: 'Pier kiosk',
    kind: 'remote_access',
    address: '10.10.3.9',
    mavlink_system_id: null,
    has_signing_key: false,
    desktop: { host: '127.0.0.1', port: 5999, has_password: true },
  }
  const rover = {
    device_id: 'dev 2',
    tenant_id: 't1',
    name: 'Rover',
    kind: 'vehicle',
    address: null,
    mavlink_system_id: 11,
    has_signing_key: true,
    desktop: null,
  }
  const KEY = 'ab'.repeat(32)
  afterEach(() => server.setHandler((_req, res) => json(res, answer.status, answer.body)))

  it.each([
    [
      'POST',
      '/api/v1/devices?tenant_id=t1',
      { name: 'Rover', kind: 'vehicle', mavlink_system_id: 11, mavlink_signing_key: KEY },
      (c: ReturnType<typeof client>) =>
        c.createDevice('t1', { name: 'Rover', kind: 'vehicle', address: '', mavlink_system_id: 11, mavlink_signing_key: KEY, desktop: null }),
    ],
    [
      'POST',
      '/api/v1/devices?tenant_id=t1',
      { name: 'Pier kiosk', kind: 'remote_access', address: '10.10.3.9', desktop: { host: '127.0.0.1', port: 5999, password: 's3cret' } },
      (c: ReturnType<typeof client>) =>
        c.createDevice('t1', {
          name: 'Pier kiosk',
          kind: 'remote_access',
          address: '10.10.3.9',
          // Fields of another kind are left out: the server refuses them.
          mavlink_system_id: 4,
          desktop: { host: '127.0.0.1', port: 5999, password: 's3cret' },
        }),
    ],
    [
      'PATCH',
      '/api/v1/devices/dev%202?tenant_id=t1',
      { name: 'Rover 2', mavlink_signing_key: null },
      (c: ReturnType<typeof client>) => c.updateDevice('t1', 'dev 2', { name: 'Rover 2', mavlink_signing_key: null }),
    ],
    [
      'PATCH',
      '/api/v1/devices/dev-1?tenant_id=t1',
      { desktop: { host: 'localhost', port: 5998 } },
      (c: ReturnType<typeof client>) => c.updateDevice('t1', 'dev-1', { desktop: { host: 'localhost', port: 5998 } }),
    ],
    ['DELETE', '/api/v1/devices/dev%202?tenant_id=t1', undefined, (c: ReturnType<typeof client>) => c.deleteDevice('t1', 'dev 2')],
    ['POST', '/api/v1/devices/dev-1/ingest-token?tenant_id=t1', undefined, (c: ReturnType<typeof client>) => c.issueIngestToken('t1', 'dev-1')],
  ] as const)('%s %s', async (method, url, body, run) => {
    answer = { status: 200, body: { ...kiosk, token: 'honu_dev_x' } }
    await run(client())
    expect(last()).toMatchObject({ method, url, body })
    expect(last().headers.authorization).toBe('Bearer t')
  })

  it('lists the devices as their admins see them in one request, a kind it does not manage as unknown', async () => {
    const sonar = { ...kiosk, device_id: 'dev-3', name: 'Sonar', kind: 'sonar', desktop: null }
    server.setHandler((req, res) => {
      if (req.url === '/api/v1/devices?tenant_id=t1&view=admin') return json(res, 200, { data: [kiosk, rover, sonar], total_count: 3 })
      return json(res, 404, { message: 'no' })
    })
    const before = server.requests.length
    expect(await client().listManagedDevices('t1')).toEqual([kiosk, rover, { ...sonar, kind: 'unknown' }])
    expect(server.requests.length).toBe(before + 1)
  })

  it('fills what a device answer leaves out: no address, no system id, no key, no desktop', async () => {
    answer = { status: 201, body: { device_id: 'd', tenant_id: 't1', name: 'Cam', kind: 'camera' } }
    await expect(client().createDevice('t1', { name: 'Cam', kind: 'camera' })).resolves.toEqual({
      device_id: 'd',
      tenant_id: 't1',
      name: 'Cam',
      kind: 'camera',
      address: null,
      mavlink_system_id: null,
      has_signing_key: false,
      desktop: null,
    })
  })

  it('answers the ingest token, and refuses an answer that is no device, naming the field', async () => {
    answer = { status: 201, body: { device_id: 'dev-1', token: 'honu_dev_abc' } }
    await expect(client().issueIngestToken('t1', 'dev-1')).resolves.toEqual({ device_id: 'dev-1', token: 'honu_dev_abc' })
    answer = { status: 200, body: { ...kiosk, desktop: { host: 'h', port: '59' } } }
    await expect(client().updateDevice('t1', 'dev-1', { name: 'x' })).rejects.toMatchObject({
      code: 'http/status',
      message: "The server's device could not be read: desktop.port is not a port.",
    })
  })

  it("fails with the server's words: 409 for a taken system id, 400 for a desktop host outside the allowed hosts", async () => {
    answer = { status: 409, body: { code: 'conflict', message: 'That MAVLink system id is taken on this server: pick another.' } }
    await expect(client().createDevice('t1', { name: 'Copy', kind: 'vehicle', mavlink_system_id: 11 })).rejects.toMatchObject({
      status: 409,
      message: 'That MAVLink system id is taken on this server: pick another.',
    })
    const outside = 'Invalid request: The desktop host 10.0.0.5 is outside the hosts this server may reach (HONU_VNC_ALLOWED_HOSTS).'
    answer = { status: 400, body: { code: 'invalid-request', message: outside } }
    await expect(client().updateDevice('t1', 'dev-1', { desktop: { host: '10.0.0.5', port: 5900 } })).rejects.toMatchObject({
      status: 400,
      message: outside,
    })
  })
})

describe('proxyAddress', () => {
  it('is the proxy plus the video id, or empty without a proxy', () => {
    expect(proxyAddress({ proxy: 'https://p/', video_id: 'v9' })).toBe('https://p/v9')
    expect(proxyAddress({ proxy: null, video_id: 'v9' })).toBe('')
    expect(proxyAddress({ proxy: undefined, video_id: 'v9' })).toBe('')
  })
})
