export { ConsoleError, type ConsoleErrorOptions } from './console-error'
export { HttpError, type HttpErrorOptions } from './http-error'
export { AuthError } from './auth-error'
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
