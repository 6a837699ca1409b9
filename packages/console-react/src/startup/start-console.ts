import { STARTUP_TOAST_POSITION, STARTUP_TOAST_TIMEOUT_MS, type ConsoleClient } from '@honu/core'

/** What a start-up step may answer: nothing, a request to go elsewhere, or a notice to show once mounted. */
export type StartupResult = void | { redirect: string } | { notice: string }

/** One step before the console mounts (load configuration, check the browser…). */
export type StartupStep = () => StartupResult | Promise<StartupResult>

/** Options of {@link startConsole}. */
export interface StartConsoleOptions {
  /** Run in order; each may request a redirect, which ends start-up. */
  steps?: readonly StartupStep[]
  /**
   * Mounts the console; called only when every step succeeded, with the steps' notices, which the host shows as
   * start-up notifications (spec §9: bottom-right, 1500 ms; see `showStartupNotices`).
   */
  mount: (notices: string[]) => void
  /** Navigates the browser; default `location.assign`. */
  redirect?: (url: string) => void
  /** Where a failure is reported; default `console.error`. */
  onError?: (error: unknown) => void
}

/**
 * Start-up of spec §2: runs the steps, then mounts. If a step fails the console is not mounted and the error is
 * logged; if a step requests a redirect the browser goes there instead.
 *
 * @returns how start-up ended.
 */
export async function startConsole(options: StartConsoleOptions): Promise<'mounted' | 'redirected' | 'failed'> {
  try {
    const notices: string[] = []
    for (const step of options.steps ?? []) {
      const result = await step()
      if (result && typeof result === 'object' && 'redirect' in result) {
        ;(options.redirect ?? ((url) => globalThis.location.assign(url)))(result.redirect)
        return 'redirected'
      }
      if (result && typeof result === 'object' && 'notice' in result) notices.push(result.notice)
    }
    options.mount(notices)
    return 'mounted'
  } catch (error) {
    ;(options.onError ?? ((e) => console.error('[@honu/console-react] start-up failed; the console was not mounted.', e)))(error)
    return 'failed'
  }
}

/** Shows start-up notices the way spec §9 says: bottom-right, for 1500 ms. */
export function showStartupNotices(client: ConsoleClient, notices: readonly string[]): void {
  for (const message of notices) {
    client.toasts.getState().show({ message, position: STARTUP_TOAST_POSITION, timeoutMs: STARTUP_TOAST_TIMEOUT_MS })
  }
}
