import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** firebase.json's port, or HONU_AUTH_PORT (`npm test` picks a free one, so it runs beside `npm start`). */
const PORT = Number(process.env.HONU_AUTH_PORT?.trim() || 9099)
export const EMULATOR_HOST = `127.0.0.1:${PORT}`
export const PROJECT_ID = 'demo-honu'
const base = `http://${EMULATOR_HOST}`

async function isUp(): Promise<boolean> {
  try {
    return (await fetch(`${base}/`)).ok
  } catch {
    return false
  }
}

const LOCK = join(tmpdir(), `honu-auth-emulator-${PORT}.lock`)

/** Takes the start-up lock, so two test projects starting at once do not race for the emulator's ports. */
function takeLock(): boolean {
  try {
    mkdirSync(LOCK)
    return true
  } catch {
    // A lock left by a run that crashed is stale after three minutes.
    if (Date.now() - statSync(LOCK).mtimeMs > 180_000) {
      rmSync(LOCK, { recursive: true, force: true })
      return takeLock()
    }
    return false
  }
}

async function waitUntilUp(child: ChildProcess | undefined, output: () => string) {
  const deadline = Date.now() + 120_000
  while (!(await isUp())) {
    if ((child && child.exitCode !== null) || Date.now() > deadline) {
      throw new Error(`The Auth emulator did not start:\n${output().slice(-2000)}`)
    }
    await delay(500)
  }
}

/**
 * Starts the Firebase Auth emulator once for the whole run (it takes 10–40 s), or reuses one already running.
 * Only the process that starts it clears its accounts, so every run starts from nothing and nobody clears
 * accounts another project's tests already use.
 */
export async function startAuthEmulator(): Promise<() => Promise<void>> {
  if (await isUp()) return async () => {}
  if (!takeLock()) {
    await waitUntilUp(undefined, () => 'another test process was starting it')
    return async () => {}
  }
  let output = ''
  let child: ChildProcess | undefined
  try {
    const root = fileURLToPath(new URL('../../../', import.meta.url))
    const bin = fileURLToPath(new URL('../node_modules/.bin/firebase', import.meta.url))
    child = spawn(bin, ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, ...configFor(PORT)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    })
    child.stdout?.on('data', (chunk) => (output += String(chunk)))
    child.stderr?.on('data', (chunk) => (output += String(chunk)))
    await waitUntilUp(child, () => output)
    await clearAccounts()
  } catch (error) {
    rmSync(LOCK, { recursive: true, force: true })
    throw error
  }
  const started = child!
  return async () => {
    // Wait for the emulator to be gone: a run started right after this one (the PostgreSQL pass in CI) would
    // otherwise find the port still held by a dying emulator and fail to start its own.
    const exited = new Promise<void>((resolve) => {
      if (started.exitCode !== null || started.signalCode !== null) resolve()
      else started.once('exit', () => resolve())
    })
    signalGroup(started, 'SIGTERM')
    let timer: NodeJS.Timeout | undefined
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), 20_000))),
    ])
    clearTimeout(timer)
    if (timedOut) {
      signalGroup(started, 'SIGKILL')
      await exited
    }
    const deadline = Date.now() + 20_000
    while ((await isUp()) && Date.now() < deadline) await delay(250)
    rmSync(LOCK, { recursive: true, force: true })
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    // Already gone.
  }
}

/** Another port than firebase.json's needs a config of its own (the emulator takes its port from the config only). */
function configFor(port: number): string[] {
  if (port === 9099) return []
  const file = join(tmpdir(), `honu-firebase-${port}.json`)
  writeFileSync(file, JSON.stringify({ emulators: { auth: { host: '127.0.0.1', port }, ui: { enabled: false }, singleProjectMode: true } }))
  return ['--config', file]
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function clearAccounts(): Promise<void> {
  await fetch(`${base}/emulator/v1/projects/${PROJECT_ID}/accounts`, { method: 'DELETE' })
}

/** Signs in with e-mail and password through the emulator's REST API and answers the ID token. */
export async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const body = (await response.json()) as { idToken?: string; error?: { message: string } }
  if (!body.idToken) throw new Error(`Sign-in as ${email} failed: ${body.error?.message}`)
  return body.idToken
}
