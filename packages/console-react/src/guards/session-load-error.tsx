import { specMessages } from '@honu/core'
import { useState } from 'react'
import { useConsoleClient, useSession, useErrorText, useMessages } from '@honu/console-kit'
import { useSignOut } from '../ui/use-sign-out'
import { useFocusHeading } from '../ui/use-focus-heading'
import { shellMessages } from '../messages/shell'
import { panelMessages } from '../messages/panels'

/**
 * 'Error logging in' (spec §8) when the provider signed the user in but the console's user record failed with a
 * 5xx or could not be fetched: what happened, a Retry that finishes signing in, and a way to sign out instead.
 * Never a blank page; the retry also runs by itself when the connection returns.
 */
export function SessionLoadError() {
  const client = useConsoleClient()
  const heading = useFocusHeading()
  const t = useMessages(shellMessages)
  const p = useMessages(panelMessages)
  const spec = useMessages(specMessages)
  const errorText = useErrorText()
  const error = useSession((s) => s.error)
  const [busy, setBusy] = useState(false)
  // As the host chose: with signOut 'console' this only leaves the console.
  const signOut = useSignOut()
  // The client's failure is 'Failed to fetch user data' (§8) with the HTTP error as its cause; status 0: no answer.
  const failure = error as { status?: number; cause?: { status?: number } } | undefined
  const reached = !!(failure?.cause?.status ?? failure?.status)

  const retry = async () => {
    setBusy(true)
    try {
      await client.retrySession()
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="honu-session-error" aria-labelledby="honu-session-error-title">
      <h1 id="honu-session-error-title" ref={heading} tabIndex={-1}>
        {spec('errorLoggingIn')}
      </h1>
      <div className="honu-error" role="alert">
        {/* §8: 'Failed to fetch user data', with the server's message when there is one. */}
        <p>{errorText(error, spec('failedToFetchUserData'))}</p>
        <p>{reached ? p('accountServerFailed') : p('accountUnreachable')}</p>
        {/* No answer (down, or refusing this page's origin): the address, so whoever embeds the console can check it. */}
        {!reached && (
          <p>
            <code className="honu-unreachable__url">{`${client.apiBaseUrl}/health`}</code>
          </p>
        )}
      </div>
      <div className="honu-actions">
        <button type="button" className="honu-button" onClick={() => void retry()} disabled={busy}>
          {t('retry')}
        </button>
        <button type="button" className="honu-button honu-button--quiet" onClick={() => void signOut()}>
          {t('signOut')}
        </button>
      </div>
    </section>
  )
}
