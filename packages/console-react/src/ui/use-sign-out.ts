import { useNavigate } from 'react-router'
import { useConsoleClient } from '@honu/console-kit'
import { pageNavigation, useHostOptions } from '../navigation/host-options'
import { usePaths } from '../navigation/paths-context'

/**
 * The console's own "Sign out", as the host chose (`signOut`, `onSignOut`): `'host'` (default) signs out of the
 * host too (the adapter) and forgets the console's state; `'console'` only leaves the console, the host's session
 * untouched. Then where the host says (`onSignOut`), else the console's login route (`'host'`) or the page's root
 * (`'console'`).
 */
export function useSignOut(): () => Promise<void> {
  const client = useConsoleClient()
  const navigate = useNavigate()
  const paths = usePaths()
  const host = useHostOptions()
  return async () => {
    if (host.signOut === 'console') {
      if (host.onSignOut) host.onSignOut()
      else pageNavigation.assign('/')
      return
    }
    await client.signOut()
    if (host.onSignOut) host.onSignOut()
    else navigate(paths.login, { replace: true })
  }
}
