// Video benchmark (not a test): 4, 9 and 16 tiles of the committed 360p live fixture in headless Chromium, each
// tile its own hls.js stream through <VideoPlayer>. Over 10 s of playback: frames shown and dropped, main-thread
// long tasks, and JavaScript heap; ratios against one tile measured in the same run.
// Run: pnpm bench:video
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildAndServe, launchChromium } from '../build-and-serve.mjs'

const fixtureDir = fileURLToPath(new URL('../../examples/reference-server/fixtures/hls-360p/', import.meta.url))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

const pages = await buildAndServe(fileURLToPath(new URL('.', import.meta.url)), 'media-server.ts')
const media = await pages.nodeModule.startMediaServer(fixtureDir)
const base = pages.url

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

const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required'])
const rows = []
try {
  for (const tiles of [1, 4, 9, 16]) {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    await page.goto(`${base}?tiles=${tiles}&media=${encodeURIComponent(media.url)}`)
    await page.waitForFunction((n) => globalThis.document.querySelectorAll('.honu-video[data-state="playing"]').length === n, tiles, {
      timeout: 60_000,
    })
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
console.log(
  '| tiles | playing | frames shown | dropped | dropped % | fps per tile | long tasks | long-task ms | JS heap MB | browser memory MB | memory vs 1 tile |',
)
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of rows) {
  const pct = r.total ? (100 * r.dropped) / r.total : 0
  console.log(
    `| ${r.tiles} | ${r.playing} | ${r.total} | ${r.dropped} | ${pct.toFixed(2)} % | ${r.fps.toFixed(1)} | ${r.longTasks} | ${Math.round(r.longTaskMs)} | ${r.heapMb.toFixed(1)} | ${r.rssMb.toFixed(0)} | ${(r.rssMb / base1.rssMb).toFixed(2)}× |`,
  )
}
const sixteen = rows.find((r) => r.tiles === 16)
const pct16 = sixteen.total ? (100 * sixteen.dropped) / sixteen.total : 100
console.log(`\nTarget: 16 tiles under 1 % dropped frames: ${pct16.toFixed(2)} % ${pct16 < 1 ? '(met)' : '(NOT met)'}.`)
