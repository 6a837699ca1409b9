import type { MessageValues } from '@honu/core'
import type { NetworkRef, TopologyDevice, TopologyFilter, TopologyModel, TopologyNetwork, topologyWords } from '@honu/core/topology'
import { hiddenByFilter, indexLayout, siblingPosition, type GraphIndex } from './graph-index'
import type { GraphLayout, LayoutNode, LayoutNodeKind } from './graph-layout'
import type { graphMessages } from './graph-messages'
import type { GraphColours, NodeLook, NodeShape } from './graph-renderer'

/** A formatter of one book's messages (console-kit's `useMessages`). */
type Format<M> = (key: keyof M & string, values?: MessageValues) => string

/** What a scene is made of: the model and filter shown, the layout (none while it is being made) and the words. */
export interface GraphSceneInput {
  model: TopologyModel
  filter: TopologyFilter
  layout: GraphLayout | undefined
  t: Format<(typeof graphMessages)['messages']>
  w: Format<(typeof topologyWords)['messages']>
}

/** The theme's colours of the graph (WebGL needs the values, not the custom properties). */
export interface StateColours {
  online: string
  stale: string
  offline: string
  tenant: string
  network: string
  foreign: string
  graph: GraphColours
}

export interface ModelLookups {
  devices: ReadonlyMap<string, TopologyDevice>
  networks: ReadonlyMap<string, TopologyNetwork>
  /** Other tenants' networks, by id, as the overlaps name them. */
  foreign: ReadonlyMap<string, NetworkRef>
}

/**
 * The graph as words and looks, for one model, filter, layout and language: pure and framework-free, made once per
 * change of any of them (the component memoises it; the controller draws and announces from it).
 */
export interface GraphScene {
  readonly model: TopologyModel
  readonly layout: GraphLayout | undefined
  /** The layout's nodes by key, children and order (none while the layout is being made). */
  readonly index: GraphIndex | undefined
  readonly lookups: ModelLookups
  /** Device nodes the filter hides. */
  readonly hidden: ReadonlySet<string>
  shown(key: string): boolean
  /** A node's name: the tenant's, a device's (with its state when not online), a network's in words. */
  labelOf(node: LayoutNode): string
  networkLabel(ref: NetworkRef): string
  /** What a node looks like in the theme's colours. */
  look(key: string, kind: LayoutNodeKind, colours: StateColours): NodeLook
  /** What the keyboard announces when a node gets the focus. */
  describe(key: string): string
  /** A device node's live state (the focused one is announced again when it changes); none for other nodes. */
  stateOf(key: string): TopologyDevice['state'] | undefined
  /** The networks a network node overlaps: for the tenant's own, its overlaps; for another tenant's, the own ones naming it. */
  overlapsOf(node: LayoutNode): NetworkRef[]
}

/** Stands for the name in a message formatted once and filled per node. */
const NAME_MARK = '\u0000'
const SHAPE_OF_STATE: Readonly<Record<TopologyDevice['state'], NodeShape>> = { online: 'circle', stale: 'triangle', offline: 'square' }

/** Indexes a layout; the same layout gives the same index (a scene is remade on every live state, the index is not). */
const indexes = new WeakMap<GraphLayout, GraphIndex>()
function indexOf(layout: GraphLayout): GraphIndex {
  let index = indexes.get(layout)
  if (!index) indexes.set(layout, (index = indexLayout(layout)))
  return index
}

function modelLookups(model: TopologyModel): ModelLookups {
  const devices = new Map(model.devices.map((device) => [device.id, device]))
  const networks = new Map(model.networks.map((network) => [network.id, network]))
  const foreign = new Map<string, NetworkRef>()
  for (const network of model.networks) for (const ref of network.overlaps) if (!networks.has(ref.id)) foreign.set(ref.id, ref)
  return { devices, networks, foreign }
}

