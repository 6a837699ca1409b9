import { deleteApp, initializeApp } from 'firebase/app'
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFirebaseAuthAdapter } from './create-firebase-auth-adapter'
import { toAuthError } from '../auth/create-auth-service'

const EMULATOR = `http://127.0.0.1:${process.env.HONU_AUTH_PORT?.trim() || 9099}`
const PROJECT = 'demo-honu'
const app = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT, authDomain: `${PROJECT}.firebaseapp.com` }, 'adapter-test')
let auth: Auth
const email = `adapter-${Date.now()}@honu.test`

async function emulator(path: string, init?: RequestInit) {
  return (await fetch(`${EMULATOR}${path}`, init)).json() as Promise<Record<string, unknown>>
}

beforeAll(async () => {
  auth = getAuth(app)
  connectAuthEmulator(auth, EMULATOR, { disableWarnings: true })
  await emulator('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'first-pass-1' }),
  })
})
afterAll(() => deleteApp(app))

describe('createFirebaseAuthAdapter against the Auth emulator', () => {
  it('signs in with a password, reports the user and hands out tokens', async () => {
    const adapter = createFirebaseAuthAdapter(auth)
    const seen: unknown[] = []
    const stop = adapter.onChange((user) => seen.push(user?.email ?? null))
    const user = await adapter.signIn({ email, password: 'first-pass-1' })
    expect(user.email).toBe(email)
    await expect(adapter.getCurrentUser()).resolves.toMatchObject({ uid: user.uid })
    const token = await adapter.getIdToken()
    expect(token?.split('.')).toHaveLength(3)
    await adapter.signOut()
    await expect(adapter.getIdToken()).resolves.toBeUndefined()
    stop()
    expect(seen).toContain(email)
    expect(seen.at(-1)).toBeNull()
  })

  it('maps a wrong password to a clear message', async () => {
    const adapter = createFirebaseAuthAdapter(auth)
    const error = await adapter.signIn({ email, password: 'wrong-pass' }).catch((e: unknown) => e)
    expect(toAuthError(error)).toMatchObject({ code: 'auth/invalid-credentials', message: 'Wrong e-mail or password.' })
  })

  it('resets the password with the code from the emulator, then changes it while signed in', async () => {
    const adapter = createFirebaseAuthAdapter(auth)
    await adapter.sendPasswordResetEmail!(email)
    const { oobCodes } = (await emulator(`/emulator/v1/projects/${PROJECT}/oobCodes`)) as {
      oobCodes: { email: string; oobCode: string; requestType: string }[]
    }
    const code = oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').at(-1)!.oobCode
    await expect(adapter.verifyPasswordResetCode!(code)).resolves.toBe(email)
    await adapter.confirmPasswordReset!(code, 'second-pass-2')
    await expect(adapter.confirmPasswordReset!(code, 'again-pass-3').catch((e: unknown) => toAuthError(e).code)).resolves.toBe(
      'auth/invalid-action-code',
    )
    await adapter.signIn({ email, password: 'second-pass-2' })
    await adapter.changePassword!('third-pass-3')
    await adapter.signOut()
    await expect(adapter.signIn({ email, password: 'third-pass-3' })).resolves.toMatchObject({ email })
    await adapter.signOut()
  })

  it('re-authenticates with the current password (what a requires-recent-login asks for), and refuses a wrong one', async () => {
    const adapter = createFirebaseAuthAdapter(auth)
    await adapter.signIn({ email, password: 'third-pass-3' })
    const wrong = await adapter.reauthenticate!('not-the-password').catch((e: unknown) => e)
    expect(toAuthError(wrong)).toMatchObject({ code: 'auth/invalid-credentials' })
    await adapter.reauthenticate!('third-pass-3')
    await expect(adapter.getCurrentUser()).resolves.toMatchObject({ email })
    await adapter.changePassword!('fourth-pass-4')
    await adapter.signOut()
    await expect(adapter.signIn({ email, password: 'fourth-pass-4' })).resolves.toMatchObject({ email })
    await adapter.signOut()
    await expect(adapter.reauthenticate!('fourth-pass-4')).rejects.toMatchObject({ code: 'auth/no-user' })
  })
})
