import { REMOTE_CONFIG } from '../constants/remote-config'
import { consoleLogger, type Logger } from '../platform/logger'
import type { FeatureFlags } from './feature-flags'
import type { FlagSource } from './flag-source'
import { retryWithBackoff, type RetryOptions } from './retry-with-backoff'

/** Options of {@link createHttpFlagSource}. */
export interface HttpFlagSourceOptions {
  /**
   * The console's HTTP client (`client.http`). Described by what is used of it, so flags/ needs nothing from api/
   * (flags sit below permissions, which api uses).
   */
  http: { request(method: 'GET', url: string, options: { timeoutMs: number }): Promise<unknown> }
  /** Address answering `{ "features": <map or JSON text> }` or the map itself. */
  url: string
  logger?: Logger
  /** Timeout of one fetch. Default 60 s (spec §9). */
  timeoutMs?: number
  /** Retry tuning; retries on 429, 500, 503 and 504 (spec §9). */
  retry?: Omit<RetryOptions, 'shouldRetry'>
}

/**
 * Flags from an HTTP endpoint, such as the reference server's local-mode flag map. Failures are logged and
 * answer the last flags loaded (none at first).
 */
export function createHttpFlagSource(options: HttpFlagSourceOptions): FlagSource {
  const logger = options.logger ?? consoleLogger
  let last: FeatureFlags = {}
  return {
    async load() {
      // The map's parser (and its schema, valibot) loads alongside the request rather than with the sign-in page.
      const parser = import('./parse-features')
      // Awaited only once the answer is there; a failed import then lands in the catch below like a failed request.
      parser.catch(() => undefined)
      try {
        const body = await retryWithBackoff(
          () => options.http.request('GET', options.url, { timeoutMs: options.timeoutMs ?? REMOTE_CONFIG.fetchTimeoutMillis }),
          {
            ...options.retry,
            shouldRetry: (error) => REMOTE_CONFIG.retryStatuses.includes((error as { status?: number }).status ?? 0),
          },
        )
        const raw =
          body && typeof body === 'object' && !Array.isArray(body) && REMOTE_CONFIG.featuresKey in body
            ? (body as Record<string, unknown>)[REMOTE_CONFIG.featuresKey]
            : body
        last = (await parser).parseFeatures(raw, logger)
      } catch (error) {
        logger.warn('[@honu/core] feature flags: could not load flags; keeping the last known flags.', error)
      }
      return last
    },
  }
}
