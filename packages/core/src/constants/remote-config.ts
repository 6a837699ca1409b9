/** Remote configuration settings of spec §9. */
export const REMOTE_CONFIG = {
  /** Fetch timeout: 60 s. */
  fetchTimeoutMillis: 60_000,
  /** Minimum interval between fetches: 12 hours. */
  minimumFetchIntervalMillis: 12 * 60 * 60 * 1000,
  /** At most 100 custom signals. */
  maxCustomSignals: 100,
  /** HTTP statuses retried with backoff. */
  retryStatuses: [429, 500, 503, 504] as readonly number[],
  /** The key holding the JSON map of feature flags. */
  featuresKey: 'features',
} as const
