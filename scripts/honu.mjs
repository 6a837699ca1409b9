#!/usr/bin/env node
// `npm start` and `npm test` on a machine with only Node and npm: bring the pinned pnpm (through npx when it
// is not installed), install the workspace from the lockfile, then hand over to the pnpm scripts.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const command = process.argv[2]
const scripts = { start: 'serve', test: 'test:all' }
if (!scripts[command]) {
  console.error(`usage: node scripts/honu.mjs ${Object.keys(scripts).join('|')}`)
  process.exit(2)
}

const { packageManager } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const wanted = packageManager.replace(/^pnpm@/, '').split('+')[0]
const installed = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' })
const pnpm = installed.status === 0 && installed.stdout.trim() === wanted ? ['pnpm'] : ['npx', '--yes', `pnpm@${wanted}`]

const run = (args) => {
  const [cmd, ...rest] = [...pnpm, ...args]
  const result = spawnSync(cmd, rest, { stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run(['install', '--frozen-lockfile'])
run(['run', scripts[command]])
