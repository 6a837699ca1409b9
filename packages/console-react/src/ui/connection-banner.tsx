import { createContext, useContext, useEffect, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react'
import { cameBack } from '@honu/core'
import { useConsoleClient, useConnection, useMessages } from '@honu/console-kit'
import { shellMessages } from '../messages/shell'

/** How long "Connected again" stays after an outage. */
const BACK_MS = 4000

/** Counts the screens that say in place that the server cannot be reached (the unreachable panel). */
const InPlaceNotices = createContext<Dispatch<SetStateAction<number>> | undefined>(undefined)

/**
 * The connection banner above `children`, quiet while one of them says the same in place (so it is said once):
 * the sign-in route's unreachable panel calls {@link useSaysUnreachableInPlace}.
 */
export function ConnectionNotices({ children }: { children: ReactNode }) {
  const [inPlace, setInPlace] = useState(0)
  return (
    <InPlaceNotices.Provider value={setInPlace}>
      <ConnectionBanner quiet={inPlace > 0} />
      {children}
    </InPlaceNotices.Provider>
  )
}

/** Marks the calling screen as saying in place that the server cannot be reached, while it is shown. */
export function useSaysUnreachableInPlace() {
  const count = useContext(InPlaceNotices)
  useEffect(() => {
    count?.((n) => n + 1)
    return () => count?.((n) => n - 1)
  }, [count])
}

/**
 * The console-wide connection state, shown once for the whole console (not per tile or list): a polite live
 * region that says when a call has waited seconds for an answer (a hung or overloaded server), when the server cannot be reached, while it is being tried again, and when it is back. Lists
 * fetch again by themselves when it returns; "Retry now" probes at once instead of waiting for the backoff.
 */
export function ConnectionBanner({ quiet = false }: { quiet?: boolean }) {
  const client = useConsoleClient()
  const status = useConnection((s) => s.status)
  const t = useMessages(shellMessages)
  const [back, setBack] = useState(false)

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const unsubscribe = client.connection.subscribe((now, before) => {
      if (now.status !== 'reachable') return setBack(false)
      // Back after an outage; a slow answer that came is not one.
      if (!cameBack(now, before)) return
      setBack(true)
      clearTimeout(timer)
      timer = setTimeout(() => setBack(false), BACK_MS)
    })
    return () => {
      unsubscribe()
      clearTimeout(timer)
    }
  }, [client])

  // Quiet: a screen says it in place (with its own Retry); the region stays, empty, so it can speak again later.
  const down = status !== 'reachable' && !quiet
  // The live region is always in the page, so screen readers announce its text when it changes. A plain polite
  // region rather than role="status": the screens' own status lines stay the only "status" elements.
  return (
    <div className="honu-connection" aria-live="polite" data-state={down ? status : back ? 'back' : 'reachable'}>
      {down && status === 'slow' && <p>{t('slowServer')}</p>}
      {down && status !== 'slow' && (
        <>
          <p>{status === 'retrying' ? t('retryingConnection') : t('unreachable')}</p>
          <button type="button" className="honu-button honu-button--quiet" onClick={() => client.connection.getState().retryNow()}>
            {t('retryNow')}
          </button>
        </>
      )}
      {!down && back && <p>{t('connectedAgain')}</p>}
    </div>
  )
}
