import { useMemo, type ReactNode } from 'react'
import { generatePath, useLocation, useNavigate } from 'react-router'
import { ConsoleLinksContext, type ConsoleLinks } from '@honu/console-kit'
import { usePaths } from './paths-context'

/**
 * Gives the widgets below links to the console's pages (`useConsoleLinks` of console-kit): the vehicle page under
 * the host's base path, opened with the router (no reload). None to the page already shown.
 */
export function ConsoleLinksProvider({ children }: { children: ReactNode }) {
  const paths = usePaths()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const value = useMemo<ConsoleLinks>(
    () => ({
      vehiclePage(deviceId) {
        const href = generatePath(paths.vehicle, { deviceId })
        return href === pathname ? undefined : { href, open: () => void navigate(href) }
      },
    }),
    [paths, navigate, pathname],
  )
  return <ConsoleLinksContext.Provider value={value}>{children}</ConsoleLinksContext.Provider>
}
