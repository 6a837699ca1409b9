export { ConsoleError, type ConsoleErrorOptions } from './console-error'
export { HttpError, type HttpErrorOptions } from './http-error'
export { AuthError } from './auth-error'
export type { ConsoleErrorCode, AuthErrorCode, HttpErrorCode } from './error-codes'
export {
  messages,
  recoveryMessages,
  notificationTone,
  failedToFetchUserData,
  authProviderErrorCodes,
  remoteConfigErrorCodes,
  type MessageKey,
  type RemoteConfigErrorCode,
} from './messages'
