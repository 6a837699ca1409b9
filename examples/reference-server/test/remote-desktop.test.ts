import { execFile, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlTopic, REMOTE_DESKTOP_CLOSE, type ControlEventData } from '@honu/core/live'
import type { RunningServer } from '../src/start-server'
import { DEMO_PASSWORD } from '../src/seed'
import { signIn } from './auth-emulator'
import { handshake, keyEvent, openDesktop, pointerEvent, updateRequest, type DesktopViewer } from './desktop-socket'
import { openAuthenticatedLive, subscribe, type LiveTestSocket } from './live-socket'
import { raw, startTestServer } from './test-server'
import { HAVE_XTIGERVNC, startDesktop, type TestDesktop } from './vnc-desktop'

// The remote-desktop bridge (issue 24) against a real VNC server (Debian's Xtigervnc, VNC authentication, started
// here), real emulator tokens and real WebSockets; what reaches the desktop is read back on its own display with
// xdotool and xev.
const run = promisify(execFile)
const DEVICE = 'bravo-ra-1'
const PASSWORD = 'desk-pass'
let server: RunningServer
let desktop: TestDesktop

if (!HAVE_XTIGERVNC) throw new Error('Xtigervnc is not installed: apt-get install tigervnc-standalone-server xdotool x11-utils (.ci/run does)')

beforeAll(async () => {
  desktop = await startDesktop(PASSWORD)
  server = await startTestServer({
    revocationCheckSeconds: 1,
    desktop: { allowedHosts: ['127.0.0.1', '::1', 'localhost'], idleMs: 60_000, sessionLimitMs: 60_000 },
    controlIdleMs: 60_000,
  })
  // Registered as an admin does it (PATCH /api/v1/devices/{id}); the password is written, never read back.
  const registered = await raw(server, 'PATCH', `/api/v1/devices/${DEVICE}?tenant_id=bravo`, {
    token: await tokenOf('bea@honu.test'),
    body: JSON.stringify({ desktop: { host: '127.0.0.1', port: desktop.port, password: PASSWORD } }),
  })
  expect(registered.body).toMatchObject({ desktop: { host: '127.0.0.1', port: desktop.port, has_password: true } })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await desktop?.close()
})

const tokenOf = (email: string) => signIn(email, DEMO_PASSWORD)

async function setEndpoint(deviceId: string, host: string | null, port: number | null, password: string | null) {
  await server.db.query('update devices set vnc_host = $2, vnc_port = $3, vnc_password = $4 where device_id = $1', [deviceId, host, port, password])
}

/** A viewer through the bridge, handshaken: the desktop's size and name. */
async function view(email: string, deviceId = DEVICE) {
  const viewer = await openDesktop(server.url, deviceId, { token: await tokenOf(email) })
  const init = await handshake(viewer)
  expect(viewer.texts[0]).toMatchObject({ type: 'ready' })
  return { viewer, init }
}

async function mouseAt(): Promise<{ x: number; y: number }> {
  const { stdout } = await run('xdotool', ['getmouselocation', '--shell'], { env: desktop.env })
  return { x: Number(/X=(\d+)/.exec(stdout)![1]), y: Number(/Y=(\d+)/.exec(stdout)![1]) }
}

/** Moves the pointer through the bridge: the desktop's pointer gets there (polled: the X server takes its time). */
async function pointerReaches(viewer: DesktopViewer, x: number, y: number) {
  viewer.send(pointerEvent(x, y))
  await expect.poll(mouseAt, { timeout: 10_000 }).toEqual({ x, y })
}

/** Moves the pointer through the bridge: half a second later the desktop's pointer is still where it was. */
async function pointerIgnored(viewer: DesktopViewer, x: number, y: number) {
  const before = await mouseAt()
  viewer.send(pointerEvent(x, y))
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(await mouseAt()).toEqual(before)
}

async function controlOf(live: LiveTestSocket, match: (data: ControlEventData['leases'][number]) => boolean) {
  const message = await live.next((m) => m.type === 'event' && m.topic === controlTopic('bravo') && (m.data as ControlEventData).leases.some(match))
  return (message as { data: ControlEventData }).data.leases.find(match)!
}

