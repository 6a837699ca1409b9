/** Options of {@link retryWithBackoff}. */
export interface RetryOptions {
  /** Whether a failure is worth another try. */
  shouldRetry(error: unknown): boolean
  /** Tries in all, including the first. Default 4. */
  attempts?: number
  /** Delay before the second try; doubles each time, with ±50 % jitter. Default 1000 ms. */
  baseDelayMs?: number
  /** Upper bound of one delay. Default 30 s. */
  maxDelayMs?: number
  /** Waits; injectable for tests. */
  sleep?: (ms: number) => Promise<void>
  /** Jitter source in [0, 1); injectable for tests. */
  random?: () => number
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Runs `task`, retrying with exponential backoff while `shouldRetry` says so. */
export async function retryWithBackoff<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const attempts = options.attempts ?? 4
  const base = options.baseDelayMs ?? 1000
  const max = options.maxDelayMs ?? 30_000
  const sleep = options.sleep ?? defaultSleep
  const random = options.random ?? Math.random
  for (let attempt = 1; ; attempt++) {
    try {
      return await task()
    } catch (error) {
      if (attempt >= attempts || !options.shouldRetry(error)) throw error
      const delay = Math.min(max, base * 2 ** (attempt - 1))
      await sleep(Math.round(delay * (0.5 + random())))
    }
  }
}
