/** Backoff between reconnection attempts: 1 s, 2 s, 4 s, 8 s, then every 15 s, with ±20 % jitter so many tiles do not retry in step. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 1000 * 2 ** Math.max(0, attempt))
  return Math.round(base * (0.8 + random() * 0.4))
}