async function auditActions(deviceId: string): Promise<string[]> {
  const rows = await server.db.query<{ action: string }>(
    "select action from audit_entries where resource_type = 'device' and resource_id = $1 order by id",
    [deviceId],
  )
  return rows.map((r) => r.action)
}

describe('the remote-desktop bridge', () => {
  it('shows the device’s desktop, answering its password itself; a framebuffer update comes through', async () => {
    const { viewer, init } = await view('bea@honu.test')
    expect(init).toMatchObject({ width: 800, height: 600 })
    viewer.send(updateRequest(init.width, init.height))
    expect((await viewer.bytes.read(1))[0]).toBe(0) // FramebufferUpdate
    viewer.close()
    await viewer.closed
  })

  it('lets input through only from the holder of the control lease; a hand-off moves it; a reader never gets it', async () => {
    const bea = await view('bea@honu.test') // admin of Bravo
    const cora = await view('cora@honu.test') // controller in Bravo
    const ada = await view('ada@honu.test') // reader in Bravo
    const beaLive = await openAuthenticatedLive(server.url, await tokenOf('bea@honu.test'))
    const coraLive = await openAuthenticatedLive(server.url, await tokenOf('cora@honu.test'))
    const adaLive = await openAuthenticatedLive(server.url, await tokenOf('ada@honu.test'))
    await subscribe(adaLive, controlTopic('bravo'))
    // Everyone connected is seen by everyone.
    const seen = await controlOf(adaLive, (d) => d.deviceId === DEVICE && d.viewers.length === 3)
    expect(seen.viewers.map((v) => v.name).sort()).toEqual(['Ada Admin', 'Bea Admin', 'Cora Controller'])

    // Nobody holds control: nobody's pointer moves the desktop's.
    await pointerIgnored(cora.viewer, 101, 102)

    // Cora asks for it and gets it; her pointer now moves the desktop's, Bea's does not.
    coraLive.send({ type: 'control', tenantId: 'bravo', deviceId: DEVICE, action: 'request' })
    expect(await coraLive.next((m) => m.type === 'control-result')).toMatchObject({ ok: true, action: 'request' })
    const held = await controlOf(adaLive, (d) => d.deviceId === DEVICE && d.holder?.name === 'Cora Controller')
    expect(held.since).toBeGreaterThan(Date.now() - 10_000)
    await pointerReaches(cora.viewer, 120, 130)
    await pointerIgnored(bea.viewer, 300, 310)

    // Ada is a reader: refused, and it is in the audit trail.
    adaLive.send({ type: 'control', tenantId: 'bravo', deviceId: DEVICE, action: 'request' })
    expect(await adaLive.next((m) => m.type === 'control-result')).toMatchObject({ ok: false, code: 'forbidden' })
    await pointerIgnored(ada.viewer, 400, 410)

    // Bea (an admin) asks while Cora holds: she waits, Cora sees the request and hands over by releasing.
    beaLive.send({ type: 'control', tenantId: 'bravo', deviceId: DEVICE, action: 'request' })
    await controlOf(adaLive, (d) => d.deviceId === DEVICE && d.requests.some((r) => r.name === 'Bea Admin'))
    coraLive.send({ type: 'control', tenantId: 'bravo', deviceId: DEVICE, action: 'release' })
    await controlOf(adaLive, (d) => d.deviceId === DEVICE && d.holder?.name === 'Bea Admin' && d.requests.length === 0)
    await pointerReaches(bea.viewer, 200, 210)
    await pointerIgnored(cora.viewer, 50, 60)

    // Keys too: what Bea types reaches the desktop (xev on its root window), what Cora types does not.
    const xev = spawn('xev', ['-root', '-event', 'keyboard'], { env: desktop.env })
    let keys = ''
    xev.stdout.on('data', (chunk) => (keys += String(chunk)))
    const press = (viewer: DesktopViewer, keysym: number) => viewer.send(Buffer.concat([keyEvent(keysym, true), keyEvent(keysym, false)]))
    // xev listens once it has started: Bea presses b until it shows (c from Cora before and after).
    press(cora.viewer, 0x63)
    await expect
      .poll(
        () => {
          press(bea.viewer, 0x62)
          return keys
        },
        { timeout: 10_000 },
      )
      .toContain('keysym 0x62, b')
    press(cora.viewer, 0x63)
    await new Promise((resolve) => setTimeout(resolve, 500))
    xev.kill()
    expect(keys).not.toContain('keysym 0x63, c')

    // Cora (a controller) may not take control over from an admin.
    coraLive.send({ type: 'control', tenantId: 'bravo', deviceId: DEVICE, action: 'take' })
    expect(await coraLive.next((m) => m.type === 'control-result' && m.action === 'take')).toMatchObject({ ok: false, code: 'forbidden' })

    expect(await auditActions(DEVICE)).toEqual(
      expect.arrayContaining(['desktop.connect', 'control.grant', 'control.refuse', 'control.request', 'control.handoff']),
    )
    for (const s of [bea.viewer, cora.viewer, ada.viewer, beaLive, coraLive, adaLive]) s.close()
    await bea.viewer.closed
    await expect.poll(() => auditActions(DEVICE), { timeout: 5_000 }).toContain('desktop.disconnect')
  })

  it('refuses another tenant’s device exactly like one that does not exist, and a device that is no desktop', async () => {
    const token = await tokenOf('remy@honu.test') // reader in Alpha only
    for (const deviceId of [DEVICE, 'no-such-device', 'alpha-usv-1']) {
      const viewer = await openDesktop(server.url, deviceId, { token })
      expect(await viewer.closed).toEqual({ code: REMOTE_DESKTOP_CLOSE.notFound, reason: 'No such remote-access device.' })
      expect(viewer.texts).toEqual([])
    }
  })

  it('dials only the registered endpoint inside the allowed hosts: never the device’s address, nothing the viewer names', async () => {
    const token = await tokenOf('bea@honu.test')
    // bravo-ra-2 has a network address (10.201.0.10) but no desktop endpoint: unreachable, nothing dialled.
    const none = await openDesktop(server.url, 'bravo-ra-2', { token })
    expect((await none.closed).code).toBe(REMOTE_DESKTOP_CLOSE.unreachable)
    // An endpoint outside HONU_VNC_ALLOWED_HOSTS (written past the admin route's check) is not dialled either.
    await setEndpoint('bravo-ra-3', '10.0.0.5', 5900, null)
    const outside = await openDesktop(server.url, 'bravo-ra-3', { token })
    expect((await outside.closed).code).toBe(REMOTE_DESKTOP_CLOSE.unreachable)
    // The route takes no query, so an address cannot even be offered in the URL.
    const response = await fetch(`${server.url}/api/v1/devices/${DEVICE}/desktop?host=10.0.0.5&port=22`)
    expect(response.status).toBe(400)
    const rows = await server.db.query<{ after: { reason: string } }>(
      "select after from audit_entries where action = 'desktop.refuse' and resource_id in ('bravo-ra-2', 'bravo-ra-3') order by id",
    )
    expect(rows.map((r) => r.after.reason)).toEqual([
      'The device has no desktop endpoint.',
      'The desktop host 10.0.0.5 is outside the hosts this server may reach (HONU_VNC_ALLOWED_HOSTS).',
    ])
  })

  it('closes 4401 without a valid token, or with RFB before the auth frame', async () => {
    const forged = await openDesktop(server.url, DEVICE, { token: 'not.a.token' })
    expect((await forged.closed).code).toBe(REMOTE_DESKTOP_CLOSE.notAuthenticated)
    const binaryFirst = await openDesktop(server.url, DEVICE)
    binaryFirst.send(Buffer.from('RFB 003.008\n', 'latin1'))
    expect((await binaryFirst.closed).code).toBe(REMOTE_DESKTOP_CLOSE.notAuthenticated)
  })

  it('ends the session when the viewer’s role in the tenant is taken away', async () => {
    const email = `desk-${randomUUID()}@honu.test`
    const uid = await server.identity.ensureUser({ email, password: 'desk-pass-1' })
    await server.db.query('insert into users (uid, name, email, permissions) values ($1, $2, $3, $4)', [
      uid,
      'Desk',
      email,
      { bravo: ['controller'] },
    ])
    const viewer = await openDesktop(server.url, DEVICE, { token: await signIn(email, 'desk-pass-1') })
    await handshake(viewer)
    await server.db.query('update users set permissions = $2 where uid = $1', [uid, {}])
    expect((await viewer.closed).code).toBe(REMOTE_DESKTOP_CLOSE.revoked)
  })

  it('ends a session when an admin removes the device’s desktop', async () => {
    const { viewer } = await view('bea@honu.test')
    const token = await tokenOf('bea@honu.test')
    await raw(server, 'PATCH', `/api/v1/devices/${DEVICE}?tenant_id=bravo`, { token, body: JSON.stringify({ desktop: null }) })
    expect(await viewer.closed).toEqual({ code: REMOTE_DESKTOP_CLOSE.notFound, reason: 'The device or its desktop changed.' })
    const back = await raw(server, 'PATCH', `/api/v1/devices/${DEVICE}?tenant_id=bravo`, {
      token,
      body: JSON.stringify({ desktop: { host: '127.0.0.1', port: desktop.port, password: PASSWORD } }),
    })
    expect(back.status).toBe(200)
  })

  it('shows a desktop that went away as closed, and connects again once it is back', async () => {
    const { viewer } = await view('bea@honu.test')
    await desktop.stop()
    expect((await viewer.closed).code).toBe(REMOTE_DESKTOP_CLOSE.desktopClosed)
    const down = await openDesktop(server.url, DEVICE, { token: await tokenOf('bea@honu.test') })
    expect((await down.closed).code).toBe(REMOTE_DESKTOP_CLOSE.unreachable)
    await desktop.restart()
    const again = await view('bea@honu.test')
    expect(again.init.width).toBe(800)
    again.viewer.close()
  })
})

