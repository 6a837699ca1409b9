// Live-map benchmark (not a test). One run: a fresh in-memory reference server (PGlite, Auth emulator), 1,000
// vehicles of tenant alpha published at 10 Hz into the server's telemetry hub (the point where MAVLink and JSON
// ingest publish; see docs/benchmarks.md for why not 1,000 MAVLink system ids), 20 live-channel clients (19 Node
// WebSocket clients + 1 headless Chromium page), and the page's map drawn two ways, one after the other: the Map
// widget's WebGL layer (VehicleMap) and the baseline of one maplibregl.Marker per vehicle. Measured per way: ingest-to-
// screen latency p50/p99, main-thread time per frame (p50/p95, from a Chromium trace: top-level RunTask time on the
// renderer's main thread per 16.7 ms frame slot) and long tasks (PerformanceObserver 'longtask').
// Run (from the repository root): pnpm exec tsx --conditions=@honu/source bench/live-map/run.ts
// (BENCH_SECONDS per drawing, default 10; BENCH_SOFTWARE=1 for software compositing; BENCH_PROFILE=1 prints the
// page's top functions first).
import { createServer } from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { chromium } from '@playwright/test'
import WebSocket from 'ws'
import { LIVE_PATH, vehiclesTopic, type ServerMessage, type VehicleTelemetry } from '@honu/core/live'
import { DEMO_PASSWORD } from '../../examples/reference-server/src/seed'
import { signIn, startAuthEmulator } from '../../examples/reference-server/test/auth-emulator'
import { startTestServer } from '../../examples/reference-server/test/test-server'

const VEHICLES = 1000
const RATE_HZ = 10
const NODE_CLIENTS = 19
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const TENANT = 'alpha'
const SOFTWARE = Boolean(process.env.BENCH_SOFTWARE)
// BENCH_LIST=1: the WebGL page also shows the list of vehicles beside the map, with names, as the Map widget does.
const LIST = process.env.BENCH_LIST === '1'
const CENTRE = { lat: 21.3, lon: -157.87 }
const BOUNDS: [[number, number], [number, number]] = [
  [CENTRE.lon - 0.06, CENTRE.lat - 0.06],
  [CENTRE.lon + 0.06, CENTRE.lat + 0.06],
]

const dir = fileURLToPath(new URL('.', import.meta.url))
const started = Date.now()

// ---- Page: built with Vite against the packages' sources, served from a tiny static server -----------------------
await build({ configFile: join(dir, 'vite.config.ts') })
const root = join(dir, 'dist')
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
}
const pageServer = createServer((req, res) => {
  const pathname = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')
  const path = join(root, pathname === '/' ? 'index.html' : pathname)
  if (!path.startsWith(root) || !existsSync(path)) return void res.writeHead(404).end()
  res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path))
})
await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve))
const address = pageServer.address()
const pageOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

// ---- Server ------------------------------------------------------------------------------------------------------
const step = (what: string) => console.error(`[${Math.round((Date.now() - started) / 1000)} s] ${what}`)
step('page built')
const stopEmulator = await startAuthEmulator()
const server = await startTestServer({ allowedOrigins: [pageOrigin] })
const token = await signIn('ada@honu.test', DEMO_PASSWORD) // admin of alpha
const wsUrl = `${server.url.replace(/^http/, 'ws')}${LIVE_PATH}`

// ---- 1,000 vehicles at 10 Hz: a tenth of them every 10 ms, each on its own circle ---------------------------------
const vehicleAt = (i: number, now: number): VehicleTelemetry => {
  const phase = (i * 2.399 + (now / 60_000) * 2 * Math.PI) % (2 * Math.PI)
  const r = 0.01 + (i % 50) * 0.001
  return {
    deviceId: `bench-${String(i).padStart(4, '0')}`,
    tenantId: TENANT,
    time: now,
    position: { lat: CENTRE.lat + r * Math.sin(phase), lon: CENTRE.lon + r * Math.cos(phase), altitudeM: 0 },
    headingDeg: ((phase * 180) / Math.PI + 90) % 360,
    groundSpeedMs: 3,
    battery: { remainingPct: 80 },
    link: { quality: 100 },
  }
}
const SLICES = 10
let slice = 0
let published = 0
let publishing = false
const publisher = setInterval(
  () => {
    if (!publishing) return
    const now = Date.now()
    for (let i = slice; i < VEHICLES; i += SLICES) {
      server.hub.publish(vehicleAt(i, now))
      published++
    }
    slice = (slice + 1) % SLICES
  },
  1000 / RATE_HZ / SLICES,
)

