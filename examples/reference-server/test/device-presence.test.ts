import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cidrContains } from '@honu/core'
import { devicesTopic, vehiclesTopic, type DevicePresence, type ServerMessage } from '@honu/core/live'
import { DEMO_PASSWORD, heartbeatingDevices, LARGE_TENANT, largeTenantDevices, seededDevices } from '../src/seed'
import type { RunningServer } from '../src/start-server'
import { startSimulator } from '../src/simulator/simulator'
import { demoIngestToken, issueIngestToken } from '../src/telemetry/ingest-tokens'
import { signIn } from './auth-emulator'
import { openAuthenticatedLive, subscribe, type LiveTestSocket } from './live-socket'
import { clientsAs, raw, startTestServer } from './test-server'

/**
 * Device presence end to end (issue 16): heartbeats of devices of any kind over the real HTTP ingest route with
 * each device's own ingest token, vehicle telemetry, the server's sweep, and the live channel's `devices` topic on a
 * real WebSocket to users of the right tenant only. The server runs with short thresholds (stale after 300 ms,
 * offline after 900 ms) so a device goes stale and offline within a test; the tests wait for the events, never for
 * a time.
 */
const TIMING = { staleAfterMs: 300, offlineAfterMs: 900, sweepMs: 50 }
let server: RunningServer
let remy: LiveTestSocket
let bea: LiveTestSocket

beforeAll(async () => {
  server = await startTestServer({ presenceTiming: TIMING, mediaTestControls: true, revocationCheckSeconds: 1 })
  // Remy reads Alpha only; Bea is Bravo's admin only.
  remy = await openAuthenticatedLive(server.url, await signIn('remy@honu.test', DEMO_PASSWORD))
  bea = await openAuthenticatedLive(server.url, await signIn('bea@honu.test', DEMO_PASSWORD))
})
afterAll(async () => {
  remy?.close()
  bea?.close()
  await server?.close()
})

const heartbeat = (token: string | undefined) => raw(server, 'POST', '/api/v1/telemetry/heartbeat', { token })
const control = (deviceId: string, action: 'stop' | 'resume') => raw(server, 'POST', `/test/telemetry/${deviceId}/${action}`)

/** Every device presence received on a topic so far, in order. */
function presencesOn(socket: LiveTestSocket, topic: string): DevicePresence[] {
  return socket.messages.flatMap((m) => (m.type === 'event' && m.topic === topic ? (m.data as { devices: DevicePresence[] }).devices : []))
}

/** Resolves once `socket` has an event on `topic` with a device that `match` accepts; answers that device. */
async function presenceWith(socket: LiveTestSocket, topic: string, match: (d: DevicePresence) => boolean) {
  await socket.next((m) => m.type === 'event' && m.topic === topic && (m.data as { devices: DevicePresence[] }).devices.some(match))
  return presencesOn(socket, topic).find(match)!
}

/** The first event on a topic after `subscribed`: the snapshot. */
function snapshotOf(socket: LiveTestSocket, topic: string): DevicePresence[] {
  const event = socket.messages.find((m): m is Extract<ServerMessage, { type: 'event' }> => m.type === 'event' && m.topic === topic)
  return (event!.data as { devices: DevicePresence[] }).devices
}

