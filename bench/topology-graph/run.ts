// Topology-graph benchmark (not a test). One run in headless Chromium: first render (mount → first frame drawn) and
// pan/zoom frame times (p50, p95, long tasks) over a scripted camera animation of a fixed number of frames, at 1,000,
// 5,000 and 20,000 nodes, for the console's graph (TopologyGraph with its own layout), bare sigma 4 + graphology and
// React Flow 12 on the same generated tenant graph (tenant → networks → devices, plus overlap edges to other
// tenants' networks) and the same positions. Each drawing is mounted BENCH_REPEAT times (default 3), each time in a
// fresh page: first render is the median; the camera animation (BENCH_FRAMES frames, default 120) runs on the last.
// Prints a markdown table with ratios against bare sigma and checks the targets.
// Run: pnpm --filter @honu/bench run topology-graph   (under `flock /tmp/honu-e2e.lock` on a shared machine)
// BENCH_MODES=sigma,reactflow limits the drawings, BENCH_SIZES=1000,5000 the sizes; BENCH_SOFTWARE=1 for software
// compositing; BENCH_PROFILE=1 prints each drawing's top functions over its mount (and skips the animation).
import { createServer } from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { chromium } from '@playwright/test'
import type { Mode, RunResult } from './browser-entry'

/** BENCH_SIGMA_SHAPES=1: bare sigma draws with our graph's node programs (four SDF shapes) instead of its default. */
const SIGMA_SHAPES = Boolean(process.env.BENCH_SIGMA_SHAPES)
const ALL_MODES: Mode[] = ['sigma', 'reactflow', 'ours', 'ours-given']
const LABELS: Record<Mode, string> = {
  ours: 'Ours: TopologyGraph (sigma, own layout)',
  'ours-given': 'Ours, layout handed in (first render only)',
  sigma: SIGMA_SHAPES ? 'Bare sigma 4 + graphology, our four SDF node shapes' : 'Bare sigma 4 + graphology',
  reactflow: 'React Flow 12 (@xyflow/react)',
}
const MODES = (process.env.BENCH_MODES?.split(',') as Mode[] | undefined) ?? ALL_MODES
const SIZES = process.env.BENCH_SIZES?.split(',').map(Number) ?? [1000, 5000, 20_000]
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3)
const FRAMES = Number(process.env.BENCH_FRAMES ?? 120)
const SOFTWARE = Boolean(process.env.BENCH_SOFTWARE)
const TARGETS: Record<number, number> = { 5000: 1000, 20_000: 2500 }
const WITHIN = 1.2
const PROFILE = Boolean(process.env.BENCH_PROFILE)
/** One mount and its animation; React Flow at 20,000 nodes takes the longest. */
const RUN_TIMEOUT_S = Number(process.env.BENCH_RUN_TIMEOUT ?? 300)

const dir = fileURLToPath(new URL('.', import.meta.url))
const started = Date.now()
const step = (what: string) => console.error(`[${Math.round((Date.now() - started) / 1000)} s] ${what}`)

