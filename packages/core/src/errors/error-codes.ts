import type { RemoteConfigErrorCode } from './messages'

/**
 * The codes of `AuthError`: ours, mapped from the provider's (`toAuthError`), plus the few the adapters and the
 * auth service raise themselves. The fake adapter of `@honu/core/testing` raises two provider codes as they are.
 */
export type AuthErrorCode = `auth/${
  | 'invalid-credentials'
  | 'invalid-email'
  | 'user-disabled'
  | 'too-many-requests'
  | 'network-request-failed'
  | 'internal-error'
  | 'popup-blocked'
  | 'popup-closed-by-user'
  | 'unauthorized-domain'
  | 'invalid-action-code'
  | 'weak-password'
  | 'requires-recent-login'
  | 'unknown'
  | 'multi-factor-required'
  | 'invalid-otp'
  | 'no-mfa-pending'
  | 'no-user'
  | 'unsupported'
  | 'token-expired'
  | 'invalid-verification-code'}`

/** The codes of `HttpError`: no answer (timeout, abort, network) or a refusing one. */
export type HttpErrorCode = `http/${'timeout' | 'aborted' | 'network' | 'unauthorized' | 'forbidden' | 'status'}`

/**
 * Every code a `ConsoleError` carries: stable and machine-readable, by area (`area/what`). Match on these, never on
 * messages. A new error adds its code here, so a `switch` over codes stays complete.
 */
export type ConsoleErrorCode =
  | AuthErrorCode
  | HttpErrorCode
  | `remote-config/${RemoteConfigErrorCode | 'unknown'}`
  | 'cidr/invalid'
  | 'console/missing-provider'
  | 'console/nested-provider'
  | 'console/screen-load-failed'
  /** An area that cannot be mounted: a bad key or path, a path the console has, two areas with one key. */
  | 'console/invalid-area'
  | 'grid/invalid-layout'
  | 'i18n/invalid-message'
  | 'grid/widget-without-id'
  | 'preferences/invalid-notifications'
  | 'preferences/invalid-theme'
  | 'preferences/invalid-locale'
  | 'tenant/missing-id'
  | 'tenant/invalid-name'
  | 'toast/invalid-position'
  | 'user/fetch-failed'
  | 'widget/invalid-data'
