import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { json, startTestServer } from '../../test/http-test-server'
import { createConsoleClient } from '../client/create-console-client'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createFakeAuthAdapter } from '../testing/create-fake-auth-adapter'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { getLiveClient } from './create-live-client'
import type { LiveSocket } from './live-channel'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.url === '/health') return json(res, 200, { status: 'ok' })
    if (req.url.startsWith('/api/v1/users/u1')) return json(res, 200, { email: 'ada@x.io', permissions: { t1: ['reader'] } })
    return json(res, 404, {})
  })
})
afterAll(() => server.close())

interface Recorded extends LiveSocket {
  url: string
  sent: unknown[]
  closedWith?: number
}

function setup() {
  const sockets: Recorded[] = []
  const auth = createFakeAuthAdapter({ initialUser: { uid: 'u1', email: 'ada@x.io' } })
  const client = createConsoleClient({
    api: { baseUrl: `${server.url}/` },
    auth,
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    scheduler: createManualScheduler(),
    logger: { warn: vi.fn(), error: vi.fn() },
    createLiveSocket: (url) => {
      const socket: Recorded = {
        url,
        sent: [],
        readyState: 0,
        send: (data) => void socket.sent.push(JSON.parse(data)),
        close: (code) => void (socket.closedWith = code),
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
      }
      sockets.push(socket)
      return socket
    },
  })
  return { client, sockets, auth }
}

