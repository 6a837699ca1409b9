import type { ConsoleErrorCode } from './error-codes'

/** Marks our errors across bundles, where `instanceof` fails (two copies of core on one page). */
const MARKER = Symbol.for('honu.console.error')

/** Options for {@link ConsoleError}. */
export interface ConsoleErrorOptions {
  /** Stable, machine-readable code such as `auth/invalid-credentials`; match on this, never on the message. */
  code: ConsoleErrorCode
  /** Human-readable text; where the spec words it, exactly the spec's wording. */
  message: string
  /** The underlying error, kept for logs and debugging. */
  cause?: unknown
}

/**
 * Base class of every error Honu Console raises.
 *
 * @example
 * if (ConsoleError.is(e) && e.code === 'cidr/invalid') showFieldError(e.message)
 */
export class ConsoleError extends Error {
  /**
   * The class's name as a string, so `error.name` still says `HttpError` after a partner's minifier has renamed the
   * class (`I: …` in their logs otherwise). Every subclass declares its own.
   */
  static override readonly name: string = 'ConsoleError'
  readonly [MARKER] = true
  /** Stable, machine-readable code (see {@link ConsoleErrorCode}). */
  readonly code: ConsoleErrorCode

  constructor(options: ConsoleErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause })
    // The static `name` of the class constructed (a string literal each, kept through minification).
    this.name = new.target.name
    this.code = options.code
  }

  /** True for any `ConsoleError` (or subclass), even one created by another copy of this package. */
  static is(error: unknown): error is ConsoleError {
    return typeof error === 'object' && error !== null && MARKER in error
  }
}
