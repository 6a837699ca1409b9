import { createHash, randomBytes } from 'node:crypto'
import { createSocket } from 'node:dgram'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { common, minimal, MavLinkProtocolV2 } from 'node-mavlink'
import { vehiclesTopic, type VehicleTelemetry } from '@honu/core/live'
import { DEMO_PASSWORD } from '../src/seed'
import type { RunningServer } from '../src/start-server'
import { signIn } from './auth-emulator'
import { openAuthenticatedLive, subscribe, vehiclesOn, type LiveTestSocket } from './live-socket'
import { raw, startTestServer } from './test-server'

/**
 * MAVLink 2 signing (issue 24), end to end: an admin gives a vehicle a signing key (PATCH /api/v1/devices), after
 * which the real server's UDP ingest drops the vehicle's unsigned, wrongly signed and replayed packets and counts
 * them. The signature is made here from the MAVLink 2 signing spec (CRC-16/MCRF4XX recomputed over the flagged
 * header, then SHA-256 of key ‖ packet ‖ link id ‖ timestamp, first 48 bits), not with the server's code.
 */
let server: RunningServer
let alpha: LiveTestSocket
let ada: string
const sender = createSocket('udp4')
const key = randomBytes(32)
const HEARTBEAT_EXTRA = 50
const GLOBAL_POSITION_INT_EXTRA = 104

beforeAll(async () => {
  server = await startTestServer({ mavlinkPort: 0 })
  ada = await signIn('ada@honu.test', DEMO_PASSWORD)
  alpha = await openAuthenticatedLive(server.url, await signIn('remy@honu.test', DEMO_PASSWORD))
  expect(await subscribe(alpha, vehiclesTopic('alpha'))).toMatchObject({ type: 'subscribed' })
})
afterAll(async () => {
  alpha?.close()
  sender.close()
  await server?.close()
})

/** CRC-16/MCRF4XX (MAVLink's X.25 checksum) of `bytes` and then the message's CRC_EXTRA byte. */
function x25(bytes: Buffer, extra: number): number {
  let crc = 0xffff
  for (const byte of [...bytes, extra]) {
    let tmp = (byte ^ (crc & 0xff)) & 0xff
    tmp = (tmp ^ (tmp << 4)) & 0xff
    crc = ((crc >> 8) ^ (tmp << 8) ^ (tmp << 3) ^ (tmp >> 4)) & 0xffff
  }
  return crc
}

/** Signs an unsigned MAVLink 2 packet: the signed flag set, the checksum made again, the 13-byte signature block appended. */
function sign(unsigned: Buffer, extra: number, signingKey: Buffer, timestamp: number, linkId = 0): Buffer {
  const packet = Buffer.from(unsigned)
  packet[2] = packet[2]! | 0x01
  packet.writeUInt16LE(x25(packet.subarray(1, packet.length - 2), extra), packet.length - 2)
  const block = Buffer.alloc(7)
  block[0] = linkId
  block.writeUIntLE(timestamp, 1, 6)
  const signature = createHash('sha256').update(signingKey).update(packet).update(block).digest().subarray(0, 6)
  return Buffer.concat([packet, block, signature])
}

let seq = 0
function position(systemId: number, lat: number): Buffer {
  const message = new common.GlobalPositionInt()
  message.lat = Math.round(lat * 1e7)
  message.lon = Math.round(-157.87 * 1e7)
  message.alt = 1000
  return new MavLinkProtocolV2(systemId, 1).serialize(message, seq++ % 256)
}

const send = (datagram: Buffer) =>
  new Promise<void>((resolve, reject) => sender.send(datagram, server.telemetry.mavlink!.port, '127.0.0.1', (e) => (e ? reject(e) : resolve())))
const counters = async () =>
  ((await raw(server, 'GET', '/health')).body as unknown as { telemetry: { unsigned: number; badSignature: number } }).telemetry
/** 10 µs units since 2015-01-01 UTC, as MAVLink 2 signing counts. */
const now = () => Math.floor((Date.now() - Date.UTC(2015, 0, 1)) * 100)

