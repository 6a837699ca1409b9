import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Permissions } from '../permissions/roles'
import type { MfaHint } from './auth-adapter'

/**
 * Where the session stands. `load-failed`: signed in with the provider, but the console's user record could not
 * be loaded (server down or failing); the provider session is kept so a retry can finish signing in.
 */
export type SessionStatus = 'idle' | 'loading' | 'mfa-required' | 'authenticated' | 'load-failed' | 'signed-out' | 'error'

/**
 * Why the session ended: `'session-ended'` when the console signed the user out by itself (the server ended the
 * session; the sign-in page says so), `'signed-out'` when the user chose "Sign out" (the page they were on is then
 * not a deep link to come back to: the next person to sign in starts at their own landing page).
 */
export type SessionNotice = 'session-ended' | 'signed-out'

/** The signed-in user as the console knows them (spec §3). */
export interface SessionUser {
  uid: string
  email: string | null
  displayName?: string | null
  /** From the server's user record, once loaded. */
  permissions?: Permissions
  avatar?: string
}

/** Session state (spec §3): the signed-in user, their access token and the reauthentication flag. */
export interface SessionState {
  status: SessionStatus
  user?: SessionUser
  /** The current access token. Never log or put it in an address. */
  token?: string
  /** Set to ask the user to sign in again (e.g. the token could not be refreshed). */
  needsReauthentication: boolean
  error?: unknown
  /** The second factors the pending challenge accepts, while `status` is `mfa-required`. */
  mfaHints?: MfaHint[]
  /** Why the last session ended; kept through `clear()`, forgotten at the next sign-in. */
  notice?: SessionNotice
  setLoading(): void
  setSession(user: SessionUser, token?: string): void
  setUser(changes: Partial<SessionUser>): void
  setToken(token: string | undefined): void
  setError(error: unknown): void
  requestReauthentication(needed?: boolean): void
  /** Signed out: forgets user and token. */
  clear(): void
}

/** The session store. */
export type SessionStore = StoreApi<SessionState>

/** Creates a session store; one per console instance. */
export function createSessionStore(): SessionStore {
  return createStore<SessionState>()((set) => ({
    status: 'idle',
    needsReauthentication: false,
    setLoading: () => set({ status: 'loading', error: undefined }),
    setSession: (user, token) =>
      set({ status: 'authenticated', user, token, needsReauthentication: false, error: undefined, mfaHints: undefined, notice: undefined }),
    setUser: (changes) => set((state) => (state.user ? { user: { ...state.user, ...changes } } : {})),
    setToken: (token) => set({ token }),
    setError: (error) => set({ status: 'error', error }),
    requestReauthentication: (needed = true) => set({ needsReauthentication: needed }),
    clear: () =>
      set({
        status: 'signed-out',
        user: undefined,
        token: undefined,
        needsReauthentication: false,
        error: undefined,
        mfaHints: undefined,
      }),
  }))
}
