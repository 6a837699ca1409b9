/** The signed-in identity as the auth provider reports it. */
export interface AuthUser {
  uid: string
  email: string | null
  displayName?: string | null
}

/** E-mail and password credentials. */
export interface PasswordCredentials {
  email: string
  password: string
}

/**
 * What core needs from an identity provider. `@honu/core/firebase` implements it over Firebase Auth; a host
 * with its own identity system implements it over its own tokens; tests use `createFakeAuthAdapter()`.
 */
export interface AuthAdapter {
  /** The current user once the provider has restored its session, or `undefined` when signed out. */
  getCurrentUser(): Promise<AuthUser | undefined>
  /** Subscribes to sign-in and sign-out; returns the unsubscribe function. */
  onChange(listener: (user: AuthUser | undefined) => void): () => void
  /**
   * A bearer token for API calls, refreshed by the provider when close to expiry (or always with
   * `forceRefresh`). `undefined` when signed out.
   */
  getIdToken(options?: { forceRefresh?: boolean }): Promise<string | undefined>
  /** Password sign-in. Rejects with an `AuthError`. */
  signIn(credentials: PasswordCredentials): Promise<AuthUser>
  /** Signs out of the provider. */
  signOut(): Promise<void>
}