describe('a signed vehicle', () => {
  it('takes only packets signed with its key, each newer than the last; drops and counts the rest', async () => {
    const set = await raw(server, 'PATCH', '/api/v1/devices/alpha-usv-2?tenant_id=alpha', {
      token: ada,
      body: JSON.stringify({ mavlink_signing_key: key.toString('hex') }),
    })
    expect(set.body).toMatchObject({ mavlink_system_id: 2, has_signing_key: true })
    expect(JSON.stringify(set.body)).not.toContain(key.toString('hex'))
    const before = await counters()

    // Unsigned: dropped at once (the route reloaded the ingest's bindings), counted.
    await send(position(2, 21.1))
    // Signed with another key: dropped.
    await send(sign(position(2, 21.2), GLOBAL_POSITION_INT_EXTRA, randomBytes(32), now()))
    // Signed with its key: taken.
    const stamp = now()
    const good = sign(position(2, 21.3), GLOBAL_POSITION_INT_EXTRA, key, stamp)
    await send(good)
    await alpha.next((m) => m.type === 'event' && (m.data as { vehicles: VehicleTelemetry[] }).vehicles.some((v) => v.position?.lat === 21.3))
    // The same packet again (a replay), and one with an older timestamp: dropped.
    await send(good)
    await send(sign(position(2, 21.4), GLOBAL_POSITION_INT_EXTRA, key, stamp - 100))
    // A heartbeat (another message, its own CRC_EXTRA), signed and newer: taken, and the link is not lost.
    const heartbeat = new MavLinkProtocolV2(2, 1).serialize(Object.assign(new minimal.Heartbeat(), { type: 11 }), seq++ % 256)
    await send(sign(heartbeat, HEARTBEAT_EXTRA, key, stamp + 100))
    await send(sign(position(2, 21.5), GLOBAL_POSITION_INT_EXTRA, key, stamp + 200))
    await alpha.next((m) => m.type === 'event' && (m.data as { vehicles: VehicleTelemetry[] }).vehicles.some((v) => v.position?.lat === 21.5))

    const after = await counters()
    expect(after.unsigned - before.unsigned).toBe(1)
    expect(after.badSignature - before.badSignature).toBe(3)
    const seen = vehiclesOn(alpha, vehiclesTopic('alpha'))
      .filter((v) => v.deviceId === 'alpha-usv-2')
      .map((v) => v.position?.lat)
    expect(seen).not.toContain(21.1)
    expect(seen).not.toContain(21.2)
    expect(seen).not.toContain(21.4)
  })

  it('takes unsigned packets again once the key is removed; an unsigned vehicle never needed one', async () => {
    await raw(server, 'PATCH', '/api/v1/devices/alpha-usv-2?tenant_id=alpha', { token: ada, body: JSON.stringify({ mavlink_signing_key: null }) })
    await send(position(2, 21.6))
    await send(position(3, 21.7)) // alpha-usv-3 has no key
    await alpha.next((m) => m.type === 'event' && (m.data as { vehicles: VehicleTelemetry[] }).vehicles.some((v) => v.position?.lat === 21.6))
    await alpha.next((m) => m.type === 'event' && (m.data as { vehicles: VehicleTelemetry[] }).vehicles.some((v) => v.position?.lat === 21.7))
  })

  it('refuses a key on anything but a vehicle, and a key that is not 32 bytes of hex', async () => {
    const camera = await raw(server, 'PATCH', '/api/v1/devices/alpha-ra-1?tenant_id=alpha', {
      token: ada,
      body: JSON.stringify({ mavlink_signing_key: key.toString('hex') }),
    })
    expect(camera.body.message).toBe('Invalid request: body.mavlink_signing_key is for vehicles only.')
    const short = await raw(server, 'PATCH', '/api/v1/devices/alpha-usv-2?tenant_id=alpha', {
      token: ada,
      body: JSON.stringify({ mavlink_signing_key: 'abcd' }),
    })
    expect(short.status).toBe(400)
  })
})
