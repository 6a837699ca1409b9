import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { WebSocket } from 'ws'
import { devicesTopic, LIVE_CLOSE, vehiclesTopic, type DevicePresence, type ServerMessage, type VehicleTelemetry } from '@honu/core/live'
import type { Identity } from '../src/auth/identity'
import { readConfig } from '../src/config'
import { createApp } from '../src/create-app'
import { LiveSession, LOW_WATER_BYTES, type LiveSessionContext } from '../src/live/live-session'
import { DEMO_PASSWORD } from '../src/seed'
import { startServer, type RunningServer } from '../src/start-server'
import { EMULATOR_HOST, signIn } from './auth-emulator'
import { openAuthenticatedLive, subscribe, telemetry, vehiclesOn } from './live-socket'
import { startTestServer } from './test-server'

// Back-pressure, shutdown and several processes, over real sockets against real servers.
let server: RunningServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const turn = () => new Promise((resolve) => setImmediate(resolve))

/** A socket at the session's boundary: the test sets how full its send buffer is and reads what was sent. */
class BufferSocket extends EventEmitter {
  bufferedAmount = 0
  readonly sent: ServerMessage[] = []
  send(data: string) {
    this.sent.push(JSON.parse(data) as ServerMessage)
  }
  close() {
    this.emit('close')
  }
  receive(frame: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(frame)), false)
  }
}

describe('back-pressure', () => {
  it('holds only the newest state per vehicle while the send buffer is full, and sends exactly those when it drains', async () => {
    // One session, its socket and its hub at the unit boundary, on the seeded database: no kernel buffers to fill.
    const socket = new BufferSocket()
    let publish: (state: VehicleTelemetry) => void = () => undefined
    const context = {
      db: server.db,
      identity: { verify: async () => ({ uid: 'demo-remy' }) } as unknown as Identity,
      hub: {
        subscribe: (_tenantId: string, listener: (state: VehicleTelemetry) => void) => ((publish = listener), () => undefined),
        snapshot: () => [],
      },
      revocationCheckMs: 60_000,
      warn: () => undefined,
    } as unknown as LiveSessionContext
    const session = new LiveSession(socket as unknown as WebSocket, context)
    onTestFinished(() => session.close(1000, 'done'))
    socket.receive({ type: 'auth', token: 'remy' })
    await vi.waitFor(() => expect(socket.sent).toContainEqual({ type: 'ready', uid: 'demo-remy' }))
    const topic = vehiclesTopic('alpha')
    socket.receive({ type: 'subscribe', topic })
    await vi.waitFor(() => expect(socket.sent.at(-1)).toEqual({ type: 'event', topic, data: { vehicles: [] } }))
    const before = socket.sent.length

    // The client stopped reading: the buffer is full. A burst of 100 states per vehicle comes in meanwhile.
    socket.bufferedAmount = LOW_WATER_BYTES
    const devices = ['a', 'b', 'c']
    for (let round = 1; round <= 100; round++) for (const d of devices) publish(telemetry('alpha', d, { mode: String(round) }))
    await turn()
    expect(socket.sent.length - before).toBe(0)
    // One waiting state per vehicle, never a queue of them.
    expect(session.info().pending).toBe(devices.length)

    // The buffer drains: one delta with each vehicle's newest state, and nothing older.
    socket.bufferedAmount = 0
    await vi.waitFor(() => expect(socket.sent.length - before).toBe(1))
    const [delta] = socket.sent.slice(before)
    expect(delta).toMatchObject({ type: 'event', topic })
    const vehicles = (delta as { data: { vehicles: VehicleTelemetry[] } }).data.vehicles
    expect(vehicles.map((v) => `${v.deviceId}:${v.mode}`).sort()).toEqual(['a:100', 'b:100', 'c:100'])
    expect(session.info().pending).toBe(0)
  })

  it('keeps at most the latest state per vehicle for a client that does not read, then delivers the latest', async () => {
    // An app of its own on the same database, so the test can read its sockets' queues.
    const app = await createApp({ db: server.db, identity: server.identity })
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    const hub = { publish: (s: VehicleTelemetry) => app.liveHub.publish(s) }
    const slow = await openAuthenticatedLive(url, await signIn('remy@honu.test', DEMO_PASSWORD))
    await subscribe(slow, vehiclesTopic('alpha'))
    await slow.next((m) => m.type === 'event')
    // The client stops reading: the kernel's buffers fill, then the server's send buffer.
    slow.ws.pause()
    const devices = ['slow-1', 'slow-2', 'slow-3']
    const padding = 'x'.repeat(2000)
    let round = 0
    let most = { pending: 0, bufferedAmount: 0 }
    const publishRound = async () => {
      round++
      for (const d of devices) hub.publish(telemetry('alpha', d, { mode: `${round}:${padding}` }))
      await turn()
      const [info] = app.liveSessions()
      most = { pending: Math.max(most.pending, info!.pending), bufferedAmount: Math.max(most.bufferedAmount, info!.bufferedAmount) }
    }
    while (most.bufferedAmount < LOW_WATER_BYTES && round < 50_000) await publishRound()
    expect(most.bufferedAmount).toBeGreaterThanOrEqual(LOW_WATER_BYTES)
    const fullAt = round
    for (let i = 0; i < 500; i++) await publishRound()
    // Never more than one waiting state per vehicle, and the send buffer stops growing past one frame.
    expect(most.pending).toBeLessThanOrEqual(devices.length)
    expect(most.bufferedAmount).toBeLessThan(LOW_WATER_BYTES + 3 * (padding.length + 500))
    slow.ws.resume()
    const last = `${round}:${padding}`
    // A state of another vehicle, published after the burst: once it arrived, so did every state held before it
    // (the same topic, sent in order). Waiting for it rather than for the newest state makes a server that kept the
    // oldest one fail the assertion below, not the test's timeout.
    hub.publish(telemetry('alpha', 'slow-end', { mode: 'end' }))
    await slow.next((m) => m.type === 'event' && JSON.stringify(m).includes('"slow-end"'))
    // Each vehicle's newest state arrived; most of the 500 rounds published while full were never sent.
    const received = vehiclesOn(slow, vehiclesTopic('alpha'))
    for (const d of devices) expect(received.filter((v) => v.deviceId === d).at(-1)?.mode, d).toBe(last)
    expect(received.filter((v) => Number(v.mode?.split(':')[0]) > fullAt).length).toBeLessThan(500 * devices.length)
    slow.close()
    await app.close()
  })
})

