import { describe, expect, it, vi } from 'vitest'
import type { Device, Tenant } from '../api/v1-types'
import type { DevicesState } from '../live/devices-store'
import { createStore } from 'zustand/vanilla'
import { LIVE_CLIENT_KEY } from '../live/create-live-client'
import type { ConnectionStatus } from '../stores/connection-store'
import { EMPTY_FILTER } from './topology-model'
import { createTopologyStore, getTopologyStore, type TopologyStoreSource } from './topology-store'

const alpha: Tenant = { tenant_id: 'alpha', id: 'alpha', name: 'Alpha Harbour', remote_cidr: '10.10.0.0/16', vpn_cidr: '10.200.0.0/24' }
const bravo: Tenant = { tenant_id: 'bravo', id: 'bravo', name: 'Bravo Fleet', remote_cidr: '10.10.128.0/20', vpn_cidr: '10.201.0.0/24' }
const devicesOf: Record<string, Device[]> = {
  alpha: [
    { device_id: 'alpha-usv-1', tenant_id: 'alpha', name: 'USV Kahu', kind: 'vehicle', address: '10.10.2.1' },
    { device_id: 'alpha-cam-1', tenant_id: 'alpha', name: 'Bow camera', kind: 'camera', address: '10.10.1.10' },
  ],
  bravo: [{ device_id: 'bravo-rov-1', tenant_id: 'bravo', name: 'ROV Mano', kind: 'vehicle', address: '10.10.131.1' }],
}

