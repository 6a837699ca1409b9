import { createHash } from 'node:crypto'
import { initializeApp, deleteApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'

/** How the server checks ID tokens. */
export type AuthMode = 'firebase' | 'emulator'

/** Options of {@link createIdentity}. */
export interface IdentityOptions {
  mode: AuthMode
  projectId: string
  /** `host:port` of the Auth emulator; required in emulator mode. */
  emulatorHost?: string
  /**
   * How long a passed revocation check is trusted, in milliseconds: 0 to {@link MAX_REVOCATION_CHECK_AGE_MS}
   * (the default and the ceiling; larger values are clamped). 0 checks on every request.
   */
  revocationCheckAgeMs?: number
  /** The clock of the token cache, in epoch milliseconds; tests inject one. Default `Date.now`. */
  now?: () => number
}

/**
 * The bound on revocation: a token that passed the revocation check (account exists, is enabled, and its
 * sessions were not revoked after the token's sign-in) is trusted for at most this long before it is checked
 * again. A revoked, disabled or deleted user's cached token is therefore refused at most 60 s later; a token the
 * server has not seen yet is checked at once, and `verify(token, { checkRevokedNow: true })` checks at once.
 */
export const MAX_REVOCATION_CHECK_AGE_MS = 60_000

/** firebase-admin's answers for a token whose account was revoked, disabled or deleted. */
const ACCOUNT_ENDED = new Set(['auth/id-token-revoked', 'auth/user-disabled', 'auth/user-not-found'])

/** Most tokens cached at once; the oldest is dropped first, so a flood of tokens cannot grow memory. */
const MAX_CACHED_TOKENS = 10_000

/** Options of {@link Identity.verify}. */
export interface VerifyOptions {
  /**
   * Ask the identity provider now whether the account was revoked, disabled or deleted, ignoring the cached
   * check (for a long-lived connection such as a WebSocket, at its start and periodically).
   */
  checkRevokedNow?: boolean
}

/** The verified caller of a request. */
export interface Caller {
  uid: string
  email?: string
}

/** The server's view of the identity provider: token checks and account management. */
export interface Identity {
  readonly mode: AuthMode
  /**
   * Verifies an ID token, refusing expired tokens and the tokens of revoked, disabled and deleted users; rejects
   * on any failure. A verified token is cached (under a hash of it, never the token) until its `exp`, its
   * revocation check for at most {@link MAX_REVOCATION_CHECK_AGE_MS}.
   */
  verify(token: string, options?: VerifyOptions): Promise<Caller>
  /** Creates a sign-in account (or finds the one with this e-mail) and answers its uid. */
  ensureUser(user: { email: string; name?: string; password?: string; uid?: string; mfaPhone?: string }): Promise<string>
  /** Deletes a sign-in account; a missing one is not an error. */
  deleteUser(uid: string): Promise<void>
  close(): Promise<void>
}

/** The JOSE header of a JWT, without trusting anything in it. */
function tokenAlgorithm(token: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: unknown }
    return typeof header.alg === 'string' ? header.alg : undefined
  } catch {
    return undefined
  }
}

/** The `sub` claim of a JWT, read without trusting it (only to forget that user's cached tokens). */
function subjectOf(token: string): string | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown }
    return typeof claims.sub === 'string' && claims.sub ? claims.sub : undefined
  } catch {
    return undefined
  }
}

/**
 * Firebase Admin over a real project (tokens verified with Google's public keys) or, only when `mode` is
 * `emulator`, over the Auth emulator, whose tokens are unsigned.
 */
