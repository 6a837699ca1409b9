import type { AuthAdapter, AuthUser } from './auth-adapter'
import { AuthError } from '../errors/auth-error'

/** Options of {@link createTokenAuthAdapter}. */
export interface TokenAuthAdapterOptions {
  /** The host's current user, or `undefined` when signed out. */
  getUser(): AuthUser | undefined | Promise<AuthUser | undefined>
  /** A fresh bearer token for the API. */
  getToken(options?: { forceRefresh?: boolean }): Promise<string | undefined>
  /**
   * Tells the console when the host signs in or out: call `listener` with the new user (or `undefined`) and return
   * the unsubscribe function. Required: without it a console would not notice the host's sign-in until a reload.
   */
  subscribe(listener: (user: AuthUser | undefined) => void): () => void
  /** What signing out does in the host (the console's "Sign out" calls it when the host chose `signOut: 'host'`). */
  signOut?(): Promise<void>
}

/**
 * An adapter for hosts with their own identity system: the console uses the host's tokens and user, and offers
 * no sign-in form of its own (`hostSignIn: true`; password sign-in rejects with `auth/unsupported`). A signed-out
 * user is sent to the host's sign-in (`onSignInRequired` or `signInUrl` of the console's routes).
 *
 * @example
 * createTokenAuthAdapter({
 *   getUser: () => portal.user,
 *   getToken: () => portal.idToken(),
 *   subscribe: (listener) => portal.onAuthChange(listener),
 * })
 */
export function createTokenAuthAdapter(options: TokenAuthAdapterOptions): AuthAdapter {
  return {
    hostSignIn: true,
    getCurrentUser: async () => options.getUser(),
    onChange(listener) {
      void Promise.resolve(options.getUser()).then(listener)
      return options.subscribe(listener)
    },
    getIdToken: (o) => options.getToken(o),
    signIn: () => Promise.reject(new AuthError({ code: 'auth/unsupported', message: 'Sign in through the host application.' })),
    signOut: async () => {
      await options.signOut?.()
    },
  }
}
