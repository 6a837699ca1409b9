import { createSocket } from 'node:dgram'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { common, minimal, MavLinkProtocolV2 } from 'node-mavlink'
import { parseVehiclesEventData, type VehicleTelemetry } from '@honu/core/live'
import { createPgliteDatabase } from '../src/db/create-pglite-database'
import type { Database } from '../src/db/database'
import { migrate, migrations } from '../src/db/migrate'
import { seed, seededVehicles } from '../src/seed'
import { startSimulator } from '../src/simulator/simulator'
import { deviceOfIngestToken, issueIngestToken } from '../src/telemetry/ingest-tokens'
import { startTelemetry, type RunningTelemetry } from '../src/telemetry/start-telemetry'

/**
 * The MAVLink ingest on its own: real UDP datagrams into a real (seeded PGlite) database's bindings, out to a
 * recording sink standing where the hub stands (the hub and the WebSocket are tested end to end in
 * mavlink-live.test.ts).
 */
let db: Database
let telemetry: RunningTelemetry
const published: VehicleTelemetry[] = []
const beats: { tenantId: string; deviceId: string }[] = []
const sender = createSocket('udp4')

beforeAll(async () => {
  db = await createPgliteDatabase()
  await migrate(db)
  await seed(db)
  telemetry = await startTelemetry({
    db,
    sink: { publish: (s) => published.push(s), beat: (b) => beats.push(b) },
    port: 0,
    host: '127.0.0.1',
    minPublishIntervalMs: 0,
  })
})
afterAll(async () => {
  sender.close()
  await telemetry.close()
  await db.close()
})

const send = (datagram: Buffer) =>
  new Promise<void>((resolve, reject) => sender.send(datagram, telemetry.mavlink!.port, '127.0.0.1', (e) => (e ? reject(e) : resolve())))

/** Waits until the ingest's counters satisfy `ready` (UDP is asynchronous; the test's own timeout bounds it). */
async function until(ready: () => boolean) {
  while (!ready()) await new Promise((r) => setTimeout(r, 10))
}

function position(lat: number, lon: number) {
  const message = new common.GlobalPositionInt()
  message.lat = Math.round(lat * 1e7)
  message.lon = Math.round(lon * 1e7)
  message.alt = 3000
  message.hdg = 9000
  return message
}