// ---- 19 Node clients on the live channel -------------------------------------------------------------------------
let nodeRecording = false
const nodeLatencies: number[] = []
const sockets = await Promise.all(
  Array.from(
    { length: NODE_CLIENTS },
    (_, client) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(wsUrl)
        const topic = vehiclesTopic(TENANT)
        ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })))
        ws.on('error', reject)
        ws.on('message', (raw) => {
          // Parsed without the schema: these clients stand in for load; the page parses with it.
          const frame = JSON.parse(String(raw)) as ServerMessage
          if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', topic }))
          if (frame.type === 'subscribed') resolve(ws)
          if (frame.type === 'event' && nodeRecording && client === 0) {
            const now = Date.now()
            for (const v of (frame.data as { vehicles: VehicleTelemetry[] }).vehicles) nodeLatencies.push(now - v.time)
          }
        })
      }),
  ),
)

// ---- The page, once per drawing --------------------------------------------------------------------------------
interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string }
}

const percentile = (values: readonly number[], p: number) => {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

/** Main-thread busy time per 16.7 ms frame slot (ms): top-level RunTask on the busiest CrRendererMain thread. */
function framesFromTrace(buffer: Buffer) {
  const json = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(json) ? json : json.traceEvents
  const mains = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  )
  const tasksBy = new Map<string, TraceEvent[]>()
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.dur === undefined || !mains.has(key)) continue
    const list = tasksBy.get(key) ?? []
    list.push(e)
    tasksBy.set(key, list)
  }
  const tasks = [...tasksBy.values()].sort((a, b) => b.length - a.length)[0] ?? []
  if (!tasks.length) return []
  const SLOT = 1_000_000 / 60
  const start = Math.min(...tasks.map((t) => t.ts))
  const end = Math.max(...tasks.map((t) => t.ts + (t.dur ?? 0)))
  const slots = new Float64Array(Math.ceil((end - start) / SLOT) + 1)
  for (const t of tasks) {
    let from = t.ts
    const to = t.ts + (t.dur ?? 0)
    // Slots by index, not by comparing float boundaries: a task starting exactly on a boundary once made
    // `floor` pick the slot before it, whose end equalled the start, and the loop never advanced.
    let index = Math.floor((from - start) / SLOT)
    while (from < to && index < slots.length) {
      const until = Math.min(to, start + (index + 1) * SLOT)
      if (until > from) {
        slots[index] = (slots[index] ?? 0) + until - from
        from = until
      }
      index++
    }
  }
  return [...slots].map((us) => us / 1000)
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
  // Chromium's GPU process with SwiftShader through ANGLE (GPU compositing, as a browser with a GPU composites), or
  // with BENCH_SOFTWARE=1 --disable-gpu (software compositing: every WebGL frame is read back into the renderer,
  // which costs the main thread of any WebGL page, MapLibre's own basemap included).
  args: [
    '--no-sandbox',
    '--no-first-run',
    '--disable-background-networking',
    ...(SOFTWARE ? ['--disable-gpu'] : ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist']),
  ],
})
const rows: {
  label: string
  lat50: number
  lat99: number
  updates: number
  frame50: number
  frame95: number
  frames: number
  longTasks: number
  longTaskMs: number
}[] = []
try {
  for (const mode of ['webgl', 'dom'] as const) {
    // Nothing is published while a page loads (this process also serves its files and 19 sockets).
    publishing = false
    step(`${mode}: opening the page`)
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(String(e)))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
      if (process.env.BENCH_DEBUG) console.error(`[page ${m.type()}] ${m.text()}`)
    })
    await page.goto(`${pageOrigin}/`)
    step(`${mode}: page loaded`)
    await page.evaluate((o) => globalThis.benchStart(o), { mode, wsUrl, token, tenantId: TENANT, bounds: BOUNDS, list: LIST })
    await page.waitForSelector(mode === 'webgl' ? '.honu-map[data-state="ready"]' : '.maplibregl-canvas', { state: 'attached', timeout: 60_000 })
    publishing = true
    try {
      // (data-drawn-vehicles counts when the map settles, which it never does at 10 Hz: wait for the channel instead.)
      if (mode === 'webgl') await page.waitForFunction(() => globalThis.benchInfo().frames > 50, undefined, { timeout: 30_000 })
      else await page.waitForFunction((n) => document.querySelectorAll('.maplibregl-marker').length === n, VEHICLES, { timeout: 30_000 })
    } catch (error) {
      const map = await page.evaluate(
        () => `${document.querySelector('.honu-map')?.outerHTML.slice(0, 120)} ${JSON.stringify(globalThis.benchInfo())}`,
      )
      throw new Error(`${mode} page did not draw the vehicles: ${map}\n${errors.join('\n')}`, { cause: error })
    }
    step(`${mode}: vehicles drawn`)
    if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: `${process.env.BENCH_SCREENSHOT}-${mode}.png` })
    await page.waitForTimeout(3000) // past start-up
    // BENCH_PROFILE=1: a CPU profile of the page's main thread instead of the trace, its top functions printed.
    if (process.env.BENCH_PROFILE) {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.start')
      await page.waitForTimeout(5000)
      const { profile } = (await cdp.send('Profiler.stop')) as {
        profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[] }
      }
      const self = new Map<string, number>()
      for (const node of profile.nodes) {
        const key = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`
        self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0))
      }
      const total = [...self.values()].reduce((a, b) => a + b, 0)
      console.log(`\n${mode} profile, top self time of ${total} samples:`)
      for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${((100 * hits) / total).toFixed(1)}% ${key}`)
    }
    await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline'] })
    await page.evaluate(() => globalThis.benchRecord(true))
    nodeRecording = true
    await page.waitForTimeout(SECONDS * 1000)
    await page.evaluate(() => globalThis.benchRecord(false))
    nodeRecording = false
    step(`${mode}: measured, stopping the trace`)
    const trace = await browser.stopTracing()
    step(`${mode}: trace ${trace.length} bytes`)
    const result = await page.evaluate(() => globalThis.benchCollect())
    publishing = false
    step(`${mode}: collected ${result.latencies.length} latencies`)
    if (errors.length) throw new Error(`${mode} page failed: ${errors.join('\n')}`)
    const frames = framesFromTrace(trace)
    rows.push({
      label: mode === 'webgl' ? 'Map widget, WebGL layer' : 'Baseline: maplibregl.Marker per vehicle (DOM)',
      lat50: percentile(result.latencies, 50),
      lat99: percentile(result.latencies, 99),
      updates: result.latencies.length,
      frame50: percentile(frames, 50),
      frame95: percentile(frames, 95),
      frames: frames.length,
      longTasks: result.longTasks,
      longTaskMs: result.longTaskMs,
    })
    await page.close()
    step(`${mode}: page closed`)
  }
} finally {
  await browser.close()
  clearInterval(publisher)
  for (const ws of sockets) ws.close()
  await server.close()
  await stopEmulator()
  pageServer.close()
}