/** A source at the store's boundary: answers as the server would, and lets the test move tenant and states. */
function fakeSource() {
  let tenant: Tenant | undefined = alpha
  let presence: DevicesState = { status: 'idle', devices: {} }
  const tenantListeners = new Set<() => void>()
  const presenceListeners = new Set<() => void>()
  const reachable = new Set<() => void>()
  let failNext = 0
  const calls: string[] = []
  const source: TopologyStoreSource = {
    async listTenants() {
      calls.push('tenants')
      if (failNext > 0) {
        failNext -= 1
        throw new Error('server down')
      }
      return [alpha, bravo]
    },
    async listDevices(tenantId) {
      calls.push(`devices:${tenantId}`)
      return devicesOf[tenantId] ?? []
    },
    tenant: {
      get: () => tenant,
      subscribe: (listener) => (tenantListeners.add(listener), () => tenantListeners.delete(listener)),
    },
    presence: {
      getSnapshot: () => presence,
      subscribe: (listener) => (presenceListeners.add(listener), () => presenceListeners.delete(listener)),
    },
    onReachable: (listener) => (reachable.add(listener), () => reachable.delete(listener)),
  }
  return {
    source,
    calls,
    failNext: (n: number) => (failNext = n),
    setTenant(next: Tenant | undefined) {
      tenant = next
      for (const l of [...tenantListeners]) l()
    },
    setPresence(next: DevicesState) {
      presence = next
      for (const l of [...presenceListeners]) l()
    },
    serverBack: () => [...reachable].forEach((l) => l()),
    listenerCount: () => tenantListeners.size + presenceListeners.size + reachable.size,
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createTopologyStore', () => {
  it('does nothing until someone listens, then loads the selected tenant’s topology', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    expect(store.getSnapshot().status).toBe('idle')
    expect(fake.calls).toEqual([])
    store.subscribe(() => {})
    expect(store.getSnapshot().status).toBe('loading')
    await settle()
    const { status, model } = store.getSnapshot()
    expect(status).toBe('ready')
    expect(model!.devices.map((d) => d.id)).toEqual(['alpha-cam-1', 'alpha-usv-1'])
    expect(model!.networks[0]!.overlaps.map((o) => o.id)).toEqual(['bravo/remote'])
  })

  it('applies live states of its tenant only, keeping the structure version', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    const before = store.getSnapshot().model!
    fake.setPresence({
      tenantId: 'bravo',
      status: 'live',
      devices: { 'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'bravo', state: 'online' } },
    })
    expect(store.getSnapshot().model).toBe(before)
    fake.setPresence({
      tenantId: 'alpha',
      status: 'live',
      devices: { 'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online', lastSeen: 5 } },
    })
    const after = store.getSnapshot()
    expect(after.presence).toBe('live')
    expect(after.model!.devices.find((d) => d.id === 'alpha-usv-1')!.state).toBe('online')
    expect(after.model!.structureVersion).toBe(before.structureVersion)
    expect(after.model!.version).toBeGreaterThan(before.version)
    fake.setPresence({
      tenantId: 'alpha',
      status: 'live',
      devices: { 'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'stale', lastSeen: 5 } },
    })
    expect(store.getSnapshot().model!.devices.find((d) => d.id === 'alpha-usv-1')!.state).toBe('stale')
  })

  it('on a tenant switch drops the last tenant’s model and selection, keeps the filter, loads the new one', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    store.select('alpha-usv-1')
    store.setFilter({ kinds: ['vehicle'] })
    fake.setTenant(bravo)
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', model: undefined, selectedId: undefined, filter: { kinds: ['vehicle'] } })
    await settle()
    expect(store.getSnapshot().model!.tenant.id).toBe('bravo')
    expect(store.getSnapshot().model!.devices.map((d) => d.id)).toEqual(['bravo-rov-1'])
  })

  it('follows a rename of the selected tenant without a reload', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    const calls = fake.calls.length
    fake.setTenant({ ...alpha, name: 'Alpha Port' })
    expect(store.getSnapshot().model!.tenant.name).toBe('Alpha Port')
    expect(fake.calls.length).toBe(calls)
  })

  it('a failed first load says so; reload() tries again; a failed refresh keeps the model shown', async () => {
    const fake = fakeSource()
    fake.failNext(1)
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    expect(store.getSnapshot()).toMatchObject({ status: 'failed', error: new Error('server down') })
    await store.reload()
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', error: undefined })
    const model = store.getSnapshot().model
    fake.failNext(1)
    await store.reload()
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', model, error: new Error('server down') })
  })

  it('reloads when the server answers again, and bumps the structure version only when devices changed', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    const first = store.getSnapshot().model!
    fake.serverBack()
    await settle()
    const same = store.getSnapshot().model!
    expect(fake.calls.filter((c) => c === 'tenants')).toHaveLength(2)
    expect(same.structureVersion).toBe(first.structureVersion)
    devicesOf.alpha!.push({ device_id: 'alpha-new', tenant_id: 'alpha', name: 'New tag', kind: 'unknown', address: '10.10.9.9' })
    try {
      await store.reload()
      expect(store.getSnapshot().model!.structureVersion).toBe(first.structureVersion + 1)
    } finally {
      devicesOf.alpha!.pop()
    }
  })

  it('drops a selection that no longer exists after a reload, keeps one that does', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    store.select('alpha/vpn')
    await store.reload()
    expect(store.getSnapshot().selectedId).toBe('alpha/vpn')
    store.select('gone-device')
    await store.reload()
    expect(store.getSnapshot().selectedId).toBeUndefined()
  })

  it('lets go of tenant, states and server when the last listener leaves; ignores an answer that comes late', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    const listener = vi.fn()
    const stop = store.subscribe(listener)
    expect(fake.listenerCount()).toBe(3)
    stop()
    const heard = listener.mock.calls.length
    expect(fake.listenerCount()).toBe(0)
    await settle()
    // The load started before the listener left was aborted: no model arrives for nobody.
    expect(store.getSnapshot().model).toBeUndefined()
    expect(listener.mock.calls.length).toBe(heard)
  })

  it('keeps the selection and shows the last model at once after nobody listened (list ↔ graph), for the same tenant only', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    let stop = store.subscribe(() => {})
    await settle()
    store.select('alpha-usv-1')
    stop()
    const calls = fake.calls.length
    stop = store.subscribe(() => {})
    // The last model shows at once, with the same structure (the graph's layout is kept for it), while it reloads.
    const shown = store.getSnapshot()
    expect(shown).toMatchObject({ status: 'ready', selectedId: 'alpha-usv-1' })
    expect(shown.model!.tenant.id).toBe('alpha')
    const structure = shown.model!.structureVersion
    await settle()
    expect(fake.calls.length).toBeGreaterThan(calls)
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', selectedId: 'alpha-usv-1' })
    expect(store.getSnapshot().model!.structureVersion).toBe(structure)
    // Another tenant chosen while nobody listened: its screen starts with nothing selected.
    stop()
    fake.setTenant(bravo)
    store.subscribe(() => {})
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', model: undefined, selectedId: undefined })
    await settle()
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', selectedId: undefined })
    expect(store.getSnapshot().model!.tenant.id).toBe('bravo')
  })

  it('with no tenant selected stays idle', async () => {
    const fake = fakeSource()
    fake.setTenant(undefined)
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    expect(store.getSnapshot().status).toBe('idle')
    expect(fake.calls).toEqual([])
  })
})