describe('server stop', () => {
  it('closes open sockets with 1001', async () => {
    const app = await createApp({ db: server.db, identity: server.identity })
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    const socket = await openAuthenticatedLive(url, await signIn('remy@honu.test', DEMO_PASSWORD))
    await app.close()
    expect((await socket.closed).code).toBe(LIVE_CLOSE.goingAway)
  })

  it('is not held up by a client that does not read (its socket is dropped after a grace period)', async () => {
    const app = await createApp({ db: server.db, identity: server.identity })
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    const socket = await openAuthenticatedLive(url, await signIn('remy@honu.test', DEMO_PASSWORD))
    socket.ws.pause()
    // Without the grace period ws waits 30 s for the close handshake: longer than this test may take.
    await app.close()
    expect(app.websocketServer.clients.size).toBe(0)
    socket.ws.resume()
    await socket.closed
  })
})

/** Runs `src/main.ts` as a separate process on the given database; resolves with its address once it listens. */
function runMain(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@honu/source', 'src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    // No MAVLink port: the test publishes through the hub, and 14550 may be another server's.
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HONU_SEED: '0',
      HONU_AUTH_MODE: 'emulator',
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      PORT: '0',
      HONU_MAVLINK_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr.on('data', (chunk) => (output += String(chunk)))
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += String(chunk)
      const match = /listening on (http:\/\/[^\s,]+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.on('exit', (code) => reject(new Error(`the second server exited (${code}):\n${output}`)))
  })
  return { child, url }
}

