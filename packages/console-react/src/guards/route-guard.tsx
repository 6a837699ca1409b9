import { useEffect, useRef, type ReactNode } from 'react'
import { Navigate, useHref, useLocation } from 'react-router'
import { useConnection, useConsoleClient, useFlags, useSession, useTenant } from '@honu/console-kit'
import { useHostOptions } from '../navigation/host-options'
import { PATHS } from '../navigation/paths'
import { usePaths } from '../navigation/paths-context'
import type { GuardState, RouteAccess } from '../navigation/route-access'
import { decideNavigation, HOST_SIGN_IN, UNREACHABLE } from './decide-navigation'
import { hostSignInPanel, sessionLoadErrorPanel, unreachablePanel } from './guard-panels'
import { Loading } from '../ui/load-status'

/** Props of {@link RouteGuard}. */
export interface RouteGuardProps {
  access: RouteAccess
  /** The route's path as in `PATHS`, which the guard decides by. */
  path: string
  children: ReactNode
}

/**
 * The navigation guard of spec §2 around one route: (1) waits for the signed-in user, (2) on every route change,
 * re-syncs the user and the roles for the selected tenant, (3–5) redirects as `decideNavigation` decides.
 * Renders nothing but a status while waiting, so protected content never flashes; 'Error logging in' with a retry
 * when the user record failed to load.
 */
export function RouteGuard({ access, path, children }: RouteGuardProps) {
  const client = useConsoleClient()
  const paths = usePaths()
  const location = useLocation()
  const status = useSession((s) => s.status)
  const permissions = useSession((s) => s.user?.permissions)
  const hasTenant = useTenant((s) => !!s.tenant)
  const flags = useFlags((s) => s.flags)
  const flagsReady = useFlags((s) => s.status === 'ready')
  const signedIn = status === 'authenticated'
  const signedOutByChoice = useSession((s) => s.notice === 'signed-out')
  const host = useHostOptions()
  const hostSignIn = !!(client.authAdapter?.hostSignIn || host.onSignInRequired || host.signInUrl)
  // Down after at least one failed call or probe (not while the first probe of a healthy server is out).
  const unreachable = useConnection((s) => s.status === 'unreachable' || (s.status === 'retrying' && s.failures > 0))
  const state = (location.state ?? {}) as GuardState
  // The page path wanted (the host's base and the router's basename included), for the host's sign-in.
  const wanted = useHref(state.from ?? location.pathname + location.search)
  const waiting = status === 'idle' || status === 'loading' || (path === PATHS.login && signedIn && !flagsReady)

  // Step 2: re-sync on route changes (not on the first arrival, where sign-in just loaded the same record).
  const firstKey = useRef(location.key)
  useEffect(() => {
    if (location.key === firstKey.current || !signedIn || !hasTenant) return
    client.syncUser().catch((error: unknown) => client.logger.warn('[@honu/console-react] could not re-sync the user.', error))
  }, [client, location.key, signedIn, hasTenant])

  // Signed in with the provider but the user record failed (5xx or unreachable): say so with a retry on every
  // route, the sign-in page included, instead of a blank form for someone who is signed in.
  if (status === 'load-failed' && path !== PATHS.authAction) return sessionLoadErrorPanel()
  if (waiting && access !== 'none' && (path !== PATHS.authAction || hostSignIn)) {
    return <Loading page />
  }
  const target = decideNavigation({
    access,
    path,
    signedIn,
    hasTenant,
    permissions,
    flags,
    missionPlanningRefused: state.missionPlanningRefused,
    hostSignIn,
    unreachable,
  })
  if (target === HOST_SIGN_IN) return hostSignInPanel(wanted)
  if (target === UNREACHABLE) return unreachablePanel()
  if (target) {
    // Remember a deep link so sign-in can return to it; not the page someone signed out from.
    const from = target === PATHS.login ? (signedOutByChoice ? undefined : location.pathname + location.search) : state.from
    // Back to a deep link after signing in, rather than the default landing page.
    const back = path === PATHS.login && state.from && target === PATHS.streams ? state.from : undefined
    const prefix = paths.root === '/' ? '' : paths.root
    return <Navigate to={back ?? prefix + target} replace state={{ from }} />
  }
  return <>{children}</>
}
