// What each floating part (console-kit/src/parts) adds to a bundle, minified and gzipped, with React external:
// each part alone (with the Floating UI code and icons it pulls in) and all of them together. Built with Vite, the
// bundler of the host app. Not a test: figures for the README's dependency table (Floating UI) and the closing note.
//   node scripts/measure-parts.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const root = join(import.meta.dirname, '..')
const parts = join(root, 'packages/console-kit/src/parts')
const entries = {
  Tooltip: 'export { Tooltip } from "PARTS/tooltip"',
  IconButton: 'export { IconButton } from "PARTS/icon-button"',
  'MenuButton, MenuItem': 'export { MenuButton, MenuItem, MenuSeparator } from "PARTS/menu-button"',
  'Dialog, ConfirmDialog': 'export { Dialog, ConfirmDialog } from "PARTS/dialog"',
  Popover: 'export { Popover } from "PARTS/popover"',
  Combobox: 'export { Combobox } from "PARTS/combobox"',
  'all parts': 'export * from "PARTS/index"',
}

const scratch = join(root, 'test-results/measure-parts')
rmSync(scratch, { recursive: true, force: true })
mkdirSync(scratch, { recursive: true })
const rows = []
for (const [name, source] of Object.entries(entries)) {
  const entry = join(scratch, `${rows.length}.ts`)
  writeFileSync(entry, source.replaceAll('PARTS', parts))
  const [output] = await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      lib: { entry, formats: ['es'] },
      minify: true,
      rollupOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] },
    },
  })
  const code = output.output
    .filter((chunk) => chunk.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n')
  rows.push([name, (Buffer.byteLength(code) / 1024).toFixed(1), (gzipSync(code).length / 1024).toFixed(1)])
}
console.log('| part (with what it pulls in) | min KB | gzip KB |\n|---|---|---|')
for (const row of rows) console.log(`| ${row.join(' | ')} |`)
