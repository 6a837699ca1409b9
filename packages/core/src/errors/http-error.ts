import { ConsoleError } from './console-error'
import type { HttpErrorCode } from './error-codes'

/** Options for {@link HttpError}. */
export interface HttpErrorOptions {
  code: HttpErrorCode
  message: string
  /** HTTP status, or 0 when no response arrived (network failure, timeout, abort). */
  status: number
  /** The parsed error body the server sent, if any. */
  body?: unknown
  cause?: unknown
}

/** A call to the API failed: a non-2xx answer, a network failure, a timeout or an abort. */
export class HttpError extends ConsoleError {
  static override readonly name: string = 'HttpError'
  declare readonly code: HttpErrorCode
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number
  /** The parsed error body the server sent, if any. */
  readonly body: unknown

  constructor(options: HttpErrorOptions) {
    super(options)
    this.status = options.status
    this.body = options.body
  }
}
