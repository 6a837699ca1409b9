// Runs the console on the embedded defaults: the Firebase Auth emulator, the reference server (emulator mode,
// PGlite in .data/, seeded demo data) and the built host app under a strict CSP. `--server-only` leaves the app
// out. Ctrl+C stops everything.
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const serverOnly = process.argv.includes('--server-only')
const children = []

const start = (name, cmd, args, options = {}) => {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...options })
  const prefix = `[${name}] `
  const relay = (stream, out) =>
    stream.on('data', (chunk) => out.write(String(chunk).replace(/^(?=.)/gm, prefix)))
  relay(child.stdout, process.stdout)
  relay(child.stderr, process.stderr)
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${prefix}exited with code ${code}; stopping.`)
      stop(1)
    }
  })
  children.push(child)
  return child
}

let stopping = false
function stop(code = 0) {
  stopping = true
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
  process.exit(code)
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

const up = async (url) => {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}
const waitFor = async (url, what, seconds) => {
  for (let i = 0; i < seconds * 2; i++) {
    if (await up(url)) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  console.error(`${what} did not come up at ${url} within ${seconds} s.`)
  stop(1)
}

// Something already answering on our ports would be mistaken for what we start: say so instead.
for (const [port, what] of serverOnly ? [[8080, 'API']] : [[8080, 'API'], [5173, 'app']]) {
  const busy = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)
  if (busy) {
    console.error(`Port ${port} (the ${what}) is already in use: stop what runs there first.`)
    process.exit(1)
  }
}

if (!(await up('http://127.0.0.1:9099/'))) {
  console.log('Starting the Firebase Auth emulator (10–40 s)…')
  start('auth-emulator', 'examples/reference-server/node_modules/.bin/firebase', ['emulators:start', '--only', 'auth', '--project', 'demo-honu'], {
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  })
  await waitFor('http://127.0.0.1:9099/', 'The Auth emulator', 120)
}

start('server', 'pnpm', ['--filter', '@honu/reference-server', 'run', 'serve'], {
  env: {
    ...process.env,
    HONU_AUTH_MODE: 'emulator',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    HONU_DATA_DIR: process.env.HONU_DATA_DIR ?? `${root}.data/pglite`,
  },
})
await waitFor('http://127.0.0.1:8080/health', 'The reference server', 60)

if (!serverOnly) {
  const build = spawnSync('pnpm', ['--filter', '@honu/host-app', 'run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) stop(1)
  start('app', 'pnpm', ['--filter', '@honu/host-app', 'run', 'serve'])
  await waitFor('http://127.0.0.1:5173/', 'The host app', 60)
  console.log('\nHonu Console is running at http://127.0.0.1:5173  (API http://127.0.0.1:8080, Auth emulator 127.0.0.1:9099)')
  console.log('Demo accounts are listed above under [server]. Ctrl+C stops everything.\n')
}
