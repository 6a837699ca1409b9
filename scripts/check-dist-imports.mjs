// Imports every built entry of @honu/core in plain Node (ESM and CommonJS) with React made unavailable,
// so a stray React or DOM access at import time fails here exactly as it would in a partner's server.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const core = new URL('../packages/core/', import.meta.url)
const pkg = JSON.parse(readFileSync(new URL('package.json', core), 'utf8'))
const entries = Object.keys(pkg.exports).filter((e) => e !== './package.json')

const preload = new URL('./block-react.mjs', import.meta.url).href
let failed = false
for (const entry of entries) {
  const id = `@honu/core${entry.slice(1)}`
  for (const kind of ['import', 'require']) {
    const code =
      kind === 'import'
        ? `const m = await import('${id}'); if (!Object.keys(m).length) throw new Error('empty');`
        : `const { createRequire } = await import('node:module'); const m = createRequire(process.cwd() + '/')('${id}'); if (!Object.keys(m).length) throw new Error('empty');`
    const run = spawnSync(process.execPath, ['--import', preload, '--input-type=module', '-e', code], {
      cwd: new URL('../packages/widgets/', import.meta.url),
      encoding: 'utf8',
    })
    const ok = run.status === 0
    failed ||= !ok
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${kind} ${id}${ok ? '' : `\n${run.stderr}`}`)
  }
}
process.exit(failed ? 1 : 0)
