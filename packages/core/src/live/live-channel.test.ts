import { describe, expect, it, vi } from 'vitest'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { createLiveChannel, type LiveChannelOptions, type LiveSocket, type LiveTopicUpdate } from './live-channel'
import { createDevicesStore } from './devices-store'
import { createControlStore } from './control-store'
import { createVehiclesStore } from './vehicles-store'
import { createLiveClient, liveUrl, type LiveClientOptions } from './create-live-client'
import type { VehicleTelemetry } from './telemetry'

/** A socket at the unit boundary: records frames; the test plays the server. */
class FakeSocket implements LiveSocket {
  readyState = 0
  sent: unknown[] = []
  closedWith?: number
  onopen: LiveSocket['onopen'] = null
  onmessage: LiveSocket['onmessage'] = null
  onclose: LiveSocket['onclose'] = null
  onerror: LiveSocket['onerror'] = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close(code?: number) {
    this.closedWith = code
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) })
  }
  serverClose(code: number) {
    this.readyState = 3
    this.onclose?.({ code })
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup(token: string | null = 'token-1', overrides: Partial<LiveChannelOptions> = {}) {
  const scheduler = createManualScheduler()
  const sockets: FakeSocket[] = []
  let current = token ?? undefined
  const tokenListeners = new Set<(token: string | undefined) => void>()
  const logger = { warn: vi.fn(), error: vi.fn() }
  const refreshToken = vi.fn(async () => true)
  const onRevoked = vi.fn()
  const onDrop = vi.fn()
  const channel = createLiveChannel({
    url: 'ws://api.test/api/v1/live',
    getToken: async () => current,
    watchToken: (listener) => {
      tokenListeners.add(listener)
      return () => void tokenListeners.delete(listener)
    },
    refreshToken,
    onRevoked,
    onDrop,
    createSocket: (url) => {
      const socket = new FakeSocket(url)
      sockets.push(socket)
      return socket
    },
    scheduler,
    logger,
    random: () => 0.5,
    now: () => scheduler.now,
    ...overrides,
  })
  const setToken = (next: string | undefined) => {
    current = next
    for (const listener of [...tokenListeners]) listener(next)
  }
  const last = () => sockets[sockets.length - 1]!
  return { channel, scheduler, sockets, last, setToken, logger, refreshToken, onRevoked, onDrop }
}

async function openChannel(t: ReturnType<typeof setup>) {
  t.channel.start()
  await flush()
  t.last().open()
  t.last().receive({ type: 'ready', uid: 'u1' })
}

const vehicle = (deviceId: string, tenantId = 't1', extra: Partial<VehicleTelemetry> = {}): VehicleTelemetry => ({
  deviceId,
  tenantId,
  time: 1000,
  ...extra,
})

describe('createLiveChannel', () => {
  it('connects without the token in the address, sends it in the first frame and is open after ready', async () => {
    const t = setup()
    const states: string[] = []
    t.channel.subscribe(() => states.push(t.channel.getSnapshot().status))
    t.channel.start()
    expect(t.channel.getSnapshot().status).toBe('connecting')
    await flush()
    expect(t.last().url).toBe('ws://api.test/api/v1/live')
    expect(t.last().url).not.toContain('token')
    t.last().open()
    expect(t.last().sent).toEqual([{ type: 'auth', token: 'token-1' }])
    t.last().receive({ type: 'ready', uid: 'u1' })
    expect(t.channel.getSnapshot()).toEqual({ status: 'open', attempt: 0 })
    expect(states).toEqual(['idle', 'connecting', 'open'])
  })

  it('stays idle while signed out and connects when a token arrives; closes on sign-out', async () => {
    const t = setup(null)
    t.channel.start()
    await flush()
    expect(t.sockets).toHaveLength(0)
    expect(t.channel.getSnapshot().status).toBe('idle')
    t.setToken('token-1')
    await flush()
    expect(t.sockets).toHaveLength(1)
    t.last().open()
    t.last().receive({ type: 'ready', uid: 'u1' })
    t.setToken(undefined)
    expect(t.last().closedWith).toBe(1000)
    expect(t.channel.getSnapshot().status).toBe('idle')
  })

  it('re-authenticates on the same socket when the token refreshes', async () => {
    const t = setup()
    await openChannel(t)
    t.setToken('token-2')
    expect(t.sockets).toHaveLength(1)
    expect(t.last().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'auth', token: 'token-2' },
    ])
    // The same token again is not sent twice.
    t.setToken('token-2')
    expect(t.last().sent).toHaveLength(2)
    t.last().receive({ type: 'ready', uid: 'u1' })
    expect(t.channel.getSnapshot().status).toBe('open')
  })

  it('sends the newest token when the socket opens after a refresh', async () => {
    const t = setup()
    t.channel.start()
    await flush()
    t.setToken('token-2')
    t.last().open()
    expect(t.last().sent).toEqual([{ type: 'auth', token: 'token-2' }])
  })

  it('subscribes once per topic, flags the first event after subscribed as the snapshot and unsubscribes after the last listener', async () => {
    const t = setup()
    await openChannel(t)
    const a: LiveTopicUpdate[] = []
    const offA = t.channel.subscribeTopic('tenants/t1/vehicles', (u) => a.push(u))
    const offB = t.channel.subscribeTopic('tenants/t1/vehicles', () => undefined)
    expect(t.last().sent.slice(1)).toEqual([{ type: 'subscribe', topic: 'tenants/t1/vehicles' }])
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [] } })
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [1] } })
    expect(a).toEqual([
      { kind: 'state', state: { status: 'subscribed', data: undefined } },
      { kind: 'event', data: { vehicles: [] }, snapshot: true },
      { kind: 'event', data: { vehicles: [1] }, snapshot: false },
    ])
    expect(t.channel.getTopic('tenants/t1/vehicles')).toEqual({ status: 'subscribed', data: { vehicles: [1] } })
    offA()
    expect(t.last().sent).toHaveLength(2)
    offB()
    expect(t.last().sent[2]).toEqual({ type: 'unsubscribe', topic: 'tenants/t1/vehicles' })
    expect(t.channel.getTopic('tenants/t1/vehicles')).toBeUndefined()
  })

  it('reports a refused topic', async () => {
    const t = setup()
    await openChannel(t)
    t.channel.subscribeTopic('tenants/t2/vehicles', () => undefined)
    t.last().receive({ type: 'refused', topic: 'tenants/t2/vehicles', code: 'forbidden' })
    expect(t.channel.getTopic('tenants/t2/vehicles')).toEqual({ status: 'refused', code: 'forbidden' })
  })

  it('reconnects with growing backoff, authenticates again and resubscribes, keeping the last-known data', async () => {
    const t = setup()
    t.channel.subscribeTopic('tenants/t1/vehicles', () => undefined)
    await openChannel(t)
    expect(t.last().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', topic: 'tenants/t1/vehicles' },
    ])
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: ['x'] } })
    t.last().serverClose(1001)
    expect(t.channel.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 1, closeCode: 1001, retryAt: 1000 })
    expect(t.onDrop).toHaveBeenCalledWith(1001)
    expect(t.channel.getTopic('tenants/t1/vehicles')).toEqual({ status: 'pending', code: undefined, data: { vehicles: ['x'] } })
    t.scheduler.advance(999)
    expect(t.sockets).toHaveLength(1)
    t.scheduler.advance(1)
    await flush()
    expect(t.sockets).toHaveLength(2)
    // The server is still down: the next wait doubles.
    t.last().serverClose(1006)
    expect(t.channel.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 2, retryAt: 1000 + 2000 })
    t.scheduler.advance(2000)
    await flush()
    t.last().open()
    t.last().receive({ type: 'ready', uid: 'u1' })
    expect(t.last().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', topic: 'tenants/t1/vehicles' },
    ])
    expect(t.channel.getSnapshot()).toEqual({ status: 'open', attempt: 0 })
  })

  it('caps the backoff at 30 s', async () => {
    const t = setup()
    t.channel.start()
    for (let i = 0; i < 8; i += 1) {
      await flush()
      t.last().serverClose(1006)
      const { retryAt } = t.channel.getSnapshot()
      t.scheduler.advance(retryAt! - t.scheduler.now)
    }
    await flush()
    t.last().serverClose(1006)
    expect(t.channel.getSnapshot().retryAt! - t.scheduler.now).toBe(30_000)
  })

  it('refreshes the token after 4401 and tries again', async () => {
    const t = setup()
    await openChannel(t)
    t.last().serverClose(4401)
    expect(t.refreshToken).toHaveBeenCalledTimes(1)
    expect(t.onDrop).not.toHaveBeenCalled()
    expect(t.channel.getSnapshot().status).toBe('reconnecting')
  })

  it('stops on 4403 and reports revoked, without reconnecting', async () => {
    const t = setup()
    await openChannel(t)
    t.last().serverClose(4403)
    expect(t.channel.getSnapshot()).toEqual({ status: 'revoked', attempt: 0, closeCode: 4403 })
    expect(t.onDrop).not.toHaveBeenCalled()
    expect(t.onRevoked).toHaveBeenCalledTimes(1)
    expect(t.scheduler.pending).toBe(0)
    t.setToken('token-2')
    await flush()
    expect(t.sockets).toHaveLength(1)
    // Signed out and in again: a new channel.
    t.setToken(undefined)
    t.setToken('token-3')
    await flush()
    expect(t.sockets).toHaveLength(2)
  })

  it('on 4403 asks for a refresh and connects once more; refused again before opening, reports it as retried', async () => {
    const t = setup()
    // As the console answers: the first refusal refreshes (connect again), a second ends the session.
    t.onRevoked.mockImplementation(async (retried: boolean) => !retried)
    await openChannel(t)
    t.last().serverClose(4403)
    expect(t.onRevoked).toHaveBeenLastCalledWith(false)
    await flush()
    await flush()
    // The refresh answered: a second socket with the current token.
    expect(t.sockets).toHaveLength(2)
    t.last().open()
    expect(t.last().sent[0]).toEqual({ type: 'auth', token: 'token-1' })
    // Refused again without ever opening: reported as retried, and no third socket.
    t.last().serverClose(4403)
    expect(t.onRevoked).toHaveBeenLastCalledWith(true)
    await flush()
    await flush()
    expect(t.sockets).toHaveLength(2)
    expect(t.channel.getSnapshot().status).toBe('revoked')
  })

  it('a 4403 after the channel opened again counts as a first refusal', async () => {
    const t = setup()
    t.onRevoked.mockImplementation(async () => true)
    await openChannel(t)
    t.last().serverClose(4403)
    await flush()
    await flush()
    t.last().open()
    t.last().receive({ type: 'ready', uid: 'u1' })
    expect(t.channel.getSnapshot().status).toBe('open')
    t.last().serverClose(4403)
    expect(t.onRevoked.mock.calls).toEqual([[false], [false]])
  })

  it('closes on stop, drops late events and starts again', async () => {
    const t = setup()
    await openChannel(t)
    const socket = t.last()
    t.channel.stop()
    expect(socket.closedWith).toBe(1000)
    expect(t.channel.getSnapshot().status).toBe('closed')
    expect(t.scheduler.pending).toBe(0)
    t.setToken('token-2')
    await flush()
    expect(t.sockets).toHaveLength(1)
    t.channel.start()
    await flush()
    expect(t.sockets).toHaveLength(2)
  })

  it('drops and logs a frame the schema rejects', async () => {
    const t = setup()
    await openChannel(t)
    t.last().receive({ type: 'ready' })
    t.last().onmessage?.({ data: 'not json' })
    expect(t.logger.warn).toHaveBeenCalledTimes(2)
    expect(t.logger.warn.mock.calls).toEqual([
      ['[@honu/core] live channel: dropped a frame the schema rejects:', expect.stringContaining('uid')],
      ['[@honu/core] live channel: dropped a frame the schema rejects:', 'the frame is not JSON'],
    ])
    expect(t.channel.getSnapshot().status).toBe('open')
  })
})

