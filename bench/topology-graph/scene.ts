// What the two baselines draw: the tenant graph's nodes with positions, sizes and colours, and its edges. Until
// GRAPH's layoutTopology lands, the model comes from a stand-in of core's buildTopology (contract B's shape) and
// the positions from a stand-in layout (tenant in the centre, networks around it, devices in a disc around their
// network, overlapping networks of other tenants beyond their network).
import { cidrContains, cidrOverlaps, type DeviceKind } from '@honu/core'
import type { DeviceState, TopologyInputLike } from './generate'

export interface NetworkRefLike {
  id: string
  tenantId: string
  tenantName: string
  kind: 'remote' | 'vpn'
  cidr: string
}
export interface ModelLike {
  tenant: { id: string; name: string }
  networks: (NetworkRefLike & { valid: boolean; overlaps: NetworkRefLike[] })[]
  devices: { id: string; name: string; kind: DeviceKind; address: string; networkId?: string; state: DeviceState; lastSeen?: number }[]
  version: number
  structureVersion: number
}

export interface SceneNode {
  id: string
  label: string
  x: number
  y: number
  size: number
  color: string
}
export interface Scene {
  nodes: SceneNode[]
  edges: { id: string; source: string; target: string }[]
}

const refs = (t: TopologyInputLike['tenant']): NetworkRefLike[] =>
  (['remote', 'vpn'] as const).flatMap((kind) => {
    const cidr = kind === 'remote' ? t.remote_cidr : t.vpn_cidr
    return cidr ? [{ id: `${t.tenant_id}/${kind}`, tenantId: t.tenant_id, tenantName: t.name, kind, cidr }] : []
  })

/** Stand-in of core's buildTopology for the benchmark's input (same shape as contract B's model). */
export function buildModel(input: TopologyInputLike): ModelLike {
  const own = refs(input.tenant)
  const others = input.visibleTenants.filter((t) => t.tenant_id !== input.tenant.tenant_id).flatMap(refs)
  const networks = own.map((n) => ({ ...n, valid: true, overlaps: others.filter((o) => cidrOverlaps(n.cidr, o.cidr)) }))
  const devices = input.devices
    .map((d) => {
      const address = d.address ?? ''
      const networkId = own.find((n) => cidrContains(n.cidr, `${address}/32`))?.id
      const p = input.presence[d.device_id]
      return { id: d.device_id, name: d.name, kind: d.kind, address, state: p?.state ?? ('offline' as const), ...(networkId ? { networkId } : {}) }
    })
    .sort((a, b) => a.name.localeCompare(b.name))
  return { tenant: { id: input.tenant.tenant_id, name: input.tenant.name }, networks, devices, version: 1, structureVersion: 1 }
}

export const STATE_COLOURS: Record<DeviceState, string> = { online: '#15803d', stale: '#b45309', offline: '#6b7280' }
const TENANT_COLOUR = '#1d4ed8'
const NETWORK_COLOUR = '#7c3aed'
const FOREIGN_COLOUR = '#be185d'
const GOLDEN = Math.PI * (3 - Math.sqrt(5))

/** Stand-in layout: positions in layout units (a device disc of n devices has a radius of about 12·√n). */
export function standInScene(model: ModelLike): Scene {
  const nodes: SceneNode[] = []
  const edges: Scene['edges'] = []
  const byNetwork = new Map<string | undefined, ModelLike['devices']>()
  for (const d of model.devices) byNetwork.set(d.networkId, [...(byNetwork.get(d.networkId) ?? []), d])
  const discRadius = (n: number) => 12 * Math.sqrt(n) + 40
  nodes.push({ id: model.tenant.id, label: model.tenant.name, x: 0, y: 0, size: 14, color: TENANT_COLOUR })
  const centres = new Map<string | undefined, { x: number; y: number }>([[undefined, { x: 0, y: 0 }]])
  const totalRadius = Math.max(...model.networks.map((n) => discRadius(byNetwork.get(n.id)?.length ?? 0)), 0)
  model.networks.forEach((network, index) => {
    const angle = (2 * Math.PI * index) / Math.max(model.networks.length, 1)
    const distance = totalRadius + discRadius(0) * 2
    const centre = { x: Math.cos(angle) * distance, y: Math.sin(angle) * distance }
    centres.set(network.id, centre)
    nodes.push({ id: network.id, label: network.cidr, ...centre, size: 10, color: NETWORK_COLOUR })
    edges.push({ id: `${model.tenant.id}->${network.id}`, source: model.tenant.id, target: network.id })
    const r = discRadius(byNetwork.get(network.id)?.length ?? 0) + 60
    network.overlaps.forEach((other, k) => {
      const a = angle + (k - (network.overlaps.length - 1) / 2) * 0.5
      if (!nodes.some((n) => n.id === other.id)) nodes.push({ id: other.id, label: `${other.tenantName} ${other.cidr}`, x: centre.x + Math.cos(a) * r, y: centre.y + Math.sin(a) * r, size: 10, color: FOREIGN_COLOUR })
      edges.push({ id: `${network.id}<>${other.id}`, source: network.id, target: other.id })
    })
  })
  for (const [networkId, devices] of byNetwork) {
    const centre = centres.get(networkId) ?? { x: 0, y: 0 }
    const hub = networkId ?? model.tenant.id
    devices.forEach((d, k) => {
      const r = 40 + 12 * Math.sqrt(k)
      nodes.push({ id: d.id, label: d.name, x: centre.x + Math.cos(k * GOLDEN) * r, y: centre.y + Math.sin(k * GOLDEN) * r, size: 3, color: STATE_COLOURS[d.state] })
      edges.push({ id: `${hub}->${d.id}`, source: hub, target: d.id })
    })
  }
  return { nodes, edges }
}
