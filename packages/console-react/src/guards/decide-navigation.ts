import { canEnterMissionPlanning, type FeatureFlags, type Permissions } from '@honu/core'
import { PATHS } from '../navigation/paths'

/** Who may open a route (spec §2 Access column). */
export type RouteAccess = 'public' | 'login' | 'mission-planning' | 'none'

/** What the navigation guard decides from. */
export interface NavigationFacts {
  access: RouteAccess
  /** The route's path, as in {@link PATHS}. */
  path: string
  signedIn: boolean
  hasTenant: boolean
  permissions?: Permissions
  flags: FeatureFlags
  /** Set when the mission-planning guard just refused entry, so the login route does not send the user back. */
  missionPlanningRefused?: boolean
}

/**
 * Routes exempt from step 4 (no tenant → tenant select): the tenant page itself, and the mission-planning side,
 * which works with an organisation instead of a tenant. Following step 4 literally there would make the entry
 * point and organisation select unreachable.
 */
const needsNoTenant = (path: string) => path === PATHS.tenant || path === PATHS.entryPoint || path === PATHS.orgSelection

/**
 * The navigation guard's steps 3–5 of spec §2, as a pure function: where to go instead, or `undefined` to stay.
 * (Step 1, waiting for the user, and step 2, re-syncing the user, are effects of the guard component.)
 */
export function decideNavigation(facts: NavigationFacts): string | undefined {
  const isProtected = facts.access === 'login' || facts.access === 'mission-planning'
  // Step 3: a protected route without login goes to login.
  if (isProtected && !facts.signedIn) return PATHS.login
  // Step 4: a protected route with login but no tenant goes to tenant.
  if (isProtected && !facts.hasTenant && facts.access === 'login' && !needsNoTenant(facts.path)) return PATHS.tenant
  // Step 5: the login route when already signed in.
  if (facts.path === PATHS.login && facts.signedIn) {
    const toEntryPoint =
      !facts.missionPlanningRefused && canEnterMissionPlanning({ permissions: facts.permissions }, facts.flags)
    return toEntryPoint ? PATHS.entryPoint : PATHS.streams
  }
  return undefined
}
