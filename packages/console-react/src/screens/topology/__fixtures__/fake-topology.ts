import type { Device, Tenant } from '@honu/core'
import type { DevicePresence } from '@honu/core/live'
import { createTopologyStore, type TopologyStore, type TopologyStoreSource } from '@honu/core/topology'

/** Alpha and Bravo as the reference server seeds them: Alpha's remote network overlaps Bravo's. */
export const alpha: Tenant = { tenant_id: 'alpha', name: 'Alpha Harbour', remote_cidr: '10.10.0.0/16', vpn_cidr: '10.200.0.0/24' }
export const bravo: Tenant = { tenant_id: 'bravo', name: 'Bravo Fleet', remote_cidr: '10.10.128.0/20', vpn_cidr: '10.201.0.0/24' }

/** Alpha's devices: every kind, in the remote network, the VPN and neither. */
export const alphaDevices: Device[] = [
  { device_id: 'alpha-usv-1', tenant_id: 'alpha', name: 'USV Kahu', kind: 'vehicle', address: '10.10.2.1' },
  { device_id: 'alpha-usv-2', tenant_id: 'alpha', name: 'USV Manu', kind: 'vehicle', address: '10.10.2.2' },
  { device_id: 'alpha-cam-1', tenant_id: 'alpha', name: 'Bow camera', kind: 'camera', address: '10.10.1.10' },
  { device_id: 'alpha-ra-1', tenant_id: 'alpha', name: 'Bridge console', kind: 'remote_access', address: '10.200.0.5' },
  { device_id: 'alpha-sonar', tenant_id: 'alpha', name: 'Side-scan sonar', kind: 'unknown', address: '192.168.7.2' },
]

/** `count` generated devices of tenant delta over the four kinds (the large tenant of the scroll test). */
export function manyDevices(count: number): Device[] {
  const kinds = ['camera', 'vehicle', 'remote_access', 'unknown'] as const
  return Array.from({ length: count }, (_, i) => ({
    device_id: `delta-${String(i).padStart(5, '0')}`,
    tenant_id: 'delta',
    name: `Device ${String(i).padStart(5, '0')}`,
    kind: kinds[i % 4]!,
    address: `10.64.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  }))
}

/** Options of {@link fakeTopology}. */
export interface FakeTopologyOptions {
  tenant?: Tenant
  /** What GET tenants answers (the selected tenant is always among them). Default: the tenant alone. */
  visibleTenants?: Tenant[]
  devices?: Device[]
  /** Live states by device id (the live channel's snapshot). */
  presence?: Record<string, DevicePresence>
  /** Makes the loads fail with this error (until {@link FakeTopology.succeed}). */
  failWith?: unknown
  /** Loads never answer (the screen stays 'loading'). */
  pending?: boolean
  /** The live states' feed status (default 'live'; 'refused' as for a topic the server refuses). */
  presenceStatus?: 'idle' | 'loading' | 'live' | 'refused'
}

/** A topology store over a fake source (the unit boundary: the store itself is core's real one). */
export interface FakeTopology {
  store: TopologyStore
  source: TopologyStoreSource
  /** Sends live states, as the devices store would after a delta. */
  setPresence(devices: Record<string, DevicePresence>): void
  /** Makes the next loads succeed. */
  succeed(): void
  /** Makes the next loads fail with `error`. */
  fail(error: unknown): void
}

/** Builds {@link FakeTopology}: core's `createTopologyStore` over fixed answers and a presence feed tests drive. */
export function fakeTopology(options: FakeTopologyOptions = {}): FakeTopology {
  const tenant = options.tenant ?? alpha
  let failure = options.failWith
  let presence = { tenantId: tenant.tenant_id, status: options.presenceStatus ?? 'live', devices: options.presence ?? {} }
  const presenceListeners = new Set<() => void>()
  const answer = <T>(value: T): Promise<T> =>
    options.pending ? new Promise<T>(() => {}) : failure !== undefined ? Promise.reject(failure) : Promise.resolve(value)
  const source: TopologyStoreSource = {
    listTenants: () => answer(options.visibleTenants ?? [tenant]),
    listDevices: () => answer(options.devices ?? alphaDevices),
    tenant: { get: () => tenant, subscribe: () => () => {} },
    presence: {
      getSnapshot: () => presence,
      subscribe: (listener) => {
        presenceListeners.add(listener)
        return () => presenceListeners.delete(listener)
      },
    },
    onReachable: () => () => {},
  }
  return {
    store: createTopologyStore(source),
    source,
    setPresence(devices) {
      presence = { ...presence, devices }
      for (const listener of [...presenceListeners]) listener()
    },
    succeed() {
      failure = undefined
    },
    fail(error) {
      failure = error
    },
  }
}