const [webgl, dom] = rows
if (!webgl || !dom) throw new Error('live-map: a drawing produced no row')
const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(2)}×` : '–')
const ms = (v: number) => v.toFixed(1)
console.log(
  `\n### Live map: ${VEHICLES} vehicles at ${RATE_HZ} Hz, ${NODE_CLIENTS + 1} live clients (${NODE_CLIENTS} Node + 1 Chromium page), ${SECONDS} s per drawing${LIST ? ', the list beside the map shown' : ''}`,
)
console.log(
  `(${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores shared with other work, headless Chromium, WebGL in SwiftShader, ${SOFTWARE ? 'software compositing (--disable-gpu)' : 'GPU-process compositing (ANGLE)'}, ${published} states published, run ${Math.round((Date.now() - started) / 1000)} s)\n`,
)
console.log(
  '| drawing | ingest→screen p50 ms | p99 ms | updates seen | main thread per frame p50 ms | p95 ms | frame slots | long tasks | long-task ms |',
)
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of rows)
  console.log(
    `| ${r.label} | ${ms(r.lat50)} | ${ms(r.lat99)} | ${r.updates} | ${ms(r.frame50)} | ${ms(r.frame95)} | ${r.frames} | ${r.longTasks} | ${Math.round(r.longTaskMs)} |`,
  )
console.log(
  `| WebGL ÷ baseline | ${ratio(webgl.lat50, dom.lat50)} | ${ratio(webgl.lat99, dom.lat99)} | | ${ratio(webgl.frame50, dom.frame50)} | ${ratio(webgl.frame95, dom.frame95)} | | | ${ratio(webgl.longTaskMs, dom.longTaskMs)} |`,
)
console.log(
  `\nNode live client 1 of 19 (ingest→socket, both drawings' windows): p50 ${ms(percentile(nodeLatencies, 50))} ms, p99 ${ms(percentile(nodeLatencies, 99))} ms over ${nodeLatencies.length} vehicle updates.`,
)
console.log(
  `Targets: p99 ingest→screen < 100 ms: ${ms(webgl.lat99)} ms ${webgl.lat99 < 100 ? '(met)' : '(NOT met)'}; map main thread p95 < 4 ms per frame: ${ms(webgl.frame95)} ms ${webgl.frame95 < 4 ? '(met)' : '(NOT met)'}.`,
)