export function createIdentity(options: IdentityOptions): Identity {
  if (options.mode === 'emulator') {
    if (!options.emulatorHost) throw new Error('Emulator mode needs the Auth emulator address (FIREBASE_AUTH_EMULATOR_HOST).')
    // firebase-admin reads this variable to talk to the emulator and to accept its unsigned tokens.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost
  }
  const app: App = initializeApp({ projectId: options.projectId }, `honu-reference-${Math.random().toString(36).slice(2)}`)
  const auth: Auth = getAuth(app)
  const now = options.now ?? Date.now
  const checkAge = Math.min(Math.max(options.revocationCheckAgeMs ?? MAX_REVOCATION_CHECK_AGE_MS, 0), MAX_REVOCATION_CHECK_AGE_MS)

  // A full check (signature or emulator format, expiry, and the revocation round trip to the identity provider)
  // costs a third of a cheap request, so its result is reused: per token until the token expires, and the
  // revocation part for `checkAge`. Checks of one token running at once share one round trip.
  const verified = new Map<string, { caller: Caller; expiresAt: number; checkedAt: number }>()
  const checking = new Map<string, Promise<Caller>>()

  const forgetUser = (uid: string) => {
    for (const [key, entry] of verified) if (entry.caller.uid === uid) verified.delete(key)
  }

  const check = async (key: string, token: string): Promise<Caller> => {
    // Outside emulator mode, an unsigned token is refused before anything else looks at it, even if the
    // emulator variable happens to be set in this process.
    if (options.mode !== 'emulator' && tokenAlgorithm(token) !== 'RS256') {
      throw new Error('Token is not signed.')
    }
    const checkedAt = now()
    let decoded
    try {
      decoded = await auth.verifyIdToken(token, true)
    } catch (error) {
      // Once the provider says an account is revoked, disabled or gone, none of its cached tokens is trusted.
      // (These codes come only after the token itself was verified, so its subject is the real account.)
      const uid = ACCOUNT_ENDED.has((error as { code?: string }).code ?? '') ? subjectOf(token) : undefined
      if (uid) forgetUser(uid)
      throw error
    }
    const caller: Caller = { uid: decoded.uid, email: decoded.email }
    const expiresAt = decoded.exp * 1000
    if (checkAge > 0 && expiresAt > checkedAt) {
      verified.delete(key)
      verified.set(key, { caller, expiresAt, checkedAt })
      if (verified.size > MAX_CACHED_TOKENS) verified.delete(verified.keys().next().value!)
    }
    return caller
  }

  return {
    mode: options.mode,
    async verify(token, verifyOptions = {}) {
      const key = createHash('sha256').update(token).digest('base64url')
      const entry = verified.get(key)
      const at = now()
      if (entry && at >= entry.expiresAt) {
        verified.delete(key)
        throw new Error('Token has expired.')
      }
      if (entry && !verifyOptions.checkRevokedNow && at - entry.checkedAt < checkAge) return entry.caller
      const running = checking.get(key)
      if (running && !verifyOptions.checkRevokedNow) return running
      const started = check(key, token).finally(() => {
        if (checking.get(key) === started) checking.delete(key)
      })
      checking.set(key, started)
      return started
    },
    async ensureUser({ email, name, password, uid, mfaPhone }) {
      try {
        return (await auth.getUserByEmail(email)).uid
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error
      }
      try {
        const created = await auth.createUser({ email, displayName: name || undefined, password, uid, emailVerified: !!mfaPhone })
        if (mfaPhone) {
          await auth.updateUser(created.uid, {
            multiFactor: { enrolledFactors: [{ uid: `${created.uid}-phone`, factorId: 'phone', phoneNumber: mfaPhone, displayName: 'Work phone' }] },
          })
        }
        return created.uid
      } catch (error) {
        // Created meanwhile by another request (or another server on the same project): use that account.
        const code = (error as { code?: string }).code
        if (code === 'auth/email-already-exists' || code === 'auth/uid-already-exists') {
          return (await auth.getUserByEmail(email)).uid
        }
        throw error
      }
    },
    async deleteUser(uid) {
      forgetUser(uid)
      try {
        await auth.deleteUser(uid)
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error
      }
    },
    close: () => deleteApp(app),
  }
}
