// The tenant graph of the topology benchmark: one tenant with a remote network and a VPN, `devices` devices over the
// four kinds and three live states spread over both networks (a few in neither), and three networks of other
// tenants the user can see that overlap the tenant's own (the overlap edges). Deterministic: the same count gives
// the same graph in every page and every run. What it answers is the input of core's `buildTopology` (contract B):
// tenants and devices as the v1 API sends them, and live presence as the devices store holds it.
import type { Device, DeviceKind, TenantRecord } from '@honu/core'
import type { DevicePresence } from '@honu/core/live'
import type { TopologyInput } from '@honu/core/topology'

export const BENCH_TENANT: TenantRecord = { tenant_id: 'bench', name: 'Bench Grid', remote_cidr: '10.64.0.0/12', vpn_cidr: '10.250.0.0/16' }
// Each overlaps one of the bench tenant's networks (10.64.0.0/16 and 10.79.0.0/16 lie in 10.64.0.0/12,
// 10.250.128.0/20 in 10.250.0.0/16); none overlaps another.
const OTHERS: TenantRecord[] = [
  { tenant_id: 'other-1', name: 'Other One', remote_cidr: '10.64.0.0/16', vpn_cidr: '172.16.0.0/16' },
  { tenant_id: 'other-2', name: 'Other Two', remote_cidr: '192.168.0.0/16', vpn_cidr: '10.250.128.0/20' },
  { tenant_id: 'other-3', name: 'Other Three', remote_cidr: '10.79.0.0/16', vpn_cidr: '172.17.0.0/16' },
]
/** Nodes that are not devices: the tenant, its two networks and the three overlapping networks of other tenants. */
export const NON_DEVICE_NODES = 6

const KINDS: readonly DeviceKind[] = ['camera', 'vehicle', 'remote_access', 'unknown']
const PREFIX: Record<DeviceKind, string> = { camera: 'cam', vehicle: 'veh', remote_access: 'rdp', unknown: 'dev' }

/** mulberry32: a small seeded generator, so every page draws the same graph. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The input of `buildTopology` for a tenant graph of `nodes` nodes in all (devices = nodes − 6). */
export function generateTenant(nodes: number, now = 1_790_000_000_000): TopologyInput {
  const next = random(nodes)
  const devices: Device[] = []
  const presence: Record<string, DevicePresence> = {}
  const count = nodes - NON_DEVICE_NODES
  for (let i = 0; i < count; i++) {
    const r = next()
    // Weights: 40 % cameras, 30 % vehicles, 20 % remote access, 10 % unknown.
    const kind = KINDS[r < 0.4 ? 0 : r < 0.7 ? 1 : r < 0.9 ? 2 : 3]!
    const where = next()
    // 60 % in the remote network (10.64.0.0/12), 38 % in the VPN (10.250.0.0/16), 2 % in neither.
    const address =
      where < 0.6
        ? `10.${64 + (i % 16)}.${(i >> 8) & 255}.${i & 255 || 1}`
        : where < 0.98
          ? `10.250.${(i >> 8) & 255}.${i & 255 || 1}`
          : `192.0.2.${(i % 254) + 1}`
    const id = `bench-${String(i).padStart(5, '0')}`
    devices.push({ device_id: id, tenant_id: BENCH_TENANT.tenant_id, name: `${PREFIX[kind]}-${String(i).padStart(5, '0')}`, kind, address })
    const s = next()
    // A device missing from the presence map is offline (contract A): 60 % online, 15 % stale, 25 % never seen.
    if (s < 0.6) presence[id] = { deviceId: id, tenantId: BENCH_TENANT.tenant_id, state: 'online', lastSeen: now - Math.floor(next() * 4000) }
    else if (s < 0.75)
      presence[id] = { deviceId: id, tenantId: BENCH_TENANT.tenant_id, state: 'stale', lastSeen: now - 5000 - Math.floor(next() * 50_000) }
  }
  return { tenant: BENCH_TENANT, visibleTenants: [BENCH_TENANT, ...OTHERS], devices, presence }
}