describe('createVehiclesStore', () => {
  function storeSetup() {
    const t = setup()
    let tenantId: string | undefined = 't1'
    const tenantListeners = new Set<() => void>()
    const store = createVehiclesStore({
      channel: t.channel,
      tenant: {
        get: () => tenantId,
        subscribe: (listener) => {
          tenantListeners.add(listener)
          return () => void tenantListeners.delete(listener)
        },
      },
      logger: t.logger,
    })
    const selectTenant = (next: string | undefined) => {
      tenantId = next
      for (const listener of [...tenantListeners]) listener()
    }
    return { ...t, store, selectTenant }
  }

  it('takes the snapshot, merges deltas and ignores another tenant', async () => {
    const t = storeSetup()
    const off = t.store.subscribe(() => undefined)
    expect(t.store.getSnapshot()).toEqual({ tenantId: 't1', status: 'loading', vehicles: {} })
    await openChannel(t)
    expect(t.last().sent[1]).toEqual({ type: 'subscribe', topic: 'tenants/t1/vehicles' })
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [vehicle('a'), vehicle('b')] } })
    expect(Object.keys(t.store.getSnapshot().vehicles)).toEqual(['a', 'b'])
    expect(t.store.getSnapshot().status).toBe('live')
    const before = t.store.getSnapshot()
    t.last().receive({
      type: 'event',
      topic: 'tenants/t1/vehicles',
      data: { vehicles: [vehicle('b', 't1', { time: 2000, armed: true }), vehicle('z', 't2')] },
    })
    const after = t.store.getSnapshot()
    expect(after).not.toBe(before)
    expect(after.vehicles.a).toBe(before.vehicles.a)
    expect(after.vehicles.b).toEqual(vehicle('b', 't1', { time: 2000, armed: true }))
    expect(after.vehicles.z).toBeUndefined()
    // A frame with a vehicle the schema rejects changes nothing.
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [{ deviceId: 'c' }] } })
    expect(t.store.getSnapshot()).toBe(after)
    // After a reconnect the new snapshot replaces everything.
    t.last().serverClose(1001)
    expect(t.store.getSnapshot()).toBe(after)
    t.scheduler.advance(1000)
    await flush()
    t.last().open()
    t.last().receive({ type: 'ready', uid: 'u1' })
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [vehicle('b')] } })
    expect(Object.keys(t.store.getSnapshot().vehicles)).toEqual(['b'])
    off()
    expect(t.last().sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'tenants/t1/vehicles' })
  })

  it('follows the tenant switch and forgets the last tenant', async () => {
    const t = storeSetup()
    t.store.subscribe(() => undefined)
    await openChannel(t)
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [vehicle('a')] } })
    t.selectTenant('t2')
    expect(t.store.getSnapshot()).toEqual({ tenantId: 't2', status: 'loading', vehicles: {} })
    expect(t.last().sent.slice(-2)).toEqual([
      { type: 'unsubscribe', topic: 'tenants/t1/vehicles' },
      { type: 'subscribe', topic: 'tenants/t2/vehicles' },
    ])
    // A late event of the last tenant's topic is no longer heard.
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [vehicle('a')] } })
    expect(t.store.getSnapshot().vehicles).toEqual({})
    t.last().receive({ type: 'refused', topic: 'tenants/t2/vehicles', code: 'forbidden' })
    expect(t.store.getSnapshot()).toEqual({ tenantId: 't2', status: 'refused', vehicles: {} })
    t.selectTenant(undefined)
    expect(t.store.getSnapshot()).toEqual({ status: 'idle', vehicles: {} })
  })
})

