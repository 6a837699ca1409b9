import { createSocket, type Socket } from 'node:dgram'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { common, minimal, MavLinkProtocolV2 } from 'node-mavlink'
import type { VehicleTelemetry } from '@honu/core/live'
import { createPgliteDatabase } from '../src/db/create-pglite-database'
import type { Database } from '../src/db/database'
import { migrate } from '../src/db/migrate'
import { createMissionExecution } from '../src/missions/create-mission-execution'
import type { ExecutionSnapshot, ExecutionStatus } from '../src/missions/execution-machine'
import { createGroundLink, type GroundLink } from '../src/missions/ground-link'
import { readMessage } from '../src/missions/mavlink-messages'
import { waypoint, type MissionItem } from '../src/missions/mission-items'
import { seed, seededVehicles } from '../src/seed'
import type { AutopilotOptions } from '../src/simulator/simulated-autopilot'
import { specOf } from '../src/simulator/simulated-vehicle'
import { startSimulator } from '../src/simulator/simulator'
import { decodeDatagram } from '../src/telemetry/mavlink-decode'
import { startTelemetry, type RunningTelemetry } from '../src/telemetry/start-telemetry'

/**
 * The mission protocol end to end over real UDP: the server's ground link (on the telemetry ingest's socket, a seeded
 * PGlite database's bindings) uploads to and commands the simulator's autopilots, which fly the missions. Flights
 * are fast through the simulator's options (speed, tick rate, re-request interval) and the protocol's waits are
 * shortened; every message is still the real one. Waits are bounded by the test timeout, never timed.
 */
let db: Database
let telemetry: RunningTelemetry
let link: GroundLink
/** The latest telemetry state per device, as the hub would have it. */
const latest = new Map<string, VehicleTelemetry>()
/** Simulators, relays and fake vehicles each test started, closed after it. */
const cleanups: (() => Promise<void> | void)[] = []