describe('the devices topic', () => {
  it('answers a snapshot of the devices that are not offline, then a delta when a device comes online', async () => {
    const camera = await issueIngestToken(server.db, 'alpha-cam-2')
    expect(await heartbeat(camera)).toMatchObject({ status: 202, body: { accepted: true } })
    expect(await subscribe(remy, devicesTopic('alpha'))).toEqual({ type: 'subscribed', topic: devicesTopic('alpha') })
    await remy.next((m) => m.type === 'event' && m.topic === devicesTopic('alpha'))
    const snapshot = snapshotOf(remy, devicesTopic('alpha'))
    // The camera that just beat is in it (online, or stale if this machine was slow); devices never heard are not.
    const cam = snapshot.find((d) => d.deviceId === 'alpha-cam-2')
    expect(cam).toMatchObject({ tenantId: 'alpha', lastSeen: expect.any(Number) })
    expect(snapshot.map((d) => d.deviceId)).not.toContain('alpha-ra-4')
    expect(snapshot.every((d) => d.tenantId === 'alpha' && d.state !== 'offline')).toBe(true)

    // A remote access device of Alpha beats for the first time: a delta with only that device, online.
    const ra = await issueIngestToken(server.db, 'alpha-ra-2')
    const before = Date.now()
    await heartbeat(ra)
    const online = await presenceWith(remy, devicesTopic('alpha'), (d) => d.deviceId === 'alpha-ra-2')
    expect(online).toMatchObject({ deviceId: 'alpha-ra-2', tenantId: 'alpha', state: 'online' })
    expect(online.lastSeen).toBeGreaterThanOrEqual(before)
    const delta = remy.messages.find(
      (m) =>
        m.type === 'event' &&
        m.topic === devicesTopic('alpha') &&
        (m.data as { devices: DevicePresence[] }).devices.some((d) => d.deviceId === 'alpha-ra-2'),
    )!
    expect((delta as { data: { devices: DevicePresence[] } }).data.devices.every((d) => d.deviceId !== 'alpha-cam-1')).toBe(true)
  })

  it('a vehicle reporting telemetry (the JSON ingest) is online on the devices topic too', async () => {
    const token = await issueIngestToken(server.db, 'alpha-usv-4')
    expect((await raw(server, 'POST', '/api/v1/telemetry', { token, body: JSON.stringify({ mode: 'HOLD' }) })).status).toBe(202)
    expect(await presenceWith(remy, devicesTopic('alpha'), (d) => d.deviceId === 'alpha-usv-4' && d.state === 'online')).toMatchObject({
      tenantId: 'alpha',
    })
  })

  it('stop silences a device, whose heartbeats then count for nothing: stale, then offline; resume brings it online', async () => {
    const token = await issueIngestToken(server.db, 'alpha-cam-3')
    await heartbeat(token)
    await presenceWith(remy, devicesTopic('alpha'), (d) => d.deviceId === 'alpha-cam-3' && d.state === 'online')
    expect((await control('alpha-cam-3', 'stop')).status).toBe(204)
    const seenAt = (await raw(server, 'GET', '/health')).body as unknown as { telemetry: { stopped: number } }
    // The device keeps beating (it does not know its link is cut) all the while: without the stop it would stay online.
    let beating = true
    const beats = (async () => {
      while (beating) {
        expect((await heartbeat(token)).status).toBe(202)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    try {
      const stale = await presenceWith(remy, devicesTopic('alpha'), (d) => d.deviceId === 'alpha-cam-3' && d.state === 'stale')
      const offline = await presenceWith(remy, devicesTopic('alpha'), (d) => d.deviceId === 'alpha-cam-3' && d.state === 'offline')
      // Offline after stale, and the last sign of life is the one before the stop.
      const states = presencesOn(remy, devicesTopic('alpha'))
        .filter((d) => d.deviceId === 'alpha-cam-3')
        .map((d) => d.state)
      expect(states.slice(-3)).toEqual(['online', 'stale', 'offline'])
      expect(offline.lastSeen).toBe(stale.lastSeen)
    } finally {
      beating = false
      await beats
    }
    const after = (await raw(server, 'GET', '/health')).body as unknown as { telemetry: { stopped: number } }
    expect(after.telemetry.stopped).toBeGreaterThan(seenAt.telemetry.stopped)

    // A new subscriber's snapshot leaves the offline device out.
    const late = await openAuthenticatedLive(server.url, await signIn('ada@honu.test', DEMO_PASSWORD))
    try {
      await subscribe(late, devicesTopic('alpha'))
      await late.next((m) => m.type === 'event' && m.topic === devicesTopic('alpha'))
      expect(snapshotOf(late, devicesTopic('alpha')).map((d) => d.deviceId)).not.toContain('alpha-cam-3')
    } finally {
      late.close()
    }

    expect((await control('alpha-cam-3', 'resume')).status).toBe(204)
    const count = presencesOn(remy, devicesTopic('alpha')).length
    await heartbeat(token)
    await remy.next(() =>
      presencesOn(remy, devicesTopic('alpha'))
        .slice(count)
        .some((d) => d.deviceId === 'alpha-cam-3' && d.state === 'online'),
    )
  })

  it("refuses another tenant's devices topic as it refuses its vehicles topic, and never sends another tenant's device", async () => {
    for (const topic of [devicesTopic('bravo'), vehiclesTopic('bravo'), devicesTopic('no-such-tenant')]) {
      expect(await subscribe(remy, topic)).toEqual({ type: 'refused', topic, code: 'forbidden' })
    }
    expect(await subscribe(bea, devicesTopic('bravo'))).toEqual({ type: 'subscribed', topic: devicesTopic('bravo') })
    const winch = await issueIngestToken(server.db, 'bravo-ra-1')
    await heartbeat(winch)
    await presenceWith(bea, devicesTopic('bravo'), (d) => d.deviceId === 'bravo-ra-1' && d.state === 'online')
    // Then an Alpha device as a marker: once Remy has it, Bravo's heartbeat before it would have reached him first.
    const ups = await issueIngestToken(server.db, 'alpha-ups')
    await heartbeat(ups)
    await presenceWith(remy, devicesTopic('alpha'), (d) => d.deviceId === 'alpha-ups')
    const remyTenants = remy.messages.flatMap((m) =>
      m.type === 'event' ? ((m.data as { devices?: DevicePresence[] }).devices ?? []).map((d) => d.tenantId) : [],
    )
    expect(new Set(remyTenants)).toEqual(new Set(['alpha']))
    expect(remy.messages.some((m) => 'topic' in m && m.type !== 'refused' && m.topic.startsWith('tenants/bravo/'))).toBe(false)
    expect(presencesOn(bea, devicesTopic('bravo')).every((d) => d.tenantId === 'bravo')).toBe(true)
  })

  it('refuses the devices topic at the next check once the user lost the tenant, and sends it nothing more', async () => {
    const email = `presence-${randomUUID()}@honu.test`
    const uid = await server.identity.ensureUser({ email, password: 'presence-pass-1' })
    await server.db.query('insert into users (uid, name, email, permissions) values ($1, $2, $3, $4)', [
      uid,
      'Presence',
      email,
      { bravo: ['reader'] },
    ])
    const socket = await openAuthenticatedLive(server.url, await signIn(email, 'presence-pass-1'))
    try {
      expect(await subscribe(socket, devicesTopic('bravo'))).toMatchObject({ type: 'subscribed' })
      await server.db.query("update users set permissions = '{}'::jsonb where uid = $1", [uid])
      await socket.next((m) => m.type === 'refused' && m.topic === devicesTopic('bravo'))
      const refusedAt = socket.messages.length
      // A Bravo device comes online; the topic is gone, so nothing of it reaches this socket. Remy's marker after
      // it shows the server has handled it.
      await heartbeat(await issueIngestToken(server.db, 'bravo-gw'))
      await heartbeat(await issueIngestToken(server.db, 'alpha-ctd'))
      await presenceWith(remy, devicesTopic('alpha'), (d) => d.deviceId === 'alpha-ctd')
      expect(socket.messages.slice(refusedAt)).toEqual([])
    } finally {
      socket.close()
    }
  })
})

describe('heartbeats', () => {
  it("are accepted only with a device's own ingest token, and mark only that device", async () => {
    const ada = await signIn('ada@honu.test', DEMO_PASSWORD)
    for (const token of [undefined, ada, 'honu_dev_not-a-token', demoIngestToken('alpha-nas')]) {
      expect(await heartbeat(token)).toMatchObject({ status: 401, body: { code: 'unauthenticated' } })
    }
    // A malformed Authorization header is refused the same way.
    expect((await raw(server, 'POST', '/api/v1/telemetry/heartbeat', { headers: { authorization: 'Basic eDp5' } })).status).toBe(401)
    // A camera's token does not pass for a vehicle's telemetry report (vehicles only there).
    const camera = await issueIngestToken(server.db, 'alpha-cam-4')
    expect((await raw(server, 'POST', '/api/v1/telemetry', { token: camera, body: JSON.stringify({ mode: 'AUTO' }) })).status).toBe(401)
    // A replaced token no longer counts.
    const old = await issueIngestToken(server.db, 'alpha-wx')
    await issueIngestToken(server.db, 'alpha-wx')
    expect((await heartbeat(old)).status).toBe(401)

    const count = presencesOn(remy, devicesTopic('alpha')).length
    expect((await heartbeat(camera)).status).toBe(202)
    const cam4 = await presenceWith(remy, devicesTopic('alpha'), (d) => d.deviceId === 'alpha-cam-4')
    expect(cam4).toMatchObject({ tenantId: 'alpha', state: 'online' })
    const since = presencesOn(remy, devicesTopic('alpha')).slice(count)
    expect(since.map((d) => d.deviceId)).not.toContain('alpha-wx')
    expect(since.map((d) => d.deviceId)).not.toContain('alpha-nas')
  })

  it("the seed gives the simulator's steady and slow devices their demo tokens (emulator mode), and no silent one", async () => {
    const beating = heartbeatingDevices()
    expect(beating.length).toBeGreaterThan(25)
    const sample = beating.find((d) => d.deviceId === 'charlie-lidar')!
    expect((await heartbeat(demoIngestToken(sample.deviceId))).status).toBe(202)
    const silent = seededDevices.filter((d) => d.presence === 'silent')
    expect(silent.length).toBeGreaterThanOrEqual(3)
    for (const device of silent) expect((await heartbeat(demoIngestToken(device.device_id))).status).toBe(401)
  })
})

describe('the simulator', () => {
  it("sends the seeded devices' heartbeats with their demo tokens: Charlie's steady devices come online, its silent ones do not", async () => {
    const wes = await openAuthenticatedLive(server.url, await signIn('wes@honu.test', DEMO_PASSWORD)) // writer in alpha and charlie
    const simulator = await startSimulator({
      vehicles: [],
      target: { host: '127.0.0.1', port: 9 },
      // Charlie's (no other test here replaced their demo tokens).
      heartbeats: { apiUrl: server.url, devices: heartbeatingDevices().filter((d) => d.deviceId.startsWith('charlie-')) },
    })
    try {
      await subscribe(wes, devicesTopic('charlie'))
      const steady = seededDevices.filter((d) => d.tenant_id === 'charlie' && d.presence === 'steady').map((d) => d.device_id)
      expect(steady.length).toBeGreaterThanOrEqual(8)
      await wes.next(() => {
        const online = new Set(
          presencesOn(wes, devicesTopic('charlie'))
            .filter((d) => d.state === 'online')
            .map((d) => d.deviceId),
        )
        return steady.every((id) => online.has(id))
      })
      expect(simulator.heartbeats().accepted).toBeGreaterThanOrEqual(steady.length)
      const silent = seededDevices.filter((d) => d.tenant_id === 'charlie' && d.presence === 'silent').map((d) => d.device_id)
      expect(presencesOn(wes, devicesTopic('charlie')).filter((d) => silent.includes(d.deviceId))).toEqual([])
    } finally {
      await simulator.close()
      wes.close()
    }
    expect(simulator.heartbeats().failed).toBe(0)
  })
})

describe('the seed', () => {
  it('gives Alpha, Bravo and Charlie 15 to 25 devices of all four kinds in their remote and VPN networks, and one outside', async () => {
    const ops = await clientsAs(server, 'ops@honu.test')
    const tenants = await ops.v1.listTenants()
    for (const tenant of tenants) {
      const { items } = await ops.v1.listDevices(tenant.tenant_id)
      expect(items.length, tenant.tenant_id).toBeGreaterThanOrEqual(15)
      expect(items.length, tenant.tenant_id).toBeLessThanOrEqual(25)
      expect(new Set(items.map((d) => d.kind)), tenant.tenant_id).toEqual(new Set(['camera', 'vehicle', 'remote_access', 'unknown']))
      const inRemote = items.filter((d) => !!d.address && cidrContains(tenant.remote_cidr!, d.address))
      const inVpn = items.filter((d) => !!d.address && cidrContains(tenant.vpn_cidr!, d.address))
      expect(inRemote.length, tenant.tenant_id).toBeGreaterThan(5)
      expect(inVpn.length, tenant.tenant_id).toBeGreaterThanOrEqual(2)
      expect(items.length - inRemote.length - inVpn.length, tenant.tenant_id).toBeGreaterThanOrEqual(1)
    }
    expect(tenants.map((t) => t.tenant_id).sort()).toEqual(['alpha', 'bravo', 'charlie'])
  })
})

describe('HONU_SEED_LARGE_TENANT', () => {
  const COUNT = 240
  let large: RunningServer
  beforeAll(async () => {
    large = await startTestServer({ largeTenant: COUNT })
  })
  afterAll(async () => {
    await large?.close()
  })

  it('seeds Delta Grid with the count of devices over four kinds and both networks, read by dana only', async () => {
    const dana = await clientsAs(large, 'dana@honu.test')
    const tenants = await dana.v1.listTenants()
    expect(tenants.map((t) => t.tenant_id)).toEqual(['delta'])
    expect(tenants[0]).toMatchObject({ name: 'Delta Grid', remote_cidr: LARGE_TENANT.remote_cidr, vpn_cidr: LARGE_TENANT.vpn_cidr })
    const { items } = await dana.v1.listDevices('delta')
    expect(items).toHaveLength(COUNT)
    expect(new Set(items.map((d) => d.kind))).toEqual(new Set(['camera', 'vehicle', 'remote_access', 'unknown']))
    const inRemote = items.filter((d) => !!d.address && cidrContains(LARGE_TENANT.remote_cidr, d.address)).length
    const inVpn = items.filter((d) => !!d.address && cidrContains(LARGE_TENANT.vpn_cidr, d.address)).length
    expect(inRemote + inVpn).toBe(COUNT)
    expect(Math.min(inRemote, inVpn)).toBe(COUNT / 2)
    expect(new Set(items.map((d) => d.address)).size).toBe(COUNT)
    // Dana reads nothing else, on HTTP or the live channel.
    expect((await raw(large, 'GET', '/api/v1/devices?tenant_id=alpha', { token: dana.token })).status).toBe(404)
    const socket = await openAuthenticatedLive(large.url, dana.token)
    try {
      expect(await subscribe(socket, devicesTopic('alpha'))).toMatchObject({ type: 'refused', code: 'forbidden' })
      expect(await subscribe(socket, devicesTopic('delta'))).toMatchObject({ type: 'subscribed' })
    } finally {
      socket.close()
    }
    // Nobody else gets Delta: Ada's tenants are hers as before.
    const ada = await clientsAs(large, 'ada@honu.test')
    expect((await ada.v1.listTenants()).map((t) => t.tenant_id).sort()).toEqual(['alpha', 'bravo'])
  })

  it('gives a share of its devices demo tokens (steady and slow), so states are mixed, the same for the same count', async () => {
    const devices = largeTenantDevices(COUNT)
    expect(largeTenantDevices(COUNT)).toEqual(devices)
    const steady = devices.filter((d) => d.presence === 'steady')
    const slow = devices.filter((d) => d.presence === 'slow')
    // One in 50 steady and one in 50 slow: 240 devices → numbers 1, 51, …, 201 and 2, 52, …, 202.
    expect(steady.map((d) => d.device_id)).toEqual(['delta-00001', 'delta-00051', 'delta-00101', 'delta-00151', 'delta-00201'])
    expect(slow).toHaveLength(5)
    const [{ n }] = (await large.db.query<{ n: number }>(
      "select count(*)::int as n from device_ingest_tokens t join devices d using (device_id) where d.tenant_id = 'delta'",
    )) as [{ n: number }]
    expect(n).toBe(steady.length + slow.length)
    expect(heartbeatingDevices(COUNT).filter((d) => d.deviceId.startsWith('delta-')).length).toBe(n)
    // The simulator's limit (HONU_SIM_LARGE_TENANT_HEARTBEATS) keeps the first of them, steady and slow in turn, and
    // every other tenant's device.
    const limited = heartbeatingDevices(COUNT, 3)
    expect(limited.filter((d) => d.deviceId.startsWith('delta-')).map((d) => d.deviceId)).toEqual(['delta-00001', 'delta-00002', 'delta-00051'])
    expect(limited.length).toBe(heartbeatingDevices().length + 3)
    expect((await raw(large, 'POST', '/api/v1/telemetry/heartbeat', { token: demoIngestToken(steady[0]!.device_id) })).status).toBe(202)
  })
})
