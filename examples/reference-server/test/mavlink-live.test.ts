import { createSocket } from 'node:dgram'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { common, MavLinkProtocolV2 } from 'node-mavlink'
import { vehiclesTopic, type VehicleTelemetry } from '@honu/core/live'
import { DEMO_PASSWORD } from '../src/seed'
import type { RunningServer } from '../src/start-server'
import { issueIngestToken } from '../src/telemetry/ingest-tokens'
import { signIn } from './auth-emulator'
import { openAuthenticatedLive, subscribe, vehiclesOn, type LiveTestSocket } from './live-socket'
import { raw, startTestServer } from './test-server'

/**
 * End to end: MAVLink 2 over real UDP (and JSON reports over HTTP) into the real server, out through the hub and
 * the live channel's real WebSocket to users of the right tenant only.
 */
let server: RunningServer
let alpha: LiveTestSocket
let bravo: LiveTestSocket
const sender = createSocket('udp4')
const seqs = new Map<number, number>()

beforeAll(async () => {
  server = await startTestServer({ mavlinkPort: 0 })
  // Remy reads Alpha only; Bea is Bravo's admin only.
  alpha = await openAuthenticatedLive(server.url, await signIn('remy@honu.test', DEMO_PASSWORD))
  bravo = await openAuthenticatedLive(server.url, await signIn('bea@honu.test', DEMO_PASSWORD))
  expect(await subscribe(alpha, vehiclesTopic('alpha'))).toMatchObject({ type: 'subscribed' })
  expect(await subscribe(bravo, vehiclesTopic('bravo'))).toMatchObject({ type: 'subscribed' })
})
afterAll(async () => {
  alpha?.close()
  bravo?.close()
  sender.close()
  await server?.close()
})

