import { ConsoleError } from './console-error'

/** A sign-in, second-factor, password or token operation failed. `code` is one of ours, mapped from the provider's. */
export class AuthError extends ConsoleError {
  static override readonly name: string = 'AuthError'
}