describe('the seeded bindings', () => {
  it('bind every seeded vehicle to its system id; each tenant has four vehicles', async () => {
    const rows = await db.query<{ device_id: string; tenant_id: string; mavlink_system_id: number }>(
      "select device_id, tenant_id, mavlink_system_id from devices where kind = 'vehicle' order by mavlink_system_id",
    )
    expect(rows.map((r) => [r.device_id, Number(r.mavlink_system_id)])).toEqual(seededVehicles.map((s) => [s.device_id, s.system_id]))
    for (const tenant of ['alpha', 'bravo', 'charlie']) expect(rows.filter((r) => r.tenant_id === tenant)).toHaveLength(4)
    const cameras = await db.query('select video_id, device_id from videos where device_id is not null order by video_id')
    expect(cameras).toEqual([
      { video_id: 'alpha-bow', device_id: 'alpha-usv-1' },
      { video_id: 'alpha-mast', device_id: 'alpha-usv-1' },
      { video_id: 'alpha-stern', device_id: 'alpha-usv-1' },
      { video_id: 'bravo-rov', device_id: 'bravo-rov-1' },
      { video_id: 'charlie-drone', device_id: 'charlie-uav-1' },
    ])
  })

  it('migration 5 gives data seeded before it the same vehicles', async () => {
    const old = await createPgliteDatabase()
    try {
      await old.exec(
        'create table if not exists schema_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())',
      )
      // Apply 1–4, seed the devices as they were then, then migrate the rest.
      for (const m of migrations.filter((m) => m.id < 5)) {
        for (const statement of m.sql
          .split(/;\s*\n/)
          .map((s) => s.trim())
          .filter(Boolean))
          await old.query(statement)
        await old.query('insert into schema_migrations (id, name) values ($1, $2)', [m.id, m.name])
      }
      await old.query("insert into tenants (tenant_id, name) values ('alpha', 'A'), ('bravo', 'B'), ('charlie', 'C'), ('delta', 'D')")
      await old.query(
        `insert into devices (device_id, tenant_id, name, kind) values ('alpha-usv-1', 'alpha', 'USV Kahu', 'vehicle'),
         ('bravo-rov-1', 'bravo', 'ROV Mano', 'vehicle'), ('charlie-uav-1', 'charlie', 'Drone Iwa', 'vehicle')`,
      )
      await old.query(
        "insert into videos (video_id, tenant_id, name, source) values ('alpha-bow', 'alpha', 'Bow', '/media/alpha/alpha-bow/index.m3u8')",
      )
      expect(await migrate(old)).toEqual([5, ...migrations.filter((m) => m.id > 5).map((m) => m.id)])
      const rows = await old.query<{ device_id: string; mavlink_system_id: number }>(
        'select device_id, mavlink_system_id from devices where mavlink_system_id is not null order by mavlink_system_id',
      )
      expect(rows.map((r) => r.device_id)).toEqual(seededVehicles.map((s) => s.device_id))
      expect(await old.query('select device_id from videos')).toEqual([{ device_id: 'alpha-usv-1' }])
      // A stream names a vehicle of its own tenant only; deleting the vehicle keeps the stream.
      await expect(old.query("update videos set device_id = 'bravo-rov-1' where video_id = 'alpha-bow'")).rejects.toThrow(/videos_device/)
      await old.query("delete from devices where device_id = 'alpha-usv-1'")
      expect(await old.query('select video_id, device_id from videos')).toEqual([{ video_id: 'alpha-bow', device_id: null }])
    } finally {
      await old.close()
    }
  })
})

