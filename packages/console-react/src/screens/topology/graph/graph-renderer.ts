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
  /** The layout to draw; none yet: sigma (its WebGL context and programs) is made now and draws `setLayout`'s. */
  layout?: GraphLayout
  look: (key: string, kind: LayoutNodeKind) => NodeLook
  colours: GraphColours
  onClickNode?: (key: string) => void
  onDoubleClickNode?: (key: string) => void
  onClickStage?: () => void
}

/** The sigma instance of the graph (BENCH scripts its camera: `sigma.getCamera()`). */
export type GraphSigma = Sigma

export interface GraphRenderer {
  readonly sigma: GraphSigma
  /** Draws another layout (a new structure, or the first): a new graph in the same sigma, the camera fitted. */
  setLayout(layout: GraphLayout): void
  /** Reads `look` again for every node and redraws what changed. */
  update(): void
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

type LayoutGraph = Graph<NodeAttributes, EdgeAttributes>

export function createGraphRenderer(options: GraphRendererOptions): GraphRenderer {
  const { look } = options
  const colours = options.colours
  const graphOf = (layout: GraphLayout | undefined): LayoutGraph => {
    const graph: LayoutGraph = new Graph({ multi: false, allowSelfLoops: false, type: 'undirected' })
    for (const node of layout?.nodes ?? []) {
      if (graph.hasNode(node.key)) continue
      const seen = look(node.key, node.kind)
      // One plain object per node (no spreads: at 20,000 nodes they showed in the benchmark's profile).
      graph.addNode(node.key, {
        x: node.x,
        y: node.y,
        size: node.size,
        kind: node.kind,
        label: seen.label,
        color: seen.color,
        shape: seen.shape,
        hidden: seen.hidden,
      })
    }
    for (const edge of layout?.edges ?? []) {
      if (graph.hasEdge(edge.key) || !graph.hasNode(edge.source) || !graph.hasNode(edge.target) || graph.hasEdge(edge.source, edge.target)) continue
      graph.addEdgeWithKey(edge.key, edge.source, edge.target, {
        kind: edge.kind,
        size: edge.kind === 'overlap' ? 3 : 1,
        color: edge.kind === 'overlap' ? colours.overlap : colours.edge,
      })
    }
    return graph
  }
  let graph = graphOf(options.layout)

  let focus: string | undefined
  let near: string[] = []
  let nearEdges: string[] = []

  // Sigma 4's declarative styles and state flags, not reducers (a reducer makes sigma copy every node's data on
  // each refresh): hidden nodes carry isHidden, the focus isHighlighted, its neighbours and edges isNear, and the
  // graph hasFocus while something is focused.
  const dim = colours.dim
  const sigma = new Sigma(graph, options.container, {
    customNodeState: { isNear: false },
    customEdgeState: { isNear: false },
    customGraphState: { hasFocus: false, nameNear: false },
    primitives: { nodes: { shapes: [sdfCircle(), sdfSquare(), sdfTriangle(), sdfDiamond()], layers: [layerFill()] } },
    styles: {
      nodes: [
        DEFAULT_STYLES.nodes,
        { shape: { attribute: 'shape' }, labelColor: colours.label },
        { when: (attributes) => attributes.kind !== 'device', then: { labelVisibility: 'visible' } },
        {
          when: (attributes, state, graphState) => graphState.hasFocus && !state.isNear && !state.isHighlighted,
          then: { color: dim, labelVisibility: 'hidden' },
        },
        // A few neighbours are named; a network's thousands of devices get labels where there is room.
        { when: (_attributes, state, graphState) => state.isNear && graphState.nameNear, then: { labelVisibility: 'visible' } },
        { whenState: 'isNear', then: { depth: 'topNodes' } },
        { whenState: 'isHighlighted', then: { depth: 'topNodes', labelVisibility: 'visible' } },
      ],
      edges: [
        DEFAULT_STYLES.edges,
        {
          when: (attributes, state, graphState) => graphState.hasFocus && !state.isNear && attributes.kind !== 'overlap',
          then: { color: dim },
        },
        { when: (attributes, state) => state.isNear && attributes.kind !== 'overlap', then: { color: colours.focusEdge, depth: 'topEdges' } },
      ],
    },
    // Sizes in screen pixels, as the layout gives them (sigma 4's default measures them in graph units).
    settings: { gestureTarget: 'graph', hideEdgesOnMove: false, labelRenderedSizeThreshold: 6, itemSizesReference: 'screen' },
  })

  /** Hidden nodes and their edges as sigma's isHidden state, from the `hidden` attribute. */
  const applyHidden = (keys: Iterable<string>) => {
    const hide: string[] = []
    const show: string[] = []
    for (const key of keys) (graph.getNodeAttribute(key, 'hidden') ? hide : show).push(key)
    if (hide.length) sigma.setNodesState(hide, { isHidden: true })
    if (show.length) sigma.setNodesState(show, { isHidden: false })
    const hiddenEdges: string[] = []
    const shownEdges: string[] = []
    for (const key of [...hide, ...show]) {
      graph.forEachEdge(key, (edge, _attributes, source, target) => {
        ;(graph.getNodeAttribute(source, 'hidden') || graph.getNodeAttribute(target, 'hidden') ? hiddenEdges : shownEdges).push(edge)
      })
    }
    if (hiddenEdges.length) sigma.setEdgesState(hiddenEdges, { isHidden: true })
    if (shownEdges.length) sigma.setEdgesState(shownEdges, { isHidden: false })
  }
  const hideHidden = () => {
    const hidden = graph.filterNodes((_key, attributes) => attributes.hidden)
    if (hidden.length) applyHidden(hidden)
  }
  hideHidden()

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

  function clearFocus() {
    if (focus !== undefined) sigma.setNodeState(focus, { isHighlighted: false })
    if (near.length) sigma.setNodesState(near, { isNear: false })
    if (nearEdges.length) sigma.setEdgesState(nearEdges, { isNear: false })
    focus = undefined
    near = []
    nearEdges = []
  }

  return {
    // Its own state and style types are the renderer's business; a caller scripts the camera and listens to renders.
    sigma: sigma as unknown as GraphSigma,
    update() {
      // Only what changed: a state delta recolours a few nodes, and an unchanged graph is not redrawn at all.
      const changed = new Map<string, NodeLook>()
      const hiddenChanged: string[] = []
      graph.forEachNode((key, attributes) => {
        const next = look(key, attributes.kind)
        if (next.hidden !== attributes.hidden) hiddenChanged.push(key)
        if (
          next.label !== attributes.label ||
          next.color !== attributes.color ||
          next.shape !== attributes.shape ||
          next.hidden !== attributes.hidden
        ) {
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
      if (hiddenChanged.length) applyHidden(hiddenChanged)
    },
    setLayout(layout) {
      // No state of the old graph's focus or filter goes over to nodes of the same key in the new one.
      clearFocus()
      sigma.setGraphState({ hasFocus: false, nameNear: false })
      const old = graph
      const hiddenBefore = old.filterNodes((_key, attributes) => attributes.hidden)
      if (hiddenBefore.length) {
        sigma.setNodesState(hiddenBefore, { isHidden: false })
        sigma.setEdgesState(
          hiddenBefore.flatMap((key) => old.edges(key)),
          { isHidden: false },
        )
      }
      graph = graphOf(layout)
      // Indexes and draws the new graph at once (as sigma's constructor does), with the programs already made.
      sigma.setGraph(graph)
      old.clear()
      hideHidden()
      camera.setState({ x: 0.5, y: 0.5, ratio: 1, angle: 0 })
    },
    setFocus(key) {
      const next = key !== undefined && graph.hasNode(key) ? key : undefined
      if (next === focus) return
      clearFocus()
      focus = next
      near = focus === undefined ? [] : graph.neighbors(focus)
      nearEdges = focus === undefined ? [] : graph.edges(focus)
      if (focus !== undefined) sigma.setNodeState(focus, { isHighlighted: true })
      if (near.length) sigma.setNodesState(near, { isNear: true })
      if (nearEdges.length) sigma.setEdgesState(nearEdges, { isNear: true })
      sigma.setGraphState({ hasFocus: focus !== undefined, nameNear: near.length <= MAX_NAMED_NEIGHBOURS })
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
