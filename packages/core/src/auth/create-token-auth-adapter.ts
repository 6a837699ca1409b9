import type { AuthAdapter, AuthUser } from './auth-adapter'
import { AuthError } from '../errors/auth-error'

/** Options of {@link createTokenAuthAdapter}. */
export interface TokenAuthAdapterOptions {
  /** The host's current user, or `undefined` when signed out. */
  getUser(): AuthUser | undefined | Promise<AuthUser | undefined>
  /** A fresh bearer token for the API. */
  getToken(options?: { forceRefresh?: boolean }): Promise<string | undefined>
  /** Lets the console follow the host's sign-in state. */
  subscribe?(listener: (user: AuthUser | undefined) => void): () => void
  /** What signing out does in the host. */
  signOut?(): Promise<void>
}

/**
 * An adapter for hosts with their own identity system: the console uses the host's tokens and user, and offers
 * no sign-in form of its own (password sign-in rejects with `auth/unsupported`).
 *
 * @example createTokenAuthAdapter({ getUser: () => portal.user, getToken: () => portal.accessToken() })
 */
export function createTokenAuthAdapter(options: TokenAuthAdapterOptions): AuthAdapter {
  return {
    getCurrentUser: async () => options.getUser(),
    onChange(listener) {
      void Promise.resolve(options.getUser()).then(listener)
      return options.subscribe?.(listener) ?? (() => {})
    },
    getIdToken: (o) => options.getToken(o),
    signIn: () =>
      Promise.reject(new AuthError({ code: 'auth/unsupported', message: 'Sign in through the host application.' })),
    signOut: async () => {
      await options.signOut?.()
    },
  }
}
