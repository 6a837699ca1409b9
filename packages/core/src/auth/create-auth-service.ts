import { AuthError } from '../errors/auth-error'
import type { AuthErrorCode } from '../errors/error-codes'
import { ConsoleError } from '../errors/console-error'
import { messages } from '../errors/messages'
import type { SessionStore } from './session-store'
import type { ToastStore } from '../stores/toast-store'
import type { AuthAdapter, MfaHint, PasswordCredentials } from './auth-adapter'
import type { MfaRequiredError } from './mfa-required-error'

/** Where a password sign-in ended. */
export type SignInOutcome = 'signed-in' | 'mfa-required'

/** Sign-in, second factor, password reset and change, orchestrated over an adapter and the session store. */
export interface AuthService {
  /**
   * Password sign-in. Answers `mfa-required` when a second factor is needed (the session then holds the hints).
   * On failure shows 'Error logging in', signs out of the provider, and rejects with an `AuthError`.
   */
  signIn(credentials: PasswordCredentials): Promise<SignInOutcome>
  /** Sends the SMS code of the pending challenge (nothing for TOTP). */
  sendMfaCode(hint?: MfaHint): Promise<void>
  /**
   * Answers the pending challenge with a one-time code, trimmed first.
   *
   * @throws {AuthError} 'No mfa signin required error to resolve' without a pending challenge, 'Invalid or
   *   expired OTP Code' when the code is refused.
   */
  resolveMfa(code: string, hint?: MfaHint): Promise<void>
  sendPasswordResetEmail(email: string): Promise<void>
  verifyPasswordResetCode(code: string): Promise<string>
  confirmPasswordReset(code: string, newPassword: string): Promise<void>
  /**
   * Changes the signed-in user's password (spec §7). With `currentPassword`, confirms the user with it first
   * (re-authentication), which is what the provider asks for when the sign-in is not recent.
   *
   * @throws {ConsoleError} 'Could not change password, User not defined' (`auth/no-user`) when nobody is signed in.
   * @throws {AuthError} `auth/requires-recent-login` when the provider wants the current password first (ask for it
   *   and call again with it), `auth/invalid-credentials` when the current password is wrong, `auth/weak-password`.
   */
  changePassword(newPassword: string, currentPassword?: string): Promise<void>
  /** Whether the provider can confirm a user with their current password (see `changePassword`). */
  readonly canReauthenticate: boolean
}

const WRONG = 'Wrong e-mail or password.'
const BAD_LINK = 'This reset link is invalid, expired or already used. Ask for a new one.'
/** Our code without its `auth/` area. */
type AuthCodeName = AuthErrorCode extends `auth/${infer Name}` ? Name : never

/** Provider code (without `auth/`) → our code (without `auth/`) and a message a person can act on. */
const FRIENDLY: Record<string, [AuthCodeName, string]> = {
  'invalid-credential': ['invalid-credentials', WRONG],
  'invalid-login-credentials': ['invalid-credentials', WRONG],
  'wrong-password': ['invalid-credentials', WRONG],
  'user-not-found': ['invalid-credentials', WRONG],
  'missing-password': ['invalid-credentials', WRONG],
  'invalid-email': ['invalid-email', 'Enter a valid e-mail address.'],
  'user-disabled': ['user-disabled', 'This account is disabled. Ask an admin.'],
  'too-many-requests': ['too-many-requests', 'Too many attempts. Wait a moment and try again.'],
  'network-request-failed': ['network-request-failed', 'Could not reach the sign-in service. Check your connection.'],
  'internal-error': ['internal-error', 'The sign-in service failed. Try again in a moment.'],
  'popup-blocked': ['popup-blocked', 'The browser blocked the sign-in window. Allow pop-ups for this site.'],
  'popup-closed-by-user': ['popup-closed-by-user', 'The sign-in window was closed before signing in.'],
  'unauthorized-domain': ['unauthorized-domain', 'This site may not sign in with this project.'],
  'expired-action-code': ['invalid-action-code', BAD_LINK],
  'invalid-action-code': ['invalid-action-code', BAD_LINK],
  'weak-password': ['weak-password', 'Choose a stronger password: at least 6 characters.'],
  'requires-recent-login': ['requires-recent-login', 'For your security, enter your current password to change it.'],
}

