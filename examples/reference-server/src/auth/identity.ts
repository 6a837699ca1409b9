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
   * How long an account's passed revocation check is trusted, in milliseconds: 0 to
   * {@link MAX_REVOCATION_CHECK_AGE_MS} (larger values are clamped); default {@link DEFAULT_REVOCATION_CHECK_AGE_MS}.
   * 0 checks on every request.
   */
  revocationCheckAgeMs?: number
  /** The clock of the token cache, in epoch milliseconds; tests inject one. Default `Date.now`. */
  now?: () => number
}

/**
 * The ceiling of the revocation bound (`HONU_REVOCATION_CHECK_SECONDS` at most 60): an account's passed check
 * (it exists, is enabled, and its sessions were not revoked after the token's sign-in) is trusted for at most this
 * long before it is asked again.
 */
export const MAX_REVOCATION_CHECK_AGE_MS = 60_000

/**
 * The default revocation bound (issue 22: 60 s let a revoked, disabled or deleted account make 29 more calls). The
 * check is per account, not per token or request: one identity-provider round trip per signed-in user per 5 s at
 * most, shared by every request and open socket of that user, so a revoked, disabled or deleted account is
 * refused at most 5 s later. A token the server has not seen yet is checked at once, and
 * `verify(token, { checkRevokedNow: true })` checks at once.
 */
export const DEFAULT_REVOCATION_CHECK_AGE_MS = 5_000

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
  /** Whether the identity provider verified `email` (the token's `email_verified`). */
  emailVerified?: boolean
}

/** The server's view of the identity provider: token checks and account management. */
export interface Identity {
  readonly mode: AuthMode
  /**
   * Verifies an ID token, refusing expired tokens and the tokens of revoked, disabled and deleted users; rejects
   * on any failure. A verified token is cached (under a hash of it, never the token) until its `exp`; its
   * account's revocation check, shared by all of that account's tokens, for the configured age (default
   * {@link DEFAULT_REVOCATION_CHECK_AGE_MS}).
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

/** What the identity provider said of an account: gone, or whether it is disabled and since when its sessions count. */
type AccountState = 'missing' | { disabled: boolean; validSince: number }

/** An error with firebase-admin's code, as `verifyIdToken(token, true)` would throw it. */
const accountError = (code: string, message: string) => Object.assign(new Error(message), { code })

/** Why a token signed in at `authTime` is refused by its account's state, if it is (firebase-admin's rules). */
function accountRefusal(state: AccountState, authTime: number): Error | undefined {
  if (state === 'missing') return accountError('auth/user-not-found', 'The account no longer exists.')
  if (state.disabled) return accountError('auth/user-disabled', 'The account is disabled.')
  if (authTime < state.validSince) return accountError('auth/id-token-revoked', 'The sessions of this account were revoked.')
  return undefined
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
  const checkAge = Math.min(Math.max(options.revocationCheckAgeMs ?? DEFAULT_REVOCATION_CHECK_AGE_MS, 0), MAX_REVOCATION_CHECK_AGE_MS)

  // Two caches. Tokens: a token's own check (signature or emulator format, expiry) holds until it expires and
  // costs no round trip. Accounts: whether the account exists, is enabled, and since when its sessions are valid,
  // asked of the identity provider at most once per `checkAge` per account, whatever its number of tokens,
  // requests or sockets. Checks running at once share one round trip.
  const verified = new Map<string, { caller: Caller; expiresAt: number; authTime: number }>()
  const checking = new Map<string, Promise<{ caller: Caller; expiresAt: number; authTime: number }>>()
  const accounts = new Map<string, { checkedAt: number; state: AccountState }>()
  const asking = new Map<string, Promise<AccountState>>()

  const forgetUser = (uid: string) => {
    for (const [key, entry] of verified) if (entry.caller.uid === uid) verified.delete(key)
    accounts.delete(uid)
  }

  const checkToken = async (key: string, token: string) => {
    // Outside emulator mode, an unsigned token is refused before anything else looks at it, even if the
    // emulator variable happens to be set in this process.
    if (options.mode !== 'emulator' && tokenAlgorithm(token) !== 'RS256') {
      throw new Error('Token is not signed.')
    }
    let decoded
    try {
      // Against the emulator, firebase-admin asks about the account here too (its tokens are unsigned).
      decoded = await auth.verifyIdToken(token, false)
    } catch (error) {
      // The provider says the account is revoked, disabled or gone: none of its cached tokens is trusted. (These
      // codes come only after the token itself was verified, so its subject is the real account.)
      const uid = ACCOUNT_ENDED.has((error as { code?: string }).code ?? '') ? subjectOf(token) : undefined
      if (uid) forgetUser(uid)
      throw error
    }
    const entry = {
      caller: { uid: decoded.uid, email: decoded.email, emailVerified: decoded.email_verified === true },
      expiresAt: decoded.exp * 1000,
      authTime: decoded.auth_time * 1000,
    }
    if (entry.expiresAt > now()) {
      verified.delete(key)
      verified.set(key, entry)
      if (verified.size > MAX_CACHED_TOKENS) verified.delete(verified.keys().next().value!)
    }
    return entry
  }

  const askAccount = (uid: string): Promise<AccountState> => {
    const running = asking.get(uid)
    if (running) return running
    const checkedAt = now()
    const started = auth
      .getUser(uid)
      .then(
        (user): AccountState => ({
          disabled: user.disabled,
          validSince: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).getTime() : 0,
        }),
        (error: unknown): AccountState => {
          if ((error as { code?: string }).code === 'auth/user-not-found') return 'missing'
          throw error
        },
      )
      .then((state) => {
        if (checkAge > 0) {
          accounts.delete(uid)
          accounts.set(uid, { checkedAt, state })
          if (accounts.size > MAX_CACHED_TOKENS) accounts.delete(accounts.keys().next().value!)
        }
        return state
      })
      .finally(() => {
        if (asking.get(uid) === started) asking.delete(uid)
      })
    asking.set(uid, started)
    return started
  }

  return {
    mode: options.mode,
    async verify(token, verifyOptions = {}) {
      const key = createHash('sha256').update(token).digest('base64url')
      let entry = verified.get(key)
      const at = now()
      if (entry && at >= entry.expiresAt) {
        verified.delete(key)
        throw new Error('Token has expired.')
      }
      // A token not seen before has its account asked at once (a new sign-in after a revocation is not let in
      // on an older answer).
      let askNow = verifyOptions.checkRevokedNow === true || !entry
      if (!entry) {
        let running = checking.get(key)
        if (!running) {
          running = checkToken(key, token).finally(() => checking.delete(key))
          checking.set(key, running)
        }
        entry = await running
      }
      const { uid } = entry.caller
      const cached = accounts.get(uid)
      if (!cached || at - cached.checkedAt >= checkAge) askNow = true
      const state = askNow ? await askAccount(uid) : cached!.state
      const refusal = accountRefusal(state, entry.authTime)
      if (refusal) {
        // None of this account's cached tokens is trusted any more; its answer stays cached for the bound.
        for (const [k, e] of verified) if (e.caller.uid === uid) verified.delete(k)
        throw refusal
      }
      return entry.caller
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