/** A source whose device lists answer only when the test says so, in any order; it records each request's signal. */
function heldSource() {
  const fake = fakeSource()
  const requests: { tenantId: string; signal?: AbortSignal; answer(devices: Device[]): void; fail(error: Error): void }[] = []
  const tenantSignals: (AbortSignal | undefined)[] = []
  const source: TopologyStoreSource = {
    ...fake.source,
    async listTenants({ signal }) {
      tenantSignals.push(signal)
      return [alpha, bravo]
    },
    listDevices: (tenantId, { signal }) =>
      new Promise<Device[]>((resolve, reject) => requests.push({ tenantId, signal, answer: resolve, fail: reject })),
  }
  return { ...fake, source, requests, tenantSignals }
}

const usv = (state: 'online' | 'stale' | 'offline', tenantId = 'alpha'): DevicesState => ({
  tenantId,
  status: 'live',
  devices: { 'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId, state } },
})

describe('createTopologyStore: loads', () => {
  it('starts idle with the empty filter, and its first model is version 1, structure version 1; each load adds one', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    expect(store.getSnapshot()).toEqual({ status: 'idle', presence: 'idle', filter: EMPTY_FILTER })
    store.subscribe(() => {})
    await settle()
    expect(store.getSnapshot().model).toMatchObject({ version: 1, structureVersion: 1 })
    await store.reload()
    expect(store.getSnapshot().model).toMatchObject({ version: 2, structureVersion: 1 })
  })

  it('tells its listeners of every change: loading, then ready', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    const seen: string[] = []
    store.subscribe(() => seen.push(store.getSnapshot().status))
    await settle()
    expect(seen).toEqual(['loading', 'ready'])
  })

  it('takes the live states the channel already holds for its tenant, and none of another tenant’s', async () => {
    const own = fakeSource()
    own.setPresence(usv('online'))
    const store = createTopologyStore(own.source)
    store.subscribe(() => {})
    await settle()
    expect(store.getSnapshot().model!.devices.find((d) => d.id === 'alpha-usv-1')!.state).toBe('online')

    const other = fakeSource()
    other.setPresence(usv('online', 'bravo'))
    const second = createTopologyStore(other.source)
    second.subscribe(() => {})
    await settle()
    expect(second.getSnapshot().model!.devices.find((d) => d.id === 'alpha-usv-1')!.state).toBe('offline')
  })

  it.each([
    ['the tenant’s remote CIDR changes', () => void (alpha.remote_cidr = '10.11.0.0/16')],
    ['another tenant’s network starts to overlap', () => void (bravo.vpn_cidr = '10.200.0.128/25')],
    ['a device changes kind', () => void (devicesOf.alpha![0]!.kind = 'remote_access')],
    ['a device moves to the other network', () => void (devicesOf.alpha![0]!.address = '10.200.0.9')],
    ['a device leaves every network', () => void (devicesOf.alpha![0]!.address = '192.168.1.1')],
  ])('bumps the structure version on a reload when %s', async (_, change) => {
    const saved = structuredClone({ alpha, bravo, devices: devicesOf.alpha })
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    try {
      change()
      await store.reload()
      expect(store.getSnapshot().model).toMatchObject({ version: 2, structureVersion: 2 })
      await store.reload()
      expect(store.getSnapshot().model).toMatchObject({ version: 3, structureVersion: 2 })
    } finally {
      Object.assign(alpha, saved.alpha)
      Object.assign(bravo, saved.bravo)
      devicesOf.alpha = saved.devices!
    }
  })

  it('keeps the selected tenant selected across a reload', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    store.select('alpha')
    await store.reload()
    expect(store.getSnapshot().selectedId).toBe('alpha')
    store.select('alpha-cam-1')
    await store.reload()
    expect(store.getSnapshot().selectedId).toBe('alpha-cam-1')
  })

  it('passes each request a signal, aborted when the tenant changes or the last listener leaves', async () => {
    const fake = heldSource()
    const store = createTopologyStore(fake.source)
    let stop = store.subscribe(() => {})
    expect(fake.requests.map((r) => r.tenantId)).toEqual(['alpha'])
    expect(fake.tenantSignals[0]).toBe(fake.requests[0]!.signal)
    fake.setTenant(bravo)
    expect(fake.requests[0]!.signal!.aborted).toBe(true)
    expect(fake.requests[1]!.signal!.aborted).toBe(false)
    stop()
    expect(fake.requests[1]!.signal!.aborted).toBe(true)
    // Two reloads, the first answered (aborted by the second) before the listener leaves: the second is still aborted.
    stop = store.subscribe(() => {})
    fake.requests.at(-1)!.answer(devicesOf.bravo!)
    await settle()
    void store.reload()
    void store.reload()
    await settle()
    const [first, second] = fake.requests.slice(-2)
    first!.answer([])
    await settle()
    expect(second!.signal!.aborted).toBe(false)
    stop()
    expect(second!.signal!.aborted).toBe(true)
  })

  it('shows the newer of two answers for the same tenant, whichever comes last', async () => {
    const fake = heldSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    fake.requests[0]!.answer(devicesOf.alpha!)
    await settle()
    void store.reload()
    void store.reload()
    await settle()
    const [older, newer] = fake.requests.slice(-2)
    newer!.answer(devicesOf.alpha!.slice(0, 1))
    await settle()
    older!.answer([])
    await settle()
    expect(store.getSnapshot().model!.devices.map((d) => d.id)).toEqual(['alpha-usv-1'])
    // A failure of the older, aborted request comes late: no error for a load that succeeded.
    void store.reload()
    void store.reload()
    await settle()
    const [failing, fine] = fake.requests.slice(-2)
    fine!.answer(devicesOf.alpha!)
    await settle()
    failing!.fail(new Error('aborted'))
    await settle()
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', error: undefined })
  })

  it('says nothing of a load for the last tenant that fails after a switch', async () => {
    const fake = heldSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    fake.setTenant(bravo)
    fake.requests[0]!.fail(new Error('server down'))
    await settle()
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', error: undefined })
    fake.requests[1]!.answer(devicesOf.bravo!)
    await settle()
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', error: undefined })
  })

  it('names the tenant as renamed while its first load was under way', async () => {
    const fake = heldSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    fake.setTenant({ ...alpha, name: 'Alpha Port' })
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', model: undefined })
    fake.requests[0]!.answer(devicesOf.alpha!)
    await settle()
    expect(store.getSnapshot().model!.tenant.name).toBe('Alpha Port')
    expect(store.getSnapshot().model!.networks.map((n) => n.tenantName)).toEqual(['Alpha Port', 'Alpha Port'])
  })
})

