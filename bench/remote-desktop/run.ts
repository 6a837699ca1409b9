// Remote-desktop benchmark (not a test), issue 24. One run: one Xtigervnc (1024×640, VNC authentication), the
// reference server in this process (PGlite in memory, Auth emulator) with the desktop registered on Bravo's
// remote-access device bravo-ra-3 by its admin bea, and Debian's websockify (the bridge noVNC ships with) to the SAME
// Xtigervnc. A page in headless Chromium runs noVNC 1.7 (its ES modules served as they are) through (a) our bridge
// (WebSocket opened, auth frame, `ready`, the socket handed to RFB) and (b) websockify (RFB given the ws:// URL and the
// VNC password), one after the other, ROUNDS rounds alternating which goes first.
// - Latency: the root window's background set to a new solid colour by a raw X11 client in a process of its own
//   (x-drawer.ts, so drawing never waits for the bridge in this one: ChangeWindowAttributes + ClearArea, what
//   `xsetroot -solid` does, then GetInputFocus as a round trip), timed from just before the request is written to
//   the moment noVNC has drawn a FramebufferUpdate whose pixel at the screen's centre in the visible canvas has that
//   colour (checked right after each flip that reaches the canvas). Clocks: performance.timeOrigin +
//   performance.now() in both processes (one machine).
// - Throughput: the whole root window overwritten with one of four pre-made noise images (PutImage strips, each
//   frame waited for with a round trip) at 20 Hz, more than noVNC takes, for BENCH_SECONDS per path and round;
//   counted are noVNC's completed FramebufferUpdates (Display.flip calls from RFB._framebufferUpdate) and the bytes
//   the page's WebSocket received.
// Run (from the repository root): pnpm bench:remote-desktop (BENCH_SECONDS per path and round, default 4;
// BENCH_ROUNDS default 3; BENCH_SAMPLES latency samples per path and round, default 30).
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer as createHttpServer } from 'node:http'
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { cpus } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import { createInterface } from 'node:readline'
import { DEMO_PASSWORD } from '../../examples/reference-server/src/seed'
import { startDesktop, type TestDesktop } from '../../examples/reference-server/test/vnc-desktop'

const WIDTH = 1024
const HEIGHT = 640
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30)
const DEVICE = 'bravo-ra-3'
const VNC_PASSWORD = 'bench-pw'
const started = Date.now()
const step = (what: string) => console.error(`[${Math.round((Date.now() - started) / 1000)} s] ${what}`)
const now = () => performance.timeOrigin + performance.now()
const freePort = async (): Promise<number> => {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as { port: number }
  await new Promise((done) => probe.close(done))
  return port
}

// An Auth emulator of this run's own (HONU_AUTH_PORT, read when the emulator's module loads, hence the dynamic
// imports): one shared with a test run would have its accounts cleared under this run's tokens.
process.env.HONU_AUTH_PORT ||= String(await freePort())
const { signIn, startAuthEmulator } = await import('../../examples/reference-server/test/auth-emulator')
const { raw, startTestServer } = await import('../../examples/reference-server/test/test-server')

