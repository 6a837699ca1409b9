import { useEffect, useRef } from 'react'
import { cameBack } from '@honu/core'
import { useConsoleClient } from './use-console-client'

/**
 * Calls `onBack` each time the console's connection returns to `reachable` after an outage, so a list in its
 * error state fetches again by itself (its "Try again" button stays for the impatient).
 */
export function useOnReconnect(onBack: () => void): void {
  const client = useConsoleClient()
  // The newest callback, so it sees the current state without resubscribing on every render.
  const latest = useRef(onBack)
  useEffect(() => {
    latest.current = onBack
  })
  useEffect(
    () =>
      client.connection.subscribe((now, before) => {
        if (cameBack(now, before)) latest.current()
      }),
    [client],
  )
}
