import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useMessages } from '@honu/console-kit'
import { pageNavigation, signInAddress, useHostOptions } from '../navigation/host-options'
import { useFocusHeading } from '../ui/use-focus-heading'
import { panelMessages } from '../messages/panels'

/**
 * What the console's sign-in routes show when the host signs users in: no form, only a word that the host does it
 * (and a link to its sign-in page when there is one). On arrival it hands the user to the host: `onSignInRequired`
 * with the path wanted, or else the browser goes to `signInUrl?returnTo=…`. Once per arrival (a StrictMode double
 * effect or a re-render does not call the host twice); the host's sign-in reaches the console through the
 * adapter's `subscribe`, and the guard then leads on to the path wanted.
 */
export function HostSignIn({ path }: { path: string }) {
  const { onSignInRequired, signInUrl } = useHostOptions()
  const { key } = useLocation()
  const heading = useFocusHeading()
  const t = useMessages(panelMessages)
  // The host's newest callback (an inline function is a new one each render), without handing the user over again.
  const latest = useRef(onSignInRequired)
  useLayoutEffect(() => {
    latest.current = onSignInRequired
  })
  const handed = useRef<string | undefined>(undefined)

  useEffect(() => {
    const arrival = `${key} ${path}`
    if (handed.current === arrival) return
    handed.current = arrival
    if (latest.current) latest.current(path)
    else if (signInUrl) pageNavigation.assign(signInAddress(signInUrl, path))
  }, [key, path, signInUrl])

  return (
    <section className="honu-host-sign-in" aria-labelledby="honu-host-sign-in-title" data-honu-host-sign-in="">
      <h1 id="honu-host-sign-in-title" ref={heading} tabIndex={-1}>
        {t('hostSignInTitle')}
      </h1>
      <p>{t('hostSignInText')}</p>
      {signInUrl && (
        <p>
          <a href={signInAddress(signInUrl, path)}>{t('hostSignInLink')}</a>
        </p>
      )}
    </section>
  )
}