describe('several server processes', () => {
  // On PostgreSQL (the server suite's PostgreSQL pass, DATABASE_URL set as for every server test) a second server
  // PROCESS on the same database delivers what this one publishes. On PGlite each server has its own database in
  // its own process: a second server shares nothing, so nothing of the first reaches its sockets.
  it('deliver each other’s telemetry on one PostgreSQL; on PGlite a second server stays apart', async () => {
    const token = await signIn('remy@honu.test', DEMO_PASSWORD)
    const adminUrl = process.env.DATABASE_URL
    if (adminUrl) {
      const name = `honu_live_${randomUUID().replace(/-/g, '')}`
      const admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      const first = await startServer({
        ...readConfig({}),
        port: 0,
        authMode: 'emulator',
        emulatorHost: EMULATOR_HOST,
        projectId: 'demo-honu',
        databaseUrl: url.toString(),
        mavlinkPort: undefined,
      })
      const second = runMain(url.toString())
      // Also when the test fails or times out: the second process and the database go.
      onTestFinished(async () => {
        if (second.child.exitCode === null && second.child.signalCode === null) {
          const exited = new Promise((resolve) => second.child.once('exit', resolve))
          second.child.kill('SIGTERM')
          await exited
        }
        await first.close()
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      })
      const there = await openAuthenticatedLive(await second.url, token)
      const here = await openAuthenticatedLive(first.url, token)
      await subscribe(there, vehiclesTopic('alpha'))
      await subscribe(here, vehiclesTopic('alpha'))
      await subscribe(there, devicesTopic('alpha'))
      const state = telemetry('alpha', 'across-processes', { mode: 'GUIDED' })
      first.hub.publish(state)
      await there.next((m) => m.type === 'event' && JSON.stringify(m).includes('across-processes'))
      await here.next((m) => m.type === 'event' && JSON.stringify(m).includes('across-processes'))
      expect(vehiclesOn(there, vehiclesTopic('alpha')).at(-1)).toEqual(state)
      // Delivered once per socket: this process does not also apply its own NOTIFY.
      expect(vehiclesOn(here, vehiclesTopic('alpha')).filter((v) => v.deviceId === 'across-processes')).toHaveLength(1)
      // Device presence too: the other process's devices topic has the vehicle online, and a heartbeat of a camera
      // told to this process's hub.
      const online = (deviceId: string) => (m: ServerMessage) =>
        m.type === 'event' &&
        m.topic === devicesTopic('alpha') &&
        (m.data as { devices: DevicePresence[] }).devices.some((d) => d.deviceId === deviceId && d.state === 'online')
      await there.next(online('across-processes'))
      first.hub.beat({ tenantId: 'alpha', deviceId: 'alpha-cam-1' })
      await there.next(online('alpha-cam-1'))
      // And the other way: a third server (its own pool, LISTEN connection and hub) publishes; both receive it.
      const third = await startServer({
        ...readConfig({}),
        port: 0,
        authMode: 'emulator',
        emulatorHost: EMULATOR_HOST,
        databaseUrl: url.toString(),
        seed: false,
        mavlinkPort: undefined,
      })
      onTestFinished(() => third.close())
      third.hub.publish(telemetry('alpha', 'from-the-third'))
      await here.next((m) => m.type === 'event' && JSON.stringify(m).includes('from-the-third'))
      await there.next((m) => m.type === 'event' && JSON.stringify(m).includes('from-the-third'))
      there.close()
      here.close()
    } else {
      const other = await startTestServer()
      onTestFinished(() => other.close())
      const there = await openAuthenticatedLive(other.url, token)
      const here = await openAuthenticatedLive(server.url, token)
      await subscribe(there, vehiclesTopic('alpha'))
      await subscribe(here, vehiclesTopic('alpha'))
      server.hub.publish(telemetry('alpha', 'stays-here'))
      other.hub.publish(telemetry('alpha', 'marker-there'))
      await here.next((m) => m.type === 'event' && JSON.stringify(m).includes('stays-here'))
      await there.next((m) => m.type === 'event' && JSON.stringify(m).includes('marker-there'))
      expect(JSON.stringify(there.messages)).not.toContain('stays-here')
      expect(JSON.stringify(here.messages)).not.toContain('marker-there')
      there.close()
      here.close()
    }
  })
})