describe('createDevicesStore', () => {
  function storeSetup() {
    const t = setup()
    let tenantId: string | undefined = 't1'
    const tenantListeners = new Set<() => void>()
    const store = createDevicesStore({
      channel: t.channel,
      tenant: {
        get: () => tenantId,
        subscribe: (listener) => {
          tenantListeners.add(listener)
          return () => void tenantListeners.delete(listener)
        },
      },
      logger: t.logger,
    })
    const selectTenant = (next: string | undefined) => {
      tenantId = next
      for (const listener of [...tenantListeners]) listener()
    }
    return { ...t, store, selectTenant }
  }
  const device = (deviceId: string, state: 'online' | 'stale' | 'offline', tenantId = 't1', lastSeen = 1000) => ({
    deviceId,
    tenantId,
    state,
    lastSeen,
  })

  it('takes the snapshot, merges state changes (offline included), ignores another tenant and keeps its snapshot object', async () => {
    const t = storeSetup()
    const listener = vi.fn()
    const off = t.store.subscribe(listener)
    expect(t.store.getSnapshot()).toEqual({ tenantId: 't1', status: 'loading', devices: {} })
    expect(t.store.getSnapshot()).toBe(t.store.getSnapshot())
    await openChannel(t)
    expect(t.last().sent[1]).toEqual({ type: 'subscribe', topic: 'tenants/t1/devices' })
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/devices' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/devices', data: { devices: [device('cam', 'online'), device('ra', 'stale')] } })
    const first = t.store.getSnapshot()
    expect(first).toEqual({ tenantId: 't1', status: 'live', devices: { cam: device('cam', 'online'), ra: device('ra', 'stale') } })
    expect(t.store.getSnapshot()).toBe(first)
    t.last().receive({
      type: 'event',
      topic: 'tenants/t1/devices',
      data: { devices: [device('ra', 'offline'), device('cam', 'online', 't2'), device('usv', 'online', 't1', 2000)] },
    })
    const second = t.store.getSnapshot()
    expect(second.devices.cam).toBe(first.devices.cam)
    expect(second.devices.ra).toEqual(device('ra', 'offline'))
    expect(second.devices.usv).toEqual(device('usv', 'online', 't1', 2000))
    expect(Object.keys(second.devices).sort()).toEqual(['cam', 'ra', 'usv'])
    // A frame the schema rejects changes nothing.
    const calls = listener.mock.calls.length
    t.last().receive({ type: 'event', topic: 'tenants/t1/devices', data: { devices: [{ deviceId: 'x', tenantId: 't1', state: 'gone' }] } })
    expect(t.store.getSnapshot()).toBe(second)
    expect(listener.mock.calls.length).toBe(calls)
    expect(t.logger.warn).toHaveBeenCalledWith(
      '[@honu/core] live channel: dropped device states the schema rejects:',
      expect.stringContaining('devices.0.state'),
    )
    // After a reconnect the new snapshot replaces everything: a device missing from it is offline.
    t.last().serverClose(1001)
    t.scheduler.advance(1000)
    await flush()
    t.last().open()
    t.last().receive({ type: 'ready', uid: 'u1' })
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/devices' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/devices', data: { devices: [device('usv', 'stale')] } })
    expect(t.store.getSnapshot().devices).toEqual({ usv: device('usv', 'stale') })
    off()
    expect(t.last().sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'tenants/t1/devices' })
  })

  it('follows the tenant switch, forgets the last tenant and reports a refusal', async () => {
    const t = storeSetup()
    t.store.subscribe(() => undefined)
    await openChannel(t)
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/devices' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/devices', data: { devices: [device('cam', 'online')] } })
    t.selectTenant('t2')
    expect(t.store.getSnapshot()).toEqual({ tenantId: 't2', status: 'loading', devices: {} })
    expect(t.last().sent.slice(-2)).toEqual([
      { type: 'unsubscribe', topic: 'tenants/t1/devices' },
      { type: 'subscribe', topic: 'tenants/t2/devices' },
    ])
    t.last().receive({ type: 'event', topic: 'tenants/t1/devices', data: { devices: [device('cam', 'online')] } })
    expect(t.store.getSnapshot().devices).toEqual({})
    t.last().receive({ type: 'refused', topic: 'tenants/t2/devices', code: 'forbidden' })
    expect(t.store.getSnapshot()).toEqual({ tenantId: 't2', status: 'refused', devices: {} })
    t.selectTenant(undefined)
    expect(t.store.getSnapshot()).toEqual({ status: 'idle', devices: {} })
  })

  it('shares the socket with the vehicles store: one channel, one subscription per topic', async () => {
    const t = storeSetup()
    const vehicles = createVehiclesStore({ channel: t.channel, tenant: { get: () => 't1', subscribe: () => () => undefined }, logger: t.logger })
    t.store.subscribe(() => undefined)
    vehicles.subscribe(() => undefined)
    await openChannel(t)
    expect(t.sockets).toHaveLength(1)
    expect(t.last().sent.slice(1)).toEqual([
      { type: 'subscribe', topic: 'tenants/t1/devices' },
      { type: 'subscribe', topic: 'tenants/t1/vehicles' },
    ])
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [vehicle('usv')] } })
    expect(t.store.getSnapshot().status).toBe('loading')
    expect(Object.keys(vehicles.getSnapshot().vehicles)).toEqual(['usv'])
  })
})