// ---- The page: noVNC's ES modules as they are, and a small module driving them --------------------------------------
const novnc = realpathSync(fileURLToPath(new URL('../../packages/widgets/node_modules/@novnc/novnc', import.meta.url)))
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>remote-desktop bench</title>
<style>body{margin:0}#screen{width:${WIDTH}px;height:${HEIGHT}px}</style></head><body><div id="screen"></div>
<script type="module">
import RFB from '/novnc/core/rfb.js'
// Bytes received by any WebSocket of the page (noVNC's own for websockify, ours for the bridge).
const counters = { bytes: 0, frames: 0 }
const Native = WebSocket
// (A native socket, not a subclass: noVNC checks the prototype's own properties.)
function Counted(...args) {
  const socket = new Native(...args)
  socket.addEventListener('message', (e) => { counters.bytes += e.data.byteLength ?? e.data.length ?? e.data.size ?? 0 })
  return socket
}
Object.assign(Counted, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 })
Counted.prototype = Native.prototype
window.WebSocket = Counted
let rfb, armed, seen
const now = () => performance.timeOrigin + performance.now()
function watch() {
  const display = rfb._display
  const flip = display.flip.bind(display)
  display.flip = (fromQueue) => {
    const drawn = fromQueue || display._renderQ.length === 0
    if (!fromQueue) counters.frames++
    flip(fromQueue)
    if (drawn && armed) {
      const [r, g, b] = rfb._canvas.getContext('2d').getImageData(${WIDTH / 2}, ${HEIGHT / 2}, 1, 1).data
      if (((r << 16) | (g << 8) | b) === armed.pixel) { armed.resolve(now()); armed = undefined }
    }
  }
}
window.bench = {
  async connect(o) {
    const screen = document.getElementById('screen')
    let target = o.url
    if (o.token) {
      target = await new Promise((resolve, reject) => {
        const socket = new WebSocket(o.url)
        socket.binaryType = 'arraybuffer'
        socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: o.token }))
        socket.onclose = (e) => reject(new Error('bridge closed ' + e.code + ' ' + e.reason))
        socket.onmessage = (e) => {
          if (typeof e.data === 'string' && JSON.parse(e.data).type === 'ready') {
            socket.onopen = socket.onclose = socket.onmessage = null
            resolve(socket)
          }
        }
      })
    }
    rfb = new RFB(screen, target, { shared: true, credentials: o.password ? { password: o.password } : undefined })
    rfb.addEventListener('credentialsrequired', () => rfb.sendCredentials({ password: o.password }))
    watch()
    await new Promise((resolve, reject) => {
      rfb.addEventListener('connect', resolve)
      rfb.addEventListener('disconnect', () => reject(new Error('noVNC disconnected')))
    })
    // The first full update drawn.
    const until = performance.now() + 10000
    while (counters.frames < 1 && performance.now() < until) await new Promise((r) => setTimeout(r, 20))
  },
  arm(pixel) {
    seen = new Promise((resolve) => { armed = { pixel, resolve } })
  },
  seen(ms) {
    return Promise.race([seen, new Promise((r) => setTimeout(() => r(null), ms))])
  },
  counters() { return { ...counters } },
  async disconnect() {
    await new Promise((resolve) => { rfb.addEventListener('disconnect', resolve); rfb.disconnect() })
  },
}
window.benchReady = true
</script></body></html>`
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html' }
const pageServer = createHttpServer((req, res) => {
  const pathname = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')
  if (pathname === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
  const path = join(novnc, pathname.replace(/^\/novnc\//, '/'))
  if (!pathname.startsWith('/novnc/') || !path.startsWith(novnc) || !existsSync(path)) return void res.writeHead(404).end()
  res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path))
})

async function untilListening(port: number, ms = 15_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const percentile = (values: readonly number[], p: number) => {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

type PathName = 'bridge' | 'websockify'
const results: Record<PathName, { latencies: number[]; misses: number; frames: number; bytes: number; ms: number }> = {
  bridge: { latencies: [], misses: 0, frames: 0, bytes: 0, ms: 0 },
  websockify: { latencies: [], misses: 0, frames: 0, bytes: 0, ms: 0 },
}

let desktop: TestDesktop | undefined
let websockify: ChildProcess | undefined
let browser: Browser | undefined
let drawer: ChildProcess | undefined
let stopEmulator: (() => Promise<void>) | undefined
let server: Awaited<ReturnType<typeof startTestServer>> | undefined
const killWebsockify = () => {
  if (websockify && websockify.exitCode === null) websockify.kill('SIGTERM')
  if (drawer && drawer.exitCode === null) drawer.kill('SIGTERM')
}
process.on('exit', killWebsockify)

try {
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve))
  const pageOrigin = `http://127.0.0.1:${(pageServer.address() as { port: number }).port}`
  desktop = await startDesktop(VNC_PASSWORD, `${WIDTH}x${HEIGHT}`)
  step(`Xtigervnc ${desktop.display} on port ${desktop.port}`)
  const wsPort = await freePort()
  websockify = spawn('/usr/bin/websockify', [`127.0.0.1:${wsPort}`, `127.0.0.1:${desktop.port}`], { stdio: 'ignore' })
  await untilListening(wsPort)
  step(`websockify on port ${wsPort}`)
  stopEmulator = await startAuthEmulator()
  server = await startTestServer({
    allowedOrigins: [pageOrigin],
    desktop: { allowedHosts: ['127.0.0.1'], idleMs: 600_000, sessionLimitMs: 600_000 },
  })
  const token = await signIn('bea@honu.test', DEMO_PASSWORD) // admin of Bravo
  const registered = await raw(server, 'PATCH', `/api/v1/devices/${DEVICE}?tenant_id=bravo`, {
    token,
    body: JSON.stringify({ desktop: { host: '127.0.0.1', port: desktop.port, password: VNC_PASSWORD } }),
  })
  if (registered.status !== 200) throw new Error(`registering the desktop answered ${registered.status}: ${JSON.stringify(registered.body)}`)
  step(`server ${server.url}, desktop registered on ${DEVICE}`)

  // The drawing process: this one's Node with its flags (tsx's loader), on the desktop's display.
  drawer = spawn(process.execPath, [...process.execArgv, fileURLToPath(new URL('x-drawer.ts', import.meta.url))], {
    env: { ...desktop.env, BENCH_WIDTH: String(WIDTH), BENCH_HEIGHT: String(HEIGHT) },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: drawer.stdout! })[Symbol.asyncIterator]()
  const draw = async (command: string) => {
    drawer!.stdin!.write(`${command}\n`)
    const { value, done } = await lines.next()
    if (done) throw new Error('the drawing process ended')
    return Number(String(value).split(' ')[1])
  }
  const first = await lines.next()
  if (first.value !== 'ready') throw new Error('the drawing process did not start')

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  const page: Page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  // Console errors only explain a page that does not load: websockify's close frame (a reserved code, which
  // Chromium logs) ends every websockify connection.
  const logged: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') logged.push(m.text())
  })
  const loaded = async () => {
    try {
      await page.waitForFunction(() => (globalThis as unknown as { benchReady?: boolean }).benchReady === true, undefined, { timeout: 60_000 })
    } catch (error) {
      throw new Error(`the page did not load: ${[...errors, ...logged].join('\n')}`, { cause: error })
    }
  }
  await page.goto(`${pageOrigin}/`)
  await loaded()

  const bridgeUrl = `${server.url.replace(/^http/, 'ws')}/api/v1/devices/${DEVICE}/desktop`
  const target = async (path: PathName) =>
    path === 'bridge'
      ? { url: bridgeUrl, token: await signIn('bea@honu.test', DEMO_PASSWORD) }
      : { url: `ws://127.0.0.1:${wsPort}`, password: VNC_PASSWORD }
  let colour = 0
  for (let round = 0; round < ROUNDS; round++) {
    const order: PathName[] = round % 2 === 0 ? ['bridge', 'websockify'] : ['websockify', 'bridge']
    for (const path of order) {
      await draw('solid 0')
      await page.reload()
      await loaded()
      await page.evaluate((o) => (globalThis as unknown as { bench: { connect(o: unknown): Promise<void> } }).bench.connect(o), await target(path))
      await page.waitForTimeout(500)
      // Latency: a new solid colour each time, the next one once it is seen.
      for (let i = 0; i < SAMPLES; i++) {
        colour = (colour + 0x3f2b17) & 0xffffff || 0x102030
        await page.evaluate((p) => (globalThis as unknown as { bench: { arm(p: number): void } }).bench.arm(p), colour)
        const asked = await draw(`solid ${colour}`)
        const seen = await page.evaluate(() => (globalThis as unknown as { bench: { seen(ms: number): Promise<number | null> } }).bench.seen(5000))
        if (seen === null) results[path].misses++
        else results[path].latencies.push(seen - asked)
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 50))
      }
      // Throughput: noise over the whole screen at 20 Hz, more than noVNC takes.
      const before = await page.evaluate(() =>
        (globalThis as unknown as { bench: { counters(): { bytes: number; frames: number } } }).bench.counters(),
      )
      const from = now()
      const drawn = await draw(`noise ${SECONDS}`)
      const after = await page.evaluate(() =>
        (globalThis as unknown as { bench: { counters(): { bytes: number; frames: number } } }).bench.counters(),
      )
      results[path].ms += now() - from
      results[path].frames += after.frames - before.frames
      results[path].bytes += after.bytes - before.bytes
      await page.evaluate(() => (globalThis as unknown as { bench: { disconnect(): Promise<void> } }).bench.disconnect())
      step(
        `round ${round + 1} ${path}: ${results[path].latencies.length} latencies so far, ${after.frames - before.frames} updates and ${((after.bytes - before.bytes) / 1e6).toFixed(1)} MB in ${SECONDS} s (${drawn} drawn)`,
      )
    }
  }
  if (errors.length) throw new Error(`the page failed: ${errors.join('\n')}`)
} finally {
  drawer?.stdin?.end()
  await browser?.close()
  killWebsockify()
  await server?.close()
  await stopEmulator?.()
  await desktop?.close()
  pageServer.close()
}

