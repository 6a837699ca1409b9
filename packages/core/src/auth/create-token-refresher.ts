import { TOKEN_REFRESH_INTERVAL_MS } from '../constants/timing'
import type { Logger } from '../platform/logger'
import type { Scheduler } from '../platform/scheduler'
import type { AuthAdapter } from './auth-adapter'
import type { SessionStore } from './session-store'

/** Options of {@link createTokenRefresher}. */
export interface TokenRefresherOptions {
  /** The identity provider; without one there is no token. */
  auth: AuthAdapter | undefined
  session: SessionStore
  scheduler: Scheduler
  logger: Logger
  /** Resets every store and forgets everything stored (the client's `resetAll`), when the session ends. */
  resetAll(): void
}

/**
 * The console's access token. The provider is the one source: every token is asked of it (it refreshes one
 * close to expiry by itself), and `session.token` mirrors the last one handed out while signed in. When the
 * provider or the server refuses the session (revoked, disabled or deleted account), it ends it: signed out,
 * everything forgotten, and `notice: 'session-ended'` for the sign-in page.
 */
export interface TokenRefresher {
  /** The current token, for the next call; `undefined` when signed out. */
  current(): Promise<string | undefined>
  /**
   * Asks the provider for a fresh token now. A refusal ends the session (as after a refused 401); a network
   * failure only logs, the next refresh tries again.
   *
   * @returns whether a fresh token was obtained.
   */
  refresh(): Promise<boolean>
  /**
   * The HTTP client's answer to a 401 on a call that carried a token: the first time, one refresh shared by every
   * call refused at the same moment (`true`: send the call again); refused again after it, the session ends.
   */
  onUnauthorized(retried: boolean): Promise<boolean>
  /** Starts the 50-minute refresh (spec §4), which runs while the session holds a token. */
  start(): void
  /** Stops the refresh timer and the session listener. */
  stop(): void
}

/**
 * Creates the token refresher of one console.
 *
 * @example
 * const tokens = createTokenRefresher({ auth, session, scheduler, logger, resetAll })
 * const http = createHttpClient({ getToken: tokens.current, onUnauthorized: tokens.onUnauthorized })
 */
export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const { auth, session, scheduler, logger } = options
  let running = false
  let timer: unknown
  let unsubscribe: (() => void) | undefined
  let shared: Promise<boolean> | undefined
  let ending: Promise<void> | undefined

  // The server or the provider refused the session (after one refresh): sign out, forget everything, and say why
  // on the sign-in page. Screens, and with them every player, unmount as the guards send the user to sign in.
  // Refusals that arrive while it runs share it.
  const endSession = () =>
    (ending ??= (async () => {
      logger.warn('[@honu/core] the server ended the session; signing out.')
      await auth?.signOut().catch(() => undefined)
      options.resetAll()
      session.setState({ notice: 'session-ended' })
      ending = undefined
    })())

  // Only while signed in: a token obtained while the user record loads, or after sign-out, is not the session's.
  const mirror = (token: string | undefined) => {
    const state = session.getState()
    if (state.status === 'authenticated' && state.token !== token) state.setToken(token)
  }

  const current = async () => {
    const token = auth ? await auth.getIdToken() : undefined
    mirror(token)
    return token
  }

  const refresh = async (): Promise<boolean> => {
    if (!auth) return false
    try {
      session.getState().setToken(await auth.getIdToken({ forceRefresh: true }))
      return true
    } catch (error) {
      logger.warn('[@honu/core] could not refresh the access token.', error)
      // A provider that cannot be reached is not a refusal: the session stays.
      if (!String((error as { code?: unknown } | null)?.code).includes('network')) await endSession()
      return false
    }
  }

  // The refresh timer runs while a token exists and stops when it is gone (spec §4).
  const syncTimer = () => {
    const hasToken = !!session.getState().token
    if (running && hasToken && timer === undefined) {
      timer = scheduler.setInterval(() => void refresh(), TOKEN_REFRESH_INTERVAL_MS)
    } else if ((!running || !hasToken) && timer !== undefined) {
      scheduler.clearInterval(timer)
      timer = undefined
    }
  }

  return {
    current,
    refresh,
    async onUnauthorized(retried) {
      if (retried) {
        await endSession()
        return false
      }
      return (shared ??= refresh().finally(() => (shared = undefined)))
    },
    start() {
      if (running) return
      running = true
      unsubscribe = session.subscribe(syncTimer)
      syncTimer()
    },
    stop() {
      if (!running) return
      running = false
      unsubscribe?.()
      unsubscribe = undefined
      syncTimer()
    },
  }
}
