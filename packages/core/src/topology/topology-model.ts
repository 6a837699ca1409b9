import type { Device, DeviceKind, Tenant } from '../api/v1-types'
import { parseCidr, tryCidrRange, type CidrBlock } from '../cidr/cidr-range'
import { findCidrOverlaps } from '../cidr/cidr-contains'
import { parseIp } from '../cidr/ip-address'
import type { DevicePresence, DeviceState } from '../live/protocol'

/**
 * The network topology of one tenant (issue 16): its networks with their ranges and overlaps, its devices with the
 * network that holds each and its live state, and the counts. Pure: the list, the graph and the Tenant widget all
 * read this one model, so they never disagree.
 */

export type { DeviceState } from '../live/protocol'

/** A tenant's remote network (`remote_cidr`) or its VPN (`vpn_cidr`), spec §3. */
export type NetworkKind = 'remote' | 'vpn'

/** A network, named well enough to tell the user which one: its tenant and its kind. */
export interface NetworkRef {
  /** `<tenant id>/remote` or `<tenant id>/vpn`. */
  id: string
  tenantId: string
  tenantName: string
  kind: NetworkKind
  cidr: string
}

/** One of the tenant's networks. */
export interface TopologyNetwork extends NetworkRef {
  /** The first and last address; `undefined` when the CIDR is malformed (`valid: false`). */
  range?: { start: string; end: string }
  valid: boolean
  /** Other networks the user can see that share addresses with this one (another tenant's, or this tenant's other). */
  overlaps: NetworkRef[]
}

/** One device of the tenant, with the network whose CIDR holds its address and its live state. */
export interface TopologyDevice {
  id: string
  name: string
  kind: DeviceKind
  /** Where the device is reached; empty when the server gives none. */
  address: string
  /** The network that holds `address`, if any does. */
  networkId?: string
  state: DeviceState
  /** Milliseconds since the epoch: the last sign of life the server saw, if it saw one. */
  lastSeen?: number
}

export const DEVICE_KINDS: readonly DeviceKind[] = ['camera', 'vehicle', 'remote_access', 'unknown']
export const DEVICE_STATES: readonly DeviceState[] = ['online', 'stale', 'offline']

/** Device counts per kind and state. */
export type TopologyCounts = Record<DeviceKind, Record<DeviceState, number>>

export interface TopologyModel {
  tenant: { id: string; name: string }
  /** The tenant's networks: remote first, then the VPN; a tenant without a CIDR has fewer. */
  networks: TopologyNetwork[]
  /** By name (then id). */
  devices: TopologyDevice[]
  counts: TopologyCounts
  /** Bumps on every change (networks, devices or states). */
  version: number
  /** Bumps only when networks or devices change, not their states: what a layout depends on. */
  structureVersion: number
}

/** What the list and the graph show: devices whose text matches `query`, of these kinds and states (`[]` = all). */
export interface TopologyFilter {
  query: string
  kinds: readonly DeviceKind[]
  states: readonly DeviceState[]
}

export const EMPTY_FILTER: TopologyFilter = Object.freeze({ query: '', kinds: Object.freeze([]), states: Object.freeze([]) })

export interface TopologyInput {
  tenant: Pick<Tenant, 'tenant_id' | 'name' | 'remote_cidr' | 'vpn_cidr'>
  /** Every tenant the user can see (GET tenants): a super admin's are all of them; overlaps are looked for here only. */
  visibleTenants: readonly Pick<Tenant, 'tenant_id' | 'name' | 'remote_cidr' | 'vpn_cidr'>[]
  devices: readonly Device[]
  presence: Readonly<Record<string, DevicePresence>>
}

export const networkId = (tenantId: string, kind: NetworkKind): string => `${tenantId}/${kind}`

function networksOf(tenant: TopologyInput['tenant']): NetworkRef[] {
  const refs: NetworkRef[] = []
  for (const kind of ['remote', 'vpn'] as const) {
    const cidr = kind === 'remote' ? tenant.remote_cidr : tenant.vpn_cidr
    if (typeof cidr === 'string' && cidr.trim() !== '') {
      refs.push({ id: networkId(tenant.tenant_id, kind), tenantId: tenant.tenant_id, tenantName: tenant.name, kind, cidr })
    }
  }
  return refs
}

const emptyCounts = (): TopologyCounts =>
  Object.fromEntries(DEVICE_KINDS.map((kind) => [kind, { online: 0, stale: 0, offline: 0 }])) as TopologyCounts

/** Device counts per kind and state. */
export function countDevices(devices: readonly TopologyDevice[]): TopologyCounts {
  const counts = emptyCounts()
  for (const device of devices) counts[device.kind][device.state] += 1
  return counts
}

const stateOf = (presence: DevicePresence | undefined): Pick<TopologyDevice, 'state' | 'lastSeen'> =>
  presence
    ? presence.lastSeen === undefined
      ? { state: presence.state }
      : { state: presence.state, lastSeen: presence.lastSeen }
    : { state: 'offline' }

