#!/usr/bin/env node
// `npm run test:fast`: what a change is checked against before the whole suite, in a few minutes and with nothing
// to start (no emulator, database, server or browser): lint and layout beside the type check (two cores), then the
// unit tests of core and the React packages (Vitest's core, core-mocks, react and react-mocks projects). The server's
// tests, the browser tests, the builds and the budgets are `npm test`'s. Runs the workspace's own binaries, so it
// needs no global pnpm (after an install: `npm test` or `npx pnpm install`).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

const bin = (name) => `node_modules/.bin/${name}`
if (!existsSync(bin('vitest'))) {
  console.error('test:fast: the workspace is not installed yet: run `npx pnpm install` (or `npm test` once) first.')
  process.exit(2)
}

/** Runs one command, its output prefixed by `name` only on failure; resolves with its outcome and seconds. */
function run(name, cmd, args) {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: '0' } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ name, ok: code === 0, output, seconds: (performance.now() - started) / 1000 }))
  })
}

async function inTurn(steps) {
  const results = []
  for (const [name, cmd, args] of steps) results.push(await run(name, cmd, args))
  return results
}

const started = performance.now()
const [lintAndFormat, types] = await Promise.all([
  inTurn([
    ['lint', bin('eslint'), ['.', '--max-warnings=0']],
    ['format', bin('prettier'), ['--check', '--log-level=warn', '**/*.{ts,tsx,mjs,js,cjs,css}']],
  ]),
  // Every project once, in dependency order (tsconfig.check.json's project references), as `pnpm run typecheck`.
  run('types', bin('tsc'), ['-b', 'tsconfig.check.json']),
])
const unit = await run('unit (core, react)', bin('vitest'), [
  'run',
  '--project',
  'core',
  '--project',
  'core-mocks',
  '--project',
  'react',
  '--project',
  'react-mocks',
])

const results = [...lintAndFormat, types, unit]
for (const result of results.filter((r) => !r.ok)) console.log(`\n=== ${result.name} failed\n${result.output.trim()}`)
console.log('\n=== test:fast')
for (const result of results) console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds.toFixed(1)} s)`)
console.log(`${((performance.now() - started) / 1000).toFixed(1)} s in all`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