describe('retryNow', () => {
  it('tries at once while reconnecting, and does nothing otherwise', async () => {
    const t = setup()
    await openChannel(t)
    t.channel.retryNow()
    expect(t.sockets).toHaveLength(1)
    t.last().serverClose(1006)
    t.scheduler.advance(1)
    t.channel.retryNow()
    await flush()
    expect(t.sockets).toHaveLength(2)
    expect(t.scheduler.pending).toBe(0)
    t.channel.retryNow()
    await flush()
    expect(t.sockets).toHaveLength(2)
  })
})

describe('control leases on the channel', () => {
  const lease = (deviceId: string, tenantId = 't1', holder?: string) => ({
    deviceId,
    tenantId,
    ...(holder ? { holder: { uid: holder, name: holder }, since: 1, idleUntil: 2 } : {}),
    requests: [],
    viewers: [],
  })

  it('sends a control frame and resolves with its answer; refuses while closed; fails waiting requests when the socket drops', async () => {
    const t = setup()
    await expect(t.channel.control({ tenantId: 't1', deviceId: 'd1', action: 'request' })).rejects.toThrow('The live channel is not connected.')
    await openChannel(t)
    const asked = t.channel.control({ tenantId: 't1', deviceId: 'd1', action: 'request' })
    expect(t.last().sent.at(-1)).toEqual({ type: 'control', tenantId: 't1', deviceId: 'd1', action: 'request' })
    // An answer to another request is not this one's.
    t.last().receive({ type: 'control-result', tenantId: 't1', deviceId: 'd2', action: 'request', ok: true })
    t.last().receive({ type: 'control-result', tenantId: 't1', deviceId: 'd1', action: 'request', ok: false, code: 'forbidden' })
    await expect(asked).resolves.toMatchObject({ ok: false, code: 'forbidden' })

    const waiting = t.channel.control({ tenantId: 't1', deviceId: 'd1', action: 'release' })
    t.last().serverClose(1006)
    await expect(waiting).rejects.toThrow('The live channel closed before the server answered.')
  })

  it('gives up on an answer that does not come in 10 s', async () => {
    const t = setup()
    await openChannel(t)
    const asked = t.channel.control({ tenantId: 't1', deviceId: 'd1', action: 'take' })
    t.scheduler.advance(10_000)
    await expect(asked).rejects.toThrow('The server did not answer in time.')
  })

  it('keeps the tenant’s leases from the control topic, asks for the current tenant, and keeps no other tenant’s lease', async () => {
    const t = setup()
    let tenantId: string | undefined = 't1'
    const tenantListeners = new Set<() => void>()
    const control = createControlStore({
      channel: t.channel,
      tenant: { get: () => tenantId, subscribe: (l) => (tenantListeners.add(l), () => void tenantListeners.delete(l)) },
      logger: t.logger,
    })
    const off = control.subscribe(() => {})
    await openChannel(t)
    expect(t.last().sent).toContainEqual({ type: 'subscribe', topic: 'tenants/t1/control' })
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/control' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/control', data: { leases: [lease('d1', 't1', 'cora'), lease('x9', 't2', 'eve')] } })
    expect(control.getSnapshot()).toMatchObject({ tenantId: 't1', status: 'live' })
    expect(Object.keys(control.getSnapshot().devices)).toEqual(['d1'])
    expect(control.getSnapshot().devices.d1!.holder).toEqual({ uid: 'cora', name: 'cora' })

    void control.release('d1')
    expect(t.last().sent.at(-1)).toEqual({ type: 'control', tenantId: 't1', deviceId: 'd1', action: 'release' })
    tenantId = undefined
    await expect(control.take('d1')).rejects.toThrow('No tenant is selected.')
    off()
  })
})

