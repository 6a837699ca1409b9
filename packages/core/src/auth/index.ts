export type { AuthAdapter, AuthUser, PasswordCredentials, MfaHint } from './auth-adapter'
export { MfaRequiredError } from './mfa-required-error'
export { createTokenAuthAdapter, type TokenAuthAdapterOptions } from './create-token-auth-adapter'
export { createAuthService, type AuthService, type SignInOutcome } from './create-auth-service'
export {
  createSessionStore,
  type SessionNotice,
  type SessionState,
  type SessionStatus,
  type SessionStore,
  type SessionUser,
} from './session-store'
export { checkNewPassword, PASSWORD_MIN_LENGTH, type NewPasswordProblem } from './check-new-password'
