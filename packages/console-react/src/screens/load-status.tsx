import type { ReactNode } from 'react'
import { LoadError } from './load-error'
import type { AsyncState } from './use-async'

/**
 * A status line while something loads. `page` for a whole screen or guard waiting (more room around it), otherwise
 * a line inside a screen.
 */
export function Loading({ children = 'Loading…', page = false }: { children?: ReactNode; page?: boolean }) {
  return (
    <p className={page ? 'honu-status' : 'honu-muted'} role="status">
      {children}
    </p>
  )
}

/** Props of {@link LoadStatus}. */
export interface LoadStatusProps {
  /** The load, from {@link useAsync}. */
  state: AsyncState<unknown>
  /** What loads, for the failure: 'your tenants' gives 'Could not load your tenants.' */
  what: string
  /** The status line while it loads. Default 'Loading…'. */
  loading?: string
  /** Tries again (the retry from {@link useAsync}). */
  onRetry: () => void
}

/**
 * The one status of a load the screens and guards show: a status line while it loads, the failure in words with
 * "Try again" when it failed, nothing once it is ready (the caller shows the data).
 *
 * @example
 * const [tenants, retry] = useAsync(() => client.v1.listTenants())
 * return tenants.status === 'ready' ? <List items={tenants.data} /> : <LoadStatus state={tenants} what="your tenants" onRetry={retry} />
 */
export function LoadStatus({ state, what, loading, onRetry }: LoadStatusProps) {
  if (state.status === 'loading') return <Loading>{loading}</Loading>
  if (state.status === 'error') return <LoadError what={what} error={state.error} onRetry={onRetry} />
  return null
}
