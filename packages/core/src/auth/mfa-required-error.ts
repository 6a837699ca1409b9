import { AuthError } from '../errors/auth-error'
import { errorMessages } from '../i18n/error-messages'
import type { MfaHint } from './auth-adapter'

/** Sign-in needs a second factor: answer one of `hints` with a one-time code. */
export class MfaRequiredError extends AuthError {
  static override readonly name: string = 'MfaRequiredError'
  readonly hints: readonly MfaHint[]

  constructor(hints: readonly MfaHint[], cause?: unknown) {
    super({ code: 'auth/multi-factor-required', message: errorMessages.messages['auth/multi-factor-required'], cause })
    this.hints = hints
  }
}