function byName(a: TopologyDevice, b: TopologyDevice): number {
  return a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/**
 * The tenant's topology: networks with their ranges and overlaps among the networks the user can see, devices with
 * their network and state (a device the live channel has not reported is offline), counts.
 *
 * @example
 * const model = buildTopology({ tenant: alpha, visibleTenants: [alpha, bravo], devices, presence: {} })
 * model.networks[0].overlaps // [{ id: 'bravo/remote', tenantName: 'Bravo Fleet', cidr: '10.10.128.0/20', … }]
 */
export function buildTopology(input: TopologyInput, versions: { version?: number; structureVersion?: number } = {}): TopologyModel {
  const { tenant } = input
  const own = networksOf(tenant)
  // The selected tenant is always among the visible ones, whatever the list says.
  const visible = [tenant, ...input.visibleTenants.filter((t) => t.tenant_id !== tenant.tenant_id)]
  const all = visible.flatMap(networksOf)
  const byId = new Map(all.map((ref) => [ref.id, ref]))
  const overlaps = new Map<string, NetworkRef[]>()
  for (const { a, b } of findCidrOverlaps(all.map((ref) => ({ id: ref.id, cidr: ref.cidr })))) {
    overlaps.set(a.id, [...(overlaps.get(a.id) ?? []), byId.get(b.id)!])
    overlaps.set(b.id, [...(overlaps.get(b.id) ?? []), byId.get(a.id)!])
  }

  const blocks: { id: string; block: CidrBlock }[] = []
  const networks: TopologyNetwork[] = own.map((ref) => {
    const range = tryCidrRange(ref.cidr)
    if (range) blocks.push({ id: ref.id, block: parseCidr(ref.cidr) })
    const network: TopologyNetwork = { ...ref, valid: range !== undefined, overlaps: overlaps.get(ref.id) ?? [] }
    if (range) network.range = range
    return network
  })

  const networkOf = (address: string): string | undefined => {
    if (!address) return undefined
    let ip
    try {
      ip = parseIp(address)
    } catch {
      return undefined
    }
    return blocks.find(({ block }) => block.version === ip.version && block.first <= ip.value && ip.value <= block.last)?.id
  }

  const devices = input.devices
    .map((d): TopologyDevice => {
      const address = typeof d.address === 'string' ? d.address : ''
      const device: TopologyDevice = { id: d.device_id, name: d.name, kind: d.kind, address, ...stateOf(input.presence[d.device_id]) }
      const network = networkOf(address)
      if (network) device.networkId = network
      return device
    })
    .sort(byName)

  return {
    tenant: { id: tenant.tenant_id, name: tenant.name },
    networks,
    devices,
    counts: countDevices(devices),
    version: versions.version ?? 1,
    structureVersion: versions.structureVersion ?? 1,
  }
}

/**
 * The model with new live states: devices whose state did not change keep their object, so a table or graph can
 * skip them; the structure (and `structureVersion`) stays. Answers the same model when nothing changed.
 */
export function applyPresence(model: TopologyModel, presence: Readonly<Record<string, DevicePresence>>): TopologyModel {
  let changed = false
  const devices = model.devices.map((device) => {
    const next = stateOf(presence[device.id])
    if (next.state === device.state && next.lastSeen === device.lastSeen) return device
    changed = true
    const updated: TopologyDevice = { ...device, state: next.state }
    if (next.lastSeen === undefined) delete updated.lastSeen
    else updated.lastSeen = next.lastSeen
    return updated
  })
  if (!changed) return model
  return { ...model, devices, counts: countDevices(devices), version: model.version + 1 }
}

/** The model with the tenant's new name (a rename): its networks are named after it too. */
export function renameInModel(model: TopologyModel, name: string): TopologyModel {
  if (model.tenant.name === name) return model
  const rename = <T extends NetworkRef>(ref: T): T => (ref.tenantId === model.tenant.id ? { ...ref, tenantName: name } : ref)
  return {
    ...model,
    tenant: { ...model.tenant, name },
    networks: model.networks.map((network) => ({ ...rename(network), overlaps: network.overlaps.map(rename) })),
    version: model.version + 1,
  }
}

const KIND_WORDS: Record<DeviceKind, string> = { camera: 'camera', vehicle: 'vehicle', remote_access: 'remote access', unknown: 'unknown' }

/**
 * Whether a device passes the filter: one of `kinds` and `states` (empty = any), and every word of `query` found
 * (case-insensitive) in its name, address, kind or its network's CIDR.
 */
export function matchesFilter(device: TopologyDevice, filter: TopologyFilter, networks: readonly NetworkRef[] = []): boolean {
  if (filter.kinds.length > 0 && !filter.kinds.includes(device.kind)) return false
  if (filter.states.length > 0 && !filter.states.includes(device.state)) return false
  const words = filter.query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const cidr = device.networkId ? (networks.find((n) => n.id === device.networkId)?.cidr ?? '') : ''
  const text = `${device.name} ${device.address} ${device.kind} ${KIND_WORDS[device.kind]} ${cidr}`.toLowerCase()
  return words.every((word) => text.includes(word))
}

/** Whether the filter lets every device through (no words, no kinds, no states). */
export const isEmptyFilter = (filter: TopologyFilter): boolean =>
  filter.query.trim() === '' && filter.kinds.length === 0 && filter.states.length === 0

/** The model's devices that pass the filter, in the model's order. */
export function filterDevices(model: TopologyModel, filter: TopologyFilter): TopologyDevice[] {
  if (isEmptyFilter(filter)) return model.devices
  return model.devices.filter((device) => matchesFilter(device, filter, model.networks))
}
