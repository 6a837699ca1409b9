import Graph from 'graphology'
import Sigma, { DEFAULT_STYLES } from 'sigma'
import { layerFill, sdfCircle, sdfDiamond, sdfSquare, sdfTriangle } from 'sigma/rendering'
import type { GraphLayout, LayoutEdgeKind, LayoutNodeKind } from './graph-layout'

/**
 * The graph's drawing: a graphology graph of the layout drawn by sigma (WebGL), the only module that imports them.
 * What each node looks like (label, colour, shape, hidden) comes from `look`; which node has the focus, and so
 * which neighbours stand out, from `setFocus`. Framework-free; `TopologyGraph` holds one.
 */

export type NodeShape = 'circle' | 'square' | 'triangle' | 'diamond'

export interface NodeLook {
  label: string
  color: string
  shape: NodeShape
  hidden: boolean
}

export interface GraphColours {
  /** Nodes and edges away from the focus. */
  dim: string
  edge: string
  overlap: string
  focusEdge: string
  label: string
}

export interface GraphRendererOptions {
  container: HTMLElement
  layout: GraphLayout
  look: (key: string, kind: LayoutNodeKind) => NodeLook
  colours: GraphColours
  onClickNode?: (key: string) => void
  onDoubleClickNode?: (key: string) => void
  onClickStage?: () => void
}

/** The sigma instance of the graph (BENCH scripts its camera: `sigma.getCamera()`). */
export type GraphSigma = Sigma<NodeAttributes, EdgeAttributes>

export interface GraphRenderer {
  readonly sigma: GraphSigma
  /** Reads `look` again for every node and redraws what changed. */
  update(): void
  setColours(colours: GraphColours): void
  /** The focused node: it and its neighbours stand out, the rest is dimmed. */
  setFocus(key: string | undefined): void
  /** Moves the camera to a node, keeping the zoom unless it is zoomed far out. */
  showNode(key: string): void
  fit(): void
  zoom(factor: number): void
  kill(): void
}

export interface NodeAttributes {
  x: number
  y: number
  size: number
  kind: LayoutNodeKind
  label: string
  color: string
  shape: NodeShape
  hidden: boolean
}

export interface EdgeAttributes {
  kind: LayoutEdgeKind
  size: number
  color: string
}

/** Up to this many neighbours of the focused node always show their labels. */
const MAX_NAMED_NEIGHBOURS = 40

