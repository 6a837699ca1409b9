/**
 * The network graph's layout (issue 16, contract D): pure and deterministic, and free of imports, so the layout
 * worker (`graph-layout.worker.ts`) is one small self-contained file.
 *
 * The tenant sits at the centre; its networks around it at equal angles (remote first, then the VPN), each with its
 * devices on a sunflower spiral around it (grouped by kind), and the devices that no network holds in a cluster of
 * their own hanging from the tenant. A network of another tenant that shares addresses with one of the tenant's
 * networks is a node of its own just outside that network's cluster, joined to it by an overlap edge. Everything
 * is O(devices): 20,000 devices lay out in a few milliseconds.
 */

/** What the layout reads of a topology model (`TopologyModel` of `@honu/core/topology` is one). */
export interface LayoutInput {
  tenant: { id: string }
  networks: readonly { id: string; tenantId?: string; overlaps: readonly { id: string; tenantId: string }[] }[]
  devices: readonly { id: string; kind: string; networkId?: string }[]
  structureVersion?: number
}

export type LayoutNodeKind = 'tenant' | 'network' | 'foreign-network' | 'device'
export type LayoutEdgeKind = 'network' | 'device' | 'overlap'

export interface LayoutNode {
  /** The graph key: `t:<tenant id>`, `n:<network id>`, `d:<device id>`. */
  key: string
  kind: LayoutNodeKind
  /** The model's id (tenant id, network id, device id): what the topology store's `select` takes. */
  id: string
  x: number
  y: number
  /** The node's size in screen pixels at zoom 1. */
  size: number
  /** The key of the node it hangs from (keyboard: up); none for the tenant. */
  parent?: string
}

export interface LayoutEdge {
  key: string
  source: string
  target: string
  kind: LayoutEdgeKind
}

export interface GraphLayout {
  tenantId: string
  structureVersion?: number
  /** Tenant first, then the networks, other tenants' networks, and the devices cluster by cluster. */
  nodes: LayoutNode[]
  edges: LayoutEdge[]
}

export const tenantKey = (id: string) => `t:${id}`
export const networkKey = (id: string) => `n:${id}`
export const deviceKey = (id: string) => `d:${id}`

const KIND_ORDER: Readonly<Record<string, number>> = { camera: 0, vehicle: 1, remote_access: 2, unknown: 3 }
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5))
/** Distance between neighbouring devices of a cluster, in layout units. */
const SPACING = 1
const TENANT_GAP = 6
const FOREIGN_GAP = 4

export const NODE_SIZES: Readonly<Record<LayoutNodeKind, number>> = { tenant: 16, network: 12, 'foreign-network': 10, device: 5 }

interface Cluster {
  /** Own network key, or undefined for the devices no network holds. */
  key?: string
  devices: { id: string; kind: string }[]
  radius: number
  x: number
  y: number
  angle: number
}

