import type { ReactNode } from 'react'

/** Props of {@link LookupStatus}. */
export interface LookupStatusProps {
  /** The lookup (a {@link useQuery} result, or any state with these statuses); `ready` and others show nothing. */
  state: { status: string; error?: unknown }
  /** The status line while it loads ('Finding the vehicle…'). */
  loading: ReactNode
  /** What went wrong, in the caller's words, from the failure ('The vehicle could not be loaded: …'). */
  failure: (error: unknown) => ReactNode
  /** The label of the button that tries again ('Try again'). */
  retryLabel: string
  /** Tries again: the query's `retry`. */
  onRetry: () => void
  /** A whole screen or guard waiting (more room around the status line) rather than a line inside one. */
  page?: boolean
}

/**
 * The one status of a lookup that screens, guards and widgets show: a polite status line while it loads; when it
 * failed, what went wrong in the caller's words as an alert with a button that tries again, nothing the user
 * entered lost; nothing once it is ready (the caller shows the data).
 *
 * @example
 * const vehicles = useQuery(['devices', tenantId], () => client.v1.listDevices(tenantId))
 * if (vehicles.status !== 'ready') return <LookupStatus state={vehicles} loading={t('loading')} failure={(e) => t('failed', { reason: reason(e) })} retryLabel={t('retry')} onRetry={vehicles.retry} />
 */
export function LookupStatus({ state, loading, failure, retryLabel, onRetry, page = false }: LookupStatusProps) {
  if (state.status === 'loading')
    return (
      <p className={page ? 'honu-status' : 'honu-muted'} role="status">
        {loading}
      </p>
    )
  if (state.status !== 'error') return null
  return (
    <div className="honu-error" role="alert">
      <p>{failure(state.error)}</p>
      <button type="button" className="honu-button" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  )
}