describe('createTopologyStore: tenant, listeners, reload', () => {
  it('when the tenant is deselected while listening: idle, nothing shown, nothing loaded', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    store.select('alpha-usv-1')
    const calls = fake.calls.length
    fake.setTenant(undefined)
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', model: undefined, selectedId: undefined, error: undefined })
    await store.reload()
    await settle()
    expect(fake.calls.length).toBe(calls)
    expect(store.getSnapshot().status).toBe('idle')
  })

  it('after nobody listened, with the tenant deselected meanwhile, the next listener gets idle', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    const stop = store.subscribe(() => {})
    await settle()
    stop()
    fake.setTenant(undefined)
    store.subscribe(() => {})
    await settle()
    expect(store.getSnapshot().status).toBe('idle')
    expect(store.getSnapshot().model).toBeUndefined()
  })

  it('reload() without listeners loads nothing', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    await store.reload()
    expect(fake.calls).toEqual([])
    const stop = store.subscribe(() => {})
    await settle()
    stop()
    const calls = fake.calls.length
    await store.reload()
    expect(fake.calls.length).toBe(calls)
  })

  it('after a failed first load, reload() says loading at once and drops the error', async () => {
    const fake = fakeSource()
    fake.failNext(1)
    const store = createTopologyStore(fake.source)
    store.subscribe(() => {})
    await settle()
    expect(store.getSnapshot().status).toBe('failed')
    const done = store.reload()
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', error: undefined })
    await done
    expect(store.getSnapshot().status).toBe('ready')
  })

  it('watches its sources once however many listen, and until the last one leaves', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    const stopFirst = store.subscribe(() => {})
    await settle()
    const calls = fake.calls.length
    const second = vi.fn()
    const stopSecond = store.subscribe(second)
    expect(fake.listenerCount()).toBe(3)
    expect(fake.calls.length).toBe(calls)
    stopFirst()
    stopFirst()
    expect(fake.listenerCount()).toBe(3)
    expect(store.getSnapshot().status).toBe('ready')
    fake.setPresence(usv('online'))
    expect(second).toHaveBeenCalled()
    expect(store.getSnapshot().model!.devices.find((d) => d.id === 'alpha-usv-1')!.state).toBe('online')
    stopSecond()
    expect(fake.listenerCount()).toBe(0)
  })

  it('keeps the same snapshot when a live update or a selection changes nothing', async () => {
    const fake = fakeSource()
    const store = createTopologyStore(fake.source)
    const listener = vi.fn()
    store.subscribe(listener)
    await settle()
    fake.setPresence(usv('online'))
    store.select('alpha-usv-1')
    const snapshot = store.getSnapshot()
    const heard = listener.mock.calls.length
    fake.setPresence(usv('online'))
    fake.setPresence({ ...usv('online', 'bravo'), status: 'live' })
    store.select('alpha-usv-1')
    // The console's tenant store tells of every change of its own (roles, organisation): the same tenant, same name.
    fake.setTenant(alpha)
    fake.setTenant({ ...alpha })
    expect(store.getSnapshot()).toBe(snapshot)
    expect(listener.mock.calls.length).toBe(heard)
  })
})

