import type { ReactNode } from 'react'
import type { AsyncState } from './use-async'
import { useErrorText, useMessages } from '@honu/console-kit'
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
 * The one status of a load the screens and guards show: a status line while it loads; when it failed, what went
 * wrong in words (no answer, the server's message, or a server failure) with "Try again", nothing the user entered
 * lost; nothing once it is ready (the caller shows the data).
 *
 * @example
 * const [tenants, retry] = useAsync(() => client.v1.listTenants())
 * return tenants.status === 'ready' ? <List items={tenants.data} /> : <LoadStatus state={tenants} what="your tenants" onRetry={retry} />
 */
export function LoadStatus({ state, what, loading, onRetry }: LoadStatusProps) {
  const t = useMessages(shellMessages)
  const errorText = useErrorText()
  if (state.status === 'loading') return <Loading>{loading}</Loading>
  if (state.status === 'ready') return null
  const { error } = state
  const status = (error as { status?: number } | null)?.status
  const detail =
    status === 0 || status === undefined
      ? t('checkConnection')
      : errorText(error, t('serverFailed'))
  return (
    <div className="honu-error" role="alert">
      <p>{t('couldNotLoad', { what, detail })}</p>
      <button type="button" className="honu-button" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </div>
  )
}
