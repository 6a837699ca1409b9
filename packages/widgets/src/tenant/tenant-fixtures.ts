import type { Device, Tenant } from '@honu/core'
import type { DevicePresence } from '@honu/core/live'
import { buildTopology, type TopologyModel, type TopologyState } from '@honu/core/topology'

/** Alpha and Bravo as the reference server seeds them: Alpha's remote network holds Bravo's. */
export const alpha: Pick<Tenant, 'tenant_id' | 'name' | 'remote_cidr' | 'vpn_cidr'> = {
  tenant_id: 'alpha',
  name: 'Alpha Harbour',
  remote_cidr: '10.10.0.0/16',
  vpn_cidr: '10.200.0.0/24',
}
export const bravo: Pick<Tenant, 'tenant_id' | 'name' | 'remote_cidr' | 'vpn_cidr'> = {
  tenant_id: 'bravo',
  name: 'Bravo Fleet',
  remote_cidr: '10.10.128.0/20',
  vpn_cidr: '10.201.0.0/24',
}

/** Some of Alpha's devices, of every kind, in both networks and in neither. */
export const alphaDevices: Device[] = [
  { device_id: 'alpha-usv-1', tenant_id: 'alpha', name: 'USV Kahu', kind: 'vehicle', address: '10.10.2.1' },
  { device_id: 'alpha-usv-2', tenant_id: 'alpha', name: 'USV Manu', kind: 'vehicle', address: '10.10.2.2' },
  { device_id: 'alpha-usv-3', tenant_id: 'alpha', name: 'USV Pueo', kind: 'vehicle', address: '10.10.2.3' },
  { device_id: 'alpha-cam-1', tenant_id: 'alpha', name: 'Bow camera', kind: 'camera', address: '10.10.1.10' },
  { device_id: 'alpha-cam-2', tenant_id: 'alpha', name: 'Dock camera', kind: 'camera', address: '10.200.0.20' },
  { device_id: 'alpha-ra-1', tenant_id: 'alpha', name: 'Bridge console', kind: 'remote_access', address: '10.200.0.5' },
  { device_id: 'alpha-sonar', tenant_id: 'alpha', name: 'Side-scan sonar', kind: 'unknown', address: '192.168.7.2' },
]

/** Live states: two vehicles and a camera online, one vehicle stale; the rest never seen (offline). */
export const alphaPresence: Record<string, DevicePresence> = {
  'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online', lastSeen: 1_764_115_200_000 },
  'alpha-usv-2': { deviceId: 'alpha-usv-2', tenantId: 'alpha', state: 'stale', lastSeen: 1_764_115_190_000 },
  'alpha-usv-3': { deviceId: 'alpha-usv-3', tenantId: 'alpha', state: 'online', lastSeen: 1_764_115_200_000 },
  'alpha-cam-1': { deviceId: 'alpha-cam-1', tenantId: 'alpha', state: 'online', lastSeen: 1_764_115_200_000 },
}

/** Alpha's topology as Ada (admin of Alpha, reader in Bravo) sees it: the overlap with Bravo's remote network. */
export const alphaSeenWithBravo: TopologyModel = buildTopology({
  tenant: alpha,
  visibleTenants: [alpha, bravo],
  devices: alphaDevices,
  presence: alphaPresence,
})

/** Alpha's topology as Remy (reader in Alpha only) sees it: no other tenant, so no overlap. */
export const alphaAlone: TopologyModel = buildTopology({ tenant: alpha, visibleTenants: [alpha], devices: alphaDevices, presence: alphaPresence })

/** A ready topology state of `model`, live states flowing. */
export const ready = (model: TopologyModel): Pick<TopologyState, 'status' | 'model' | 'presence' | 'error'> => ({
  status: 'ready',
  model,
  presence: 'live',
})
