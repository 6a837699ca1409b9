// Runs the console on the embedded defaults: the Firebase Auth emulator, the reference server (emulator mode,
// PGlite in .data/, seeded demo data) and the built host app under a strict CSP. `--server-only` leaves the app
// out. A reference server that exits is started again with backoff; Ctrl+C (or SIGTERM) stops everything.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { appDistFolder, freeTcpPortOtherThan, readStackPorts, STACK_PORTS } from './stack-ports.mjs'
import { startDemoDesktops } from './demo-desktops.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
// The large tenant Delta Grid (10,000 devices, its reader dana@honu.test) for the network topology's scroll test and
// benchmark; the server seeds it and the simulator heartbeats for a share of its devices (0 turns it off).
process.env.HONU_SEED_LARGE_TENANT ??= '10000'
const serverOnly = process.argv.includes('--server-only')
// Every port from the environment (HONU_APP_PORT, HONU_API_PORT, HONU_AUTH_PORT, HONU_MAVLINK_PORT), else the
// defaults: `npm test` runs a second stack this way beside `npm start`.
const ports = (() => {
  try {
    // PORT, the server's own variable, also names the API's port when HONU_API_PORT does not.
    return readStackPorts({ ...process.env, HONU_API_PORT: process.env.HONU_API_PORT ?? process.env.PORT })
  } catch (error) {
    console.error(error.message)
    process.exit(2)
  }
})()
const APP = `http://127.0.0.1:${ports.app}`
const API = `http://127.0.0.1:${ports.api}`
const AUTH_HOST = `127.0.0.1:${ports.auth}`
const dataDir = process.env.HONU_DATA_DIR ?? `${root}.data/pglite`
// With a data folder the emulator's accounts live beside it, so stopping `npm start` signs nobody out; in memory
// (the browser tests) nothing is kept, as for the database.
const authStateDir = dataDir === 'memory' ? undefined : resolve(root, process.env.HONU_AUTH_EMULATOR_DIR ?? '.data/auth-emulator')

/** First delay before restarting an exited server; doubles on each quick exit up to {@link MAX_RESTART_DELAY_MS}. */
const RESTART_DELAY_MS = readDelay('HONU_RESTART_DELAY_MS', 1000)
const MAX_RESTART_DELAY_MS = Math.max(10_000, RESTART_DELAY_MS)
/** A server that ran this long before exiting was stable: its next restart starts again from the first delay. */
const STABLE_RUN_MS = 30_000
/** How long stopping waits for each process group (the emulator writes its accounts on the way out). */
const STOP_GRACE_MS = 10_000

