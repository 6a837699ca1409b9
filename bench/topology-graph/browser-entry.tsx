// The page of the topology-graph benchmark. One call of `benchRun` draws one tenant graph of `nodes` nodes in one
// way and measures it:
// - first render: from mount (before the drawing's data structure is built from the model/positions) to the end of
//   the first frame that shows the whole graph (the renderer's "drawn" signal, then the next animation frame, then a
//   task after that frame's rendering steps);
// - pan/zoom: a scripted camera animation of a fixed number of animation frames (the same path relative to the
//   fitted view for every drawing: a circle of pan while zooming 1× → 4× → 1×), with the interval between
//   consecutive animation frames as the frame time, and long tasks (PerformanceObserver 'longtask') meanwhile.
// Drawings: 'sigma' (bare sigma 4 + graphology), 'reactflow' (@xyflow/react 12, one small custom node per node,
// straight edges), 'ours' (the console's TopologyGraph with its own layout). The baselines draw the same nodes,
// edges and positions.
import { memo, useEffect } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import Graph from 'graphology'
import Sigma, { DEFAULT_STYLES } from 'sigma'
import { layerFill, sdfCircle, sdfDiamond, sdfSquare, sdfTriangle } from 'sigma/rendering'
import {
  Handle,
  Position,
  ReactFlow,
  useNodesInitialized,
  useReactFlow,
  type Edge,
  type Node,
  type NodeProps,
  type ReactFlowInstance,
} from '@xyflow/react'
import { createConsoleClient } from '@honu/core'
import { createMemoryStorage } from '@honu/core/testing'
import { buildTopology, EMPTY_FILTER, type TopologyModel } from '@honu/core/topology'
import { ConsoleProvider } from '@honu/console-react'
import { TopologyGraph } from '../../packages/console-react/src/screens/topology/graph/topology-graph'
import { getLayoutClient } from '../../packages/console-react/src/screens/topology/graph/graph-layout-client'
import { layoutTopology, type GraphLayout } from '../../packages/console-react/src/screens/topology/graph/graph-layout'
import '@xyflow/react/dist/base.css'
// The console's stylesheet (tokens, the graph's CSS; all scoped under .honu-console), as an app has it.
import '@honu/console-react/styles.css'
import './bench.css'
import { generateTenant } from './generate'
import { sceneOf, type Scene } from './scene'

/** 'ours-given': our graph handed the layout (its layout step skipped), to tell the layout's share of first render. */
export type Mode = 'ours' | 'ours-given' | 'sigma' | 'reactflow'

export interface RunOptions {
  mode: Mode
  nodes: number
  /** Frames of the camera animation; 0 = first render only. */
  frames: number
  /** Bare sigma with our graph's node programs (four SDF shapes), to tell their share of our first render. */
  sigmaShapes?: boolean
}

export interface RunResult {
  firstRenderMs: number
  drawnNodes: number
  drawnEdges: number
  /** The drawing area (px). */
  width: number
  height: number
  /** Ours: where its layout was made ('worker' or 'main-thread'). */
  layoutMode?: string
  /** Interval between consecutive animation frames during the camera animation (ms). */
  frameMs: number[]
  longTasks: number
  longTaskMs: number
  animationMs: number
}

/** The camera relative to the fitted view: offset of the view's centre in graph extents, zoom factor. */
interface View {
  dx: number
  dy: number
  zoom: number
}

interface Drawing {
  drawnNodes: number
  drawnEdges: number
  area: HTMLElement
  layoutMode?: string
  setView(view: View): void
}

const viewAt = (t: number): View => ({
  dx: 0.15 * (Math.cos(2 * Math.PI * t) - 1),
  dy: 0.15 * Math.sin(2 * Math.PI * t),
  zoom: 2 ** (2 * Math.sin(Math.PI * t)),
})

/** Resolves at the end of the next frame: a task queued from its animation-frame callback runs after its rendering. */
const afterNextFrame = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => resolve(performance.now())
      channel.port2.postMessage(null)
    }),
  )

const container = () => {
  const div = document.createElement('div')
  div.className = 'bench-graph'
  document.getElementById('root')!.append(div)
  return div
}

// ---- Bare sigma + graphology --------------------------------------------------------------------------------------

