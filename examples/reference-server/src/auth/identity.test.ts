import { randomUUID } from 'node:crypto'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMULATOR_HOST, PROJECT_ID, signIn } from '../../test/auth-emulator'
import { createIdentity, DEFAULT_REVOCATION_CHECK_AGE_MS, type Identity } from './identity'

// The token cache against the real Auth emulator, with the cache's clock in the test's hands: the 5 s bound is
// stepped through, never waited for.
let clock = Date.now()
let identity: Identity
const admin = initializeApp({ projectId: PROJECT_ID }, `identity-test-${randomUUID()}`)
const adminAuth = getAuth(admin)

beforeAll(() => {
  identity = createIdentity({ mode: 'emulator', projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST, now: () => clock })
})
afterAll(async () => {
  await identity.close()
  await deleteApp(admin)
})

/**
 * A fresh account and `count` different ID tokens of it, each from its own sign-in. The emulator's tokens are
 * unsigned, so two sign-ins in the same second give the same token; a claim numbering them tells them apart.
 */
async function accountWithTokens(count: number) {
  const email = `cache-${randomUUID()}@honu.test`
  const { uid } = await adminAuth.createUser({ email, password: 'cache-pass-1' })
  const tokens: string[] = []
  for (let i = 0; i < count; i++) {
    await adminAuth.setCustomUserClaims(uid, { sign_in: i })
    tokens.push(await signIn(email, 'cache-pass-1'))
  }
  return { uid, tokens }
}

/**
 * Firebase compares a token's sign-in time with the revocation time in whole seconds, and a revocation in the
 * same second as the sign-in does not revoke it: let the second of the sign-ins pass first.
 */
async function nextSecond() {
  const second = Math.floor(Date.now() / 1000)
  while (Math.floor(Date.now() / 1000) === second) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('token cache', () => {
  it('trusts a checked token for less than the bound after its sessions are revoked, then refuses it', async () => {
    const { uid, tokens } = await accountWithTokens(1)
    const [token] = tokens as [string]
    clock = Date.now()
    await expect(identity.verify(token)).resolves.toMatchObject({ uid })
    await nextSecond()
    await adminAuth.revokeRefreshTokens(uid)

    clock += DEFAULT_REVOCATION_CHECK_AGE_MS - 1
    await expect(identity.verify(token)).resolves.toMatchObject({ uid })
    clock += 1
    await expect(identity.verify(token)).rejects.toMatchObject({ code: 'auth/id-token-revoked' })
  })

  it('checks a token it has not seen at once, and then forgets every cached token of that user', async () => {
    const { uid, tokens } = await accountWithTokens(2)
    const [seen, unseen] = tokens as [string, string]
    clock = Date.now()
    await expect(identity.verify(seen)).resolves.toMatchObject({ uid })
    await nextSecond()
    await adminAuth.revokeRefreshTokens(uid)

    await expect(identity.verify(unseen)).rejects.toMatchObject({ code: 'auth/id-token-revoked' })
    await expect(identity.verify(seen)).rejects.toMatchObject({ code: 'auth/id-token-revoked' })
  })

  it('refuses a disabled user at once when asked to check now (what a socket does)', async () => {
    const { uid, tokens } = await accountWithTokens(1)
    const [token] = tokens as [string]
    clock = Date.now()
    await expect(identity.verify(token)).resolves.toMatchObject({ uid })
    await adminAuth.updateUser(uid, { disabled: true })

    await expect(identity.verify(token, { checkRevokedNow: true })).rejects.toMatchObject({ code: 'auth/user-disabled' })
    await expect(identity.verify(token)).rejects.toMatchObject({ code: 'auth/user-disabled' })
  })

  it('refuses a deleted user’s unseen token at once and its cached token after the bound', async () => {
    const { uid, tokens } = await accountWithTokens(2)
    const [seen, unseen] = tokens as [string, string]
    const other = await accountWithTokens(1)
    clock = Date.now()
    await expect(identity.verify(seen)).resolves.toMatchObject({ uid })
    await expect(identity.verify(other.tokens[0]!)).resolves.toMatchObject({ uid: other.uid })
    await adminAuth.deleteUser(uid)

    clock += DEFAULT_REVOCATION_CHECK_AGE_MS - 1
    await expect(identity.verify(seen)).resolves.toMatchObject({ uid })
    clock += 1
    await expect(identity.verify(seen)).rejects.toMatchObject({ code: 'auth/user-not-found' })
    await expect(identity.verify(unseen)).rejects.toMatchObject({ code: 'auth/user-not-found' })
    // Another user's token, checked again after the bound, still passes.
    await expect(identity.verify(other.tokens[0]!)).resolves.toMatchObject({ uid: other.uid })
  })

  it('refuses a cached token once it has expired by the cache’s clock', async () => {
    const { tokens } = await accountWithTokens(1)
    const [token] = tokens as [string]
    const exp = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp
    clock = Date.now()
    await identity.verify(token)
    clock = exp * 1000
    await expect(identity.verify(token)).rejects.toThrow('expired')
  })

  it('checks every time when the bound is 0', async () => {
    const strict = createIdentity({ mode: 'emulator', projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST, revocationCheckAgeMs: 0 })
    try {
      const { uid, tokens } = await accountWithTokens(1)
      const [token] = tokens as [string]
      await expect(strict.verify(token)).resolves.toMatchObject({ uid })
      await adminAuth.updateUser(uid, { disabled: true })
      await expect(strict.verify(token)).rejects.toMatchObject({ code: 'auth/user-disabled' })
    } finally {
      await strict.close()
    }
  })
})
