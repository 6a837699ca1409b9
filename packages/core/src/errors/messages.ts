/**
 * Every user-facing message of the specification (§5 validation rules, §8 error catalogue), worded exactly as
 * the spec words them. Kept in one module so wording changes in one place and tests can table-drive from it.
 */
export const messages = {
  // §8 notifications
  errorLoggingIn: 'Error logging in',
  errorLoadingUsers: 'Error loading users',
  userSubmitted: 'User submitted',
  errorCreatingUser: 'Error creating user',
  userDeleted: 'User deleted',
  errorDeletingUser: 'Error deleting user',
  userRolesSubmitted: 'User Roles submitted',
  errorUpdatingUserRoles: 'Error updating user roles',
  userRolesDeleted: 'User Roles deleted',
  errorDeletingUserRoles: 'Error deleting user role(s)',
  // §8 other messages
  failedToFetchUserData: 'Failed to fetch user data',
  invalidOtp: 'Invalid or expired OTP Code',
  pingFailed: 'Ping to API failed.',
  pingError: 'Error while pinging API:',
  // §5 validation rules
  passwordChangeNoUser: 'Could not change password, User not defined',
  noMfaToResolve: 'No mfa signin required error to resolve',
  widgetWithoutId: 'widget does not have an id',
  addGridItemNoGrid: 'cannot add new gridItem: grid is undefined',
  loadGridItemsNoGrid: 'cannot load grid items, grid is undefined',
  tenantWithoutId: 'Unable to find Tenant Id',
} as const

/**
 * Messages of the console's own recovery paths, which the spec does not word; kept apart from {@link messages},
 * whose every entry the spec quotes.
 */
export const recoveryMessages = {
  /** On the sign-in page after the server refused the session (revoked, disabled or deleted account). */
  sessionEnded: 'Your session has ended. Sign in again to continue.',
  /** A screen's code could not be loaded after retries: a new version replaced it, or the server is gone. */
  consoleUpdated: 'The console was updated or cannot be reached.',
} as const

/** Key of a catalogued message. */
export type MessageKey = keyof typeof messages

/** Which notifications of §8 are positive; the rest of the notifications are negative. */
export const notificationTone = {
  errorLoggingIn: 'negative',
  errorLoadingUsers: 'negative',
  userSubmitted: 'positive',
  errorCreatingUser: 'negative',
  userDeleted: 'positive',
  errorDeletingUser: 'negative',
  userRolesSubmitted: 'positive',
  errorUpdatingUserRoles: 'negative',
  userRolesDeleted: 'positive',
  errorDeletingUserRoles: 'negative',
} as const satisfies Partial<Record<MessageKey, 'positive' | 'negative'>>

/**
 * 'Failed to fetch user data', with the server's message appended when there is one (§8).
 *
 * @example failedToFetchUserData('not found') // 'Failed to fetch user data: not found'
 */
export function failedToFetchUserData(serverMessage?: string | null): string {
  const detail = serverMessage?.trim()
  return detail ? `${messages.failedToFetchUserData}: ${detail}` : messages.failedToFetchUserData
}

/** Auth provider error codes the spec names (§8), as our codes under `auth/`. */
export const authProviderErrorCodes = [
  'popup-blocked',
  'popup-closed-by-user',
  'unauthorized-domain',
  'network-request-failed',
  'internal-error',
] as const

/** Remote configuration error codes the spec names (§8), as our codes under `remote-config/`. */
export const remoteConfigErrorCodes = [
  'fetch-timeout',
  'fetch-throttle',
  'fetch-status',
  'fetch-client-network',
  'fetch-client-parse',
  'custom-signal-max-allowed-signals',
] as const

/** Remote configuration error code. */
export type RemoteConfigErrorCode = (typeof remoteConfigErrorCodes)[number]