// ---- Page: built with Vite against the packages' sources, served under the console's strict CSP -------------------
await build({ configFile: join(dir, 'vite.config.ts') })
const root = join(dir, 'dist')
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' }
const CSP = ["default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "worker-src 'self'", "object-src 'none'"].join(
  '; ',
)
const pageServer = createServer((req, res) => {
  const pathname = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')
  const path = join(root, pathname === '/' ? 'index.html' : pathname)
  if (!path.startsWith(root) || !existsSync(path)) return void res.writeHead(404).end()
  res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'content-security-policy': CSP }).end(readFileSync(path))
})
await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve))
const address = pageServer.address()
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`
step('page built')

const percentile = (values: readonly number[], p: number) => {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
function printProfile(title: string, profile: { nodes: ProfileNode[] }) {
  const self = new Map<string, number>()
  for (const node of profile.nodes) {
    const key = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`
    self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0))
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  console.log(`\n${title}: top self time of ${total} samples`)
  for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${((100 * hits) / total).toFixed(1)}% ${key}`)
}

interface Row {
  mode: Mode
  nodes: number
  drawnNodes: number
  drawnEdges: number
  area: string
  layoutMode?: string
  firstRenders: number[]
  first: number
  frame50: number
  frame95: number
  frameMax: number
  longTasks: number
  longTaskMs: number
  animationMs: number
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
  // WebGL in SwiftShader (no GPU on this machine) through ANGLE in the GPU process, as live-map runs it.
  args: [
    '--no-sandbox',
    '--no-first-run',
    '--disable-background-networking',
    ...(SOFTWARE ? ['--disable-gpu'] : ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist']),
  ],
})
const rows: Row[] = []
try {
  for (const nodes of SIZES) {
    for (const mode of MODES) {
      const results: RunResult[] = []
      for (let rep = 1; rep <= REPEAT; rep++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
        const page = await context.newPage()
        const errors: string[] = []
        page.on('pageerror', (e) => errors.push(String(e)))
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text())
          if (process.env.BENCH_DEBUG) console.error(`[page ${m.type()}] ${m.text()}`)
        })
        await page.goto(url)
        await page.waitForSelector('body[data-ready="true"]', { state: 'attached' })
        const frames = rep === REPEAT && mode !== 'ours-given' ? FRAMES : 0
        let timer: NodeJS.Timeout | undefined
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            void page
              .evaluate(() => globalThis.benchStage)
              .catch(() => 'page not answering')
              .then((stage) => reject(new Error(`${mode} at ${nodes} nodes took over ${RUN_TIMEOUT_S} s (at: ${stage}); ${errors.join('\n')}`)))
          }, RUN_TIMEOUT_S * 1000)
        })
        // BENCH_PROFILE=1: a CPU profile of the page's main thread over the mount (no camera animation), top self time.
        const cdp = PROFILE ? await context.newCDPSession(page) : undefined
        if (cdp) {
          await cdp.send('Profiler.enable')
          await cdp.send('Profiler.start')
        }
        const result = await Promise.race([
          page.evaluate((o) => globalThis.benchRun(o), { mode, nodes, frames: cdp ? 0 : frames, sigmaShapes: SIGMA_SHAPES }),
          timeout,
        ]).finally(() => clearTimeout(timer))
        if (cdp && rep === REPEAT)
          printProfile(
            `${mode} at ${nodes} nodes (whole call: graph generated, model built, mount, first frame)`,
            (await cdp.send('Profiler.stop')).profile,
          )
        const violations = await page.evaluate(() => globalThis.benchViolations())
        if (process.env.BENCH_SCREENSHOT && rep === REPEAT) await page.screenshot({ path: `${process.env.BENCH_SCREENSHOT}-${mode}-${nodes}.png` })
        await context.close()
        if (errors.length || violations.length)
          throw new Error(`${mode} at ${nodes} nodes: ${[...errors, ...violations.map((v) => `CSP: ${v}`)].join('\n')}`)
        results.push(result)
        step(
          `${mode} ${nodes}: first render ${result.firstRenderMs.toFixed(0)} ms${frames ? `, ${frames} frames in ${result.animationMs.toFixed(0)} ms` : ''}`,
        )
      }
      const last = results.at(-1)!
      // A drawing that drew less than the graph would look fast: every drawing must show every node, and React Flow
      // every edge bare sigma drew (edges without measured handles are silently left out).
      if (last.drawnNodes !== nodes) throw new Error(`${mode} drew ${last.drawnNodes} nodes of ${nodes}`)
      const sigmaRow = rows.find((r) => r.nodes === nodes && r.mode === 'sigma')
      if (mode === 'reactflow' && sigmaRow && last.drawnEdges !== sigmaRow.drawnEdges)
        throw new Error(`React Flow drew ${last.drawnEdges} edges, sigma ${sigmaRow.drawnEdges}`)
      const firstRenders = results.map((r) => r.firstRenderMs)
      rows.push({
        mode,
        nodes,
        drawnNodes: last.drawnNodes,
        drawnEdges: last.drawnEdges,
        area: `${Math.round(last.width)}×${Math.round(last.height)}`,
        layoutMode: last.layoutMode,
        firstRenders,
        first: percentile(firstRenders, 50),
        frame50: percentile(last.frameMs, 50),
        frame95: percentile(last.frameMs, 95),
        frameMax: Math.max(...last.frameMs),
        longTasks: last.longTasks,
        longTaskMs: last.longTaskMs,
        animationMs: last.animationMs,
      })
    }
  }
} finally {
  await browser.close()
  pageServer.close()
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 100 ? 1 : 0) : '–')
const ratio = (v: number, base: number | undefined) => (base && Number.isFinite(v) ? `${(v / base).toFixed(2)}×` : '–')
const baseOf = (nodes: number) => rows.find((r) => r.mode === 'sigma' && r.nodes === nodes)
console.log(
  `\n### Topology graph: first render and pan/zoom (${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores shared with other work, headless Chromium, WebGL in SwiftShader, ${SOFTWARE ? 'software compositing' : 'GPU-process compositing (ANGLE)'}, 1280×800, first render = median of ${REPEAT} fresh pages, pan/zoom = ${FRAMES} animation frames; run ${Math.round((Date.now() - started) / 1000)} s)\n`,
)
console.log(
  '| drawing | nodes | edges | first render ms | ÷ sigma | frame p50 ms | frame p95 ms | ÷ sigma (p95) | max frame ms | long tasks | long-task ms |',
)
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of rows) {
  const base = baseOf(r.nodes)
  console.log(
    `| ${LABELS[r.mode]} | ${r.nodes.toLocaleString('en-US')} | ${r.drawnEdges.toLocaleString('en-US')} | ${ms(r.first)} | ${ratio(r.first, base?.first)} | ${ms(r.frame50)} | ${ms(r.frame95)} | ${ratio(r.frame95, base?.frame95)} | ${ms(r.frameMax)} | ${r.longTasks} | ${Math.round(r.longTaskMs)} |`,
  )
}
console.log(
  `\nDrawing areas (px): ${[...new Set(rows.map((r) => `${r.mode} ${r.area}`))].join(', ')}. Ours laid out in: ${[...new Set(rows.flatMap((r) => (r.mode === 'ours' && r.layoutMode ? [r.layoutMode] : [])))].join(', ') || '–'}.`,
)
console.log(
  'Frame time = interval between animation frames while the camera moves (a 60 Hz display gives 16.7 ms); WebGL runs in SwiftShader (the CPU) in the GPU process, so the sigma drawings wait on it with an idle main thread (no long tasks), while React Flow moves one CSS transform and its main thread is what shows.',
)
console.log(
  `First renders of each page (ms): ${rows.map((r) => `${r.mode} ${r.nodes}: ${r.firstRenders.map((v) => v.toFixed(0)).join('/')}`).join('; ')}`,
)

const verdicts: string[] = []
for (const r of rows.filter((row) => row.mode === 'ours')) {
  const target = TARGETS[r.nodes]
  if (target)
    verdicts.push(
      `ours at ${r.nodes.toLocaleString('en-US')} nodes within ${target / 1000} s: ${ms(r.first)} ms ${r.first <= target ? '(met)' : '(NOT met)'}`,
    )
  const base = baseOf(r.nodes)
  if (base) {
    const frames = Number.isFinite(r.frame95)
      ? `, frame p95 ${ratio(r.frame95, base.frame95)} ${r.frame95 <= WITHIN * base.frame95 ? '(met)' : '(NOT met)'}`
      : ''
    verdicts.push(
      `ours within ${WITHIN}× of bare sigma at ${r.nodes.toLocaleString('en-US')}: first render ${ratio(r.first, base.first)} ${r.first <= WITHIN * base.first ? '(met)' : '(NOT met)'}${frames}`,
    )
  }
}
if (!rows.some((r) => r.mode === 'ours')) verdicts.push('ours not measured in this run (BENCH_MODES)')
console.log(`\nTargets: ${verdicts.join('; ') || 'none checked in this run'}.`)
