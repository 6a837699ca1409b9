import { PATHS } from './paths'
import type { AreaLabel } from '../messages/areas'
import type { RouteAccess } from './route-access'

/** The screens of the card layout, by key: sign-in, e-mail actions, second factor, tenant and organisation choice. */
export type CardScreen = 'login' | 'auth-action' | 'mfa-sign-in' | 'tenant-select' | 'org-select' | 'entry-point'

/** The screens of the working layouts (network product and mission planning), by key. */
export type WorkingScreen =
  'streams' | 'vehicle' | 'topology-list' | 'topology-graph' | 'admin' | 'collaboration' | 'mission-operations' | 'mission-review' | 'user-management'

/** A route's screen, by key: the top floor (`routes/screens.tsx`) resolves each key to its component or import. */
export type ScreenKey = CardScreen | WorkingScreen

/** The layout around a route's screen: the centred card, or one product's working layout with its navigation. */
export type ConsoleLayout = 'card' | 'network' | 'mission-planning'

/**
 * One route of the console (a row of spec §2's table). `createConsoleRoutes` turns each row into a React Router
 * route with its screen, the navigation guard for its `access` (and the mission-planning guard when that is
 * 'mission-planning'), its layout and the console's error element.
 */
export type ConsoleRoute = {
  /** Where, as in {@link PATHS} (the host's base path is added when mounted). */
  path: (typeof PATHS)[keyof typeof PATHS]
  /** Who may open it (spec §2 Access column). */
  access: RouteAccess
  /** The layout the screen shows in. */
  layout: ConsoleLayout
  /**
   * The link's label in its layout's navigation (a key of `areaMessages`), in the table's order; rows without one
   * have no link there.
   */
  nav?: AreaLabel
  /** The screen, by key (only the sign-in screen is in the first load; every other one loads on its first visit). */
  screen: ScreenKey
}

/**
 * The console's routes (spec §2), in one table. A new working area is one row here, with its screen's key resolved in
 * `routes/screens.tsx`.
 *
 * Data only: this table is on the navigation floor, which the screens, guards and layouts above it import, so it names
 * its screens by key and imports none of them.
 */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { path: PATHS.login, access: 'public', layout: 'card', screen: 'login' },
  { path: PATHS.authAction, access: 'public', layout: 'card', screen: 'auth-action' },
  { path: PATHS.mfaSignIn, access: 'public', layout: 'card', screen: 'mfa-sign-in' },
  { path: PATHS.tenant, access: 'login', layout: 'card', screen: 'tenant-select' },
  {
    path: PATHS.orgSelection,
    access: 'mission-planning',
    layout: 'card',
    screen: 'org-select',
  },
  {
    path: PATHS.entryPoint,
    access: 'mission-planning',
    layout: 'card',
    screen: 'entry-point',
  },
  {
    path: PATHS.streams,
    access: 'login',
    layout: 'network',
    nav: 'streams',
    screen: 'streams',
  },
  {
    // The vehicle page: a signed-in user of the selected tenant (the page shows only that tenant's vehicles).
    path: PATHS.vehicle,
    access: 'login',
    layout: 'network',
    screen: 'vehicle',
  },
  {
    // The topology's list view (spec §2: the empty child path, networklist); the graph is its other view.
    path: PATHS.networkTopology,
    access: 'login',
    layout: 'network',
    nav: 'networkTopology',
    screen: 'topology-list',
  },
  {
    // The topology's graph view (spec §2: the networkgraph child path): the same screen, its WebGL graph loaded
    // only here.
    path: PATHS.networkGraph,
    access: 'login',
    layout: 'network',
    screen: 'topology-graph',
  },
  {
    path: PATHS.collaboration,
    access: 'login',
    layout: 'network',
    nav: 'collaboration',
    screen: 'collaboration',
  },
  {
    // Admins of the selected tenant and super admins; the screen shows anyone else that they need to be one.
    path: PATHS.adminConsole,
    access: 'login',
    layout: 'network',
    nav: 'adminConsole',
    screen: 'admin',
  },
  {
    path: PATHS.missionOperations,
    access: 'mission-planning',
    layout: 'mission-planning',
    nav: 'missionOperations',
    screen: 'mission-operations',
  },
  {
    path: PATHS.missionReview,
    access: 'mission-planning',
    layout: 'mission-planning',
    nav: 'missionReview',
    screen: 'mission-review',
  },
  {
    path: PATHS.userManagement,
    access: 'mission-planning',
    layout: 'mission-planning',
    nav: 'userManagement',
    screen: 'user-management',
  },
]
