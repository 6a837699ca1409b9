// Video benchmark (not a test): 4, 9 and 16 tiles of the committed 360p live fixture in headless Chromium, each
// tile its own hls.js stream through <VideoPlayer>. Over 10 s of playback: frames shown and dropped, main-thread
// long tasks, and JavaScript heap; ratios against one tile measured in the same run.
// Run: pnpm bench:video
import { createServer } from 'node:http'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { chromium } from '@playwright/test'

const here = fileURLToPath(new URL('.', import.meta.url))
const configFile = join(here, 'vite.config.ts')
const fixtureDir = fileURLToPath(new URL('../../examples/reference-server/fixtures/hls-360p/', import.meta.url))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

await build({ configFile })
await build({ configFile, build: { ssr: join(here, 'media-server.ts'), outDir: join(here, 'dist-node'), emptyOutDir: true } })
const { startMediaServer } = await import(join(here, 'dist-node', 'media-server.js'))
const media = await startMediaServer(fixtureDir)

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }
const pages = createServer((req, res) => {
  const path = join(here, 'dist', req.url.split('?')[0] === '/' ? 'index.html' : decodeURIComponent(req.url.split('?')[0]))
  if (!path.startsWith(join(here, 'dist')) || !existsSync(path)) return res.writeHead(404).end()
  res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path))
})
await new Promise((resolve) => pages.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${pages.address().port}/`

/** Resident memory of this script's child processes, MB (Linux /proc): the browser with its renderer, GPU and media processes. */
function descendantsRssMb(rootPid) {
  const parents = new Map()
  const rss = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      parents.set(Number(entry), Number(/PPid:\s+(\d+)/.exec(status)?.[1]))
      rss.set(Number(entry), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0))
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = (pid) => pid === rootPid || (parents.has(pid) && pid !== 0 && parents.get(pid) !== pid && inTree(parents.get(pid)))
  let kb = 0
  for (const [pid, value] of rss) if (pid !== rootPid && inTree(pid)) kb += value
  return kb / 1024
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
  args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
})
const rows = []
try {
  for (const tiles of [1, 4, 9, 16]) {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    await page.goto(`${base}?tiles=${tiles}&media=${encodeURIComponent(media.url)}`)
    await page.waitForFunction((n) => globalThis.document.querySelectorAll('.honu-video[data-state="playing"]').length === n, tiles, { timeout: 60_000 })
    await page.waitForTimeout(2000) // past start-up
    const result = await page.evaluate((s) => globalThis.measure(s), SECONDS)
    const { metrics } = await cdp.send('Performance.getMetrics')
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0
    rows.push({ ...result, heapMb: heap / 1024 / 1024, rssMb: descendantsRssMb(process.pid) })
    await page.close()
  }
} finally {
  await browser.close()
  pages.close()
  await media.close()
}

const base1 = rows[0]
console.log(`\n### ${SECONDS} s of live 360p HLS per run, headless Chromium (Debian), one hls.js stream per tile\n`)
console.log('| tiles | playing | frames shown | dropped | dropped % | fps per tile | long tasks | long-task ms | JS heap MB | browser memory MB | memory vs 1 tile |')
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of rows) {
  const pct = r.total ? (100 * r.dropped) / r.total : 0
  console.log(`| ${r.tiles} | ${r.playing} | ${r.total} | ${r.dropped} | ${pct.toFixed(2)} % | ${r.fps.toFixed(1)} | ${r.longTasks} | ${Math.round(r.longTaskMs)} | ${r.heapMb.toFixed(1)} | ${r.rssMb.toFixed(0)} | ${(r.rssMb / base1.rssMb).toFixed(2)}× |`)
}
const sixteen = rows.find((r) => r.tiles === 16)
const pct16 = sixteen.total ? (100 * sixteen.dropped) / sixteen.total : 100
console.log(`\nTarget: 16 tiles under 1 % dropped frames: ${pct16.toFixed(2)} % ${pct16 < 1 ? '(met)' : '(NOT met)'}.`)
