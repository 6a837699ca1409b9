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
import Sigma from 'sigma'
import { Handle, Position, ReactFlow, useNodesInitialized, useReactFlow, type Edge, type Node, type NodeProps, type ReactFlowInstance } from '@xyflow/react'
import '@xyflow/react/dist/base.css'
import './bench.css'
import { generateTenant } from './generate'
import { buildModel, standInScene, type Scene } from './scene'

export type Mode = 'ours' | 'sigma' | 'reactflow'

export interface RunOptions {
  mode: Mode
  nodes: number
  /** Frames of the camera animation; 0 = first render only. */
  frames: number
}

export interface RunResult {
  firstRenderMs: number
  drawnNodes: number
  drawnEdges: number
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

function drawSigma(scene: Scene): Drawing {
  const graph = new Graph({ type: 'undirected' })
  for (const n of scene.nodes) graph.addNode(n.id, { x: n.x, y: -n.y, size: n.size, color: n.color, label: n.label })
  for (const e of scene.edges) graph.addEdgeWithKey(e.id, e.source, e.target, { size: 0.5, color: '#cbd5e1' })
  // The constructor indexes the graph and renders the first frame synchronously (refresh → render).
  const sigma = new Sigma(graph, container())
  const camera = sigma.getCamera()
  return {
    drawnNodes: graph.order,
    drawnEdges: graph.size,
    // Sigma's camera works in the normalised graph (its larger extent is 1, centre 0.5/0.5); ratio 1 = fitted.
    setView: ({ dx, dy, zoom }) => camera.setState({ x: 0.5 + dx, y: 0.5 - dy, ratio: 1 / zoom }),
  }
}

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
  const nodes: DotNode[] = scene.nodes.map((n) => ({
    id: n.id,
    type: 'dot',
    position: { x: n.x - n.size, y: n.y - n.size },
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
      const xs = scene.nodes.map((n) => n.x)
      const ys = scene.nodes.map((n) => n.y)
      const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
      const extent = Math.max(maxX - minX, maxY - minY)
      const { width, height } = div.getBoundingClientRect()
      // The flow point at the view's centre when fitted, moved by the same share of the extent as sigma's camera.
      const cx = (width / 2 - fitted.x) / fitted.zoom
      const cy = (height / 2 - fitted.y) / fitted.zoom
      resolve({
        root,
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

function drawOurs(): Promise<Drawing> {
  return Promise.reject(new Error("'ours' is not plugged in yet: GRAPH's TopologyGraph has not landed"))
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
globalThis.benchRun = async ({ mode, nodes, frames }) => {
  globalThis.benchStage = 'generating'
  const input = generateTenant(nodes)
  const model = buildModel(input)
  // Positions are computed before the clock starts for the baselines; ours computes its own layout after it.
  const scene = mode === 'ours' ? undefined : standInScene(model)
  globalThis.benchStage = 'waiting for a frame'
  await afterNextFrame()
  globalThis.benchStage = 'mounting'
  const started = performance.now()
  const drawing = mode === 'sigma' ? drawSigma(scene!) : mode === 'reactflow' ? await drawReactFlow(scene!) : await drawOurs()
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
  return { firstRenderMs, drawnNodes: drawing.drawnNodes, drawnEdges: drawing.drawnEdges, longTasks, longTaskMs, ...result }
}
document.body.dataset.ready = 'true'
