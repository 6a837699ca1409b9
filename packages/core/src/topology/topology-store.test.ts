import { describe, expect, it, vi } from 'vitest'
import type { Device, Tenant } from '../api/v1-types'
import type { DevicesState } from '../live/devices-store'
import { createTopologyStore, type TopologyStoreSource } from './topology-store'

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
