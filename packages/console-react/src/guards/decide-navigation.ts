import { canEnterMissionPlanning, type FeatureFlags, type Permissions } from '@honu/core'
import { PATHS } from '../navigation/paths'
import type { RouteAccess } from '../navigation/route-access'

export type { RouteAccess }

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
  /**
   * The host signs users in (an adapter with `hostSignIn`, or the host gave `onSignInRequired` / `signInUrl`): the
   * console's own sign-in, second-factor and e-mail-action forms are never shown.
   */
  hostSignIn?: boolean
  /** The server cannot be reached (or refuses this page's origin): see {@link UNREACHABLE}. */
  unreachable?: boolean
}

/** The decision to hand a signed-out user to the host's sign-in (not a path: the host's page is not the console's). */
export const HOST_SIGN_IN = 'host-sign-in'

/** The decision to show, in place, that the server cannot be reached, instead of a sign-in form that cannot work. */
export const UNREACHABLE = 'unreachable'

/** Where the guard sends the user: a console path, the host's sign-in, the unreachable panel, or `undefined` to stay. */
export type NavigationDecision = string | typeof HOST_SIGN_IN | typeof UNREACHABLE | undefined

/** The routes whose screens are the console's own sign-in forms (password, second factor, reset and e-mail actions). */
const isSignInForm = (path: string) => path === PATHS.login || path === PATHS.mfaSignIn || path === PATHS.authAction

/**
 * Routes exempt from step 4 (no tenant → tenant select): the tenant page itself, and the mission-planning side,
 * which works with an organisation instead of a tenant. Following step 4 literally there would make the entry
 * point and organisation select unreachable.
 */
const needsNoTenant = (path: string) => path === PATHS.tenant || path === PATHS.entryPoint || path === PATHS.orgSelection

/**
 * The navigation guard's steps 3–5 of spec §2, as a pure function: where to go instead, or `undefined` to stay.
 * (Step 1, waiting for the user, and step 2, re-syncing the user, are effects of the guard component, and so is
 * carrying out {@link HOST_SIGN_IN}: calling the host's `onSignInRequired` or going to its `signInUrl`.)
 *
 * Two additions for embedding, which the spec (one app, its own sign-in) does not have: with host sign-in the
 * console's sign-in forms hand the user to the host (3a; step 3 still sends a deep link to login first, so the path
 * wanted travels along as the login route's `from`), and a signed-out user whose server cannot be reached is told
 * so in place of a form that could not work (3b).
 */
export function decideNavigation(facts: NavigationFacts): NavigationDecision {
  const isProtected = facts.access === 'login' || facts.access === 'mission-planning'
  // Step 3: a protected route without login goes to login.
  if (isProtected && !facts.signedIn) return PATHS.login
  if (isSignInForm(facts.path) && !facts.signedIn) {
    // 3a. The host signs users in: never the console's forms.
    if (facts.hostSignIn) return HOST_SIGN_IN
    // 3b. A sign-in form while the server cannot be reached: say so instead (the e-mail actions need the
    // identity provider only, so they stay).
    if (facts.unreachable && facts.path !== PATHS.authAction) return UNREACHABLE
  }
  // Step 4: a protected route with login but no tenant goes to tenant.
  if (isProtected && !facts.hasTenant && facts.access === 'login' && !needsNoTenant(facts.path)) return PATHS.tenant
  // Step 5 (and with host sign-in, the second-factor and e-mail-action routes, which it has no use for): the login
  // route when already signed in.
  if ((facts.path === PATHS.login || (facts.hostSignIn && isSignInForm(facts.path))) && facts.signedIn) {
    const toEntryPoint = !facts.missionPlanningRefused && canEnterMissionPlanning({ permissions: facts.permissions }, facts.flags)
    return toEntryPoint ? PATHS.entryPoint : PATHS.streams
  }
  return undefined
}
