import type { ReactNode } from 'react'
import { LookupStatus, useErrorText, useMessages } from '@honu/console-kit'
import { shellMessages } from '../messages/shell'

/**
 * A status line while something loads. `page` for a whole screen or guard waiting (more room around it), otherwise
 * a line inside a screen.
 */
export function Loading({ children, page = false }: { children?: ReactNode; page?: boolean }) {
  const t = useMessages(shellMessages)
  return (
    <p className={page ? 'honu-status' : 'honu-muted'} role="status">
      {children ?? t('loading')}
    </p>
  )
}

/** Props of {@link LoadStatus}. */
export interface LoadStatusProps {
  /** The load: a `useQuery` result. */
  state: { status: string; error?: unknown }
  /** What loads, for the failure: 'your tenants' gives 'Could not load your tenants.' */
  what: string
  /** The status line while it loads. Default 'Loading…'. */
  loading?: string
  /** Tries again (the query's `retry`). */
  onRetry: () => void
}

/**
 * The screens' and guards' words for {@link LookupStatus}: a status line while it loads; when it failed, 'Could not
 * load {what}.' with what went wrong (no answer, the server's message, or a server failure) and "Try again".
 *
 * @example
 * const tenants = useQuery(['tenants'], () => client.v1.listTenants())
 * return tenants.status === 'ready' ? <List items={tenants.data} /> : <LoadStatus state={tenants} what="your tenants" onRetry={tenants.retry} />
 */
export function LoadStatus({ state, what, loading, onRetry }: LoadStatusProps) {
  const t = useMessages(shellMessages)
  const errorText = useErrorText()
  const failure = (error: unknown) => {
    const status = (error as { status?: number } | null)?.status
    const detail = status === 0 || status === undefined ? t('checkConnection') : errorText(error, t('serverFailed'))
    return t('couldNotLoad', { what, detail })
  }
  return <LookupStatus state={state} loading={loading ?? t('loading')} failure={failure} retryLabel={t('tryAgain')} onRetry={onRetry} />
}
