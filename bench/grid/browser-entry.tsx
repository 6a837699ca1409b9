import { Profiler, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { GridStack } from 'gridstack'
import 'gridstack/dist/gridstack.css'
import { createConsoleClient } from '@honu/core'
import { createWorkspaceActions, type GridWidget } from '@honu/core/grid'
import { ConsoleProvider, Dashboard, type WidgetProps, type WidgetRegistry } from '@honu/console-react'
import '@honu/console-react/styles.css'
import { COLUMNS, SIZES, dashboardLayout, dragStep, type BenchBox } from './layouts'
import { SUBJECTS, measure } from './engines'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

let contentRenders = new Map<string, number>()
function CountingWidget({ widget }: WidgetProps) {
  contentRenders.set(widget.id, (contentRenders.get(widget.id) ?? 0) + 1)
  return <p>{widget.name}</p>
}

// A plain glyph as the type's icon: the bench measures the grid, not icons.
const MapIcon = ({ className }: { className?: string }) => (
  <span className={className} aria-hidden="true">
    ⌖
  </span>
)

const registry: WidgetRegistry = [
  {
    type: 'Map',
    title: 'Map',
    description: 'Counts its renders.',
    icon: MapIcon,
    load: async () => ({ default: CountingWidget }),
    parse: (data) => data,
  },
]

/**
 * A drag step on our Dashboard: the store takes the new place, the layout engine resolves it, React commits and
 * gridstack draws it; timed to the end of the browser's layout. Counts widget content renders and commits.
 */
async function dashboardDragStep(layout: BenchBox[], runs: number) {
  const host = document.createElement('div')
  host.style.width = '1200px'
  document.body.appendChild(host)
  const client = createConsoleClient({ api: { baseUrl: 'http://127.0.0.1:1' }, namespace: `bench-${layout.length}` })
  const actions = createWorkspaceActions(client.grid)
  const items: GridWidget[] = layout.map((b) => ({ id: b.id, type: 'Map', name: `Widget ${b.id}`, x: b.x, y: b.y, w: b.w, h: b.h }))
  client.grid.getState().setWorkspaceItems('stream-view', items)
  let commits = 0
  const root = createRoot(host)
  root.render(
    <StrictMode>
      <ConsoleProvider client={client}>
        <Profiler id="dashboard" onRender={() => commits++}>
          <Dashboard workspace="stream-view" label="Bench" registry={registry} />
        </Profiler>
      </ConsoleProvider>
    </StrictMode>,
  )
  while (host.querySelectorAll('.grid-stack-item[gs-id]').length < layout.length || contentRenders.size < layout.length) await nextFrame()
  await nextFrame()

  const step = dragStep(layout)
  const first = layout.find((b) => b.id === step.id)!
  const times: number[] = []
  const scriptTimes: number[] = []
  const otherRenders: number[] = []
  const movedRenders: number[] = []
  const commitCounts: number[] = []
  const movedCounts: number[] = []
  for (let i = 0; i < runs + 5; i++) {
    const before = new Map(contentRenders)
    const commitsBefore = commits
    const start = performance.now()
    flushSync(() => actions.place('stream-view', step.id, { x: step.x, y: step.y, w: first.w, h: first.h }))
    const scripted = performance.now() - start
    void document.body.getBoundingClientRect() // the browser's style and layout of what changed
    const time = performance.now() - start
    const after = client.grid.getState().workspaces['stream-view'].items
    const moved = after.filter((item, k) => item !== items[k]).length
    let others = 0
    for (const [id, count] of contentRenders) if (id !== step.id) others += count - (before.get(id) ?? 0)
    if (i >= 5) {
      times.push(time)
      scriptTimes.push(scripted)
      otherRenders.push(others)
      movedRenders.push((contentRenders.get(step.id) ?? 0) - (before.get(step.id) ?? 0))
      commitCounts.push(commits - commitsBefore)
      movedCounts.push(moved)
    }
    // Back to the start, untimed.
    flushSync(() => client.grid.getState().setWorkspaceItems('stream-view', items))
    await nextFrame()
  }
  root.unmount()
  host.remove()
  contentRenders = new Map()
  return {
    time: median(times),
    script: median(scriptTimes),
    otherRenders: Math.max(...otherRenders),
    movedRenders: Math.max(...movedRenders),
    commits: median(commitCounts),
    moved: median(movedCounts),
  }
}

/** The same drag step on a plain gridstack grid (its own engine and DOM), timed to the end of layout. */
async function gridstackDragStep(layout: BenchBox[], runs: number) {
  const times: number[] = []
  const step = dragStep(layout)
  for (let i = 0; i < runs + 3; i++) {
    const el = document.createElement('div')
    el.className = 'grid-stack'
    el.style.width = '1200px'
    document.body.appendChild(el)
    for (const b of layout) {
      const item = document.createElement('div')
      item.className = 'grid-stack-item'
      Object.entries({ 'gs-id': b.id, 'gs-x': b.x, 'gs-y': b.y, 'gs-w': b.w, 'gs-h': b.h }).forEach(([k, v]) => item.setAttribute(k, String(v)))
      const content = document.createElement('div')
      content.className = 'grid-stack-item-content'
      content.textContent = `Widget ${b.id}`
      item.appendChild(content)
      el.appendChild(item)
    }
    const grid = GridStack.init({ column: COLUMNS, cellHeight: 70, margin: 10, float: false, animate: true }, el)
    await nextFrame()
    const target = el.querySelector<HTMLElement>(`[gs-id="${step.id}"]`)!
    const start = performance.now()
    grid.update(target, { x: step.x, y: step.y })
    void document.body.getBoundingClientRect()
    if (i >= 3) times.push(performance.now() - start)
    grid.destroy(true)
  }
  return { time: median(times) }
}

async function runInBrowser() {
  const pure: { engine: string; n: number; drag: number; relayout: number }[] = []
  const dom: { n: number; honu: Awaited<ReturnType<typeof dashboardDragStep>>; gridstack: { time: number } }[] = []
  for (const n of SIZES) {
    const layout = dashboardLayout(n)
    for (const subject of SUBJECTS) {
      pure.push({ engine: subject.name, n, drag: measure(() => subject.drag(layout)), relayout: measure(() => subject.relayout(layout)) })
    }
    dom.push({ n, honu: await dashboardDragStep(layout, 21), gridstack: await gridstackDragStep(layout, 11) })
  }
  return { pure, dom }
}

/** For profiling: the Dashboard drag step alone. */
async function profileDashboard(n: number) {
  return dashboardDragStep(dashboardLayout(n), 21)
}

Object.assign(window, { runInBrowser, profileDashboard })
document.body.dataset.ready = 'true'