describe('the bridge’s limits', () => {
  let limited: RunningServer
  beforeAll(async () => {
    limited = await startTestServer({
      desktop: { allowedHosts: ['127.0.0.1'], idleMs: 1_500, sessionLimitMs: 4_000 },
    })
    await limited.db.query('update devices set vnc_host = $2, vnc_port = $3, vnc_password = $4 where device_id = $1', [
      DEVICE,
      '127.0.0.1',
      desktop.port,
      PASSWORD,
    ])
  })
  afterAll(async () => limited?.close())

  it('ends an idle session, and one that reached its absolute limit, each with its reason in the audit trail', async () => {
    const token = await tokenOf('bea@honu.test')
    const idle = await openDesktop(limited.url, DEVICE, { token })
    await handshake(idle)
    expect((await idle.closed).code).toBe(REMOTE_DESKTOP_CLOSE.idle)

    const busy = await openDesktop(limited.url, DEVICE, { token })
    await handshake(busy)
    // Input (a pointer move, dropped without control) keeps it from idling; the absolute limit still ends it.
    const keepAlive = setInterval(() => busy.send(pointerEvent(1, 1)), 500)
    const closed = await busy.closed
    clearInterval(keepAlive)
    expect(closed.code).toBe(REMOTE_DESKTOP_CLOSE.sessionLimit)
    // The disconnect entry is written after the close frame goes out: polled, not read once.
    const codes = async () => {
      const rows = await limited.db.query<{ after: { reason: string; code: number } }>(
        "select after from audit_entries where action = 'desktop.disconnect' and resource_id = $1 order by id",
        [DEVICE],
      )
      return rows.map((r) => r.after.code)
    }
    await expect.poll(codes, { timeout: 5_000 }).toEqual([REMOTE_DESKTOP_CLOSE.idle, REMOTE_DESKTOP_CLOSE.sessionLimit])
  })
})
