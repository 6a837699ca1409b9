import { randomUUID } from 'node:crypto'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { createConsoleClient, createTokenAuthAdapter, type ConsoleClient, type LiveSocket } from '@honu/core'
import { getLiveClient } from '@honu/core/live'
import { createMemoryStorage } from '@honu/core/testing'
import type { RunningServer } from '../src/start-server'
import { DEMO_PASSWORD } from '../src/seed'
import { PROJECT_ID, signIn } from './auth-emulator'
import { telemetry } from './live-socket'
import { startTestServer } from './test-server'

// The console's own live client (@honu/core/live, LIVE-CORE) against the real reference server's /api/v1/live:
// real WebSockets (the `ws` package stands in for the browser's WebSocket on Node 20), real emulator tokens, the
// real hub. The unit tests in packages/core/src/live drive the same controller with a fake socket.
let server: RunningServer
const admin = initializeApp({ projectId: PROJECT_ID }, `console-live-${randomUUID()}`)
const adminAuth = getAuth(admin)
const consoles: ConsoleClient[] = []
let port = 0

beforeAll(async () => {
  server = await startTestServer({ revocationCheckSeconds: 1 })
  port = Number(new URL(server.url).port)
})
afterAll(async () => {
  for (const client of consoles) client.stop()
  await server.close()
  await deleteApp(admin)
})

/** A console signed in as `email` through a host-owned token adapter (every forced refresh is a new sign-in). */
async function consoleAs(uid: string, email: string, password = DEMO_PASSWORD) {
  let token = await signIn(email, password)
  let tokensIssued = 1
  // Every frame the console sends, by type (read from the real socket's send).
  const sent: string[] = []
  let socketsOpened = 0
  const client = createConsoleClient({
    api: { baseUrl: server.url },
    auth: createTokenAuthAdapter({
      getUser: () => ({ uid, email }),
      getToken: async (options) => {
        if (options?.forceRefresh) {
          // The emulator signs tokens to the second: sign in until the token is a new one, as a real refresh gives.
          const previous = token
          for (let tries = 0; token === previous && tries < 40; tries += 1) {
            token = await signIn(email, password)
            if (token === previous) await new Promise((resolve) => setTimeout(resolve, 100))
          }
          tokensIssued += 1
        }
        return token
      },
      subscribe: () => () => undefined,
    }),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: () => undefined, error: () => undefined },
    createLiveSocket: (url) => {
      socketsOpened += 1
      const socket = new WebSocket(url)
      const send = socket.send.bind(socket)
      socket.send = ((data: string) => {
        sent.push((JSON.parse(data) as { type: string }).type)
        send(data)
      }) as typeof socket.send
      return socket as unknown as LiveSocket
    },
  })
  consoles.push(client)
  client.start()
  await vi.waitFor(() => expect(client.session.getState().status).toBe('authenticated'), { timeout: 10_000 })
  return { client, tokensIssued: () => tokensIssued, sent, socketsOpened: () => socketsOpened }
}

async function selectTenant(client: ConsoleClient, tenantId: string) {
  const tenants = await client.v1.listTenants()
  const record = tenants.find((tenant) => tenant.tenant_id === tenantId) ?? { tenant_id: tenantId, name: tenantId }
  client.tenant.getState().setTenant(record)
}

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 20 })

