import type { ComponentType } from 'react'
import type { RouteAccess } from '../guards/decide-navigation'
import { LoginScreen } from '../screens/login-screen'
import type { PATHS } from './paths'
import type { AreaLabel } from '../messages/areas'
import type { WorkingScreen } from './working-screens'

/** The layout around a route's screen: the centred card, or one product's working layout with its navigation. */
export type ConsoleLayout = 'card' | 'network' | 'mission-planning'

/**
 * One route of the console (a row of spec §2's table). `createConsoleRoutes` turns each row into a React Router
 * route with the navigation guard for its `access` (and the mission-planning guard when that is
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
} & (
  | {
      /**
       * The screen, in the first load: only the sign-in screen, which must show at once. Every other screen is
       * needed only after signing in (or from an e-mail's link), so it loads on its first visit and stays off the
       * sign-in route's budget (scripts/measure-login-js.mjs).
       */
      screen: ComponentType
      load?: never
    }
  | {
      /**
       * Imports the screen on the first visit (retried with backoff, see `lazyScreen`), so the sign-in route
       * carries none of the other screens' code.
       */
      load: () => Promise<ComponentType>
      screen?: never
    }
)

/**
 * A screen of a working layout, imported on its first visit through `working-screens.tsx`: one lazy import in the
 * sign-in route's chunk for all of them (each import() there carries the list of chunks its screen needs).
 */
function working(screen: WorkingScreen): () => Promise<ComponentType> {
  return () => import('./working-screens').then((m) => m.loadWorkingScreen(screen))
}

/**
 * The console's routes (spec §2), in one table. A new working area is one row here, with a screen folder that
 * `load` imports.
 *
 * The paths are written out (and checked against {@link PATHS} by the type): a property read such as
 * `PATHS.login` counts as a side effect to a bundler, which would then keep the table, every screen in it and the
 * router in an app that imports only the provider (see tsup.config.ts).
 */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { path: '/login', access: 'public', layout: 'card', screen: LoginScreen },
  { path: '/auth/action', access: 'public', layout: 'card', load: () => import('../screens/auth-action-screen').then((m) => m.AuthActionScreen) },
  { path: '/mfasignin', access: 'public', layout: 'card', load: () => import('../screens/mfa-sign-in-screen').then((m) => m.MfaSignInScreen) },
  { path: '/tenant', access: 'login', layout: 'card', load: () => import('../screens/tenant-select-screen').then((m) => m.TenantSelectScreen) },
  {
    path: '/orgselection',
    access: 'mission-planning',
    layout: 'card',
    load: () => import('../screens/org-select-screen').then((m) => m.OrgSelectScreen),
  },
  {
    path: '/entrypoint',
    access: 'mission-planning',
    layout: 'card',
    load: () => import('../screens/entry-point-screen').then((m) => m.EntryPointScreen),
  },
  {
    path: '/streams',
    access: 'login',
    layout: 'network',
    nav: 'streams',
    load: /* @__PURE__ */ working('streams'),
  },
  {
    // The vehicle page: a signed-in user of the selected tenant (the page shows only that tenant's vehicles).
    path: '/vehicles/:deviceId',
    access: 'login',
    layout: 'network',
    load: /* @__PURE__ */ working('vehicle'),
  },
  {
    // The topology's list view (spec §2: the empty child path, networklist); the graph is its other view.
    path: '/networktopology',
    access: 'login',
    layout: 'network',
    nav: 'networkTopology',
    load: /* @__PURE__ */ working('topology-list'),
  },
  {
    // The topology's graph view (spec §2: the networkgraph child path): the same screen, its WebGL graph loaded
    // only here.
    path: '/networktopology/networkgraph',
    access: 'login',
    layout: 'network',
    load: /* @__PURE__ */ working('topology-graph'),
  },
  {
    path: '/collaboration',
    access: 'login',
    layout: 'network',
    nav: 'collaboration',
    load: /* @__PURE__ */ working('collaboration'),
  },
  {
    // Admins of the selected tenant and super admins; the screen shows anyone else that they need to be one.
    path: '/adminconsole',
    access: 'login',
    layout: 'network',
    nav: 'adminConsole',
    load: /* @__PURE__ */ working('admin'),
  },
  {
    path: '/missionoperations',
    access: 'mission-planning',
    layout: 'mission-planning',
    nav: 'missionOperations',
    load: /* @__PURE__ */ working('mission-operations'),
  },
  {
    path: '/missionreview',
    access: 'mission-planning',
    layout: 'mission-planning',
    nav: 'missionReview',
    load: /* @__PURE__ */ working('mission-review'),
  },
  {
    path: '/usermanagement',
    access: 'mission-planning',
    layout: 'mission-planning',
    nav: 'userManagement',
    load: /* @__PURE__ */ working('user-management'),
  },
]
