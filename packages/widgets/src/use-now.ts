import { useEffect, useState } from 'react'

/** Milliseconds since the epoch, updated every `intervalMs` while mounted (what "stale" is measured at). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