/** Sends one GLOBAL_POSITION_INT from `systemId` over UDP to the server's MAVLink port. */
function sendPosition(systemId: number, lat: number, lon: number) {
  const seq = seqs.get(systemId) ?? 0
  seqs.set(systemId, (seq + 1) % 256)
  const message = new common.GlobalPositionInt()
  message.lat = Math.round(lat * 1e7)
  message.lon = Math.round(lon * 1e7)
  message.alt = 1500
  message.hdg = 4500
  const datagram = new MavLinkProtocolV2(systemId, 1).serialize(message, seq)
  return new Promise<void>((resolve, reject) =>
    sender.send(datagram, server.telemetry.mavlink!.port, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
  )
}

/** Resolves once `socket` has an event naming a vehicle that `match` accepts; answers that vehicle. */
async function eventWith(socket: LiveTestSocket, topic: string, match: (v: VehicleTelemetry) => boolean) {
  await socket.next((m) => m.type === 'event' && m.topic === topic && (m.data as { vehicles: VehicleTelemetry[] }).vehicles.some(match))
  return vehiclesOn(socket, topic).find(match)!
}

describe('MAVLink over UDP to the live channel', () => {
  it("reaches a subscriber of the vehicle's tenant and no other", async () => {
    await sendPosition(1, 21.2961, -157.8712) // alpha-usv-1, USV Kahu
    const kahu = await eventWith(alpha, vehiclesTopic('alpha'), (v) => v.deviceId === 'alpha-usv-1' && v.position?.lat === 21.2961)
    expect(kahu).toMatchObject({ tenantId: 'alpha', systemId: 1, position: { lon: -157.8712, altitudeM: 1.5 }, headingDeg: 45 })
    // Then a Bravo vehicle: once Bea has it, anything of Alpha's sent before would have reached her first.
    await sendPosition(11, -36.8351, 174.7852) // bravo-rov-1, ROV Mano
    await eventWith(bravo, vehiclesTopic('bravo'), (v) => v.deviceId === 'bravo-rov-1' && v.position?.lat === -36.8351)
    expect(
      bravo.messages.filter((m) => m.type === 'event').flatMap((m) => (m.data as { vehicles: VehicleTelemetry[] }).vehicles.map((v) => v.tenantId)),
    ).not.toContain('alpha')
    expect(vehiclesOn(alpha, vehiclesTopic('alpha')).map((v) => v.tenantId)).not.toContain('bravo')
  })

  it('an unknown system id reaches nobody and is counted (GET /health)', async () => {
    const before = (await raw(server, 'GET', '/health')).body as unknown as { telemetry: { unknownSystem: number } }
    await sendPosition(250, 10.5, 20.5)
    // Then known vehicles of both tenants as markers: each socket has everything sent before them.
    await sendPosition(1, 21.2962, -157.8712)
    await sendPosition(11, -36.8352, 174.7852)
    await eventWith(alpha, vehiclesTopic('alpha'), (v) => v.position?.lat === 21.2962)
    await eventWith(bravo, vehiclesTopic('bravo'), (v) => v.position?.lat === -36.8352)
    for (const socket of [alpha, bravo]) {
      const all = socket.messages.filter((m) => m.type === 'event').flatMap((m) => (m.data as { vehicles: VehicleTelemetry[] }).vehicles)
      expect(all.filter((v) => v.systemId === 250 || v.position?.lat === 10.5)).toEqual([])
    }
    const after = (await raw(server, 'GET', '/health')).body as unknown as { telemetry: { unknownSystem: number } }
    expect(after.telemetry.unknownSystem).toBe(before.telemetry.unknownSystem + 1)
  })

  it('malformed datagrams are counted and the server keeps ingesting', async () => {
    const before = (await raw(server, 'GET', '/health')).body as unknown as { telemetry: { malformed: number } }
    const send = (b: Buffer) => new Promise<void>((r) => sender.send(b, server.telemetry.mavlink!.port, '127.0.0.1', () => r()))
    await send(Buffer.from('{"not":"mavlink"}'))
    await send(Buffer.from([0xfd, 0x20, 0, 0, 0, 1, 1, 33, 0, 0]))
    await send(Buffer.alloc(60_000, 0xfe))
    await sendPosition(1, 21.2963, -157.8712)
    await eventWith(alpha, vehiclesTopic('alpha'), (v) => v.position?.lat === 21.2963)
    const after = (await raw(server, 'GET', '/health')).body as unknown as { status: string; telemetry: { malformed: number } }
    expect(after.status).toBe('ok')
    expect(after.telemetry.malformed).toBeGreaterThanOrEqual(before.telemetry.malformed + 3)
  })
})

describe('JSON ingest', () => {
  it("takes a vehicle's report with its own token and publishes it to its tenant", async () => {
    const token = await issueIngestToken(server.db, 'alpha-usv-4')
    const report = { position: { lat: 21.3001, lon: -157.8601, altitudeM: 0 }, mode: 'HOLD', armed: false, battery: { remainingPct: 97 } }
    expect(await raw(server, 'POST', '/api/v1/telemetry', { token, body: JSON.stringify(report) })).toMatchObject({ status: 202 })
    const honu = await eventWith(alpha, vehiclesTopic('alpha'), (v) => v.deviceId === 'alpha-usv-4' && v.position?.lat === 21.3001)
    expect(honu).toMatchObject({ tenantId: 'alpha', mode: 'HOLD', armed: false, battery: { remainingPct: 97 } })
  })

  it("refuses a missing, wrong or person's token, and a report naming another vehicle", async () => {
    const body = JSON.stringify({ mode: 'AUTO' })
    const own = await issueIngestToken(server.db, 'bravo-usv-2')
    expect(await raw(server, 'POST', '/api/v1/telemetry', { body })).toMatchObject({ status: 401 })
    expect(await raw(server, 'POST', '/api/v1/telemetry', { body, token: `${own}x` })).toMatchObject({ status: 401 })
    expect(await raw(server, 'POST', '/api/v1/telemetry', { body, token: await signIn('bea@honu.test', DEMO_PASSWORD) })).toMatchObject({
      status: 401,
    })
    // The token decides the vehicle: a body cannot name another one (ids are not fields of a report).
    const spoof = JSON.stringify({ deviceId: 'alpha-usv-1', tenantId: 'alpha', mode: 'RTL' })
    expect(await raw(server, 'POST', '/api/v1/telemetry', { body: spoof, token: own })).toMatchObject({ status: 400 })
    // An invalid report is refused after the token is checked.
    expect(
      await raw(server, 'POST', '/api/v1/telemetry', { body: JSON.stringify({ position: { lat: 91, lon: 0, altitudeM: 0 } }), token: own }),
    ).toMatchObject({
      status: 400,
    })
  })

  it("another device's token reports for that device only", async () => {
    const tui = await issueIngestToken(server.db, 'bravo-usv-2')
    expect(await raw(server, 'POST', '/api/v1/telemetry', { token: tui, body: JSON.stringify({ mode: 'LOITER', headingDeg: 123 }) })).toMatchObject({
      status: 202,
    })
    const state = await eventWith(bravo, vehiclesTopic('bravo'), (v) => v.deviceId === 'bravo-usv-2' && v.headingDeg === 123)
    expect(state).toMatchObject({ tenantId: 'bravo', mode: 'LOITER' })
    expect(vehiclesOn(alpha, vehiclesTopic('alpha')).filter((v) => v.headingDeg === 123)).toEqual([])
  })
})

describe('test control', () => {
  it('is not there without test controls', async () => {
    expect(await raw(server, 'POST', '/test/telemetry/alpha-usv-1/stop')).toMatchObject({ status: 404 })
  })

  it("stops one vehicle's packets and resumes them", async () => {
    const controlled = await startTestServer({ mavlinkPort: 0, mediaTestControls: true })
    const socket = await openAuthenticatedLive(controlled.url, await signIn('remy@honu.test', DEMO_PASSWORD))
    try {
      const topic = vehiclesTopic('alpha')
      await subscribe(socket, topic)
      const to = (systemId: number, lat: number) => {
        const message = new common.GlobalPositionInt()
        message.lat = Math.round(lat * 1e7)
        message.lon = -1578712000
        const datagram = new MavLinkProtocolV2(systemId, 1).serialize(message, Math.round(lat * 1e4) % 256)
        return new Promise<void>((r) => sender.send(datagram, controlled.telemetry.mavlink!.port, '127.0.0.1', () => r()))
      }
      expect(await raw(controlled, 'POST', '/test/telemetry/alpha-usv-1/stop')).toMatchObject({ status: 204 })
      await to(1, 21.2971)
      await to(2, 21.2972) // another Alpha vehicle, as the marker
      await eventWith(socket, topic, (v) => v.position?.lat === 21.2972)
      expect(vehiclesOn(socket, topic).filter((v) => v.deviceId === 'alpha-usv-1')).toEqual([])
      expect(await raw(controlled, 'POST', '/test/telemetry/alpha-usv-1/resume')).toMatchObject({ status: 204 })
      await to(1, 21.2973)
      expect(await eventWith(socket, topic, (v) => v.deviceId === 'alpha-usv-1')).toMatchObject({ position: { lat: 21.2973 } })
    } finally {
      socket.close()
      await controlled.close()
    }
  })
})