/** A promise's state after the microtasks ran, without waiting for it. */
function track<T>(promise: Promise<T>) {
  const seen: { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = { state: 'pending' }
  promise.then(
    (value) => Object.assign(seen, { state: 'resolved', value }),
    (error: unknown) => Object.assign(seen, { state: 'rejected', error }),
  )
  return seen
}

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('createLiveChannel: life cycle', () => {
  it('is idle before start; stop before start and a second stop change nothing; a second start keeps the open channel', async () => {
    const t = setup()
    expect(t.channel.getSnapshot()).toEqual({ status: 'idle', attempt: 0 })
    const heard = vi.fn()
    t.channel.subscribe(heard)
    t.channel.stop()
    expect(t.channel.getSnapshot()).toEqual({ status: 'idle', attempt: 0 })
    expect(heard).not.toHaveBeenCalled()
    await openChannel(t)
    heard.mockClear()
    t.channel.start()
    await flush()
    expect(t.channel.getSnapshot()).toEqual({ status: 'open', attempt: 0 })
    expect(t.sockets).toHaveLength(1)
    expect(heard).not.toHaveBeenCalled()
    t.channel.stop()
    expect(heard).toHaveBeenCalledTimes(1)
    t.channel.stop()
    expect(heard).toHaveBeenCalledTimes(1)
    expect(t.channel.getSnapshot().status).toBe('closed')
  })

  it('a connection listener that unsubscribed hears nothing more', async () => {
    const t = setup()
    const heard = vi.fn()
    const off = t.channel.subscribe(heard)
    off()
    await openChannel(t)
    expect(heard).not.toHaveBeenCalled()
  })

  it('opens a browser WebSocket at the address when no socket factory is given', async () => {
    const opened: string[] = []
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url)
          opened.push(url)
        }
      },
    )
    try {
      const t = setup('token-1', { createSocket: undefined })
      t.channel.start()
      await flush()
      expect(opened).toEqual(['ws://api.test/api/v1/live'])
      t.channel.stop()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('after stop, a sign-out leaves it closed', async () => {
    const t = setup()
    await openChannel(t)
    t.channel.stop()
    t.setToken(undefined)
    expect(t.channel.getSnapshot()).toEqual({ status: 'closed', attempt: 0 })
  })

  it('a token notification still on its way when stop ran changes nothing', async () => {
    let notify: (token: string | undefined) => void = () => undefined
    const t = setup('token-1', { watchToken: (listener) => ((notify = listener), () => undefined) })
    await openChannel(t)
    t.channel.stop()
    notify(undefined)
    notify('token-2')
    await flush()
    expect(t.channel.getSnapshot()).toEqual({ status: 'closed', attempt: 0 })
    expect(t.sockets).toHaveLength(1)
  })

  it('works without the optional callbacks: a drop, a 4401 and a 4403', async () => {
    const t = setup('token-1', { refreshToken: undefined, onRevoked: undefined, onDrop: undefined })
    await openChannel(t)
    t.last().serverClose(1006)
    expect(t.channel.getSnapshot().status).toBe('reconnecting')
    t.scheduler.advance(1000)
    await flush()
    t.last().open()
    t.last().serverClose(4401)
    expect(t.channel.getSnapshot()).toMatchObject({ status: 'reconnecting', closeCode: 4401 })
    t.scheduler.advance(2000)
    await flush()
    t.last().open()
    t.last().serverClose(4403)
    await flush()
    expect(t.channel.getSnapshot()).toEqual({ status: 'revoked', attempt: 0, closeCode: 4403 })
    expect(t.sockets).toHaveLength(3)
  })
})

describe('createLiveChannel: tokens', () => {
  it('signed out and in again while the first token is still on its way: one socket, with the new token', async () => {
    const t = setup()
    t.channel.start()
    t.setToken(undefined)
    t.setToken('token-2')
    await flush()
    expect(t.sockets).toHaveLength(1)
    t.last().open()
    expect(t.last().sent).toEqual([{ type: 'auth', token: 'token-2' }])
  })

  it('no token (the token source failed): logs it and stays idle', async () => {
    const failure = new Error('no provider')
    const t = setup('token-1', { getToken: () => Promise.reject(failure) })
    t.channel.start()
    await flush()
    expect(t.sockets).toHaveLength(0)
    expect(t.channel.getSnapshot()).toEqual({ status: 'idle', attempt: 0 })
    expect(t.logger.warn).toHaveBeenCalledWith('[@honu/core] live channel: no token.', failure)
  })

  it('a socket that cannot be created: logs it and tries again after the backoff', async () => {
    const failure = new Error('blocked')
    let fail = true
    const sockets: FakeSocket[] = []
    const t = setup('token-1', {
      createSocket: (url) => {
        if (fail) throw failure
        const socket = new FakeSocket(url)
        sockets.push(socket)
        return socket
      },
    })
    t.channel.start()
    await flush()
    expect(t.logger.warn).toHaveBeenCalledWith('[@honu/core] live channel: could not open the socket.', failure)
    expect(t.channel.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 1, closeCode: undefined, retryAt: 1000 })
    fail = false
    t.scheduler.advance(1000)
    await flush()
    expect(sockets).toHaveLength(1)
  })

  it('re-authentication answers ready again: no second subscription, no state change', async () => {
    const t = setup()
    t.channel.subscribeTopic('tenants/t1/vehicles', () => undefined)
    await openChannel(t)
    const heard = vi.fn()
    t.channel.subscribe(heard)
    t.setToken('token-2')
    t.last().receive({ type: 'ready', uid: 'u1' })
    expect(t.last().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', topic: 'tenants/t1/vehicles' },
      { type: 'auth', token: 'token-2' },
    ])
    expect(heard).not.toHaveBeenCalled()
    expect(t.channel.getSnapshot()).toEqual({ status: 'open', attempt: 0 })
  })
})

