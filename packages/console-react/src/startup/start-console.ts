/** What a start-up step may answer: nothing, or a request to go elsewhere. */
export type StartupResult = void | { redirect: string }

/** One step before the console mounts (load configuration, check the browser…). */
export type StartupStep = () => StartupResult | Promise<StartupResult>

/** Options of {@link startConsole}. */
export interface StartConsoleOptions {
  /** Run in order; each may request a redirect, which ends start-up. */
  steps?: readonly StartupStep[]
  /** Mounts the console; called only when every step succeeded. */
  mount: () => void
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
    for (const step of options.steps ?? []) {
      const result = await step()
      if (result && typeof result === 'object' && 'redirect' in result) {
        ;(options.redirect ?? ((url) => globalThis.location.assign(url)))(result.redirect)
        return 'redirected'
      }
    }
    options.mount()
    return 'mounted'
  } catch (error) {
    ;(options.onError ?? ((e) => console.error('[@honu/console-react] start-up failed; the console was not mounted.', e)))(error)
    return 'failed'
  }
}
