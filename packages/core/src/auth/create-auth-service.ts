import { AuthError } from '../errors/auth-error'
import { ConsoleError } from '../errors/console-error'
import { messages } from '../errors/messages'
import { errorMessages } from '../i18n/error-messages'
import { specMessages } from '../i18n/spec-messages'
import type { I18nStore } from '../i18n/create-i18n-store'
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

/** Our codes that `errorMessages` words for a person. */
type WordedAuthCode = Extract<keyof typeof errorMessages.messages, `auth/${string}`>

/** Provider code (without `auth/`) → our code, worded for a person in `errorMessages`. */
const FRIENDLY: Record<string, WordedAuthCode> = {
  'invalid-credential': 'auth/invalid-credentials',
  'invalid-login-credentials': 'auth/invalid-credentials',
  'wrong-password': 'auth/invalid-credentials',
  'user-not-found': 'auth/invalid-credentials',
  'missing-password': 'auth/invalid-credentials',
  'invalid-email': 'auth/invalid-email',
  'user-disabled': 'auth/user-disabled',
  'too-many-requests': 'auth/too-many-requests',
  'network-request-failed': 'auth/network-request-failed',
  'internal-error': 'auth/internal-error',
  'popup-blocked': 'auth/popup-blocked',
  'popup-closed-by-user': 'auth/popup-closed-by-user',
  'unauthorized-domain': 'auth/unauthorized-domain',
  'expired-action-code': 'auth/invalid-action-code',
  'invalid-action-code': 'auth/invalid-action-code',
  'weak-password': 'auth/weak-password',
  'requires-recent-login': 'auth/requires-recent-login',
}

/**
 * Maps a provider error to an `AuthError` with one of our codes and a message a person can act on (US English;
 * the screens show it in the active language through `describeError`).
 */
export function toAuthError(error: unknown): AuthError {
  if (ConsoleError.is(error)) return error as AuthError
  const raw = String((error as { code?: unknown } | null)?.code ?? '').replace(/^auth\//, '')
  const code = FRIENDLY[raw] ?? 'auth/unknown'
  return new AuthError({ code, message: errorMessages.messages[code], cause: error })
}

const isMfaRequired = (error: unknown): error is MfaRequiredError =>
  ConsoleError.is(error) && (error as ConsoleError).code === 'auth/multi-factor-required'

/**
 * Creates the auth service of one console instance.
 *
 * @example const outcome = await client.authService.signIn({ email, password })
 */
export function createAuthService(
  adapter: AuthAdapter | undefined,
  session: SessionStore,
  toasts: ToastStore,
  /** Words the toasts in the console's language; without it they are US English. */
  i18n?: I18nStore,
): AuthService {
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
        toasts.getState().show({ message: i18n?.getState().t(specMessages, 'errorLoggingIn') ?? messages.errorLoggingIn, tone: 'negative' })
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
