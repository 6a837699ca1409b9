#!/usr/bin/env node
// `npm start` and `npm test` on a machine with only Node and npm: bring the pinned pnpm (through npx when it
// is not installed), install the workspace from the lockfile, then hand over to the pnpm scripts.
import { spawn, spawnSync } from 'node:child_process'
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
if (command === 'start') await runStack(['run', scripts[command]])
else run(['run', scripts[command]])

/**
 * `npm start` runs until stopped. pnpm does not pass SIGTERM on to the script it runs, so a `kill` of this process
 * would leave the stack running: run it in its own process group instead, pass every stop signal to the whole
 * group, and return only once the group is gone (the Auth emulator saves its accounts on the way out).
 */
async function runStack(args) {
  const [cmd, ...rest] = [...pnpm, ...args]
  const child = spawn(cmd, rest, { stdio: 'inherit', detached: process.platform !== 'win32', shell: process.platform === 'win32' })
  const alive = () => {
    try {
      process.kill(-child.pid, 0)
      return true
    } catch {
      return false
    }
  }
  let stopped = false
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      stopped = true
      try {
        process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal)
      } catch {
        // Already gone.
      }
    })
  }
  const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))))
  while (process.platform !== 'win32' && alive()) await new Promise((resolve) => setTimeout(resolve, 100))
  // Stopped on request is a clean end, whatever pnpm reports for the signal it got.
  process.exit(stopped ? 0 : code)
}