describe('createLiveChannel: frames', () => {
  it('ignores answers about a topic nobody holds', async () => {
    const t = setup()
    await openChannel(t)
    t.last().receive({ type: 'subscribed', topic: 'tenants/t9/vehicles' })
    t.last().receive({ type: 'refused', topic: 'tenants/t9/vehicles', code: 'forbidden' })
    t.last().receive({ type: 'event', topic: 'tenants/t9/vehicles', data: { vehicles: [] } })
    expect(t.channel.getTopic('tenants/t9/vehicles')).toBeUndefined()
    expect(t.channel.getSnapshot().status).toBe('open')
  })

  it('logs the server’s error frame and stays open', async () => {
    const t = setup()
    await openChannel(t)
    t.last().receive({ type: 'error', code: 'bad-message', message: 'unknown topic kind' })
    expect(t.logger.warn).toHaveBeenCalledWith('[@honu/core] live channel: the server rejected a frame:', 'unknown topic kind')
    expect(t.channel.getSnapshot().status).toBe('open')
  })

  it('does not read a binary frame, even one that holds a valid frame', async () => {
    const t = setup()
    t.channel.start()
    await flush()
    t.last().open()
    t.last().onmessage?.({ data: Buffer.from(JSON.stringify({ type: 'ready', uid: 'u1' })) })
    expect(t.channel.getSnapshot().status).toBe('connecting')
    expect(t.logger.warn).not.toHaveBeenCalled()
  })

  it('a new topic is pending; an event before its subscribed is not taken for the snapshot', async () => {
    const t = setup()
    await openChannel(t)
    const heard: LiveTopicUpdate[] = []
    t.channel.subscribeTopic('tenants/t1/vehicles', (u) => heard.push(u))
    expect(t.channel.getTopic('tenants/t1/vehicles')).toEqual({ status: 'pending' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [1] } })
    expect(heard).toEqual([{ kind: 'event', data: { vehicles: [1] }, snapshot: false }])
  })

  it('a lost connection tells a topic’s listeners only when its state changes', async () => {
    const t = setup()
    const heard: LiveTopicUpdate[] = []
    t.channel.subscribeTopic('tenants/t1/vehicles', (u) => heard.push(u))
    await openChannel(t)
    // Not answered yet: still pending, so the drop changes nothing for it.
    t.last().serverClose(1006)
    expect(heard).toEqual([])
  })

  it('subscribes and unsubscribes only once authenticated, and asks for control only then', async () => {
    const t = setup()
    t.channel.start()
    await flush()
    t.last().open()
    const off = t.channel.subscribeTopic('tenants/t1/vehicles', () => undefined)
    off()
    await expect(t.channel.control({ tenantId: 't1', deviceId: 'd1', action: 'request' })).rejects.toThrow('The live channel is not connected.')
    t.channel.subscribeTopic('tenants/t1/devices', () => undefined)
    expect(t.last().sent).toEqual([{ type: 'auth', token: 'token-1' }])
    t.last().receive({ type: 'ready', uid: 'u1' })
    expect(t.last().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', topic: 'tenants/t1/devices' },
    ])
  })

  it('sends nothing and asks for nothing on a socket that is closing', async () => {
    const t = setup()
    await openChannel(t)
    t.last().readyState = 2
    t.channel.subscribeTopic('tenants/t1/vehicles', () => undefined)
    await expect(t.channel.control({ tenantId: 't1', deviceId: 'd1', action: 'request' })).rejects.toThrow('The live channel is not connected.')
    expect(t.last().sent).toEqual([{ type: 'auth', token: 'token-1' }])
  })
})

describe('createLiveChannel: backoff and retries', () => {
  it.each([
    [0, 750],
    [0.999, 1250],
  ])('jitters the first wait by ±25 %% (random %s: %s ms)', async (random, wait) => {
    const t = setup('token-1', { random: () => random })
    await openChannel(t)
    t.last().serverClose(1006)
    expect(t.channel.getSnapshot().retryAt).toBe(wait)
  })

  it('stays reconnecting during the next attempt, and retryNow does not start a second one', async () => {
    const t = setup()
    await openChannel(t)
    t.last().serverClose(1006)
    t.scheduler.advance(1000)
    await flush()
    expect(t.sockets).toHaveLength(2)
    expect(t.channel.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 1, closeCode: 1006, retryAt: 1000 })
    t.channel.retryNow()
    await flush()
    expect(t.sockets).toHaveLength(2)
  })

  it('retryNow does not reconnect a revoked channel', async () => {
    const t = setup()
    await openChannel(t)
    t.last().serverClose(4403)
    t.channel.retryNow()
    await flush()
    expect(t.sockets).toHaveLength(1)
    expect(t.channel.getSnapshot().status).toBe('revoked')
  })
})

