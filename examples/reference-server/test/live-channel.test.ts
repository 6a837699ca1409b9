import { randomUUID } from 'node:crypto'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_CLOSE, controlTopic, vehiclesTopic, type ServerMessage } from '@honu/core/live'

type ControlResult = Extract<ServerMessage, { type: 'control-result' }>
import type { RunningServer } from '../src/start-server'
import { DEMO_PASSWORD } from '../src/seed'
import { PROJECT_ID, signIn } from './auth-emulator'
import { openAuthenticatedLive, openLive, subscribe, telemetry, vehiclesOn } from './live-socket'
import { startTestServer } from './test-server'

// The live channel over real WebSockets (the `ws` client) against a real server and real emulator tokens.
let server: RunningServer
const admin = initializeApp({ projectId: PROJECT_ID }, `live-test-${randomUUID()}`)
const adminAuth = getAuth(admin)
const ORIGIN = 'http://127.0.0.1:5173'

beforeAll(async () => {
  // Every open socket is checked again every second (HONU_REVOCATION_CHECK_SECONDS=1).
  server = await startTestServer({ revocationCheckSeconds: 1, allowedOrigins: [ORIGIN] })
})
afterAll(async () => {
  await server.close()
  await deleteApp(admin)
})

const tokenOf = (email: string) => signIn(email, DEMO_PASSWORD)

/** A fresh console user (reader in alpha) with its own sign-in account, so disabling it touches nobody else. */
async function freshReader() {
  const email = `live-${randomUUID()}@honu.test`
  const uid = await server.identity.ensureUser({ email, password: 'live-pass-1' })
  await server.db.query('insert into users (uid, name, email, permissions) values ($1, $2, $3, $4)', [uid, 'Live', email, { alpha: ['reader'] }])
  return { uid, token: await signIn(email, 'live-pass-1') }
}