describe('the console live client against the reference server', () => {
  it('lists the tenant’s devices and receives only its own tenant’s vehicles, snapshot then deltas', async () => {
    const { client } = await consoleAs('demo-remy', 'remy@honu.test') // reader in alpha
    await selectTenant(client, 'alpha')
    const devices = await client.v1.listDevices('alpha')
    expect(devices.items.length).toBeGreaterThan(0)
    expect(devices.items.every((device) => device.tenant_id === 'alpha')).toBe(true)
    const vehicleId = devices.items.find((device) => device.kind === 'vehicle')?.device_id ?? 'alpha-live-client'

    server.hub.publish(telemetry('alpha', vehicleId, { mode: 'HOLD' }))
    const live = getLiveClient(client)
    const off = live.vehicles.subscribe(() => undefined)
    await waitFor(() => expect(live.connection.getSnapshot().status).toBe('open'))
    // The snapshot carries what the hub knew before the subscription.
    await waitFor(() => expect(live.vehicles.getSnapshot().vehicles[vehicleId]?.mode).toBe('HOLD'))
    expect(live.vehicles.getSnapshot()).toMatchObject({ tenantId: 'alpha', status: 'live' })

    server.hub.publish(telemetry('bravo', 'bravo-secret', { mode: 'AUTO' }))
    server.hub.publish(telemetry('alpha', vehicleId, { mode: 'AUTO', armed: true }))
    await waitFor(() => expect(live.vehicles.getSnapshot().vehicles[vehicleId]?.mode).toBe('AUTO'))
    expect(live.vehicles.getSnapshot().vehicles['bravo-secret']).toBeUndefined()
    expect(Object.values(live.vehicles.getSnapshot().vehicles).every((vehicle) => vehicle.tenantId === 'alpha')).toBe(true)

    // Another tenant's topic is refused: the store says so and shows nothing.
    await selectTenant(client, 'bravo')
    await waitFor(() => expect(live.vehicles.getSnapshot()).toEqual({ tenantId: 'bravo', status: 'refused', vehicles: {} }))
    off()
  })

  it('re-authenticates on the same socket when the token refreshes, and the data keeps coming', async () => {
    const { client, tokensIssued, sent, socketsOpened } = await consoleAs('demo-remy', 'remy@honu.test')
    await selectTenant(client, 'alpha')
    const live = getLiveClient(client)
    const off = live.vehicles.subscribe(() => undefined)
    await waitFor(() => expect(live.vehicles.getSnapshot().status).toBe('live'))
    expect(sent).toEqual(['auth', 'subscribe'])
    const before = tokensIssued()
    await client.refreshToken()
    expect(tokensIssued()).toBe(before + 1)
    server.hub.publish(telemetry('alpha', 'alpha-reauth', { mode: 'LOITER' }))
    await waitFor(() => expect(live.vehicles.getSnapshot().vehicles['alpha-reauth']?.mode).toBe('LOITER'))
    expect(live.connection.getSnapshot().status).toBe('open')
    // The new token went on the same socket, which the server kept open: re-authentication did not reconnect.
    expect(sent).toEqual(['auth', 'subscribe', 'auth'])
    expect(socketsOpened()).toBe(1)
    off()
  })

  it('reports revoked (4403) when the account is disabled, and the console’s session ends', async () => {
    const email = `live-client-${randomUUID()}@honu.test`
    const uid = await server.identity.ensureUser({ email, password: 'live-pass-1' })
    await server.db.query('insert into users (uid, name, email, permissions) values ($1, $2, $3, $4)', [uid, 'Live', email, { alpha: ['reader'] }])
    const { client } = await consoleAs(uid, email, 'live-pass-1')
    const live = getLiveClient(client)
    const states: string[] = []
    live.connection.subscribe(() => states.push(`${live.connection.getSnapshot().status}:${live.connection.getSnapshot().closeCode ?? ''}`))
    await waitFor(() => expect(live.connection.getSnapshot().status).toBe('open'))
    await adminAuth.updateUser(uid, { disabled: true })
    await waitFor(() => expect(states).toContain('revoked:4403'))
    // No reconnect after a revocation; the forced refresh the client asked for is refused by the provider, which
    // ends the console's session (signed out, the channel idle).
    await waitFor(() => expect(client.session.getState().status).toBe('signed-out'))
    expect(states.slice(states.indexOf('revoked:4403'))).not.toContain('connecting:')
    expect(live.connection.getSnapshot().status).toBe('idle')
  })
})

describe('the console live client when the console no longer knows the account', () => {
  it('a 4403 after the refresh it asked for ends the session as a refused API call does, without any API call', async () => {
    const email = `live-removed-${randomUUID()}@honu.test`
    const uid = await server.identity.ensureUser({ email, password: 'live-pass-1' })
    await server.db.query('insert into users (uid, name, email, permissions) values ($1, $2, $3, $4)', [uid, 'Live', email, { alpha: ['reader'] }])
    const { client } = await consoleAs(uid, email, 'live-pass-1')
    const live = getLiveClient(client)
    const states: string[] = []
    live.connection.subscribe(() => states.push(`${live.connection.getSnapshot().status}:${live.connection.getSnapshot().closeCode ?? ''}`))
    await waitFor(() => expect(live.connection.getSnapshot().status).toBe('open'))
    // The account is gone from the console's database; the identity provider still knows it and refreshes its token,
    // so the refresh alone cannot end the session: the server's second 4403 does.
    await server.db.query('delete from users where uid = $1', [uid])
    await waitFor(() => expect(client.session.getState()).toMatchObject({ status: 'signed-out', notice: 'session-ended' }))
    expect(states.filter((s) => s === 'revoked:4403')).toHaveLength(2)
    expect(live.connection.getSnapshot().status).toBe('idle')
  })
})

describe('the console live client across a server restart', () => {
  it('shows reconnecting when the server goes away and resubscribes when it is back', async () => {
    const { client } = await consoleAs('demo-remy', 'remy@honu.test')
    await selectTenant(client, 'alpha')
    const live = getLiveClient(client)
    const off = live.vehicles.subscribe(() => undefined)
    server.hub.publish(telemetry('alpha', 'alpha-restart', { mode: 'HOLD' }))
    await waitFor(() => expect(live.vehicles.getSnapshot().vehicles['alpha-restart']?.mode).toBe('HOLD'))

    // Every state as it comes: on PostgreSQL the stop also drops the test's database, which can take long enough for
    // the client's first reconnect to fail (1006, still reconnecting) before a later read of the snapshot.
    const states: string[] = []
    const offStates = live.connection.subscribe(() =>
      states.push(`${live.connection.getSnapshot().status}:${live.connection.getSnapshot().closeCode ?? ''}`),
    )
    await server.close()
    await waitFor(() => expect(live.connection.getSnapshot().status).toBe('reconnecting'))
    expect(states[0]).toBe('reconnecting:1001')
    offStates()
    // Last-known vehicles stay while the channel is down.
    expect(live.vehicles.getSnapshot().vehicles['alpha-restart']?.mode).toBe('HOLD')

    server = await startTestServer({ revocationCheckSeconds: 1, port })
    server.hub.publish(telemetry('alpha', 'alpha-restart', { mode: 'RTL' }))
    await waitFor(() => expect(live.connection.getSnapshot().status).toBe('open'))
    await waitFor(() => expect(live.vehicles.getSnapshot().vehicles['alpha-restart']?.mode).toBe('RTL'))
    off()
  })
})