function readDelay(name, fallback) {
  const text = process.env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number of milliseconds (0 or more), not ${JSON.stringify(text)}.`)
    process.exit(2)
  }
  return value
}

/** Live process groups we started (each child leads its own group: pnpm → sh → tsx → node all go together). */
const groups = new Set()
let stopping = false
let restartTimer

const groupAlive = (pid) => {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Waits until every process of the group has exited; SIGKILLs what is left after `graceMs`. */
async function groupGone(pid, graceMs) {
  const deadline = Date.now() + graceMs
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
  if (groupAlive(pid)) signalGroup(pid, 'SIGKILL')
}

/** Sends `signal` to the whole process group led by `pid`, if it is still there. */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal)
  } catch {
    // Already gone.
  }
}

/**
 * Starts `cmd` in its own process group with prefixed output. `onExit` decides what an exit means; by default
 * it stops everything, since the emulator or the app going away is not something waiting fixes.
 */
function start(name, cmd, args, options = {}, onExit) {
  // `quiet`: a pattern of output lines not worth relaying (an X server saying which displays it found taken).
  const { quiet, ...spawnOptions } = options
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...spawnOptions })
  const prefix = `[${name}] `
  const relay = (stream, out) =>
    stream.on('data', (chunk) => {
      const text = quiet ? String(chunk).replace(new RegExp(`^.*(${quiet.source}).*\\n?`, 'gm'), '') : String(chunk)
      if (text) out.write(text.replace(/^(?=.)/gm, prefix))
    })
  relay(child.stdout, process.stdout)
  relay(child.stderr, process.stderr)
  groups.add(child.pid)
  const startedAt = Date.now()
  child.on('exit', async (code, signal) => {
    // The group leader is gone; the rest of its group (the real server under pnpm) may still be closing.
    await groupGone(child.pid, STOP_GRACE_MS)
    groups.delete(child.pid)
    if (stopping) return
    const how = signal ? `on ${signal}` : `with code ${code}`
    if (onExit) return onExit({ how, ok: code === 0, ranFor: Date.now() - startedAt })
    console.error(`${prefix}exited ${how}; stopping.`)
    stop(1)
  })
  return child
}

/** Stops every group we started (SIGTERM, then SIGKILL after the grace period) and exits. Safe to call twice. */
async function stop(code = 0) {
  if (stopping) {
    // A second Ctrl+C: do not wait any longer.
    for (const pid of groups) signalGroup(pid, 'SIGKILL')
    process.exit(code)
  }
  stopping = true
  clearTimeout(restartTimer)
  for (const pid of groups) signalGroup(pid, 'SIGTERM')
  await Promise.all([...groups].map((pid) => groupGone(pid, STOP_GRACE_MS)))
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0))
/** Parks the start-up sequence while {@link stop} finishes and exits the process. */
const untilStopped = () => new Promise(() => {})

const up = async (url) => {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}
const waitFor = async (url, what, seconds) => {
  for (let i = 0; i < seconds * 2; i++) {
    if (await up(url)) return true
    if (stopping) return false
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  console.error(`${what} did not come up at ${url} within ${seconds} s.`)
  await stop(1)
  return false
}

// Something already answering on our ports would be mistaken for what we start: say so instead.
for (const [port, what] of serverOnly
  ? [[ports.api, 'API']]
  : [
      [ports.api, 'API'],
      [ports.app, 'app'],
    ]) {
  const busy = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  )
  if (busy) {
    console.error(
      `Port ${port} (the ${what}) is already in use: stop what runs there first, or choose another port (${what === 'API' ? STACK_PORTS.api.env : STACK_PORTS.app.env}).`,
    )
    process.exit(1)
  }
}

// The app's addresses are built in (VITE_*), so a stack on other ports builds into a folder of its own rather than
// over the one `npm start` serves. The build runs while the emulator and the server start (it needs neither): one
// after the other, the browser tests' stack took about 65 s to its first test on 2 cores.
const appEnv = {
  ...process.env,
  VITE_HONU_API: process.env.VITE_HONU_API ?? API,
  VITE_FIREBASE_AUTH_EMULATOR: process.env.VITE_FIREBASE_AUTH_EMULATOR ?? `http://${AUTH_HOST}`,
  HONU_APP_PORT: String(ports.app),
  HONU_APP_DIST: appDistFolder(ports.app),
}
const appBuilt = serverOnly
  ? Promise.resolve(true)
  : new Promise((done) => start('app-build', 'pnpm', ['--filter', '@honu/host-app', 'run', 'build'], { env: appEnv }, ({ ok }) => done(ok)))

if (!(await up(`http://${AUTH_HOST}/`))) {
  const state = authStateDir
    ? [
        // --import only once there is something to import (the emulator refuses a missing export).
        ...(existsSync(join(authStateDir, 'firebase-export-metadata.json')) ? [`--import=${authStateDir}`] : []),
        `--export-on-exit=${authStateDir}`,
      ]
    : []
  // The emulator creates the folder itself, but not its parent.
  if (authStateDir) mkdirSync(dirname(authStateDir), { recursive: true })
  console.log(`Starting the Firebase Auth emulator (10–40 s)${authStateDir ? `, accounts kept in ${authStateDir}` : ''}…`)
  start(
    'auth-emulator',
    'examples/reference-server/node_modules/.bin/firebase',
    ['emulators:start', '--only', 'auth', '--project', 'demo-honu', ...(await emulatorConfig(ports.auth)), ...state],
    {
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    },
  )
  if (!(await waitFor(`http://${AUTH_HOST}/`, 'The Auth emulator', 120))) await untilStopped()
}