const row = (path: PathName) => {
  const r = results[path]
  return {
    p50: percentile(r.latencies, 50),
    p95: percentile(r.latencies, 95),
    ups: (r.frames * 1000) / r.ms,
    mbs: r.bytes / 1e6 / (r.ms / 1000),
    n: r.latencies.length,
    misses: r.misses,
  }
}
const bridge = row('bridge')
const ws = row('websockify')
const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(2)}×` : '–')
console.log(
  `\n### Remote desktop: our bridge against websockify, noVNC 1.7 in headless Chromium, Xtigervnc ${WIDTH}×${HEIGHT} (${ROUNDS} rounds alternating, ${SAMPLES} latency samples and ${SECONDS} s of full-screen noise per path and round)`,
)
console.log(`(${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores shared, run ${Math.round((Date.now() - started) / 1000)} s)\n`)
console.log('| path | latency p50 ms | p95 ms | samples (missed) | full-screen updates/s | MB/s |')
console.log('|---|---:|---:|---:|---:|---:|')
for (const [label, r] of [
  ['bridge (`/api/v1/devices/{id}/desktop`)', bridge],
  ['websockify', ws],
] as const)
  console.log(`| ${label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.n} (${r.misses}) | ${r.ups.toFixed(1)} | ${r.mbs.toFixed(1)} |`)
console.log(
  `| bridge ÷ websockify | ${ratio(bridge.p50, ws.p50)} | ${ratio(bridge.p95, ws.p95)} | | ${ratio(bridge.ups, ws.ups)} | ${ratio(bridge.mbs, ws.mbs)} |`,
)
const latencyMet = bridge.p50 <= 1.2 * ws.p50 && bridge.p95 <= 1.2 * ws.p95
const throughputMet = bridge.ups >= 0.9 * ws.ups
console.log(
  `\nTargets: latency ≤ 1.2× websockify's (p50 and p95): ${latencyMet ? 'met' : 'NOT met'}; updates/s ≥ 0.9× websockify's: ${throughputMet ? 'met' : 'NOT met'}.`,
)
