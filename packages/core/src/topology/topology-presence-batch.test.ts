import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Device, Tenant } from '../api/v1-types'
import type { DevicePresence } from '../live/protocol'
import type { DevicesState } from '../live/devices-store'
import { createStore } from 'zustand/vanilla'
import { LIVE_CLIENT_KEY } from '../live/create-live-client'
import { createTopologyStore, getTopologyStore, PRESENCE_BATCH_MS, type TopologyStoreSource } from './topology-store'

const delta: Tenant = { tenant_id: 'delta', id: 'delta', name: 'Delta Grid', remote_cidr: '10.64.0.0/12', vpn_cidr: '10.250.0.0/16' }
const devices: Device[] = Array.from({ length: 50 }, (_, i) => ({
  device_id: `d-${i}`,
  tenant_id: 'delta',
  name: `Meter ${String(i).padStart(2, '0')}`,
  kind: 'camera',
  address: `10.64.0.${i + 1}`,
}))

/** A source whose live states the test sets one device at a time, as the server's deltas arrive. */
function source() {
  let presence: DevicesState = { status: 'idle', devices: {} }
  const listeners = new Set<() => void>()
  const tell = () => [...listeners].forEach((l) => l())
  const at = (deviceId: string, state: DevicePresence['state']): DevicePresence => ({ deviceId, tenantId: 'delta', state, lastSeen: 1_000 })
  const value: TopologyStoreSource = {
    listTenants: async () => [delta],
    listDevices: async () => devices,
    tenant: { get: () => delta, subscribe: () => () => {} },
    presence: { getSnapshot: () => presence, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) },
    onReachable: () => () => {},
  }
  return {
    value,
    live(...online: string[]) {
      presence = { tenantId: 'delta', status: 'live', devices: Object.fromEntries(online.map((id) => [id, at(id, 'online')])) }
      tell()
    },
    status(status: DevicesState['status']) {
      presence = { ...presence, status }
      tell()
    },
    change(deviceId: string, state: DevicePresence['state']) {
      presence = { ...presence, devices: { ...presence.devices, [deviceId]: at(deviceId, state) } }
      tell()
    },
  }
}

const stateOf = (store: { getSnapshot: ReturnType<typeof createTopologyStore>['getSnapshot'] }, id: string) =>
  store.getSnapshot().model!.devices.find((d) => d.id === id)!.state

describe('createTopologyStore: live states gathered (presenceBatchMs)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows a burst of device changes as one model change, after the batch time, with every change in it', async () => {
    const fake = source()
    const store = createTopologyStore(fake.value, { presenceBatchMs: PRESENCE_BATCH_MS })
    let changes = 0
    store.subscribe(() => (changes += 1))
    await vi.advanceTimersByTimeAsync(0)
    fake.live('d-0')
    expect(store.getSnapshot().presence).toBe('live')
    expect(stateOf(store, 'd-0')).toBe('online')
    const version = store.getSnapshot().model!.version
    changes = 0

    for (let i = 1; i < 40; i++) fake.change(`d-${i}`, 'online')
    fake.change('d-0', 'stale')
    // Nothing shown yet: 40 deltas wait together.
    expect(changes).toBe(0)
    expect(stateOf(store, 'd-1')).toBe('offline')
    await vi.advanceTimersByTimeAsync(PRESENCE_BATCH_MS - 1)
    expect(changes).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(changes).toBe(1)
    expect(store.getSnapshot().model!.version).toBe(version + 1)
    expect(store.getSnapshot().model!.counts.camera).toEqual({ online: 39, stale: 1, offline: 10 })
    expect(stateOf(store, 'd-39')).toBe('online')
    expect(stateOf(store, 'd-0')).toBe('stale')

    // The next change starts a new gathering.
    fake.change('d-0', 'online')
    await vi.advanceTimersByTimeAsync(PRESENCE_BATCH_MS)
    expect(changes).toBe(2)
    expect(stateOf(store, 'd-0')).toBe('online')
  })

  it('shows a change of the feed’s status at once, with the device states gathered so far', async () => {
    const fake = source()
    const store = createTopologyStore(fake.value, { presenceBatchMs: PRESENCE_BATCH_MS })
    store.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    expect(store.getSnapshot().presence).toBe('idle')
    fake.live()
    expect(store.getSnapshot().presence).toBe('live')
    fake.change('d-3', 'online')
    expect(stateOf(store, 'd-3')).toBe('offline')
    // The feed's status changes (here: refused) while d-3's change waits: both show now, and nothing waits after.
    fake.status('refused')
    expect(store.getSnapshot().presence).toBe('refused')
    expect(stateOf(store, 'd-3')).toBe('online')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a snapshot with the same status is a change like any other: it waits with the rest', async () => {
    const fake = source()
    const store = createTopologyStore(fake.value, { presenceBatchMs: PRESENCE_BATCH_MS })
    store.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    fake.live()
    fake.live('d-3', 'd-4')
    expect(stateOf(store, 'd-4')).toBe('offline')
    await vi.advanceTimersByTimeAsync(PRESENCE_BATCH_MS)
    expect(stateOf(store, 'd-4')).toBe('online')
  })

  it('without a batch time shows every change at once', async () => {
    const fake = source()
    const store = createTopologyStore(fake.value)
    store.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    fake.live()
    fake.change('d-5', 'online')
    expect(stateOf(store, 'd-5')).toBe('online')
  })

  it('drops a pending gathering when the last listener leaves', async () => {
    const fake = source()
    const store = createTopologyStore(fake.value, { presenceBatchMs: PRESENCE_BATCH_MS })
    const stop = store.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    fake.live()
    fake.change('d-6', 'online')
    stop()
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('getTopologyStore: a console’s topology gathers live states', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('for PRESENCE_BATCH_MS', async () => {
    const fake = source()
    const extensions = new Map<string, unknown>([[LIVE_CLIENT_KEY, { devices: fake.value.presence }]])
    const client = {
      use: (key: string, create: () => unknown) => (extensions.has(key) || extensions.set(key, create()), extensions.get(key)),
      v1: { listTenants: fake.value.listTenants, listDevices: async () => ({ items: devices, totalCount: devices.length }) },
      tenant: createStore<{ tenant?: Tenant }>()(() => ({ tenant: delta })),
      connection: createStore<{ status: string }>()(() => ({ status: 'reachable' })),
    } as unknown as Parameters<typeof getTopologyStore>[0]
    const store = getTopologyStore(client)
    store.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    fake.live()
    fake.change('d-7', 'online')
    await vi.advanceTimersByTimeAsync(PRESENCE_BATCH_MS - 1)
    expect(stateOf(store, 'd-7')).toBe('offline')
    await vi.advanceTimersByTimeAsync(1)
    expect(stateOf(store, 'd-7')).toBe('online')
  })
})