/** Makes the scene of a model, filter, layout and language. */
export function createGraphScene({ model, filter, layout, t, w }: GraphSceneInput): GraphScene {
  const index = layout ? indexOf(layout) : undefined
  const hidden = hiddenByFilter(model, filter)
  const shown = (key: string) => !hidden.has(key)
  const lookups = modelLookups(model)
  const networkLabel = (ref: NetworkRef) => t('network', { tenant: ref.tenantName, kind: w(`network_${ref.kind}`), cidr: ref.cidr })
  // "{name} (stale)" formatted once per scene, not once per node (20,000 formats showed in the benchmark).
  const template = (key: 'deviceStale' | 'deviceOffline') => {
    const [before = '', after = ''] = t(key, { name: NAME_MARK }).split(NAME_MARK)
    return (name: string) => before + name + after
  }
  const stateLabels = { stale: template('deviceStale'), offline: template('deviceOffline') }

  const labelOf = (node: LayoutNode): string => {
    if (node.kind === 'tenant') return model.tenant.name
    if (node.kind === 'device') {
      const device = lookups.devices.get(node.id)
      if (!device) return node.id
      return device.state === 'online' ? device.name : stateLabels[device.state](device.name)
    }
    const network = lookups.networks.get(node.id) ?? lookups.foreign.get(node.id)
    return network ? networkLabel(network) : node.id
  }

  const overlapsOf = (node: LayoutNode): NetworkRef[] => {
    if (node.kind === 'network') return lookups.networks.get(node.id)?.overlaps ?? []
    return model.networks.filter((network) => network.overlaps.some((ref) => ref.id === node.id))
  }

  const look = (key: string, kind: LayoutNodeKind, colours: StateColours): NodeLook => {
    const node = index?.byKey.get(key)
    const label = node ? labelOf(node) : key
    if (kind === 'tenant') return { label, color: colours.tenant, shape: 'square', hidden: false }
    if (kind === 'network') return { label, color: colours.network, shape: 'circle', hidden: false }
    if (kind === 'foreign-network') return { label, color: colours.foreign, shape: 'diamond', hidden: false }
    const device = node ? lookups.devices.get(node.id) : undefined
    const state = device?.state ?? 'offline'
    return { label, color: colours[state], shape: SHAPE_OF_STATE[state], hidden: hidden.has(key) }
  }

  const describe = (key: string): string => {
    const node = index?.byKey.get(key)
    if (!node || !index) return ''
    if (node.kind === 'tenant') {
      return t('announceTenant', { name: model.tenant.name, networks: model.networks.length, devices: model.devices.length - hidden.size })
    }
    if (node.kind === 'network' || node.kind === 'foreign-network') {
      const network = lookups.networks.get(node.id) ?? lookups.foreign.get(node.id)
      const overlapNames = overlapsOf(node).map(networkLabel).join(', ')
      if (node.kind === 'foreign-network') return t('announceForeign', { label: labelOf(node), kind: t('foreignKind'), names: overlapNames })
      const devices = (index.children.get(key) ?? []).filter((child) => index.byKey.get(child)?.kind === 'device' && shown(child)).length
      return t('announceNetwork', {
        label: network ? networkLabel(network) : node.id,
        devices,
        overlaps: overlapNames ? t('announceOverlaps', { names: overlapNames }) : '',
      })
    }
    const device = lookups.devices.get(node.id)
    if (!device) return node.id
    const position = siblingPosition(index, key, shown)
    const parent = node.parent ? index.byKey.get(node.parent) : undefined
    const what = t('announceDevice', {
      name: device.name,
      kind: w(`kind_${device.kind}`),
      state: w(`state_${device.state}`),
      address: device.address || t('noAddress'),
    })
    return `${what} ${t('announcePosition', { index: position.index, count: position.count, parent: parent ? labelOf(parent) : '' })}`
  }

  const stateOf = (key: string) => {
    const node = index?.byKey.get(key)
    return node?.kind === 'device' ? lookups.devices.get(node.id)?.state : undefined
  }

  return { model, layout, index, lookups, hidden, shown, labelOf, networkLabel, look, describe, stateOf, overlapsOf }
}