describe('createLiveChannel: 4403', () => {
  it('a first 4403 before the channel ever opened is a first refusal, and so is the first after signing in again', async () => {
    const t = setup()
    t.channel.start()
    await flush()
    t.last().open()
    t.last().serverClose(4403)
    expect(t.onRevoked.mock.calls).toEqual([[false]])
    t.setToken(undefined)
    t.setToken('token-2')
    await flush()
    t.last().open()
    t.last().serverClose(4403)
    expect(t.onRevoked.mock.calls).toEqual([[false], [false]])
  })

  it('stays revoked when the refresh it asked for fails', async () => {
    const t = setup()
    t.onRevoked.mockImplementation(() => Promise.reject(new Error('refresh failed')))
    await openChannel(t)
    t.last().serverClose(4403)
    await flush()
    await flush()
    expect(t.sockets).toHaveLength(1)
    expect(t.channel.getSnapshot().status).toBe('revoked')
  })

  it('a late answer to an older 4403 does not reconnect a channel revoked again since', async () => {
    const t = setup()
    const answers: ReturnType<typeof deferred<boolean>>[] = []
    t.onRevoked.mockImplementation(() => {
      const answer = deferred<boolean>()
      answers.push(answer)
      return answer.promise
    })
    await openChannel(t)
    t.last().serverClose(4403)
    // Signed out and in again meanwhile; the new connection is refused too.
    t.setToken(undefined)
    t.setToken('token-2')
    await flush()
    t.last().open()
    t.last().serverClose(4403)
    expect(answers).toHaveLength(2)
    answers[0]!.resolve(true)
    await flush()
    await flush()
    answers[1]!.resolve(false)
    await flush()
    await flush()
    expect(t.sockets).toHaveLength(2)
    expect(t.channel.getSnapshot().status).toBe('revoked')
  })
})

describe('createLiveChannel: sign-out', () => {
  it('forgets what the topics held', async () => {
    const t = setup()
    const heard: LiveTopicUpdate[] = []
    t.channel.subscribeTopic('tenants/t1/vehicles', (u) => heard.push(u))
    await openChannel(t)
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: ['secret'] } })
    t.setToken(undefined)
    expect(t.channel.getTopic('tenants/t1/vehicles')).toEqual({ status: 'pending' })
    expect(heard.at(-1)).toEqual({ kind: 'state', state: { status: 'pending' } })
  })
})

describe('createLiveChannel: control answers', () => {
  it('resolves a request only with the answer for its tenant, device and action', async () => {
    const t = setup()
    await openChannel(t)
    const asked = track(t.channel.control({ tenantId: 't1', deviceId: 'd1', action: 'request' }))
    t.last().receive({ type: 'control-result', tenantId: 't2', deviceId: 'd1', action: 'request', ok: true })
    t.last().receive({ type: 'control-result', tenantId: 't1', deviceId: 'd1', action: 'take', ok: true })
    await flush()
    expect(asked.state).toBe('pending')
    t.last().receive({ type: 'control-result', tenantId: 't1', deviceId: 'd1', action: 'request', ok: true })
    await flush()
    expect(asked).toMatchObject({ state: 'resolved', value: { tenantId: 't1', deviceId: 'd1', action: 'request', ok: true } })
  })

  it('a request that timed out leaves the others waiting, and a new one for the same device gets the next answer', async () => {
    const t = setup()
    await openChannel(t)
    const first = track(t.channel.control({ tenantId: 't1', deviceId: 'd1', action: 'request' }))
    t.scheduler.advance(5000)
    const second = track(t.channel.control({ tenantId: 't1', deviceId: 'd2', action: 'request' }))
    t.scheduler.advance(5000)
    await flush()
    expect(first.state).toBe('rejected')
    expect(second.state).toBe('pending')
    t.last().receive({ type: 'control-result', tenantId: 't1', deviceId: 'd2', action: 'request', ok: true })
    await flush()
    expect(second.state).toBe('resolved')
    const again = track(t.channel.control({ tenantId: 't1', deviceId: 'd1', action: 'request' }))
    t.last().receive({ type: 'control-result', tenantId: 't1', deviceId: 'd1', action: 'request', ok: true })
    await flush()
    expect(again.state).toBe('resolved')
  })
})