describe('MAVLink 2 over UDP', () => {
  it("maps a bound system id's packets to its device and tenant", async () => {
    const kahu = new MavLinkProtocolV2(1, 1)
    const heartbeat = new minimal.Heartbeat()
    heartbeat.type = minimal.MavType.SURFACE_BOAT
    heartbeat.autopilot = minimal.MavAutopilot.ARDUPILOTMEGA
    heartbeat.baseMode = minimal.MavModeFlag.CUSTOM_MODE_ENABLED | minimal.MavModeFlag.SAFETY_ARMED
    heartbeat.customMode = 10
    const before = telemetry.counters().published
    await send(Buffer.concat([kahu.serialize(heartbeat, 0), kahu.serialize(position(21.3, -157.87), 1)]))
    await until(() => telemetry.counters().published > before)
    const state = published.at(-1)!
    expect(state).toMatchObject({
      deviceId: 'alpha-usv-1',
      tenantId: 'alpha',
      systemId: 1,
      mode: 'AUTO',
      armed: true,
      position: { lat: 21.3, lon: -157.87, altitudeM: 3 },
      headingDeg: 90,
      link: { quality: 100 },
    })
    // What goes to the hub is valid for the live channel's schema.
    expect(parseVehiclesEventData({ vehicles: [state] })).toMatchObject({ ok: true })
  })

  it('counts and drops an unknown system id', async () => {
    const stranger = new MavLinkProtocolV2(200, 1)
    const before = telemetry.counters()
    const count = published.length
    await send(stranger.serialize(position(1, 1), 0))
    await until(() => telemetry.counters().unknownSystem > before.unknownSystem)
    expect(telemetry.counters()).toMatchObject({ unknownSystem: before.unknownSystem + 1, published: before.published })
    expect(published.length).toBe(count)
  })

  it('counts malformed datagrams and keeps going', async () => {
    const before = telemetry.counters()
    const good = new MavLinkProtocolV2(2, 1).serialize(position(21.31, -157.86), 0)
    const bad = Buffer.from(good)
    bad[bad.length - 1] = bad[bad.length - 1]! ^ 0xff
    await send(bad)
    await send(Buffer.from([0xfd, 0xff, 0xff]))
    await send(Buffer.alloc(2000, 0xfd))
    await send(good)
    await until(() => telemetry.counters().published > before.published)
    expect(telemetry.counters().malformed).toBeGreaterThanOrEqual(before.malformed + 3)
    expect(published.at(-1)).toMatchObject({ deviceId: 'alpha-usv-2', position: { lat: 21.31 } })
  })

  it('drops a stopped vehicle until it is resumed (the test control)', async () => {
    const pueo = new MavLinkProtocolV2(3, 1)
    telemetry.setStopped('alpha-usv-3', true)
    const before = telemetry.counters()
    await send(pueo.serialize(position(21.32, -157.85), 0))
    await until(() => telemetry.counters().stopped > before.stopped)
    expect(telemetry.counters().published).toBe(before.published)
    telemetry.setStopped('alpha-usv-3', false)
    await send(pueo.serialize(position(21.32, -157.85), 1))
    await until(() => telemetry.counters().published > before.published)
    expect(published.at(-1)).toMatchObject({ deviceId: 'alpha-usv-3' })
  })

  it('the simulator flies every seeded vehicle to its own tenant, near its site', async () => {
    const seen = new Map<string, VehicleTelemetry>()
    const from = published.length
    const simulator = await startSimulator({ vehicles: seededVehicles, target: { host: '127.0.0.1', port: telemetry.mavlink!.port }, rateHz: 10 })
    try {
      // The link-loss vehicles are heard at the start of their cycle, so every vehicle reports.
      await until(() => {
        for (const s of published.slice(from)) if (s.position && s.battery && s.gps) seen.set(s.deviceId, s)
        return seen.size === seededVehicles.length
      })
    } finally {
      await simulator.close()
    }
    const sites = { alpha: [21.295, -157.875], bravo: [-36.835, 174.785], charlie: [54.36, 10.17] } as const
    for (const vehicle of seededVehicles) {
      const state = seen.get(vehicle.device_id)!
      expect(state).toMatchObject({ tenantId: vehicle.tenant_id, systemId: vehicle.system_id })
      const [lat, lon] = sites[vehicle.tenant_id]
      expect(Math.abs(state.position!.lat - lat)).toBeLessThan(0.02)
      expect(Math.abs(state.position!.lon - lon)).toBeLessThan(0.02)
      if (vehicle.pattern === 'low-battery') expect(state.battery!.remainingPct).toBeLessThan(20)
      if (vehicle.pattern === 'parked') expect(state).toMatchObject({ armed: false, groundSpeedMs: 0 })
      if (vehicle.pattern === 'route') expect(state).toMatchObject({ armed: true, mode: 'AUTO' })
    }
  })
})

describe('JSON ingest tokens', () => {
  it('are stored hashed and name their own device only', async () => {
    const kahu = await issueIngestToken(db, 'alpha-usv-1')
    const mano = await issueIngestToken(db, 'bravo-rov-1')
    const rows = await db.query<{ token_hash: string }>('select token_hash from device_ingest_tokens')
    expect(rows.map((r) => r.token_hash)).not.toContain(kahu)
    expect(await deviceOfIngestToken(db, kahu)).toEqual({ deviceId: 'alpha-usv-1', tenantId: 'alpha' })
    expect(await deviceOfIngestToken(db, mano)).toEqual({ deviceId: 'bravo-rov-1', tenantId: 'bravo' })
    expect(await deviceOfIngestToken(db, `${kahu}x`)).toBeUndefined()
    // A new token replaces the old one.
    await issueIngestToken(db, 'alpha-usv-1')
    expect(await deviceOfIngestToken(db, kahu)).toBeUndefined()
  })
})
