import { useCallback, useEffect, useState } from 'react'
import { useOnReconnect } from '../hooks/use-on-reconnect'

/** The state of a load: data, a failure to show, and a way to try again. */
export type AsyncState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown }

/**
 * Runs `load` on mount and on `retry()`, ignoring answers that arrive after unmount. A failed load runs again by
 * itself when the console's connection returns.
 */
export function useAsync<T>(load: () => Promise<T>): [AsyncState<T>, () => void] {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'error', error }),
    )
    return () => {
      live = false
    }
    // `load` is recreated on every render; only a retry should reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt])
  const retry = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])
  useOnReconnect(() => state.status === 'error' && retry())
  return [state, retry]
}
