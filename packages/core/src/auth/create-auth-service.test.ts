import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { json, startTestServer } from '../../test/http-test-server'
import { createConsoleClient } from '../client/create-console-client'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createFakeAuthAdapter } from '../testing/create-fake-auth-adapter'
import { createManualScheduler } from '../testing/create-manual-scheduler'

let server: Awaited<ReturnType<typeof startTestServer>>
let userStatus = 200
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.url.startsWith('/api/v1/users/')) {
      if (userStatus !== 200) return json(res, userStatus, { message: 'User not found' })
      return json(res, 200, { email: 'x', permissions: { '*': ['org-admin'] } })
    }
    return json(res, 200, {})
  })
})
afterAll(() => server.close())

const accounts = [
  { uid: 'u1', email: 'ada@x.io', password: 'right-pass' },
  { uid: 'u2', email: 'mia@x.io', password: 'right-pass', mfaCode: '123456' },
]
const setup = () => {
  const adapter = createFakeAuthAdapter({ accounts })
  const storage = { local: createMemoryStorage(), session: createMemoryStorage() }
  const client = createConsoleClient({
    api: { baseUrl: server.url },
    auth: adapter,
    storage,
    scheduler: createManualScheduler(),
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  client.start()
  return { client, adapter, storage }
}
const status = (client: ReturnType<typeof setup>['client']) => client.session.getState().status

describe('password sign-in', () => {
  it('signs in and loads the user record before the session counts as signed in', async () => {
    userStatus = 200
    const { client } = setup()
    await expect(client.auth.signIn({ email: ' ada@x.io ', password: 'right-pass' })).resolves.toBe('signed-in')
    await vi.waitFor(() => expect(status(client)).toBe('authenticated'))
    expect(client.session.getState().user).toMatchObject({ uid: 'u1', permissions: { '*': ['org-admin'] } })
    client.stop()
  })

  it("a wrong password shows 'Error logging in', signs out, stores nothing and rejects clearly", async () => {
    const { client, storage } = setup()
    const error = await client.auth.signIn({ email: 'ada@x.io', password: 'nope' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'auth/invalid-credentials', message: 'Wrong e-mail or password.' })
    expect(client.toasts.getState().toasts).toMatchObject([{ message: 'Error logging in', tone: 'negative' }])
    expect(status(client)).toBe('error')
    expect(client.session.getState().token).toBeUndefined()
    expect(storage.local.size + storage.session.size).toBe(0)
    client.stop()
  })

  it("an account unknown to the console shows 'Error logging in' and is signed out", async () => {
    userStatus = 404
    const { client, adapter } = setup()
    await client.auth.signIn({ email: 'ada@x.io', password: 'right-pass' })
    await vi.waitFor(() => expect(status(client)).toBe('error'))
    expect(client.toasts.getState().toasts.map((t) => t.message)).toContain('Error logging in')
    expect(await adapter.getCurrentUser()).toBeUndefined()
    userStatus = 200
    client.stop()
  })

  it('keeps the provider session when the server is down, for a retry', async () => {
    userStatus = 503
    const { client, adapter } = setup()
    await client.auth.signIn({ email: 'ada@x.io', password: 'right-pass' })
    await vi.waitFor(() => expect(status(client)).toBe('load-failed'))
    expect(await adapter.getCurrentUser()).toMatchObject({ uid: 'u1' })
    userStatus = 200
    client.stop()
  })
})

describe('second factor', () => {
  it('asks for a code, sends it, and accepts it trimmed', async () => {
    const { client, adapter } = setup()
    await expect(client.auth.signIn({ email: 'mia@x.io', password: 'right-pass' })).resolves.toBe('mfa-required')
    expect(client.session.getState()).toMatchObject({ status: 'mfa-required', mfaHints: [{ factorId: 'phone' }] })
    await client.auth.sendMfaCode()
    expect(adapter.sentCodes).toEqual(['123456'])
    await client.auth.resolveMfa('  123456 \n')
    await vi.waitFor(() => expect(status(client)).toBe('authenticated'))
    expect(client.session.getState().mfaHints).toBeUndefined()
    client.stop()
  })

  it("refuses a wrong code with 'Invalid or expired OTP Code' and keeps the challenge", async () => {
    const { client } = setup()
    await client.auth.signIn({ email: 'mia@x.io', password: 'right-pass' })
    await expect(client.auth.resolveMfa('000000')).rejects.toMatchObject({ code: 'auth/invalid-otp', message: 'Invalid or expired OTP Code' })
    expect(status(client)).toBe('mfa-required')
    await client.auth.resolveMfa('123456')
    await vi.waitFor(() => expect(status(client)).toBe('authenticated'))
    client.stop()
  })

  it("refuses to resolve without a pending challenge: 'No mfa signin required error to resolve'", async () => {
    const { client } = setup()
    await expect(client.auth.resolveMfa('123456')).rejects.toMatchObject({
      code: 'auth/no-mfa-pending',
      message: 'No mfa signin required error to resolve',
    })
    await expect(client.auth.sendMfaCode()).rejects.toMatchObject({ code: 'auth/no-mfa-pending' })
    client.stop()
  })
})

describe('passwords', () => {
  it('resets a password with the mailed code, then signs in with the new one', async () => {
    const { client, adapter } = setup()
    await client.auth.sendPasswordResetEmail('ada@x.io')
    const code = adapter.resetCodes.get('ada@x.io')!
    await expect(client.auth.verifyPasswordResetCode(code)).resolves.toBe('ada@x.io')
    await client.auth.confirmPasswordReset(code, 'new-pass-1')
    await expect(client.auth.signIn({ email: 'ada@x.io', password: 'new-pass-1' })).resolves.toBe('signed-in')
    client.stop()
  })

  it('does not reveal whether an e-mail has an account', async () => {
    const { client } = setup()
    await expect(client.auth.sendPasswordResetEmail('nobody@x.io')).resolves.toBeUndefined()
    client.stop()
  })

  it('refuses a used or unknown reset code with a clear message', async () => {
    const { client } = setup()
    await expect(client.auth.confirmPasswordReset('bogus', 'x')).rejects.toMatchObject({ code: 'auth/invalid-action-code' })
    client.stop()
  })

  it("refuses to change the password without a user: 'Could not change password, User not defined'", async () => {
    const { client } = setup()
    await expect(client.auth.changePassword('whatever-1')).rejects.toMatchObject({
      message: 'Could not change password, User not defined',
    })
    client.stop()
  })

  it('changes the password of the signed-in user', async () => {
    const { client } = setup()
    await client.auth.signIn({ email: 'ada@x.io', password: 'right-pass' })
    await vi.waitFor(() => expect(status(client)).toBe('authenticated'))
    await client.auth.changePassword('changed-1')
    await client.signOut()
    await expect(client.auth.signIn({ email: 'ada@x.io', password: 'changed-1' })).resolves.toBe('signed-in')
    client.stop()
  })

  it('a sign-in too old for the change: asks for the current password, re-authenticates with it, then changes', async () => {
    const { client, adapter } = setup()
    await client.auth.signIn({ email: 'ada@x.io', password: 'right-pass' })
    await vi.waitFor(() => expect(status(client)).toBe('authenticated'))
    adapter.requireRecentLogin(true)
    expect(client.auth.canReauthenticate).toBe(true)
    await expect(client.auth.changePassword('changed-2')).rejects.toMatchObject({ code: 'auth/requires-recent-login' })
    // The dialog asks for the current password; the session is not sent to sign in again.
    expect(client.session.getState().needsReauthentication).toBe(false)
    await expect(client.auth.changePassword('changed-2', 'not-it')).rejects.toMatchObject({
      code: 'auth/invalid-credentials',
      message: 'Wrong e-mail or password.',
    })
    await client.auth.changePassword('changed-2', 'right-pass')
    await client.signOut()
    await expect(client.auth.signIn({ email: 'ada@x.io', password: 'right-pass' })).rejects.toMatchObject({ code: 'auth/invalid-credentials' })
    await expect(client.auth.signIn({ email: 'ada@x.io', password: 'changed-2' })).resolves.toBe('signed-in')
    client.stop()
  })

  it('a weak new password is refused with what to do', async () => {
    const { client } = setup()
    await client.auth.signIn({ email: 'ada@x.io', password: 'right-pass' })
    await vi.waitFor(() => expect(status(client)).toBe('authenticated'))
    await expect(client.auth.changePassword('abc')).rejects.toMatchObject({ code: 'auth/weak-password' })
    client.stop()
  })
})