describe('the live channel', () => {
  it('delivers a tenant’s telemetry to its subscribers and refuses another tenant’s topic, existing or not', async () => {
    const remy = await openAuthenticatedLive(server.url, await tokenOf('remy@honu.test'), { origin: ORIGIN }) // reader in alpha
    const bea = await openAuthenticatedLive(server.url, await tokenOf('bea@honu.test')) // admin of bravo only
    expect(await subscribe(remy, vehiclesTopic('alpha'))).toEqual({ type: 'subscribed', topic: 'tenants/alpha/vehicles' })
    // The same answer for a tenant that exists and one that does not.
    expect(await subscribe(bea, vehiclesTopic('alpha'))).toEqual({ type: 'refused', topic: 'tenants/alpha/vehicles', code: 'forbidden' })
    expect(await subscribe(bea, vehiclesTopic('zulu'))).toEqual({ type: 'refused', topic: 'tenants/zulu/vehicles', code: 'forbidden' })
    expect(await subscribe(bea, 'tenants/alpha/chat/x')).toEqual({ type: 'refused', topic: 'tenants/alpha/chat/x', code: 'unknown-topic' })
    expect(await subscribe(bea, vehiclesTopic('bravo'))).toMatchObject({ type: 'subscribed' })

    const state = telemetry('alpha', 'alpha-live-test', { mode: 'AUTO', armed: true })
    server.hub.publish(state)
    server.hub.publish(telemetry('bravo', 'bravo-live-test'))
    await remy.next((m) => m.type === 'event' && JSON.stringify(m).includes('alpha-live-test'))
    await bea.next((m) => m.type === 'event' && JSON.stringify(m).includes('bravo-live-test'))
    expect(vehiclesOn(remy, vehiclesTopic('alpha')).at(-1)).toEqual(state)
    // Nothing of alpha ever reached bravo's admin, and nothing of bravo reached alpha's reader.
    expect(JSON.stringify(bea.messages)).not.toContain('alpha-live-test')
    expect(JSON.stringify(remy.messages)).not.toContain('bravo-live-test')

    // A later subscriber gets the snapshot first.
    const wes = await openAuthenticatedLive(server.url, await tokenOf('wes@honu.test'))
    await subscribe(wes, vehiclesTopic('alpha'))
    await wes.next((m) => m.type === 'event')
    expect(vehiclesOn(wes, vehiclesTopic('alpha'))).toContainEqual(state)
    for (const s of [remy, bea, wes]) s.close()
  })

  it('keeps control leases inside their tenant: another tenant’s control topic and devices are refused like missing ones', async () => {
    const ada = await openAuthenticatedLive(server.url, await tokenOf('ada@honu.test')) // admin of alpha, reader in bravo
    const bea = await openAuthenticatedLive(server.url, await tokenOf('bea@honu.test')) // admin of bravo only
    const remy = await openAuthenticatedLive(server.url, await tokenOf('remy@honu.test')) // reader in alpha
    expect(await subscribe(bea, controlTopic('alpha'))).toEqual({ type: 'refused', topic: 'tenants/alpha/control', code: 'forbidden' })
    expect(await subscribe(bea, controlTopic('zulu'))).toEqual({ type: 'refused', topic: 'tenants/zulu/control', code: 'forbidden' })
    expect(await subscribe(bea, controlTopic('bravo'))).toMatchObject({ type: 'subscribed' })
    expect(await subscribe(remy, controlTopic('alpha'))).toMatchObject({ type: 'subscribed' })

    // Bea, an admin, may not take or ask for alpha's device, neither under alpha nor by naming it under bravo:
    // the same answer as for a device that does not exist.
    const result = async (tenantId: string, deviceId: string, action: 'request' | 'take') => {
      bea.send({ type: 'control', tenantId, deviceId, action })
      const answer = await bea.next<ControlResult>(
        (m) => m.type === 'control-result' && m.tenantId === tenantId && m.deviceId === deviceId && m.action === action,
      )
      return { ok: answer.ok, code: answer.code }
    }
    for (const [tenantId, deviceId] of <[string, string][]>[
      ['alpha', 'alpha-ra-1'],
      ['bravo', 'alpha-ra-1'],
      ['bravo', 'no-such-device'],
      ['zulu', 'alpha-ra-1'],
    ]) {
      expect(await result(tenantId, deviceId, 'take')).toEqual({ ok: false, code: 'forbidden' })
      expect(await result(tenantId, deviceId, 'request')).toEqual({ ok: false, code: 'forbidden' })
    }

    // Ada takes alpha's desktop: alpha's reader sees who holds it; nothing of it reaches bravo's admin.
    ada.send({ type: 'control', tenantId: 'alpha', deviceId: 'alpha-ra-1', action: 'request' })
    expect(await ada.next((m) => m.type === 'control-result' && m.deviceId === 'alpha-ra-1')).toMatchObject({ ok: true })
    const seen = await remy.next<Extract<ServerMessage, { type: 'event' }>>(
      (m) =>
        m.type === 'event' &&
        m.topic === controlTopic('alpha') &&
        JSON.stringify(m.data).includes('"holder"') &&
        JSON.stringify(m.data).includes('alpha-ra-1'),
    )
    expect(JSON.stringify(seen.data)).toContain('demo-ada')
    // Bea's own request on her tenant's desktop is answered, so every frame sent before it has been answered too.
    expect(await result('bravo', 'bravo-ra-1', 'request')).toEqual({ ok: true, code: undefined })
    await bea.next((m) => m.type === 'event' && m.topic === controlTopic('bravo') && JSON.stringify(m.data).includes('bravo-ra-1'))
    // (Her own refused frames name alpha-ra-1 back to her; no event does.)
    const events = JSON.stringify(bea.messages.filter((m) => m.type === 'event'))
    expect(events).not.toContain('alpha-ra-1')
    expect(events).not.toContain('demo-ada')
    for (const s of [ada, bea, remy]) s.close()
  })

  it('closes with 4401 without a valid auth frame: a subscribe first, a bad token, not JSON', async () => {
    const early = await openLive(server.url)
    early.send({ type: 'subscribe', topic: vehiclesTopic('alpha') })
    expect((await early.closed).code).toBe(LIVE_CLOSE.notAuthenticated)

    const forged = await openLive(server.url)
    forged.send({ type: 'auth', token: 'not.a.token' })
    expect((await forged.closed).code).toBe(LIVE_CLOSE.notAuthenticated)

    const garbage = await openLive(server.url)
    garbage.send('hello')
    expect((await garbage.closed).code).toBe(LIVE_CLOSE.notAuthenticated)
  })

  it('closes with 4401 when no auth frame comes in time', async () => {
    const { createApp } = await import('../src/create-app')
    const app = await createApp({ db: server.db, identity: server.identity, liveAuthTimeoutMs: 200 })
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    const silent = await openLive(url)
    expect((await silent.closed).code).toBe(LIVE_CLOSE.notAuthenticated)
    await app.close()
  })

  it('answers a bad frame after auth with an error and keeps the socket', async () => {
    const remy = await openAuthenticatedLive(server.url, await tokenOf('remy@honu.test'))
    remy.send({ type: 'subscribe' })
    expect(await remy.next((m) => m.type === 'error')).toMatchObject({ type: 'error', code: 'bad-message' })
    expect(await subscribe(remy, vehiclesTopic('alpha'))).toMatchObject({ type: 'subscribed' })
    remy.close()
  })

  it('re-authenticates with a new token of the same account, and closes 4401 on another account', async () => {
    const remy = await openAuthenticatedLive(server.url, await tokenOf('remy@honu.test'))
    remy.messages.length = 0
    remy.send({ type: 'auth', token: await tokenOf('remy@honu.test') })
    expect(await remy.next((m) => m.type === 'ready')).toEqual({ type: 'ready', uid: 'demo-remy' })
    remy.send({ type: 'auth', token: await tokenOf('bea@honu.test') })
    expect((await remy.closed).code).toBe(LIVE_CLOSE.notAuthenticated)
  })

  it('closes a disabled account’s socket with 4403 at the next revocation check', async () => {
    const { uid, token } = await freshReader()
    const socket = await openAuthenticatedLive(server.url, token)
    await adminAuth.updateUser(uid, { disabled: true })
    expect((await socket.closed).code).toBe(LIVE_CLOSE.revoked)
  })

  it('closes a socket of an origin outside ALLOWED_ORIGINS with 1008', async () => {
    const socket = await openLive(server.url, { origin: 'https://evil.example' })
    expect((await socket.closed).code).toBe(LIVE_CLOSE.originNotAllowed)
  })

  it('answers a plain GET (no upgrade) with 401', async () => {
    const response = await fetch(`${server.url}/api/v1/live`)
    expect(response.status).toBe(401)
  })
})
