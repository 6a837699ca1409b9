// Grid benchmark (not a test): a drag step and a full re-layout at 20, 50 and 200 widgets, for our layout
// engine, gridstack's own engine and react-grid-layout's utilities, in Node and in headless Chromium; plus a
// drag step through the whole Dashboard (store, React, gridstack's DOM) against a plain gridstack grid, with
// widget content renders counted. Run: pnpm --filter @honu/bench grid
import { fileURLToPath } from 'node:url'
import { buildAndServe, launchChromium } from '../build-and-serve.mjs'

const { nodeModule, url, close } = await buildAndServe(fileURLToPath(new URL('.', import.meta.url)), 'node-entry.ts')
const node = nodeModule.runInNode()
const browser = await launchChromium(['--disable-gpu'])
let inBrowser
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  page.on('pageerror', (error) => console.error('page error:', error.message))
  await page.goto(url)
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' })
  inBrowser = await page.evaluate(() => globalThis.runInBrowser())
} finally {
  await browser.close()
  close()
}

const ms = (v) => (v < 0.1 ? v.toFixed(3) : v.toFixed(2))
const ratio = (v, base) => `${(v / base).toFixed(3)}×`
function pureTable(title, rows) {
  console.log(`\n### ${title} (median ms; ratio against gridstack's engine in the same run)\n`)
  console.log('| engine | widgets | drag step | ratio | full re-layout | ratio |')
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const row of rows) {
    const base = rows.find((r) => r.n === row.n && r.engine.startsWith("gridstack's"))
    console.log(
      `| ${row.engine} | ${row.n} | ${ms(row.drag)} | ${ratio(row.drag, base.drag)} | ${ms(row.relayout)} | ${ratio(row.relayout, base.relayout)} |`,
    )
  }
}
pureTable(`Node ${process.version}`, node)
pureTable('Headless Chromium', inBrowser.pure)
console.log('\n### Drag step through the DOM in headless Chromium (median ms, to the end of layout)\n')
console.log(
  '| widgets | Honu Dashboard (store + React + gridstack draw) | of which script | plain gridstack grid | ratio | widgets moved by the step | other widgets’ content renders | moved widget’s content renders | React commits |',
)
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const row of inBrowser.dom) {
  console.log(
    `| ${row.n} | ${ms(row.honu.time)} | ${ms(row.honu.script)} | ${ms(row.gridstack.time)} | ${ratio(row.honu.time, row.gridstack.time)} | ${row.honu.moved} | ${row.honu.otherRenders} | ${row.honu.movedRenders} | ${row.honu.commits} |`,
  )
}
const at200 = inBrowser.dom.find((r) => r.n === 200)
console.log(
  `\nTarget: a drag step at 200 widgets within one 16.7 ms frame: ${ms(at200.honu.time)} ms ${at200.honu.time <= 16.7 ? '(met)' : '(NOT met)'}; other widgets re-rendered: ${at200.honu.otherRenders}.`,
)