/** Maps a provider error to an `AuthError` with one of our codes and a message a person can act on. */
export function toAuthError(error: unknown): AuthError {
  if (ConsoleError.is(error)) return error as AuthError
  const raw = String((error as { code?: unknown } | null)?.code ?? '').replace(/^auth\//, '')
  const [code, message]: [AuthCodeName, string] = FRIENDLY[raw] ?? ['unknown', 'Signing in failed. Try again.']
  return new AuthError({ code: `auth/${code}`, message, cause: error })
}

const isMfaRequired = (error: unknown): error is MfaRequiredError =>
  ConsoleError.is(error) && (error as ConsoleError).code === 'auth/multi-factor-required'

/**
 * Creates the auth service of one console instance.
 *
 * @example const outcome = await client.authService.signIn({ email, password })
 */
export function createAuthService(adapter: AuthAdapter | undefined, session: SessionStore, toasts: ToastStore): AuthService {
  const need = <K extends keyof AuthAdapter>(name: K): NonNullable<AuthAdapter[K]> => {
    const member = adapter?.[name]
    if (!member) {
      throw new AuthError({ code: 'auth/unsupported', message: 'This console cannot do that with its identity provider.' })
    }
    return (member as (...args: never[]) => unknown).bind(adapter) as NonNullable<AuthAdapter[K]>
  }
  const noPending = () => new AuthError({ code: 'auth/no-mfa-pending', message: messages.noMfaToResolve })
  const pendingHint = (hint?: MfaHint) => {
    const hints = session.getState().mfaHints
    if (!hints?.length || adapter?.hasPendingMfa?.() === false) throw noPending()
    return hint ?? hints[0]!
  }

  return {
    async signIn(credentials) {
      const signIn = need('signIn')
      // No 'loading' status here: the guards wait on it, and the sign-in form must stay mounted to show errors.
      try {
        await signIn({ email: credentials.email.trim(), password: credentials.password })
        return 'signed-in'
      } catch (error) {
        if (isMfaRequired(error)) {
          session.setState({ status: 'mfa-required', mfaHints: [...error.hints] })
          return 'mfa-required'
        }
        const failure = toAuthError(error)
        toasts.getState().show({ message: messages.errorLoggingIn, tone: 'negative' })
        await adapter?.signOut().catch(() => undefined)
        session.getState().setError(failure)
        throw failure
      }
    },
    async sendMfaCode(hint) {
      const chosen = pendingHint(hint)
      try {
        await need('sendMfaCode')(chosen)
      } catch (error) {
        throw toAuthError(error)
      }
    },
    async resolveMfa(code, hint) {
      const chosen = pendingHint(hint)
      try {
        await need('resolveMfa')(chosen, code.trim())
        session.setState({ mfaHints: undefined })
      } catch (error) {
        throw new AuthError({ code: 'auth/invalid-otp', message: messages.invalidOtp, cause: error })
      }
    },
    async sendPasswordResetEmail(email) {
      try {
        await need('sendPasswordResetEmail')(email.trim())
      } catch (error) {
        // Saying whether an account exists would let anyone probe e-mails: only real failures surface.
        const failure = toAuthError(error)
        if (failure.code !== 'auth/invalid-credentials') throw failure
      }
    },
    async verifyPasswordResetCode(code) {
      try {
        return await need('verifyPasswordResetCode')(code)
      } catch (error) {
        throw toAuthError(error)
      }
    },
    async confirmPasswordReset(code, newPassword) {
      try {
        await need('confirmPasswordReset')(code, newPassword)
      } catch (error) {
        throw toAuthError(error)
      }
    },
    get canReauthenticate() {
      return !!adapter?.reauthenticate
    },
    async changePassword(newPassword, currentPassword) {
      if (!session.getState().user) {
        throw new ConsoleError({ code: 'auth/no-user', message: messages.passwordChangeNoUser })
      }
      try {
        if (currentPassword !== undefined) await need('reauthenticate')(currentPassword)
        await need('changePassword')(newPassword)
      } catch (error) {
        const failure = toAuthError(error)
        // Without a way to confirm the user here, only signing in again makes the sign-in recent.
        if (failure.code === 'auth/requires-recent-login' && !adapter?.reauthenticate) session.getState().requestReauthentication()
        throw failure
      }
    },
  }
}
