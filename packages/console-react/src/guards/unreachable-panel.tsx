import { specMessages } from '@honu/core'
import { useConnection, useConsoleClient, useMessages } from '@honu/console-kit'
import { useSaysUnreachableInPlace } from '../ui/connection-banner'
import { useFocusHeading } from '../ui/use-focus-heading'
import { shellMessages } from '../messages/shell'
import { panelMessages } from '../messages/panels'

/**
 * Shown in place of a sign-in form (or of 'Error logging in') while the console's server cannot be reached, or
 * refuses this page's origin (CORS, which the browser reports as the same network failure): the spec's wording
 * for a failed health check ('Ping to API failed.', §8), the address tried, and a Retry. The console probes on
 * with backoff as well, and this gives way by itself when the server answers (the guard decides again).
 */
export function UnreachablePanel() {
  const client = useConsoleClient()
  const heading = useFocusHeading()
  const t = useMessages(shellMessages)
  const p = useMessages(panelMessages)
  const spec = useMessages(specMessages)
  const retrying = useConnection((s) => s.status === 'retrying')
  const url = `${client.apiBaseUrl}/health`
  // Said here, with its own Retry: the console-wide banner stays quiet meanwhile.
  useSaysUnreachableInPlace()
  return (
    <section className="honu-unreachable" aria-labelledby="honu-unreachable-title" data-honu-unreachable="">
      <h1 id="honu-unreachable-title" ref={heading} tabIndex={-1}>
        {spec('pingFailed')}
      </h1>
      <div className="honu-error" role="alert">
        <p>{p('serverUnreachableAt')}</p>
        <p>
          <code className="honu-unreachable__url">{url}</code>
        </p>
        <p>{p('serverUnreachableWhy')}</p>
      </div>
      <div className="honu-actions">
        <button
          type="button"
          className="honu-button"
          aria-describedby="honu-unreachable-status"
          onClick={() => client.connection.getState().retryNow()}
        >
          {t('retry')}
        </button>
        <span id="honu-unreachable-status" className="honu-unreachable__status" aria-live="polite">
          {retrying ? t('retryingConnection') : ''}
        </span>
      </div>
    </section>
  )
}
