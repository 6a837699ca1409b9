/** Where core writes warnings and errors. Inject one to capture or silence them; defaults to `console`. */
export interface Logger {
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
}

/** The default logger: the global `console`, looked up at call time so tests and hosts can replace it. */
export const consoleLogger: Logger = {
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
}
