import type { AuthAdapter, AuthUser, MfaHint, PasswordCredentials } from '../auth/auth-adapter'
import { MfaRequiredError } from '../auth/mfa-required-error'
import { AuthError } from '../errors/auth-error'

/** A fake account. */
export interface FakeAccount extends AuthUser {
  password: string
  /** When set, sign-in needs this one-time code as a second factor (an SMS factor). */
  mfaCode?: string
}

/** Options of {@link createFakeAuthAdapter}. */
export interface FakeAuthAdapterOptions {
  /** Accounts that may sign in, by e-mail. */
  accounts?: readonly FakeAccount[]
  /** Start signed in as this user. */
  initialUser?: AuthUser
}

/** A fake identity provider for unit tests and stories: in memory, with controllable tokens. */
export interface FakeAuthAdapter extends Required<AuthAdapter> {
  /** Number of tokens handed out so far. */
  readonly tokenCount: number
  /** Number of forced refreshes (`getIdToken({ forceRefresh: true })`), to assert the refresh timer. */
  readonly refreshCount: number
  /** Codes sent by `sendMfaCode`, newest last. */
  readonly sentCodes: readonly string[]
  /** Reset codes mailed by `sendPasswordResetEmail`, by e-mail. */
  readonly resetCodes: ReadonlyMap<string, string>
  /** Makes the next `getIdToken` calls fail (simulates an expired session). */
  failTokens(fail: boolean): void
  /**
   * Makes the sign-in too old for a password change, as Firebase answers after about five minutes:
   * `changePassword` then rejects with `auth/requires-recent-login` until `reauthenticate` succeeds.
   */
  requireRecentLogin(required: boolean): void
}

const wrong = () => new AuthError({ code: 'auth/invalid-credentials', message: 'Wrong e-mail or password.' })

/**
 * An in-memory `AuthAdapter` for tests, passed where a host passes the Firebase one.
 *
 * @example createConsoleClient({ api, auth: createFakeAuthAdapter({ initialUser: { uid: 'u1', email: 'a@b.c' } }) })
 */
export function createFakeAuthAdapter(options: FakeAuthAdapterOptions = {}): FakeAuthAdapter {
  const accounts = new Map((options.accounts ?? []).map((a) => [a.email, { ...a }]))
  let user: AuthUser | undefined = options.initialUser
  let pending: FakeAccount | undefined
  let tokenCount = 0
  let refreshCount = 0
  let failing = false
  let stale = false
  const sentCodes: string[] = []
  const resetCodes = new Map<string, string>()
  const listeners = new Set<(user: AuthUser | undefined) => void>()
  const emit = () => listeners.forEach((listener) => listener(user))
  const asUser = (a: FakeAccount): AuthUser => ({ uid: a.uid, email: a.email, displayName: a.displayName })

  return {
    // The console's own sign-in forms (the Firebase adapter's way); a host-owned sign-in is the token adapter.
    hostSignIn: false,
    get tokenCount() {
      return tokenCount
    },
    get refreshCount() {
      return refreshCount
    },
    sentCodes,
    resetCodes,
    failTokens: (fail) => {
      failing = fail
    },
    requireRecentLogin: (required) => {
      stale = required
    },
    getCurrentUser: () => Promise.resolve(user),
    onChange(listener) {
      listeners.add(listener)
      // Like Firebase, report the current state right away.
      queueMicrotask(() => listeners.has(listener) && listener(user))
      return () => listeners.delete(listener)
    },
    async getIdToken(o) {
      if (!user) return undefined
      if (o?.forceRefresh) refreshCount += 1
      if (failing) throw new AuthError({ code: 'auth/token-expired', message: 'The session has expired.' })
      tokenCount += 1
      return `fake-token-${user.uid}-${tokenCount}`
    },
    async signIn({ email, password }: PasswordCredentials) {
      const account = accounts.get(email)
      if (!account || account.password !== password) throw wrong()
      if (account.mfaCode) {
        pending = account
        const hint: MfaHint = { uid: `phone-${account.uid}`, factorId: 'phone', phoneNumber: '+*******0100' }
        throw new MfaRequiredError([hint])
      }
      user = asUser(account)
      emit()
      return user
    },
    hasPendingMfa: () => pending !== undefined,
    async sendMfaCode() {
      if (!pending) throw new AuthError({ code: 'auth/no-mfa-pending', message: 'No challenge' })
      sentCodes.push(pending.mfaCode!)
    },
    async resolveMfa(_hint, code) {
      if (!pending) throw new AuthError({ code: 'auth/no-mfa-pending', message: 'No challenge' })
      if (code !== pending.mfaCode) throw new AuthError({ code: 'auth/invalid-verification-code', message: 'bad code' })
      user = asUser(pending)
      pending = undefined
      emit()
      return user
    },
    async sendPasswordResetEmail(email) {
      if (accounts.has(email)) resetCodes.set(email, `reset-${email}`)
    },
    async verifyPasswordResetCode(code) {
      const entry = [...resetCodes].find(([, c]) => c === code)
      if (!entry) throw new AuthError({ code: 'auth/invalid-action-code', message: 'bad code' })
      return entry[0]
    },
    async confirmPasswordReset(code, newPassword) {
      const email = await this.verifyPasswordResetCode(code)
      accounts.get(email)!.password = newPassword
      resetCodes.delete(email)
    },
    async changePassword(newPassword) {
      if (!user?.email) throw new AuthError({ code: 'auth/no-user', message: 'none' })
      // Firebase's own codes, so the auth service maps them as it maps the real provider's.
      if (stale) throw Object.assign(new Error('requires recent login'), { code: 'auth/requires-recent-login' })
      if (newPassword.length < 6) throw Object.assign(new Error('weak password'), { code: 'auth/weak-password' })
      accounts.get(user.email)!.password = newPassword
    },
    async reauthenticate(currentPassword) {
      if (!user?.email) throw new AuthError({ code: 'auth/no-user', message: 'none' })
      if (accounts.get(user.email)?.password !== currentPassword) throw Object.assign(new Error('wrong'), { code: 'auth/wrong-password' })
      stale = false
    },
    async signOut() {
      user = undefined
      pending = undefined
      emit()
    },
  }
}