function drawSigma(scene: Scene, shapes = false): Drawing {
  const graph = new Graph({ type: 'undirected' })
  for (const n of scene.nodes) graph.addNode(n.id, { x: n.x, y: n.y, size: n.size, color: n.color, label: n.label, shape: 'circle' })
  for (const e of scene.edges) graph.addEdgeWithKey(e.id, e.source, e.target, { size: 1, color: '#cbd5e1' })
  // The constructor indexes the graph and renders the first frame synchronously (refresh → render).
  const area = container()
  // Sizes in screen pixels, as the layout gives them (sigma 4 defaults to graph units).
  const sigma = new Sigma(
    graph,
    area,
    shapes
      ? {
          primitives: { nodes: { shapes: [sdfCircle(), sdfSquare(), sdfTriangle(), sdfDiamond()], layers: [layerFill()] } },
          styles: { nodes: [DEFAULT_STYLES.nodes, { shape: { attribute: 'shape' } }] },
          settings: { itemSizesReference: 'screen' },
        }
      : { settings: { itemSizesReference: 'screen' } },
  )
  return {
    area,
    drawnNodes: graph.order,
    drawnEdges: graph.size,
    setView: sigmaView(sigma),
  }
}

// Sigma's camera works in the normalised graph (its larger extent is 1, centre 0.5/0.5); ratio 1 = fitted.
const sigmaView =
  (sigma: { getCamera(): ReturnType<Sigma['getCamera']> }) =>
  ({ dx, dy, zoom }: View) =>
    sigma.getCamera().setState({ x: 0.5 + dx, y: 0.5 + dy, ratio: 1 / zoom })

// ---- React Flow ---------------------------------------------------------------------------------------------------

type DotData = { label: string; color: string; size: number }
type DotNode = Node<DotData, 'dot'>

const Dot = memo(function Dot({ data }: NodeProps<DotNode>) {
  const d = data.size * 2
  return (
    <div className="bench-dot" style={{ width: d, height: d, background: data.color }}>
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
      <span className="bench-dot-label">{data.label}</span>
    </div>
  )
})
const nodeTypes = { dot: Dot }

function Drawn({ onDrawn }: { onDrawn: (flow: ReactFlowInstance<DotNode, Edge>) => void }) {
  const initialised = useNodesInitialized()
  const flow = useReactFlow<DotNode, Edge>()
  useEffect(() => {
    if (initialised) void flow.fitView({ padding: 0.02 }).then(() => onDrawn(flow))
  }, [initialised, flow, onDrawn])
  return null
}

// Uncontrolled (defaultNodes): React Flow keeps the measured sizes itself. Controlled nodes without an
// onNodesChange that applies the 'dimensions' changes never count as initialised.
function drawReactFlow(scene: Scene): Promise<Drawing & { root: Root }> {
  // The layout's unit is the distance between neighbouring devices; a node's size is in pixels: spread the flow
  // so the dots (2 × size across) do not overlap, as sigma draws them.
  const S = 12
  const nodes: DotNode[] = scene.nodes.map((n) => ({
    id: n.id,
    type: 'dot',
    position: { x: n.x * S - n.size, y: n.y * S - n.size },
    data: { label: n.label, color: n.color, size: n.size },
    connectable: false,
    draggable: false,
  }))
  const edges: Edge[] = scene.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, type: 'straight' }))
  const div = container()
  const root = createRoot(div)
  return new Promise((resolve) => {
    const onDrawn = (flow: ReactFlowInstance<DotNode, Edge>) => {
      const fitted = flow.getViewport()
      const xs = scene.nodes.map((n) => n.x * S)
      const ys = scene.nodes.map((n) => n.y * S)
      const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
      const extent = Math.max(maxX - minX, maxY - minY)
      const { width, height } = div.getBoundingClientRect()
      // The flow point at the view's centre when fitted, moved by the same share of the extent as sigma's camera.
      const cx = (width / 2 - fitted.x) / fitted.zoom
      const cy = (height / 2 - fitted.y) / fitted.zoom
      resolve({
        root,
        area: div,
        drawnNodes: div.querySelectorAll('.react-flow__node').length,
        drawnEdges: div.querySelectorAll('.react-flow__edge').length,
        setView: ({ dx, dy, zoom }) => {
          const z = fitted.zoom * zoom
          void flow.setViewport({ x: width / 2 - (cx + dx * extent) * z, y: height / 2 - (cy + dy * extent) * z, zoom: z })
        },
      })
    }
    root.render(
      <ReactFlow<DotNode, Edge>
        defaultNodes={nodes}
        defaultEdges={edges}
        nodeTypes={nodeTypes}
        minZoom={0.001}
        maxZoom={20}
        nodesConnectable={false}
        nodesDraggable={false}
        proOptions={{ hideAttribution: true }}
      >
        <Drawn onDrawn={onDrawn} />
      </ReactFlow>,
    )
  })
}

