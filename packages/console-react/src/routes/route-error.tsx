import { ConsoleError, recoveryMessageBook } from '@honu/core'
import { useLocation, useNavigate } from 'react-router'
import { useFocusHeading } from '../ui/use-focus-heading'
import { retryFailedScreens, SCREEN_LOAD_FAILED } from '../ui/lazy-screen'
import { useMessages } from '@honu/console-kit'
import { shellMessages } from '../messages/shell'

/**
 * What every console route shows when it failed (its `RouteErrorBoundary`'s fallback): a screen that failed to
 * render says so with "Try again" (which renders the route afresh), and a screen whose code could not be loaded
 * says 'The console was updated or cannot be reached' with "Reload" (a new version replaced the old files, or the
 * server is gone). The layout around it stays, so the rest of the console keeps working.
 */
export function RouteError({ error }: { error: unknown }) {
  const location = useLocation()
  const navigate = useNavigate()
  const heading = useFocusHeading()
  const t = useMessages(shellMessages)
  const recovery = useMessages(recoveryMessageBook)
  const stale = ConsoleError.is(error) && error.code === SCREEN_LOAD_FAILED
  // The same address again: the route's boundary clears its error on a new location and renders the route.
  const retry = () => {
    retryFailedScreens()
    void navigate(location, { replace: true, state: location.state })
  }

  return (
    <section className="honu-route-error" aria-labelledby="honu-route-error-title">
      <h1 id="honu-route-error-title" ref={heading} tabIndex={-1}>
        {stale ? recovery('consoleUpdated') : t('screenFailed')}
      </h1>
      <p>{stale ? t('reloadForNewVersion') : t('tryAgainOrReload')}</p>
      <div className="honu-actions">
        {stale && (
          <button type="button" className="honu-button" onClick={() => globalThis.location.reload()}>
            {t('reload')}
          </button>
        )}
        <button type="button" className={stale ? 'honu-button honu-button--quiet' : 'honu-button'} onClick={retry}>
          {t('tryAgain')}
        </button>
      </div>
    </section>
  )
}