// Real VNC servers for the seeded remote-access devices (scripts/demo-desktops.mjs), when Xtigervnc is installed.
const desktopEnv = await startDemoDesktops(start)

let serverUp = false
let restartDelay = RESTART_DELAY_MS
let restarts = 0
/** Starts the reference server; when it exits after having come up, starts it again with backoff. */
function startServer() {
  start(
    'server',
    'pnpm',
    ['--filter', '@honu/reference-server', 'run', 'serve'],
    {
      env: {
        ...process.env,
        HONU_AUTH_MODE: 'emulator',
        FIREBASE_AUTH_EMULATOR_HOST: AUTH_HOST,
        HONU_DATA_DIR: dataDir,
        PORT: String(ports.api),
        HONU_MAVLINK_PORT: String(ports.mavlink),
        ...desktopEnv,
        ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? `${APP},http://localhost:${ports.app}`,
      },
    },
    ({ how, ranFor }) => {
      // Exiting before it ever answered is a configuration problem (a busy port, a refused address): say so and
      // stop rather than retry forever.
      if (!serverUp) {
        console.error(`[server] exited ${how} before it came up; stopping.`)
        return void stop(1)
      }
      if (ranFor >= STABLE_RUN_MS) restartDelay = RESTART_DELAY_MS
      restarts += 1
      console.error(
        `[server] exited ${how} after ${(ranFor / 1000).toFixed(1)} s; restarting in ${(restartDelay / 1000).toFixed(1)} s (restart ${restarts}).`,
      )
      restartTimer = setTimeout(startServer, restartDelay)
      restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS)
    },
  )
}
startServer()
serverUp = await waitFor(`${API}/health`, 'The reference server', 60)
if (!serverUp) await untilStopped()

// The vehicle simulator: its own process sending real MAVLink 2 over UDP to the server (HONU_SIMULATOR=0: none).
// It keeps sending while the server restarts; if it exits, the vehicles go quiet but the console keeps running.
if (process.env.HONU_SIMULATOR !== '0' && ports.mavlink !== 0) {
  const env = { ...process.env, PORT: String(ports.api), HONU_MAVLINK_PORT: String(ports.mavlink) }
  start('simulator', 'pnpm', ['--filter', '@honu/reference-server', 'run', 'simulate'], { env }, ({ how }) =>
    console.error(`[simulator] exited ${how}; the simulated vehicles stop reporting.`),
  )
}

if (!serverOnly) {
  if (!(await appBuilt)) {
    console.error('[app-build] the host app did not build (see above); stopping.')
    await stop(1)
  }
  start('app', 'pnpm', ['--filter', '@honu/host-app', 'run', 'serve'], { env: appEnv })
  if (!(await waitFor(`${APP}/`, 'The host app', 60))) await untilStopped()
  console.log(`\nHonu Console is running at ${APP}  (API ${API}, Auth emulator ${AUTH_HOST})`)
  console.log('Demo accounts are listed above under [server]. Ctrl+C stops everything.\n')
}

/**
 * The emulator's port is firebase.json's (9099); another one needs a config of its own, written beside the system's
 * temporary files (the emulator takes its host and port from the config only). Such a stack can start beside
 * another on other ports (two test runs on one machine), so its emulator hub and logging ports are free ones too:
 * two emulators starting together both find 4400 free, and the one that loses it exits.
 */
async function emulatorConfig(port) {
  if (port === STACK_PORTS.auth.port) return []
  const file = join(tmpdir(), `honu-firebase-${port}.json`)
  const host = '127.0.0.1'
  const hub = await freeTcpPortOtherThan(Object.values(ports))
  const logging = await freeTcpPortOtherThan([...Object.values(ports), hub])
  const config = {
    emulators: {
      auth: { host, port },
      hub: { host, port: hub },
      logging: { host, port: logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }
  writeFileSync(file, JSON.stringify(config, null, 2))
  return ['--config', file]
}
