// Topology-live benchmark (not a test): how busy the network topology list keeps the page while live states change.
// One run starts the embedded stack (`node scripts/serve.mjs`: Auth emulator, in-memory reference server seeded
// with the large tenant Delta Grid of 10,000 devices, the device simulator, the built app) on free ports, then opens
// the topology list in headless Chromium twice, each time after a fresh sign-in: Alpha Harbour (ada, 12 devices,
// the baseline) and Delta Grid (dana, 10,000 devices, 200 of them going stale and online again every 30 s, 200
// online). Over BENCH_SECONDS (default 15) it records a Chromium trace and reports the page's main-thread busy share
// (top-level RunTask time on the renderer's main thread over the window), its long tasks (≥ 50 ms) and how late a
// setTimeout(0) fires (sampled every 100 ms): what a user's click waits for. Ratios are Delta over Alpha, same run.
// Run (from the repository root, after `pnpm run build`): pnpm bench:topology-live
import { spawn } from 'node:child_process'
import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { launchChromium } from '../build-and-serve.mjs'
import { freeStackPortsEnv } from '../../scripts/stack-ports.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const PASSWORD = 'honu-demo-1'
const root = fileURLToPath(new URL('../..', import.meta.url))
const started = Date.now()
const step = (what) => console.error(`[${Math.round((Date.now() - started) / 1000)} s] ${what}`)

const ports = await freeStackPortsEnv({})
const env = { ...process.env, ...ports, HONU_DATA_DIR: 'memory', HONU_SEED_LARGE_TENANT: '10000' }
const app = `http://127.0.0.1:${ports.HONU_APP_PORT}`
const stack = spawn('node', ['scripts/serve.mjs'], { cwd: root, env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] })
const stopStack = () => {
  try {
    process.kill(-stack.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}
process.on('exit', stopStack)

async function waitForApp(timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (stack.exitCode !== null) throw new Error(`the stack exited (${stack.exitCode}) before the app answered`)
    try {
      if ((await fetch(app)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`the app did not answer at ${app} within ${timeoutMs / 1000} s`)
}

/** Main-thread busy ms and long tasks from a trace: top-level RunTask on the busiest CrRendererMain thread. */
function mainThread(buffer) {
  const json = JSON.parse(buffer.toString('utf8'))
  const events = Array.isArray(json) ? json : json.traceEvents
  const mains = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  )
  const byThread = new Map()
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.dur === undefined || !mains.has(key)) continue
    byThread.set(key, [...(byThread.get(key) ?? []), e.dur / 1000])
  }
  const tasks = [...byThread.values()].sort((a, b) => b.reduce((s, d) => s + d, 0) - a.reduce((s, d) => s + d, 0))[0] ?? []
  const long = tasks.filter((d) => d >= 50)
  return { busyMs: tasks.reduce((s, d) => s + d, 0), longTasks: long.length, longTaskMs: long.reduce((s, d) => s + d, 0) }
}

const percentile = (values, p) => {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

const cases = [
  { label: 'Alpha Harbour (baseline)', email: 'ada@honu.test', tenant: /Alpha Harbour/, rows: undefined },
  { label: 'Delta Grid, 10,000 devices', email: 'dana@honu.test', tenant: /Delta Grid/, rows: '10001' },
]
const results = []
let browser
try {
  step(`starting the stack (app ${app})`)
  await waitForApp()
  step('stack up')
  browser = await launchChromium(['--disable-gpu'])
  for (const c of cases) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
    const page = await context.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(String(error)))
    await page.goto(`${app}/login`)
    await page.getByLabel('E-mail').fill(c.email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/tenant$/, { timeout: 60_000 })
    await page.getByRole('button', { name: c.tenant }).click()
    await page.waitForURL(/\/streams$/, { timeout: 60_000 })
    const opened = Date.now()
    await page.locator('.honu-nav').getByRole('link', { name: 'Network topology', exact: true }).click()
    const table = page.getByRole('table', { name: /^Devices of / })
    if (c.rows) await table.and(page.locator(`[aria-rowcount="${c.rows}"]`)).waitFor({ timeout: 180_000 })
    else await table.waitFor({ timeout: 60_000 })
    const shownMs = Date.now() - opened
    step(`${c.label}: list shown in ${shownMs} ms`)
    await page.waitForTimeout(3000) // past the first load and the live snapshot
    await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline'] })
    const traced = Date.now()
    const delays = await page.evaluate(async (seconds) => {
      const late = []
      const until = performance.now() + seconds * 1000
      while (performance.now() < until) {
        const asked = performance.now()
        await new Promise((resolve) => setTimeout(resolve, 0))
        late.push(performance.now() - asked)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      return late
    }, SECONDS)
    const trace = await browser.stopTracing()
    // The window as it really lasted: on a page that is busy throughout, the last setTimeout(0) fires seconds late.
    const windowMs = Date.now() - traced
    if (errors.length) throw new Error(`${c.label}: the page failed: ${errors.join('\n')}`)
    results.push({
      ...c,
      shownMs,
      windowMs,
      ...mainThread(trace),
      delay50: percentile(delays, 50),
      delay95: percentile(delays, 95),
      samples: delays.length,
    })
    await context.close()
  }
} finally {
  await browser?.close()
  stopStack()
}

const [alpha, delta] = results
const ratio = (a, b) => (b ? `${(a / b).toFixed(1)}×` : '–')
const busy = (r) => Math.min(100, (100 * r.busyMs) / r.windowMs)
console.log(
  `\n### Topology list with live states (${SECONDS} s per tenant; windows ${results.map((r) => `${(r.windowMs / 1000).toFixed(1)} s`).join(', ')})`,
)
console.log(
  `(${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores shared with the stack, headless Chromium, software compositing, run ${Math.round((Date.now() - started) / 1000)} s)\n`,
)
console.log('| tenant | list shown ms | main thread busy | long tasks | long-task ms | setTimeout(0) late p50 ms | p95 ms |')
console.log('|---|---:|---:|---:|---:|---:|---:|')
for (const r of results)
  console.log(
    `| ${r.label} | ${r.shownMs} | ${busy(r).toFixed(1)} % | ${r.longTasks} | ${Math.round(r.longTaskMs)} | ${r.delay50.toFixed(1)} | ${r.delay95.toFixed(1)} |`,
  )
console.log(
  `| Delta ÷ Alpha | ${ratio(delta.shownMs, alpha.shownMs)} | ${ratio(busy(delta), busy(alpha))} | | | ${ratio(delta.delay50, alpha.delay50)} | ${ratio(delta.delay95, alpha.delay95)} |`,
)
