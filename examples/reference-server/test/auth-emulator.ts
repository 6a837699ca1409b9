import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const EMULATOR_HOST = '127.0.0.1:9099'
export const PROJECT_ID = 'demo-honu'
const base = `http://${EMULATOR_HOST}`

async function isUp(): Promise<boolean> {
  try {
    return (await fetch(`${base}/`)).ok
  } catch {
    return false
  }
}

/**
 * Starts the Firebase Auth emulator once for the whole run (it takes 10–40 s), or reuses one already running,
 * and clears its accounts so every run starts from nothing.
 */
export async function startAuthEmulator(): Promise<() => Promise<void>> {
  let child: ChildProcess | undefined
  if (!(await isUp())) {
    const root = fileURLToPath(new URL('../../../', import.meta.url))
    const bin = fileURLToPath(new URL('../node_modules/.bin/firebase', import.meta.url))
    child = spawn(bin, ['emulators:start', '--only', 'auth', '--project', PROJECT_ID], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    })
    let output = ''
    child.stdout?.on('data', (chunk) => (output += String(chunk)))
    child.stderr?.on('data', (chunk) => (output += String(chunk)))
    const deadline = Date.now() + 120_000
    while (!(await isUp())) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`The Auth emulator did not start:\n${output.slice(-2000)}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  await clearAccounts()
  return async () => {
    if (!child?.pid) return
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}

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
