// What each way of embedding costs a partner's page, in gzip, beside an empty Vite React app built in the same run:
// the three recipes of docs/embedding.md, "Embed the console" (bench/embed-recipes/{routes,element,widget}), each built
// alone with Vite as a partner's app would be, against the packages' built dist (run `pnpm build` first).
//   node scripts/measure-embed.mjs
// "Initial": the entry script and every chunk it imports statically (what a page loads before anything is opened).
// "When opened": what the entry's dynamic imports add, with their static imports (the console's code on the first
// visit of /ops, the element's console when it connects, hls.js on the first HLS source), not counting screens the
// console loads later on its own. "All": every JavaScript file of the build.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import react from '@vitejs/plugin-react'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'test-results/embed-recipes')

async function buildApp(name, appRoot, configFile = false) {
  const outDir = join(out, name)
  await build({
    root: appRoot,
    configFile,
    logLevel: 'warn',
    plugins: configFile ? [] : [react()],
    build: { outDir, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 4096 },
  })
  return outDir
}

function measure(outDir) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'))
  const gz = new Map()
  const size = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length)
    return gz.get(file)
  }
  /** The files of `keys` and everything they import statically. */
  const closure = (keys, seen = new Set()) => {
    for (const key of keys) {
      const chunk = manifest[key]
      if (!chunk || seen.has(chunk.file)) continue
      seen.add(chunk.file)
      closure(chunk.imports ?? [], seen)
    }
    return seen
  }
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry)
  const initial = closure(entries)
  const dynamic = entries.flatMap((key) =>
    [...closure([key])].flatMap((file) =>
      Object.values(manifest)
        .filter((c) => c.file === file)
        .flatMap((c) => c.dynamicImports ?? []),
    ),
  )
  const opened = [...closure(dynamic)].filter((file) => !initial.has(file))
  const all = Object.values(manifest)
    .map((c) => c.file)
    .filter((file) => file.endsWith('.js'))
  const sum = (files) => [...new Set(files)].filter((f) => f.endsWith('.js')).reduce((total, file) => total + size(file), 0)
  return { initial: sum(initial), opened: sum(opened), all: sum(all) }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const baseline = measure(
  await buildApp('empty-vite-react', join(root, 'bench/empty-vite-react'), join(root, 'bench/empty-vite-react/vite.config.ts')),
)
const recipes = [
  ['empty app with a react-router 7 data router (baseline of recipe 1)', 'router-only'],
  ['React routes (`consoleRoute`, page that never opens it)', 'routes'],
  ['custom element (`@honu/console-react/element`)', 'element'],
  ['single widget (`VideoPlayer`)', 'widget'],
]
console.log('\n| app (gzip) | initial JS | initial × empty app | + when opened | all JS |')
console.log('|---|---|---|---|---|')
console.log(`| empty Vite React app (baseline) | ${kb(baseline.initial)} | 1.00 | – | ${kb(baseline.all)} |`)
for (const [label, dir] of recipes) {
  let m
  try {
    m = measure(await buildApp(dir, join(root, 'bench/embed-recipes', dir)))
  } catch (error) {
    console.log(`| ${label} | did not build: ${String(error?.message ?? error).split('\n')[0]} | | | |`)
    process.exitCode = 1
    continue
  }
  console.log(`| ${label} | ${kb(m.initial)} | ${(m.initial / baseline.initial).toFixed(2)} | ${kb(m.opened)} | ${kb(m.all)} |`)
}