beforeAll(async () => {
  db = await createPgliteDatabase()
  await migrate(db)
  await seed(db)
  telemetry = await startTelemetry({
    db,
    sink: { publish: (s) => latest.set(s.deviceId, s), beat: () => undefined },
    port: 0,
    host: '127.0.0.1',
    minPublishIntervalMs: 0,
  })
  link = createGroundLink({ transport: telemetry })
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(async () => {
  link.close()
  await telemetry.close()
  await db.close()
})

const FAST_PROTOCOL = { upload: { ackTimeoutMs: 400, maxRetries: 5, uploadTimeoutMs: 15_000 }, command: { ackTimeoutMs: 500, maxRetries: 3 } }
const FAST_AUTOPILOT: AutopilotOptions = { speedMs: 100, rerequestS: 0.2 }

/** Waits until `ready` holds (UDP and the flights are asynchronous; the test's timeout bounds the wait). */
async function until(ready: () => boolean) {
  while (!ready()) await new Promise((r) => setTimeout(r, 10))
}

const vehicleOf = (deviceId: string) => seededVehicles.find((v) => v.device_id === deviceId)!

/** Starts the simulator with one seeded vehicle (flying alone, so its circuit is centred on its tenant's site). */
async function simulate(deviceId: string, autopilot: AutopilotOptions = FAST_AUTOPILOT, port = telemetry.mavlink!.port) {
  const vehicle = vehicleOf(deviceId)
  const simulator = await startSimulator({ vehicles: [vehicle], target: { host: '127.0.0.1', port }, rateHz: 20, autopilot })
  cleanups.push(() => simulator.close())
  // Heard, with a HEARTBEAT saying which autopilot it is (what the mode commands need).
  await until(() => link.vehicle(vehicle.system_id)?.type !== undefined)
  return { simulator, spec: specOf(vehicle, 0) }
}

/** An execution whose every snapshot is recorded. */
function execute(systemId: number, items: readonly MissionItem[]) {
  const execution = createMissionExecution({ link, systemId, items, timing: FAST_PROTOCOL })
  cleanups.push(() => execution.dispose())
  const seen: ExecutionSnapshot[] = []
  execution.subscribe((s) => seen.push(s))
  /** The statuses it went through, in order. */
  const statuses = () => seen.map((s) => s.status).filter((status, i, all) => status !== all[i - 1])
  const reached = (status: ExecutionStatus) => () => execution.getSnapshot().status === status
  return { execution, seen, statuses, reached }
}

/** A point `northM`, `eastM` metres from `origin`. */
function offset(origin: { lat: number; lon: number }, northM: number, eastM: number) {
  return {
    lat: origin.lat + northM / 111_195,
    lon: origin.lon + eastM / (111_195 * Math.cos((origin.lat * Math.PI) / 180)),
  }
}

const near = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => Math.abs(a.lat - b.lat) < 1e-5 && Math.abs(a.lon - b.lon) < 1e-5

describe('a mission uploaded and flown over UDP', () => {
  it('uploads, arms, goes AUTO and flies every waypoint to completion, reporting each one reached', async () => {
    const { spec } = await simulate('alpha-usv-4')
    const points = [offset(spec.centre, 150, 0), offset(spec.centre, 150, 150), offset(spec.centre, 0, 150)]
    const items = points.map((p, i) => waypoint({ ...p, holdS: i === 1 ? 0.3 : 0 }))
    const { execution, seen, statuses, reached } = execute(4, items)

    const started = await execution.start()
    expect(started).toMatchObject({ status: 'running', uploadedItems: 3, step: undefined })
    await until(reached('completed'))

    expect(statuses()).toEqual(['uploading', 'running', 'completed'])
    expect(execution.getSnapshot()).toMatchObject({ status: 'completed', reachedItems: [0, 1, 2], currentItem: 2 })
    // The upload counted each item as the vehicle asked for it; the commands were each waited for.
    expect(seen.map((s) => s.uploadedItems).filter((n, i, all) => n !== all[i - 1])).toEqual([0, 1, 2, 3])
    expect(seen.map((s) => s.step).filter((s, i, all) => s && s !== all[i - 1])).toEqual(['upload', 'arm', 'auto'])
    // It really went there, and holds at the last waypoint (ArduPilot Rover's end of mission), still armed.
    await until(() => latest.get('alpha-usv-4')?.mode === 'HOLD')
    const state = latest.get('alpha-usv-4')!
    expect(near(state.position!, points[2]!)).toBe(true)
    expect(state).toMatchObject({ armed: true, groundSpeedMs: 0 })
  })

  it('still uploads when a MISSION_ITEM_INT is lost: the vehicle asks for it again', async () => {
    // A relay between server and simulator that drops the first MISSION_ITEM_INT of item 1 once.
    const toVehicle = await bind()
    const toServer = await bind()
    let simulatorAt: { address: string; port: number } | undefined
    let dropped = 0
    const requests: number[] = []
    toVehicle.on('message', (datagram, from) => {
      simulatorAt = { address: from.address, port: from.port }
      for (const message of messagesIn(datagram)) if (message instanceof common.MissionRequestInt) requests.push(message.seq)
      toServer.send(datagram, telemetry.mavlink!.port, '127.0.0.1')
    })
    toServer.on('message', (datagram) => {
      if (dropped === 0 && messagesIn(datagram).some((m) => m instanceof common.MissionItemInt && m.seq === 1)) {
        dropped += 1
        return
      }
      if (simulatorAt) toVehicle.send(datagram, simulatorAt.port, simulatorAt.address)
    })
    const { spec } = await simulate('bravo-usv-4', FAST_AUTOPILOT, toVehicle.address().port)
    const items = [offset(spec.centre, 100, 0), offset(spec.centre, 100, 100), offset(spec.centre, 0, 100)].map((p) => waypoint(p))
    // The ground station waits longer than the vehicle's re-request, so the vehicle's re-request is what recovers.
    const execution = createMissionExecution({ link, systemId: 14, items, timing: { ...FAST_PROTOCOL, upload: { ackTimeoutMs: 1500 } } })
    cleanups.push(() => execution.dispose())

    const started = await execution.start()
    expect(started).toMatchObject({ status: 'running', uploadedItems: 3 })
    expect(dropped).toBe(1)
    expect(requests.filter((seq) => seq === 1).length).toBeGreaterThanOrEqual(2)
    expect(requests).toContain(0)
    expect(requests).toContain(2)
  })

  it('fails with the reason when the vehicle refuses the mission: too many items (MAV_MISSION_NO_SPACE)', async () => {
    await simulate('alpha-usv-1', { ...FAST_AUTOPILOT, maxItems: 2 })
    const { execution, statuses } = execute(1, [
      waypoint({ lat: 21.3, lon: -157.87 }),
      waypoint({ lat: 21.301, lon: -157.87 }),
      waypoint({ lat: 21.302, lon: -157.87 }),
    ])
    const ended = await execution.start()
    expect(ended).toMatchObject({ status: 'failed', failure: 'mission-refused' })
    expect(ended.reason).toBe(
      'The vehicle refused the mission: more items than it has room for (MAV_MISSION_NO_SPACE). It said: "Only 2 items are supported".',
    )
    expect(statuses()).toEqual(['uploading', 'failed'])
    // Nothing was commanded: the vehicle goes on with its circuit.
    expect(latest.get('alpha-usv-1')).toMatchObject({ mode: 'AUTO', armed: true })
  })

  it('fails with the reason when the vehicle refuses an item: a frame it does not fly (MAV_MISSION_UNSUPPORTED_FRAME)', async () => {
    await simulate('charlie-uav-3')
    const local: MissionItem = { command: common.MavCmd.NAV_WAYPOINT, frame: common.MavFrame.LOCAL_NED, x: 10, y: 10, z: -5 }
    const { execution } = execute(23, [waypoint({ lat: 54.36, lon: 10.17, altitudeM: 20 }), local])
    const ended = await execution.start()
    expect(ended).toMatchObject({ status: 'failed', failure: 'mission-refused', uploadedItems: 2 })
    expect(ended.reason).toBe(
      'The vehicle refused the mission at item 1: a coordinate frame it does not support (MAV_MISSION_UNSUPPORTED_FRAME). It said: "Item 1: frame 1 not supported".',
    )
  })

  it('pauses (the vehicle holds where it is) and resumes (it flies on to completion)', async () => {
    const { spec } = await simulate('bravo-usv-3', { ...FAST_AUTOPILOT, speedMs: 80 })
    const items = [offset(spec.centre, 400, 0), offset(spec.centre, 400, 200)].map((p) => waypoint(p))
    const { execution, statuses, reached } = execute(13, items)
    await execution.start()
    await until(() => (latest.get('bravo-usv-3')?.groundSpeedMs ?? 0) > 0)

    await execution.pause()
    expect(execution.getSnapshot()).toMatchObject({ status: 'paused', step: undefined })
    await until(() => latest.get('bravo-usv-3')?.mode === 'HOLD' && latest.get('bravo-usv-3')?.groundSpeedMs === 0)
    const held = latest.get('bravo-usv-3')!.position!
    await new Promise((r) => setTimeout(r, 300))
    expect(latest.get('bravo-usv-3')!.position).toEqual(held)
    await expect(execution.pause()).rejects.toMatchObject({ code: 'execution/not-allowed' })

    await execution.resume()
    expect(execution.getSnapshot().status).toBe('running')
    await until(reached('completed'))
    expect(statuses()).toEqual(['uploading', 'running', 'paused', 'running', 'completed'])
    expect(execution.getSnapshot().reachedItems).toEqual([0, 1])
  })

  it('aborts: the vehicle returns to where it armed and disarms there', async () => {
    const { spec } = await simulate('charlie-uav-4', { ...FAST_AUTOPILOT, speedMs: 30 })
    const home = { ...latest.get('charlie-uav-4')!.position! }
    const items = [waypoint({ ...offset(spec.centre, 600, 0), altitudeM: 40 })]
    const { execution, statuses } = execute(24, items)
    await execution.start()
    await until(() => (latest.get('charlie-uav-4')?.position?.altitudeM ?? 0) > 5)

    await execution.abort('Aborted by Cora.')
    expect(execution.getSnapshot()).toMatchObject({
      status: 'aborted',
      abortAction: 'return',
      reason: 'Aborted by Cora. The vehicle returns to its launch point and disarms there.',
    })
    expect(statuses()).toEqual(['uploading', 'running', 'aborted'])
    await until(() => latest.get('charlie-uav-4')?.armed === false)
    const state = latest.get('charlie-uav-4')!
    expect(near(state.position!, home)).toBe(true)
    expect(state.position!.altitudeM).toBe(0)
    await expect(execution.resume()).rejects.toMatchObject({ code: 'execution/not-allowed' })
  })

  it('aborts a vehicle that cannot return (ArduSub has no RTL) by holding it where it is', async () => {
    const { spec } = await simulate('bravo-rov-1', { ...FAST_AUTOPILOT, speedMs: 20 })
    const { execution } = execute(11, [waypoint({ ...offset(spec.centre, 500, 0), altitudeM: -10 })])
    await execution.start()
    await execution.abort()
    expect(execution.getSnapshot()).toMatchObject({
      status: 'aborted',
      abortAction: 'hold',
      reason:
        'Aborted by the operator. The vehicle refused MAV_CMD_NAV_RETURN_TO_LAUNCH: MAV_RESULT_UNSUPPORTED. The vehicle holds its position instead, still armed.',
    })
    await until(() => latest.get('bravo-rov-1')?.mode === 'POSHOLD')
  })

  it('times out with the reason when the vehicle never answers the mission protocol', async () => {
    // A vehicle that sends heartbeats (so the server knows where it is) and ignores everything it is sent.
    const mute = await bind()
    const heard: number[] = []
    mute.on('message', (datagram) => {
      for (const message of messagesIn(datagram)) if (message instanceof common.MissionCount) heard.push(message.count)
    })
    const protocol = new MavLinkProtocolV2(3, 1)
    let seq = 0
    const beat = () => {
      const heartbeat = new minimal.Heartbeat()
      heartbeat.type = minimal.MavType.SURFACE_BOAT
      heartbeat.autopilot = minimal.MavAutopilot.ARDUPILOTMEGA
      heartbeat.baseMode = minimal.MavModeFlag.CUSTOM_MODE_ENABLED
      mute.send(protocol.serialize(heartbeat, seq++ % 256), telemetry.mavlink!.port, '127.0.0.1')
    }
    beat()
    const timer = setInterval(beat, 100)
    cleanups.push(() => clearInterval(timer))
    await until(() => link.vehicle(3) !== undefined)

    const execution = createMissionExecution({
      link,
      systemId: 3,
      items: [waypoint({ lat: 21.3, lon: -157.87 })],
      timing: { upload: { ackTimeoutMs: 150, maxRetries: 2 } },
    })
    cleanups.push(() => execution.dispose())
    const ended = await execution.start()
    expect(ended).toMatchObject({
      status: 'failed',
      failure: 'upload-timeout',
      reason: 'The vehicle did not answer MISSION_COUNT: no MISSION_REQUEST_INT after 3 tries in 0.45 s.',
    })
    // MISSION_COUNT went out three times (the first and two retries), to the address the heartbeats came from.
    expect(heard).toEqual([1, 1, 1])
  })
})

/** A UDP socket on a free loopback port, closed after the test. */
async function bind(): Promise<Socket> {
  const socket = createSocket('udp4')
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise<void>((resolve) => socket.close(() => resolve())))
  return socket
}

/** The mission-protocol messages of a datagram. */
function messagesIn(datagram: Buffer) {
  return decodeDatagram(datagram).packets.flatMap((p) => readMessage(p.raw, p.msgId) ?? [])
}