describe('tenant feed stores (vehicles, devices, control)', () => {
  function feedSetup(tenant: string | null = 't1') {
    const t = setup()
    let tenantId = tenant ?? undefined
    const tenantListeners = new Set<() => void>()
    // As the console's tenant store: each subscription is its own, even of the same function.
    const source = {
      get: () => tenantId,
      subscribe: (listener: () => void) => {
        const entry = () => listener()
        tenantListeners.add(entry)
        return () => void tenantListeners.delete(entry)
      },
    }
    const selectTenant = (next: string | undefined) => {
      tenantId = next
      for (const listener of [...tenantListeners]) listener()
    }
    const vehicles = () => createVehiclesStore({ channel: t.channel, tenant: source, logger: t.logger })
    return { ...t, source, selectTenant, vehicles }
  }
  const vehiclesEvent = (...ids: string[]) => ({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: ids.map((id) => vehicle(id)) } })

  it('tells its listeners of every change', async () => {
    const t = feedSetup()
    const store = t.vehicles()
    const heard = vi.fn()
    store.subscribe(heard)
    expect(heard).toHaveBeenCalledTimes(1)
    await openChannel(t)
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive(vehiclesEvent('a'))
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('keeps the topic while one listener remains, and lets it go after the last', async () => {
    const t = feedSetup()
    const store = t.vehicles()
    const offA = store.subscribe(() => undefined)
    store.subscribe(() => undefined)
    await openChannel(t)
    offA()
    offA()
    expect(t.last().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', topic: 'tenants/t1/vehicles' },
    ])
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive(vehiclesEvent('a'))
    expect(Object.keys(store.getSnapshot().vehicles)).toEqual(['a'])
  })

  it('after its last listener left it follows no tenant switch', async () => {
    const t = feedSetup()
    const store = t.vehicles()
    const offA = store.subscribe(() => undefined)
    const offB = store.subscribe(() => undefined)
    await openChannel(t)
    offA()
    offB()
    t.selectTenant('t2')
    expect(t.last().sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'tenants/t1/vehicles' })
    expect(t.channel.getTopic('tenants/t2/vehicles')).toBeUndefined()
  })

  it('a tenant store change that keeps the tenant changes nothing', async () => {
    const t = feedSetup()
    const store = t.vehicles()
    store.subscribe(() => undefined)
    await openChannel(t)
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive(vehiclesEvent('a'))
    const before = store.getSnapshot()
    t.selectTenant('t1')
    expect(t.last().sent).toHaveLength(2)
    expect(store.getSnapshot()).toBe(before)
  })

  it('with no tenant selected it holds no topic, and its last listener leaves cleanly', () => {
    const t = feedSetup(null)
    const store = t.vehicles()
    const off = store.subscribe(() => undefined)
    expect(store.getSnapshot()).toEqual({ status: 'idle', vehicles: {} })
    expect(() => off()).not.toThrow()
  })

  it('listened to again: the same tenant’s last items stay while it asks again; a refused topic is asked for afresh', async () => {
    const t = feedSetup()
    const store = t.vehicles()
    let off = store.subscribe(() => undefined)
    await openChannel(t)
    t.last().receive({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    t.last().receive(vehiclesEvent('a'))
    off()
    off = store.subscribe(() => undefined)
    expect(store.getSnapshot()).toEqual({ tenantId: 't1', status: 'live', vehicles: { a: vehicle('a') } })
    t.last().receive({ type: 'refused', topic: 'tenants/t1/vehicles', code: 'forbidden' })
    expect(store.getSnapshot()).toEqual({ tenantId: 't1', status: 'refused', vehicles: {} })
    off()
    store.subscribe(() => undefined)
    expect(store.getSnapshot()).toEqual({ tenantId: 't1', status: 'loading', vehicles: {} })
  })

  it('a store that already switched tenant ignores the rest of an update to the last tenant’s topic', async () => {
    const t = feedSetup()
    const first = t.vehicles()
    const second = t.vehicles()
    // A page that leaves a refused tenant for another one, as soon as it hears of the refusal.
    first.subscribe(() => {
      if (first.getSnapshot().status === 'refused') t.selectTenant('t2')
    })
    second.subscribe(() => undefined)
    await openChannel(t)
    t.last().receive({ type: 'refused', topic: 'tenants/t1/vehicles', code: 'forbidden' })
    expect(second.getSnapshot()).toEqual({ tenantId: 't2', status: 'loading', vehicles: {} })
  })

  it('logs a rejected event under the feed’s name', async () => {
    const t = feedSetup()
    t.vehicles().subscribe(() => undefined)
    const control = createControlStore({ channel: t.channel, tenant: t.source, logger: t.logger })
    control.subscribe(() => undefined)
    await openChannel(t)
    t.last().receive({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [{ deviceId: 'c' }] } })
    t.last().receive({ type: 'event', topic: 'tenants/t1/control', data: { leases: [{ deviceId: 'c' }] } })
    expect(t.logger.warn.mock.calls.map((call) => call[0])).toEqual([
      '[@honu/core] live channel: dropped vehicles the schema rejects:',
      '[@honu/core] live channel: dropped control leases the schema rejects:',
    ])
  })

  it('the control store asks for, and takes over, control of the current tenant’s device', async () => {
    const t = feedSetup()
    const control = createControlStore({ channel: t.channel, tenant: t.source, logger: t.logger })
    await openChannel(t)
    void control.request('d1').catch(() => undefined)
    void control.take('d2').catch(() => undefined)
    expect(t.last().sent.slice(1)).toEqual([
      { type: 'control', tenantId: 't1', deviceId: 'd1', action: 'request' },
      { type: 'control', tenantId: 't1', deviceId: 'd2', action: 'take' },
    ])
  })
})

describe('createLiveClient', () => {
  it.each([
    ['https://api.example.com', 'wss://api.example.com/api/v1/live'],
    ['http://localhost:8080/', 'ws://localhost:8080/api/v1/live'],
    ['https://api.example.com//', 'wss://api.example.com/api/v1/live'],
    ['HTTP://api.example.com', 'ws://api.example.com/api/v1/live'],
    ['wss://http.example.com', 'wss://http.example.com/api/v1/live'],
  ])('liveUrl(%s) is %s', (base, url) => {
    expect(liveUrl(base)).toBe(url)
  })

  function clientSetup(extra: Partial<LiveClientOptions> = {}) {
    const sockets: FakeSocket[] = []
    const live = createLiveClient({
      apiBaseUrl: 'https://api.test',
      getToken: async () => 'token-1',
      watchToken: () => () => undefined,
      createSocket: (url) => {
        const socket = new FakeSocket(url)
        sockets.push(socket)
        return socket
      },
      tenant: { get: () => 't1', subscribe: () => () => undefined },
      scheduler: createManualScheduler(),
      logger: { warn: vi.fn(), error: vi.fn() },
      ...extra,
    })
    return { live, sockets }
  }

  it('starts and stops without onReachable, and stops before it started', async () => {
    const { live, sockets } = clientSetup()
    expect(() => live.stop()).not.toThrow()
    live.start()
    await flush()
    expect(sockets[0]!.url).toBe('wss://api.test/api/v1/live')
    live.stop()
    expect(live.connection.getSnapshot().status).toBe('closed')
  })

  it('its control store is on its channel', async () => {
    const { live, sockets } = clientSetup()
    live.start()
    await flush()
    sockets[0]!.open()
    sockets[0]!.receive({ type: 'ready', uid: 'u1' })
    void live.control.request('d1').catch(() => undefined)
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'control', tenantId: 't1', deviceId: 'd1', action: 'request' })
    live.stop()
  })
})
