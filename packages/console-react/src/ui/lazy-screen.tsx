import { lazy, type ComponentType } from 'react'
import { ConsoleError, recoveryMessages } from '@honu/core'
import { retryWithBackoff } from '@honu/core/flags'

/** Code of the error a screen whose code could not be loaded throws; the route's error element offers a reload. */
export const SCREEN_LOAD_FAILED = 'console/screen-load-failed'

/** Options of {@link lazyScreen}. */
export interface LazyScreenOptions {
  /** Loads in all, the first included. Default 4 (waits of about 0.5, 1 and 2 s between them). */
  attempts?: number
  /** Wait before the second load; doubled each time, with jitter. Default 500 ms. */
  baseDelayMs?: number
  /** Waits; injectable for tests. */
  sleep?: (ms: number) => Promise<void>
}

// Resets of screens whose load failed, run by the route error's "Try again".
const failed = new Set<() => void>()

/** Lets every screen whose code failed to load try again on its next render (the route error's "Try again"). */
export function retryFailedScreens(): void {
  for (const reset of failed) reset()
  failed.clear()
}

/** A component from {@link lazyScreen}, with `preload()` to load its code before it is first shown. */
export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Loads the code now (with the same retries); rejects with the same `ConsoleError` when every try failed. */
  preload(): Promise<void>
}

/**
 * A screen whose code loads on first visit (`React.lazy`), retried with backoff when the load fails (a server
 * restarting, a flaky network). When every try failed it throws a `ConsoleError` with code
 * {@link SCREEN_LOAD_FAILED} ('The console was updated or cannot be reached'), which the route's error element
 * shows with Reload and Try again ({@link retryFailedScreens}, which loads afresh).
 *
 * Chromium keeps a failed module fetch in its module map for the life of the page (a later `import()` of the same
 * address fails at once without a request), so there the retries cannot help and only a reload recovers; browsers
 * that fetch again do recover by retrying.
 *
 * @example const StreamsScreen = lazyScreen(async () => (await import('./streams-screen')).StreamsScreen)
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, options: LazyScreenOptions = {}): LazyScreen<P> {
  // Once loaded, the screen renders at once, without suspending, wherever this one is used (another console on the
  // page, a later visit); `preload` fills it ahead of time.
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const tryLoad = () =>
    (loading ??= retryWithBackoff(load, {
      shouldRetry: () => true,
      attempts: options.attempts ?? 4,
      baseDelayMs: options.baseDelayMs ?? 500,
      sleep: options.sleep,
    }).then(
      (Screen) => (loaded = Screen),
      (cause: unknown) => {
        // The next load (Try again, a preload) starts afresh.
        loading = undefined
        throw new ConsoleError({ code: SCREEN_LOAD_FAILED, message: recoveryMessages.consoleUpdated, cause })
      },
    ))
  const make = () =>
    lazy(async () => {
      try {
        return { default: await tryLoad() }
      } catch (error) {
        // React.lazy keeps a rejection for good; "Try again" swaps in a fresh one. Not swapped here: React renders
        // a failed tree once more before showing the error, which would start every retry over again.
        failed.add(() => {
          current = make()
        })
        throw error
      }
    })
  let current = make()
  function LazyScreen(props: P) {
    const Screen = loaded ?? current
    return <Screen {...props} />
  }
  return Object.assign(LazyScreen, { preload: async () => void (await tryLoad()) })
}
