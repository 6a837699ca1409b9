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

/** One enrolled second factor the user can answer with. */
export interface MfaHint {
  /** The factor's id, used to answer with it. */
  uid: string
  /** `phone` sends an SMS code; `totp` reads a code from an authenticator app. */
  factorId: 'phone' | 'totp'
  displayName?: string | null
  /** Masked phone number for SMS factors, e.g. `+*******1234`. */
  phoneNumber?: string | null
}

/**
 * What core needs from an identity provider. `@honu/core/firebase` implements all of it over Firebase Auth; a
 * host with its own identity system implements the required part (`createTokenAuthAdapter`); tests use
 * `createFakeAuthAdapter()` from `@honu/core/testing`. Optional members are capabilities: the console hides what
 * an adapter cannot do.
 */
export interface AuthAdapter {
  /**
   * The host application signs users in (its own page, its own identity system): the console renders none of its
   * password, second-factor, reset or e-mail-action forms, and sends a signed-out user to the host instead
   * (`onSignInRequired` / `signInUrl` in `@honu/console-react`). `createTokenAuthAdapter` sets it.
   */
  readonly hostSignIn?: boolean
  /** The current user once the provider has restored its session, or `undefined` when signed out. */
  getCurrentUser(): Promise<AuthUser | undefined>
  /** Subscribes to sign-in and sign-out; returns the unsubscribe function. */
  onChange(listener: (user: AuthUser | undefined) => void): () => void
  /**
   * A bearer token for API calls, refreshed by the provider when close to expiry (or always with
   * `forceRefresh`). `undefined` when signed out.
   */
  getIdToken(options?: { forceRefresh?: boolean }): Promise<string | undefined>
  /**
   * Password sign-in. Rejects with an `AuthError`; when a second factor is needed, with an `MfaRequiredError`
   * carrying the hints, and the adapter keeps the pending challenge for {@link AuthAdapter.resolveMfa}.
   */
  signIn(credentials: PasswordCredentials): Promise<AuthUser>
  /** Signs out of the provider (and forgets a pending second-factor challenge). */
  signOut(): Promise<void>
  /** Sends the one-time code for an SMS factor of the pending challenge; nothing to send for TOTP. */
  sendMfaCode?(hint: MfaHint): Promise<void>
  /** Answers the pending challenge with a one-time code. */
  resolveMfa?(hint: MfaHint, code: string): Promise<AuthUser>
  /** Whether a second-factor challenge is pending. */
  hasPendingMfa?(): boolean
  /** Sends a password-reset e-mail. */
  sendPasswordResetEmail?(email: string): Promise<void>
  /** Checks a reset code and answers the e-mail it belongs to. */
  verifyPasswordResetCode?(code: string): Promise<string>
  /** Sets a new password with a reset code. */
  confirmPasswordReset?(code: string, newPassword: string): Promise<void>
  /**
   * Changes the signed-in user's password. Rejects with the provider's `requires-recent-login` when the sign-in is
   * too old for it; {@link AuthAdapter.reauthenticate} then makes it recent.
   */
  changePassword?(newPassword: string): Promise<void>
  /** Confirms the signed-in user with their current password, so a sensitive change (the password) may follow. */
  reauthenticate?(currentPassword: string): Promise<void>
}
