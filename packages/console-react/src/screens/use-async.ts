import { useCallback, useEffect, useState, type DependencyList } from 'react'
import { useOnReconnect } from '@honu/console-kit'

/** The state of a load: data, a failure to show, and a way to try again. */
export type AsyncState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown }

/**
 * Runs `load` on mount, again when one of `deps` changes and on `retry()`, and by itself after a failure once the
 * console's connection returns. An answer that arrives after unmount or after `deps` changed is ignored, and
 * `signal` is aborted then, so a load that stores what it fetched can check it first. With `load` set to `false`
 * (what it needs is not there yet) the state stays 'loading' and nothing runs.
 *
 * The one loading hook of the screens and guards; {@link LoadStatus} shows its 'loading' and 'error' states.
 *
 * @example const [tenants, retry] = useAsync(() => client.v1.listTenants())
 */
export function useAsync<T>(load: ((signal: AbortSignal) => Promise<T>) | false, deps: DependencyList = []): [AsyncState<T>, () => void] {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const enabled = load !== false
  useEffect(() => {
    if (!load) return
    const controller = new AbortController()
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }),
    )
    return () => controller.abort()
    // `load` is recreated on every render; what it reads is in `deps`, and only those (or a retry) reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, enabled, ...deps])
  const retry = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])
  useOnReconnect(() => state.status === 'error' && retry())
  return [state, retry]
}