// ---- Ours ---------------------------------------------------------------------------------------------------------

// The console's graph as the topology screen mounts it: in a console (ConsoleProvider over a console client) and
// its stylesheet, with the store's model and no filter; it makes its own layout (worker) and graphology graph.
function drawOurs(model: TopologyModel, layout?: GraphLayout): Promise<Drawing> {
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1' },
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
  })
  const div = container()
  div.className = 'bench-graph bench-ours honu-console'
  div.dataset.theme = 'light'
  return new Promise((resolve) => {
    createRoot(div).render(
      <ConsoleProvider client={client}>
        <TopologyGraph
          model={model}
          layout={layout}
          filter={EMPTY_FILTER}
          onSelect={() => {}}
          onOpen={() => {}}
          onRendered={(sigma) => {
            const graph = sigma.getGraph()
            resolve({
              area: sigma.getContainer(),
              drawnNodes: graph.order,
              drawnEdges: graph.size,
              layoutMode: layout ? 'given' : getLayoutClient(client).mode,
              setView: sigmaView(sigma),
            })
          }}
        />
      </ConsoleProvider>,
    )
  })
}

// ---- What the runner calls ----------------------------------------------------------------------------------------

let longTasks = 0
let longTaskMs = 0
let recording = false
new PerformanceObserver((list) => {
  if (!recording) return
  for (const entry of list.getEntries()) {
    longTasks++
    longTaskMs += entry.duration
  }
}).observe({ type: 'longtask', buffered: false })

const violations: string[] = []
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`))

function animate(drawing: Drawing, frames: number) {
  return new Promise<{ frameMs: number[]; animationMs: number }>((resolve) => {
    const frameMs: number[] = []
    let i = 0
    let first = 0
    let last = 0
    const step = (time: number) => {
      if (i === 0) first = time
      else frameMs.push(time - last)
      last = time
      if (i === frames) return resolve({ frameMs, animationMs: time - first })
      drawing.setView(viewAt((i + 1) / frames))
      i++
      requestAnimationFrame(step)
    }
    requestAnimationFrame(step)
  })
}

declare global {
  var benchRun: (options: RunOptions) => Promise<RunResult>
  var benchViolations: () => string[]
  /** Where the run is (read by the runner when a run takes too long). */
  var benchStage: string
}

globalThis.benchViolations = () => violations
globalThis.benchStage = 'loaded'
globalThis.benchRun = async ({ mode, nodes, frames, sigmaShapes }) => {
  globalThis.benchStage = 'generating'
  const model = buildTopology(generateTenant(nodes))
  // Positions are computed before the clock starts for the baselines; ours makes its own layout after it.
  const scene = mode === 'sigma' || mode === 'reactflow' ? sceneOf(model) : undefined
  const given = mode === 'ours-given' ? layoutTopology(model) : undefined
  globalThis.benchStage = 'waiting for a frame'
  await afterNextFrame()
  globalThis.benchStage = 'mounting'
  const started = performance.now()
  const drawing =
    mode === 'sigma' ? drawSigma(scene!, sigmaShapes) : mode === 'reactflow' ? await drawReactFlow(scene!) : await drawOurs(model, given)
  globalThis.benchStage = 'mounted, waiting for its frame'
  const firstRenderMs = (await afterNextFrame()) - started
  globalThis.benchStage = 'drawn'
  let result = { frameMs: [] as number[], animationMs: 0 }
  if (frames > 0) {
    // Let the page settle (labels, garbage) before the camera moves.
    await new Promise((resolve) => setTimeout(resolve, 500))
    await afterNextFrame()
    longTasks = 0
    longTaskMs = 0
    recording = true
    globalThis.benchStage = 'animating'
    result = await animate(drawing, frames)
    await afterNextFrame()
    recording = false
  }
  const { width, height } = drawing.area.getBoundingClientRect()
  return {
    firstRenderMs,
    drawnNodes: drawing.drawnNodes,
    drawnEdges: drawing.drawnEdges,
    width,
    height,
    layoutMode: drawing.layoutMode,
    longTasks,
    longTaskMs,
    ...result,
  }
}
document.body.dataset.ready = 'true'