export function createGraphRenderer(options: GraphRendererOptions): GraphRenderer {
  const { layout, look } = options
  let colours = options.colours
  const graph = new Graph<NodeAttributes, EdgeAttributes>({ multi: false, allowSelfLoops: false, type: 'undirected' })
  for (const node of layout.nodes) {
    if (graph.hasNode(node.key)) continue
    const seen = look(node.key, node.kind)
    // One plain object per node (no spreads: at 20,000 nodes they showed in the benchmark's profile).
    graph.addNode(node.key, { x: node.x, y: node.y, size: node.size, kind: node.kind, label: seen.label, color: seen.color, shape: seen.shape, hidden: seen.hidden })
  }
  for (const edge of layout.edges) {
    if (graph.hasEdge(edge.key) || !graph.hasNode(edge.source) || !graph.hasNode(edge.target) || graph.hasEdge(edge.source, edge.target)) continue
    graph.addEdgeWithKey(edge.key, edge.source, edge.target, { kind: edge.kind, size: edge.kind === 'overlap' ? 3 : 1, color: edge.kind === 'overlap' ? colours.overlap : colours.edge })
  }

  let focus: string | undefined
  let near = new Set<string>()
  let anyHidden = layout.nodes.some((node) => graph.getNodeAttribute(node.key, 'hidden'))
  // Sigma copies what a reducer answers onto its own data: small shared answers keep a refresh of 20,000 nodes cheap.
  const HIDDEN = { visibility: 'hidden', label: null } as const
  const NOTHING = {}
  let plain = { device: { labelColor: colours.label }, other: { labelColor: colours.label, labelVisibility: 'visible' as const } }
  let NEAR_NAMED = { labelColor: colours.label, labelVisibility: 'visible', depth: 'topNodes' } as const
  let NEAR = { labelColor: colours.label, depth: 'topNodes' } as const
  let DIM_DEVICE = { labelColor: colours.label, color: colours.dim, labelVisibility: 'hidden' } as const
  let DIM_OTHER = { labelColor: colours.label, color: colours.dim, labelVisibility: 'auto' } as const

  const sigma = new Sigma<NodeAttributes, EdgeAttributes>(graph, options.container, {
    primitives: { nodes: { shapes: [sdfCircle(), sdfSquare(), sdfTriangle(), sdfDiamond()], layers: [layerFill()] } },
    styles: { nodes: [DEFAULT_STYLES.nodes, { shape: { attribute: 'shape' } }] },
    // Sizes in screen pixels, as the layout gives them (sigma 4's default measures them in graph units).
    settings: { gestureTarget: 'graph', hideEdgesOnMove: false, labelRenderedSizeThreshold: 6, itemSizesReference: 'screen' },
    nodeReducer: (key, data, attributes) => {
      if (attributes.hidden) return HIDDEN
      if (focus === undefined) return attributes.kind === 'device' ? plain.device : plain.other
      if (key === focus) return { labelColor: colours.label, highlighted: true, size: data.size * 1.6, labelVisibility: 'visible', depth: 'topNodes' }
      // A few neighbours are named; a network's thousands of devices get labels where there is room.
      if (near.has(key)) return near.size <= MAX_NAMED_NEIGHBOURS ? NEAR_NAMED : NEAR
      return attributes.kind === 'device' ? DIM_DEVICE : DIM_OTHER
    },
    edgeReducer: (key, data, attributes) => {
      if (focus === undefined && !anyHidden) return NOTHING
      const [source, target] = graph.extremities(key)
      if (anyHidden && (graph.getNodeAttribute(source, 'hidden') || graph.getNodeAttribute(target, 'hidden'))) return HIDDEN
      if (focus === undefined || attributes.kind === 'overlap') return NOTHING
      if (source === focus || target === focus) return { color: colours.focusEdge, size: data.size + 1, depth: 'topEdges' }
      return { color: colours.dim }
    },
  })

  if (options.onClickNode) {
    const onClick = options.onClickNode
    sigma.on('clickNode', ({ node }) => onClick(node))
  }
  if (options.onDoubleClickNode) {
    const onDouble = options.onDoubleClickNode
    sigma.on('doubleClickNode', (payload) => {
      payload.preventSigmaDefault()
      onDouble(payload.node)
    })
  }
  if (options.onClickStage) sigma.on('clickStage', options.onClickStage)

  const camera = sigma.getCamera()

  return {
    sigma,
    update() {
      // Only what changed: a state delta recolours a few nodes, and an unchanged graph is not redrawn at all.
      const changed = new Map<string, NodeLook>()
      graph.forEachNode((key, attributes) => {
        const next = look(key, attributes.kind)
        if (next.label !== attributes.label || next.color !== attributes.color || next.shape !== attributes.shape || next.hidden !== attributes.hidden) {
          changed.set(key, next)
        }
      })
      if (changed.size === 0) return
      if (changed.size > 200) {
        graph.updateEachNodeAttributes((key, attributes) => {
          const next = changed.get(key)
          return next ? { ...attributes, ...next } : attributes
        })
      } else {
        for (const [key, next] of changed) graph.mergeNodeAttributes(key, next)
      }
      anyHidden = graph.someNode((_key, attributes) => attributes.hidden)
      // Hidden nodes hide their edges (the edge reducer reads the ends).
      sigma.refresh()
    },
    setColours(next) {
      colours = next
      plain = { device: { labelColor: colours.label }, other: { labelColor: colours.label, labelVisibility: 'visible' } }
      NEAR_NAMED = { labelColor: colours.label, labelVisibility: 'visible', depth: 'topNodes' }
      NEAR = { labelColor: colours.label, depth: 'topNodes' }
      DIM_DEVICE = { labelColor: colours.label, color: colours.dim, labelVisibility: 'hidden' }
      DIM_OTHER = { labelColor: colours.label, color: colours.dim, labelVisibility: 'auto' }
      graph.updateEachEdgeAttributes((_key, attributes) => ({ ...attributes, color: attributes.kind === 'overlap' ? colours.overlap : colours.edge }))
      sigma.refresh()
    },
    setFocus(key) {
      const next = key !== undefined && graph.hasNode(key) ? key : undefined
      if (next === focus) return
      focus = next
      near = focus === undefined ? new Set() : new Set(graph.neighbors(focus))
      // Colours and sizes change, not positions.
      sigma.refresh({ skipIndexation: true })
    },
    showNode(key) {
      const data = sigma.getNodeDisplayData(key)
      if (!data) return
      void camera.animate({ x: data.x, y: data.y, ratio: Math.min(camera.ratio, 0.6) }, { duration: 250 })
    },
    fit() {
      void camera.animate({ x: 0.5, y: 0.5, ratio: 1, angle: 0 }, { duration: 250 })
    },
    zoom(factor) {
      void (factor > 1 ? camera.zoomIn({ factor, duration: 200 }) : camera.zoomOut({ factor: 1 / factor, duration: 200 }))
    },
    kill() {
      sigma.kill()
      graph.clear()
    },
  }
}