describe('getTopologyStore', () => {
  /** The console's parts the store reads, the live client already among its extensions. */
  function fakeClient() {
    const fake = fakeSource()
    const tenant = createStore<{ tenant?: Tenant }>()(() => ({ tenant: alpha }))
    const connection = createStore<{ status: ConnectionStatus }>()(() => ({ status: 'reachable' }))
    const extensions = new Map<string, unknown>([[LIVE_CLIENT_KEY, { devices: fake.source.presence }]])
    const calls: string[] = []
    const client = {
      use: (key: string, create: () => unknown) => {
        if (!extensions.has(key)) extensions.set(key, create())
        return extensions.get(key)
      },
      v1: {
        listTenants: async () => (calls.push('tenants'), [alpha, bravo]),
        listDevices: async (tenantId: string) => (calls.push(`devices:${tenantId}`), { items: devicesOf[tenantId] ?? [], totalCount: 0 }),
      },
      tenant,
      connection,
    } as unknown as Parameters<typeof getTopologyStore>[0]
    return { client, fake, tenant, connection, calls }
  }

  it('is one store per console, loading the selected tenant’s tenants and devices through the API client', async () => {
    const { client, calls } = fakeClient()
    const store = getTopologyStore(client)
    expect(getTopologyStore(client)).toBe(store)
    expect(getTopologyStore(fakeClient().client)).not.toBe(store)
    store.subscribe(() => {})
    await settle()
    expect(calls.sort()).toEqual(['devices:alpha', 'tenants'])
    expect(store.getSnapshot().model!.devices.map((d) => d.id)).toEqual(['alpha-cam-1', 'alpha-usv-1'])
  })

  it('follows the console’s tenant and the live client’s states, and reloads when the server comes back', async () => {
    const { client, fake, tenant, connection, calls } = fakeClient()
    const store = getTopologyStore(client)
    const stop = store.subscribe(() => {})
    await settle()
    fake.setPresence(usv('stale'))
    // The console's store may gather live changes a moment before it shows them.
    await vi.waitFor(() => expect(store.getSnapshot().model!.devices.find((d) => d.id === 'alpha-usv-1')!.state).toBe('stale'))
    tenant.setState({ tenant: bravo })
    await vi.waitFor(() => expect(store.getSnapshot().model!.tenant.id).toBe('bravo'))
    const loads = calls.length
    connection.setState({ status: 'slow' })
    connection.setState({ status: 'reachable' })
    await settle()
    expect(calls.length).toBe(loads)
    connection.setState({ status: 'unreachable' })
    connection.setState({ status: 'reachable' })
    await settle()
    expect(calls.length).toBe(loads + 2)
    stop()
    connection.setState({ status: 'unreachable' })
    connection.setState({ status: 'reachable' })
    tenant.setState({ tenant: alpha })
    await settle()
    expect(calls.length).toBe(loads + 2)
  })

  it('has start() and stop() for the console, which change nothing', async () => {
    const { client } = fakeClient()
    const store = getTopologyStore(client) as ReturnType<typeof getTopologyStore> & { start(): void; stop(): void }
    store.start()
    store.stop()
    expect(store.getSnapshot().status).toBe('idle')
  })
})
