/**
 * The timer functions the mission protocol's ground side uses: the global ones by default, a manual scheduler
 * (`createManualScheduler` of `@honu/core/testing`) in unit tests, so no test needs fake global timers.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** The global timers, looked up at call time. */
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}
