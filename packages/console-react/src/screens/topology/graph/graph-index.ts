import { isEmptyFilter, matchesFilter, type TopologyFilter, type TopologyModel } from '@honu/core/topology'
import { deviceKey, networkKey, tenantKey, type GraphLayout, type LayoutNode } from './graph-layout'

/**
 * The graph's structure for the keyboard and the search (pure): nodes by key, each node's children in layout
 * order, and the way from a model id (what the topology store selects) to a graph key.
 */
export interface GraphIndex {
  layout: GraphLayout
  byKey: ReadonlyMap<string, LayoutNode>
  /** Child keys of each node, in layout order. */
  children: ReadonlyMap<string, readonly string[]>
  /** The graph key of a device, network or tenant id (a device first: its ids are the ones selected most). */
  keyOf(id: string | undefined): string | undefined
}

export function indexLayout(layout: GraphLayout): GraphIndex {
  const byKey = new Map<string, LayoutNode>()
  const children = new Map<string, string[]>()
  for (const node of layout.nodes) {
    byKey.set(node.key, node)
    if (node.parent === undefined) continue
    let list = children.get(node.parent)
    if (!list) children.set(node.parent, (list = []))
    list.push(node.key)
  }
  return {
    layout,
    byKey,
    children,
    keyOf(id) {
      if (id === undefined) return undefined
      for (const key of [deviceKey(id), networkKey(id), tenantKey(id)]) if (byKey.has(key)) return key
      return undefined
    },
  }
}

export type GraphMove = 'up' | 'down' | 'next' | 'previous' | 'home' | 'first' | 'last'

/**
 * Where a key moves the keyboard focus: `up` to the parent, `down` to the first shown child, `next`/`previous`
 * between shown siblings (wrapping), `first`/`last` sibling, `home` to the tenant. From nothing, every move starts
 * at the tenant. Answers `undefined` when there is nowhere to go (a device has no children, the tenant no parent).
 */
export function moveFocus(index: GraphIndex, from: string | undefined, move: GraphMove, shown: (key: string) => boolean): string | undefined {
  const root = index.layout.nodes[0]?.key
  const current = from !== undefined && index.byKey.has(from) && shown(from) ? from : undefined
  if (move === 'home' || current === undefined) return root
  const node = index.byKey.get(current)!
  if (move === 'up') return node.parent
  if (move === 'down') return index.children.get(current)?.find(shown)
  const siblings = node.parent === undefined ? [current] : (index.children.get(node.parent) ?? []).filter(shown)
  const at = siblings.indexOf(current)
  if (move === 'first') return siblings[0]
  if (move === 'last') return siblings[siblings.length - 1]
  const step = move === 'next' ? 1 : -1
  return siblings[(at + step + siblings.length) % siblings.length]
}

/**
 * The position of a node among its shown siblings of its sort (1-based) and how many there are: a device among the
 * devices of its network, a network among the networks hanging from the same node.
 */
export function siblingPosition(index: GraphIndex, key: string, shown: (key: string) => boolean): { index: number; count: number } {
  const node = index.byKey.get(key)
  const isDevice = node?.kind === 'device'
  const siblings =
    node?.parent === undefined
      ? [key]
      : (index.children.get(node.parent) ?? []).filter((sibling) => shown(sibling) && (index.byKey.get(sibling)?.kind === 'device') === isDevice)
  return { index: siblings.indexOf(key) + 1, count: siblings.length }
}

/** The device keys the filter hides (the tenant and networks always show). */
export function hiddenByFilter(model: TopologyModel, filter: TopologyFilter): Set<string> {
  const hidden = new Set<string>()
  if (isEmptyFilter(filter)) return hidden
  for (const device of model.devices) if (!matchesFilter(device, filter, model.networks)) hidden.add(deviceKey(device.id))
  return hidden
}

/**
 * The shown nodes whose label, address, id or network range contains the query (case-insensitive), in layout
 * order: what "Find a node" steps through.
 */
export function findNodes(
  index: GraphIndex,
  texts: (node: LayoutNode) => readonly string[],
  query: string,
  shown: (key: string) => boolean,
): string[] {
  const needle = query.trim().toLocaleLowerCase()
  if (!needle) return []
  return index.layout.nodes
    .filter((node) => shown(node.key) && texts(node).some((text) => text.toLocaleLowerCase().includes(needle)))
    .map((node) => node.key)
}