/** Lays out a topology model; the same model gives the same layout. */
export function layoutTopology(input: LayoutInput): GraphLayout {
  const steps = layoutSteps(input)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/**
 * The layout in slices: yields after every `sliceSize` devices, so a main thread without a worker can lay out
 * between frames (`graph-layout-client.ts`). Run to its end it answers what `layoutTopology` does.
 */
export function* layoutSteps(input: LayoutInput, sliceSize = 4000): Generator<void, GraphLayout, void> {
  const tenant = tenantKey(input.tenant.id)
  const nodes: LayoutNode[] = [{ key: tenant, kind: 'tenant', id: input.tenant.id, x: 0, y: 0, size: NODE_SIZES.tenant }]
  const edges: LayoutEdge[] = []

  // Clusters: each own network in order, then the devices without one. Within a cluster by kind, then model order.
  const clusters: Cluster[] = []
  const byNetwork = new Map<string, Cluster>()
  for (const network of input.networks) {
    const cluster: Cluster = { key: networkKey(network.id), devices: [], radius: 0, x: 0, y: 0, angle: 0 }
    clusters.push(cluster)
    byNetwork.set(network.id, cluster)
  }
  let loose: Cluster | undefined
  for (const device of input.devices) {
    let cluster = device.networkId === undefined ? undefined : byNetwork.get(device.networkId)
    if (!cluster) {
      loose ??= { devices: [], radius: 0, x: 0, y: 0, angle: 0 }
      cluster = loose
    }
    cluster.devices.push(device)
  }
  if (loose) clusters.push(loose)
  for (const cluster of clusters) {
    if (cluster.devices.length > 1) {
      const indexed = cluster.devices.map((device, index) => ({ device, index }))
      indexed.sort((a, b) => (KIND_ORDER[a.device.kind] ?? 4) - (KIND_ORDER[b.device.kind] ?? 4) || a.index - b.index)
      cluster.devices = indexed.map((entry) => entry.device)
    }
    cluster.radius = SPACING * Math.sqrt(cluster.devices.length + 1.5) + 1
  }
  yield

  // Cluster centres around the tenant: far enough out that neighbouring clusters do not touch.
  const count = clusters.length
  const largest = clusters.reduce((max, cluster) => Math.max(max, cluster.radius), 0)
  const apart = count > 1 ? (largest + 1.5) / Math.sin(Math.PI / count) : 0
  clusters.forEach((cluster, index) => {
    cluster.angle = -Math.PI / 2 + (2 * Math.PI * index) / Math.max(count, 1)
    const distance = Math.max(TENANT_GAP + cluster.radius, apart)
    cluster.x = round(Math.cos(cluster.angle) * distance)
    cluster.y = round(Math.sin(cluster.angle) * distance)
  })

  // The tenant's networks, and overlap edges between them (each pair once).
  const own = new Set(input.networks.map((network) => network.id))
  const overlapSeen = new Set<string>()
  const addOverlap = (a: string, b: string) => {
    const [source, target] = a < b ? [a, b] : [b, a]
    const key = `o:${source}|${target}`
    if (overlapSeen.has(key)) return
    overlapSeen.add(key)
    edges.push({ key, source, target, kind: 'overlap' })
  }
  for (const network of input.networks) {
    const cluster = byNetwork.get(network.id)!
    nodes.push({ key: cluster.key!, kind: 'network', id: network.id, x: cluster.x, y: cluster.y, size: NODE_SIZES.network, parent: tenant })
    edges.push({ key: `e:${tenant}|${cluster.key}`, source: tenant, target: cluster.key!, kind: 'network' })
  }

  // Other tenants' networks: a node each, outside the first own network that overlaps it.
  const foreignPlaced = new Set<string>()
  for (const network of input.networks) {
    const cluster = byNetwork.get(network.id)!
    const foreign = network.overlaps.filter((ref) => !own.has(ref.id))
    const fresh = foreign.filter((ref) => !foreignPlaced.has(ref.id))
    fresh.forEach((ref, index) => {
      foreignPlaced.add(ref.id)
      const angle = cluster.angle + (index - (fresh.length - 1) / 2) * 0.5
      const distance = Math.hypot(cluster.x, cluster.y) + cluster.radius + FOREIGN_GAP
      nodes.push({
        key: networkKey(ref.id),
        kind: 'foreign-network',
        id: ref.id,
        x: round(Math.cos(angle) * distance),
        y: round(Math.sin(angle) * distance),
        size: NODE_SIZES['foreign-network'],
        parent: cluster.key,
      })
    })
    for (const ref of network.overlaps) {
      if (ref.id !== network.id) addOverlap(cluster.key!, networkKey(ref.id))
    }
  }

  // Devices on a sunflower spiral around their cluster's centre.
  let sinceYield = 0
  for (const cluster of clusters) {
    const parent = cluster.key ?? tenant
    for (let index = 0; index < cluster.devices.length; index++) {
      const device = cluster.devices[index]!
      const r = SPACING * Math.sqrt(index + 1.5)
      const theta = index * GOLDEN_ANGLE
      const key = deviceKey(device.id)
      nodes.push({
        key,
        kind: 'device',
        id: device.id,
        x: round(cluster.x + r * Math.cos(theta)),
        y: round(cluster.y + r * Math.sin(theta)),
        size: NODE_SIZES.device,
        parent,
      })
      edges.push({ key: `e:${parent}|${key}`, source: parent, target: key, kind: 'device' })
      if (++sinceYield >= sliceSize) {
        sinceYield = 0
        yield
      }
    }
  }

  return { tenantId: input.tenant.id, structureVersion: input.structureVersion, nodes, edges }
}

/** Four decimals: the same numbers in a worker and on the main thread, and smaller messages. */
function round(value: number): number {
  return Math.round(value * 1e4) / 1e4
}

/**
 * A layout as the worker sends it: the keys, and numbers in typed arrays that are transferred, not copied. Twenty
 * thousand node and edge objects cloned into the main thread took longer than laying them out.
 */
export interface PackedLayout {
  tenantId: string
  structureVersion?: number
  keys: string[]
  kinds: Uint8Array
  /** x, y, size of each node. */
  places: Float64Array
  /** Index of each node's parent; -1 for none. */
  parents: Int32Array
  /** Source and target node index of each edge. */
  ends: Int32Array
  edgeKinds: Uint8Array
}

const NODE_KINDS: readonly LayoutNodeKind[] = ['tenant', 'network', 'foreign-network', 'device']
const EDGE_KINDS: readonly LayoutEdgeKind[] = ['network', 'device', 'overlap']

export function packLayout(layout: GraphLayout): { packed: PackedLayout; transfer: ArrayBuffer[] } {
  const { nodes, edges } = layout
  const indexOf = new Map<string, number>()
  const keys = new Array<string>(nodes.length)
  const kinds = new Uint8Array(nodes.length)
  const places = new Float64Array(nodes.length * 3)
  const parents = new Int32Array(nodes.length)
  nodes.forEach((node, i) => {
    indexOf.set(node.key, i)
    keys[i] = node.key
    kinds[i] = NODE_KINDS.indexOf(node.kind)
    places[i * 3] = node.x
    places[i * 3 + 1] = node.y
    places[i * 3 + 2] = node.size
  })
  nodes.forEach((node, i) => (parents[i] = node.parent === undefined ? -1 : (indexOf.get(node.parent) ?? -1)))
  const ends = new Int32Array(edges.length * 2)
  const edgeKinds = new Uint8Array(edges.length)
  edges.forEach((edge, i) => {
    ends[i * 2] = indexOf.get(edge.source) ?? -1
    ends[i * 2 + 1] = indexOf.get(edge.target) ?? -1
    edgeKinds[i] = EDGE_KINDS.indexOf(edge.kind)
  })
  const packed = { tenantId: layout.tenantId, structureVersion: layout.structureVersion, keys, kinds, places, parents, ends, edgeKinds }
  return { packed, transfer: [places.buffer, parents.buffer, ends.buffer, kinds.buffer, edgeKinds.buffer] }
}

/** The layout again: ids from the keys (`t:`, `n:`, `d:` and the id), edge keys as `layoutSteps` makes them. */
export function unpackLayout(packed: PackedLayout): GraphLayout {
  const { keys, kinds, places, parents, ends, edgeKinds } = packed
  const nodes = new Array<LayoutNode>(keys.length)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    const parent = parents[i]!
    const node: LayoutNode = {
      key,
      kind: NODE_KINDS[kinds[i]!]!,
      id: key.slice(2),
      x: places[i * 3]!,
      y: places[i * 3 + 1]!,
      size: places[i * 3 + 2]!,
    }
    if (parent >= 0) node.parent = keys[parent]
    nodes[i] = node
  }
  const edges = new Array<LayoutEdge>(edgeKinds.length)
  for (let i = 0; i < edgeKinds.length; i++) {
    const source = keys[ends[i * 2]!]!
    const target = keys[ends[i * 2 + 1]!]!
    const kind = EDGE_KINDS[edgeKinds[i]!]!
    edges[i] = { key: `${kind === 'overlap' ? 'o' : 'e'}:${source}|${target}`, source, target, kind }
  }
  return { tenantId: packed.tenantId, structureVersion: packed.structureVersion, nodes, edges }
}
