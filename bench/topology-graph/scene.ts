// What the two baselines draw: the nodes and edges of the console graph's own layout (GRAPH's layoutTopology, the
// positions our graph draws), with labels as the model names them and colours by kind and live state.
import type { TopologyModel } from '@honu/core/topology'
import { layoutTopology, type LayoutNode } from '../../packages/console-react/src/screens/topology/graph/graph-layout'

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

const COLOURS = { online: '#15803d', stale: '#b45309', offline: '#6b7280', tenant: '#1d4ed8', network: '#7c3aed', foreign: '#be185d' }

/** The scene of a model at the console graph's layout (graph keys `t:`, `n:`, `d:` as ids; duplicate edges dropped as it does). */
export function sceneOf(model: TopologyModel): Scene {
  const layout = layoutTopology(model)
  const devices = new Map(model.devices.map((d) => [d.id, d]))
  const networks = new Map(
    model.networks.flatMap((n) => [
      [n.id, `${n.tenantName} ${n.cidr}`] as const,
      ...n.overlaps.map((o) => [o.id, `${o.tenantName} ${o.cidr}`] as const),
    ]),
  )
  const look = (node: LayoutNode): Pick<SceneNode, 'label' | 'color'> => {
    if (node.kind === 'tenant') return { label: model.tenant.name, color: COLOURS.tenant }
    if (node.kind !== 'device') return { label: networks.get(node.id) ?? node.id, color: node.kind === 'network' ? COLOURS.network : COLOURS.foreign }
    const device = devices.get(node.id)
    return { label: device?.name ?? node.id, color: COLOURS[device?.state ?? 'offline'] }
  }
  const seen = new Set<string>()
  const nodes = layout.nodes.filter((n) => !seen.has(n.key) && seen.add(n.key)).map((n) => ({ id: n.key, x: n.x, y: n.y, size: n.size, ...look(n) }))
  const pairs = new Set<string>()
  const edges = layout.edges.filter((e) => {
    const pair = e.source < e.target ? `${e.source}\u0000${e.target}` : `${e.target}\u0000${e.source}`
    if (pairs.has(pair) || pairs.has(e.key) || !seen.has(e.source) || !seen.has(e.target)) return false
    pairs.add(pair).add(e.key)
    return true
  })
  return { nodes, edges: edges.map((e) => ({ id: e.key, source: e.source, target: e.target })) }
}