describe('getLiveClient(client)', () => {
  it('is one per console, loaded on first use, authenticated with the console token and re-authenticated on refresh', async () => {
    const { client, sockets } = setup()
    client.start()
    await vi.waitFor(() => expect(client.session.getState().status).toBe('authenticated'))
    expect(sockets).toHaveLength(0)
    const live = getLiveClient(client)
    expect(getLiveClient(client)).toBe(live)
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    const socket = sockets[0]!
    expect(socket.url).toBe(`${server.url.replace('http', 'ws')}/api/v1/live`)
    ;(socket as { readyState: number }).readyState = 1
    socket.onopen?.({})
    const first = client.session.getState().token
    expect(socket.sent).toEqual([{ type: 'auth', token: first }])
    socket.onmessage?.({ data: JSON.stringify({ type: 'ready', uid: 'u1' }) })
    expect(live.connection.getSnapshot().status).toBe('open')
    await client.refreshToken()
    const second = client.session.getState().token
    expect(second).not.toBe(first)
    expect(socket.sent).toEqual([
      { type: 'auth', token: first },
      { type: 'auth', token: second },
    ])
    client.stop()
    expect(socket.closedWith).toBe(1000)
    expect(live.connection.getSnapshot().status).toBe('closed')
  })

  it('closes the channel on sign-out', async () => {
    const { client, sockets } = setup()
    client.start()
    await vi.waitFor(() => expect(client.session.getState().status).toBe('authenticated'))
    const live = getLiveClient(client)
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    await client.signOut()
    expect(sockets[0]!.closedWith).toBe(1000)
    expect(live.connection.getSnapshot().status).toBe('idle')
    client.stop()
  })

  it('a 4403 (account revoked) reaches the console: one refresh and one more socket; refused again, the session ends', async () => {
    const { client, sockets, auth } = setup()
    client.start()
    await vi.waitFor(() => expect(client.session.getState().status).toBe('authenticated'))
    const live = getLiveClient(client)
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    const first = sockets[0]!
    ;(first as { readyState: number }).readyState = 1
    first.onopen?.({})
    first.onmessage?.({ data: JSON.stringify({ type: 'ready', uid: 'u1' }) })
    const refreshes = auth.refreshCount
    first.onclose?.({ code: 4403 })
    expect(live.connection.getSnapshot().status).toBe('revoked')
    // The console's answer to a first refusal (as to a first 401): the token refreshed once, then one more socket.
    await vi.waitFor(() => expect(auth.refreshCount).toBe(refreshes + 1))
    await vi.waitFor(() => expect(sockets).toHaveLength(2))
    expect(client.session.getState().status).toBe('authenticated')
    // Refused again before it ever opened: the account is over; signed out with the sign-in page's notice.
    sockets[1]!.onclose?.({ code: 4403 })
    await vi.waitFor(() => expect(client.session.getState()).toMatchObject({ status: 'signed-out', notice: 'session-ended' }))
    expect(auth.refreshCount).toBe(refreshes + 1)
    expect(sockets).toHaveLength(2)
    expect(live.connection.getSnapshot().status).not.toBe('open')
    client.stop()
  })

  it('retries at once when the API answers again, without waiting out the backoff', async () => {
    const { client, sockets } = setup()
    client.start()
    await vi.waitFor(() => expect(client.session.getState().status).toBe('authenticated'))
    const live = getLiveClient(client)
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    client.connection.getState().reportUnreachable()
    sockets[0]!.onclose?.({ code: 1006 })
    expect(live.connection.getSnapshot().status).toBe('reconnecting')
    // The manual scheduler never advances here: only the server's return can start the next attempt.
    client.connection.getState().reportReachable()
    await vi.waitFor(() => expect(sockets).toHaveLength(2))
    client.stop()
  })

  it('a lost socket makes the console check the server; its answer starts the next attempt at once', async () => {
    const { client, sockets } = setup()
    client.start()
    await vi.waitFor(() => expect(client.session.getState().status).toBe('authenticated'))
    const live = getLiveClient(client)
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    client.connection.getState().reportUnreachable()
    // Nothing else probes here (the manual scheduler never advances): only the drop can start the check.
    sockets[0]!.onclose?.({ code: 1006 })
    expect(client.connection.getState().status).toBe('retrying')
    await vi.waitFor(() => expect(sockets).toHaveLength(2))
    expect(live.connection.getSnapshot().status).toBe('reconnecting')
    client.stop()
  })

  it('has the devices store, holding the selected tenant devices topic on the same socket as the vehicles', async () => {
    const { client, sockets } = setup()
    client.start()
    await vi.waitFor(() => expect(client.session.getState().status).toBe('authenticated'))
    const live = getLiveClient(client)
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    const socket = sockets[0]!
    ;(socket as { readyState: number }).readyState = 1
    socket.onopen?.({})
    socket.onmessage?.({ data: JSON.stringify({ type: 'ready', uid: 'u1' }) })
    const offDevices = live.devices.subscribe(() => undefined)
    const offVehicles = live.vehicles.subscribe(() => undefined)
    expect(live.devices.getSnapshot()).toEqual({ status: 'idle', devices: {} })
    client.tenant.getState().setTenant({ tenant_id: 't1', name: 'T1', remote_cidr: '10.0.0.0/8', vpn_cidr: '10.1.0.0/16' } as never)
    expect(live.devices.getSnapshot()).toEqual({ tenantId: 't1', status: 'loading', devices: {} })
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', topic: 'tenants/t1/devices' },
      { type: 'subscribe', topic: 'tenants/t1/vehicles' },
    ])
    socket.onmessage?.({ data: JSON.stringify({ type: 'subscribed', topic: 'tenants/t1/devices' }) })
    socket.onmessage?.({
      data: JSON.stringify({
        type: 'event',
        topic: 'tenants/t1/devices',
        data: { devices: [{ deviceId: 'cam', tenantId: 't1', state: 'online', lastSeen: 5 }] },
      }),
    })
    expect(live.devices.getSnapshot().devices).toEqual({ cam: { deviceId: 'cam', tenantId: 't1', state: 'online', lastSeen: 5 } })
    offDevices()
    offVehicles()
    expect(socket.sent.slice(-2)).toEqual([
      { type: 'unsubscribe', topic: 'tenants/t1/devices' },
      { type: 'unsubscribe', topic: 'tenants/t1/vehicles' },
    ])
    client.stop()
  })
})
