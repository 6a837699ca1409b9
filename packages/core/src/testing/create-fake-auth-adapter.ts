import type { AuthAdapter, AuthUser, PasswordCredentials } from '../auth/auth-adapter'
import { AuthError } from '../errors/auth-error'

/** Options of {@link createFakeAuthAdapter}. */
export interface FakeAuthAdapterOptions {
  /** Accounts that may sign in, by e-mail. */
  accounts?: readonly (AuthUser & { password: string })[]
  /** Start signed in as this user. */
  initialUser?: AuthUser
}

/** A fake identity provider for unit tests and stories: in memory, synchronous, with controllable tokens. */
export interface FakeAuthAdapter extends AuthAdapter {
  /** Number of tokens handed out so far. */
  readonly tokenCount: number
  /** Number of forced refreshes (`getIdToken({ forceRefresh: true })`), to assert the refresh timer. */
  readonly refreshCount: number
  /** Makes the next `getIdToken` calls fail (simulates an expired session). */
  failTokens(fail: boolean): void
}

/**
 * An in-memory `AuthAdapter` for tests, passed where a host passes the Firebase one.
 *
 * @example createConsoleClient({ api, auth: createFakeAuthAdapter({ initialUser: { uid: 'u1', email: 'a@b.c' } }) })
 */
export function createFakeAuthAdapter(options: FakeAuthAdapterOptions = {}): FakeAuthAdapter {
  let user: AuthUser | undefined = options.initialUser
  let tokenCount = 0
  let refreshCount = 0
  let failing = false
  const listeners = new Set<(user: AuthUser | undefined) => void>()
  const emit = () => listeners.forEach((listener) => listener(user))

  return {
    get tokenCount() {
      return tokenCount
    },
    get refreshCount() {
      return refreshCount
    },
    failTokens: (fail) => {
      failing = fail
    },
    getCurrentUser: () => Promise.resolve(user),
    onChange(listener) {
      listeners.add(listener)
      // Like Firebase, report the current state right away.
      queueMicrotask(() => listeners.has(listener) && listener(user))
      return () => listeners.delete(listener)
    },
    async getIdToken(options) {
      if (!user) return undefined
      if (options?.forceRefresh) refreshCount += 1
      if (failing) throw new AuthError({ code: 'auth/token-expired', message: 'The session has expired.' })
      tokenCount += 1
      return `fake-token-${user.uid}-${tokenCount}`
    },
    async signIn({ email, password }: PasswordCredentials) {
      const account = options.accounts?.find((a) => a.email === email)
      if (!account || account.password !== password) {
        throw new AuthError({ code: 'auth/invalid-credentials', message: 'Wrong e-mail or password.' })
      }
      user = { uid: account.uid, email: account.email, displayName: account.displayName }
      emit()
      return user
    },
    async signOut() {
      user = undefined
      emit()
    },
  }
}
