import { ConsoleError } from '../errors/console-error'
import type { ConsoleErrorCode } from '../errors/error-codes'
import { messages, type MessageKey } from '../errors/messages'
import type { Translate } from './create-i18n-store'
import { specMessages } from './spec-messages'
import { defineMessages } from './define-messages'
import { coreTranslations } from './translations'

/**
 * What an error a user can meet says, by its code. The auth service words its errors from here, so the English
 * is written once; codes whose message carries details (the server's own words, what was being loaded) are not
 * here and show their message as it is.
 */
export const errorMessages = defineMessages(
  'core.errors',
  {
    'auth/invalid-credentials': 'Wrong e-mail or password.',
    'auth/invalid-email': 'Enter a valid e-mail address.',
    'auth/user-disabled': 'This account is disabled. Ask an admin.',
    'auth/too-many-requests': 'Too many attempts. Wait a moment and try again.',
    'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection.',
    'auth/internal-error': 'The sign-in service failed. Try again in a moment.',
    'auth/popup-blocked': 'The browser blocked the sign-in window. Allow pop-ups for this site.',
    'auth/popup-closed-by-user': 'The sign-in window was closed before signing in.',
    'auth/unauthorized-domain': 'This site may not sign in with this project.',
    'auth/invalid-action-code': 'This reset link is invalid, expired or already used. Ask for a new one.',
    'auth/weak-password': 'Choose a stronger password: at least 6 characters.',
    'auth/requires-recent-login': 'For your security, enter your current password to change it.',
    'auth/multi-factor-required': 'Enter the one-time code of your second factor.',
    'auth/unknown': 'Signing in failed. Try again.',
    'http/timeout': 'The server took too long to answer. Try again.',
    'http/network': 'Could not reach the server. Check your connection.',
  } satisfies Partial<Record<ConsoleErrorCode, string>>,
  coreTranslations,
)

// Codes whose message is one of the spec's own (§5, §8), translated with the spec's book.
const SPEC_WORDED: Partial<Record<ConsoleErrorCode, MessageKey>> = {
  'auth/invalid-otp': 'invalidOtp',
  'auth/no-mfa-pending': 'noMfaToResolve',
  // Raised only by a password change (and its re-authentication) without a signed-in user.
  'auth/no-user': 'passwordChangeNoUser',
  'tenant/missing-id': 'tenantWithoutId',
  'grid/widget-without-id': 'widgetWithoutId',
}

/**
 * An error as the user reads it, in the active language: a `ConsoleError` by its code when the catalogue words it,
 * else its own message; anything else `fallback`.
 *
 * @example describeError(client.i18n.getState().t, failure, t('failed'))
 */
export function describeError(t: Translate, error: unknown, fallback: string): string {
  if (!ConsoleError.is(error)) return fallback
  const code = error.code as ConsoleErrorCode
  if (code in errorMessages.messages) return t(errorMessages, code as keyof typeof errorMessages.messages)
  const spec = SPEC_WORDED[code]
  if (spec) return t(specMessages, spec)
  // 'Failed to fetch user data' (§8) with the server's words after it: the words stay, the spec's part is translated.
  if (code === 'user/fetch-failed' && error.message.startsWith(messages.failedToFetchUserData)) {
    return t(specMessages, 'failedToFetchUserData') + error.message.slice(messages.failedToFetchUserData.length)
  }
  return error.message || fallback
}
