import type { Logger } from '../platform/logger'
import type { AuthAdapter } from './auth-adapter'
import type { SessionStore } from './session-store'

/** Options of {@link createSessionEnd}. */
export interface SessionEndOptions {
  auth: AuthAdapter | undefined
  session: SessionStore
  logger: Logger
  /** Resets every store and forgets everything stored (the client's `resetAll`). */
  resetAll(): void
}

/**
 * The server or the provider refused the session (after one token refresh): sign out, forget everything, and say
 * why on the sign-in page (`notice: 'session-ended'`). Screens, and with them every player, unmount as the guards
 * send the user to sign in. Calls that arrive while it runs share it.
 *
 * @returns the function that ends the session.
 */
export function createSessionEnd(options: SessionEndOptions): () => Promise<void> {
  let ending: Promise<void> | undefined
  return () =>
    (ending ??= (async () => {
      options.logger.warn('[@honu/core] the server ended the session; signing out.')
      await options.auth?.signOut().catch(() => undefined)
      options.resetAll()
      options.session.setState({ notice: 'session-ended' })
      ending = undefined
    })())
}
