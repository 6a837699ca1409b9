import { Suspense } from 'react'
import { Navigate, Outlet, type RouteObject } from 'react-router'
import { MissionPlanningGuard, RouteGuard } from '../guards/route-guard'
import type { RouteAccess } from '../guards/decide-navigation'
import { CardLayout } from '../layouts/card-layout'
import { MainLayout } from '../layouts/main-layout'
import { AuthActionScreen } from '../screens/auth-action-screen'
import { EntryPointScreen } from '../screens/entry-point-screen'
import { LoginScreen } from '../screens/login-screen'
import { MfaSignInScreen } from '../screens/mfa-sign-in-screen'
import { NotFoundScreen } from '../screens/not-found-screen'
import { OrgSelectScreen } from '../screens/org-select-screen'
import { TenantSelectScreen } from '../screens/tenant-select-screen'
import { ConnectionBanner } from '../layouts/connection-banner'
import { lazyScreen } from './lazy-screen'
import { RouteError } from './route-error'
// The working screens load on first visit (retried when that fails): the sign-in route's first load carries no
// dashboard code.
const StreamsScreen = /* @__PURE__ */ lazyScreen(async () => (await import('../screens/streams/streams-screen')).StreamsScreen)
const WorkAreaScreen = /* @__PURE__ */ lazyScreen(async () => (await import('../screens/work-area-screen')).WorkAreaScreen)
function Loading() {
  return (
    <p className="honu-muted" role="status">
      Loading…
    </p>
  )
}
import { Toaster } from '../toaster/toaster'
import { ThemedRoot } from './themed-root'
import type { WorkspaceId } from '@honu/core/grid'
import type { WidgetRegistry } from '../dashboard/widget-registry'
import { WidgetRegistryContext } from '../dashboard/widget-registry-context'
import { PATHS } from './paths'
import { EmbeddingContext } from './embedding-context'
import { PathsProvider, prefixPaths } from './paths-context'

/** Options of {@link createConsoleRoutes}. */
export interface ConsoleRoutesOptions {
  /** Where the host mounts the console in its router, e.g. `/ops`. Default: the site root. */
  basePath?: string
  /** The console shares the page with the host's content: no `main` landmark of its own. */
  embedded?: boolean
  /** Widget components for the dashboards (e.g. `widgetComponents` from `@honu/widgets`). */
  widgets?: WidgetRegistry
}

const guarded = (access: RouteAccess, path: string, element: React.ReactNode, missionPlanning = false) => (
  <RouteGuard access={access} path={path}>
    {missionPlanning ? <MissionPlanningGuard>{element}</MissionPlanningGuard> : element}
  </RouteGuard>
)
const rel = (path: string) => path.replace(/^\//, '')

/** Every route gets the console's error element (unless it has one), so React Router's developer page never shows. */
const withErrorElements = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => ({ ...route, errorElement: route.errorElement ?? <RouteError />, children: route.children && withErrorElements(route.children) }) as RouteObject)

/**
 * The route table of spec §2 as React Router route objects, for a host to mount in its own data router (or use
 * `<Console />`, which brings one). Every route carries the navigation guard and the console's error element; the
 * mission-planning routes also the mission-planning guard. The connection banner sits once above every screen.
 *
 * @example
 * const router = createBrowserRouter([...hostRoutes, ...createConsoleRoutes({ basePath: '/ops' })])
 */
export function createConsoleRoutes(options: ConsoleRoutesOptions = {}): RouteObject[] {
  const base = options.basePath?.replace(/\/+$/, '') ?? ''
  const paths = prefixPaths(base)
  const work = (title: string, description: string, workspace?: WorkspaceId) => (
    <Suspense fallback={<Loading />}>
      <WorkAreaScreen title={title} description={description} workspace={workspace} />
    </Suspense>
  )
  return withErrorElements([
    {
      path: base || '/',
      // Outside the themed root, which is what failed: the error keeps the console's styles scope.
      errorElement: (
        <div className="honu-console" data-theme="dark">
          <RouteError />
        </div>
      ),
      element: (
        <PathsProvider base={base}>
          <EmbeddingContext.Provider value={options.embedded ?? false}>
            <WidgetRegistryContext.Provider value={options.widgets}>
              <ThemedRoot>
                <ConnectionBanner />
                <Outlet />
                <Toaster />
              </ThemedRoot>
            </WidgetRegistryContext.Provider>
          </EmbeddingContext.Provider>
        </PathsProvider>
      ),
      children: [
        { index: true, element: <Navigate to={paths.login} replace /> },
        {
          element: <CardLayout />,
          children: [
            {
              path: rel(PATHS.login),
              element: guarded('public', PATHS.login, <LoginScreen />),
            },
            {
              path: rel(PATHS.authAction),
              element: guarded('public', PATHS.authAction, <AuthActionScreen />),
            },
            {
              path: rel(PATHS.mfaSignIn),
              element: guarded('public', PATHS.mfaSignIn, <MfaSignInScreen />),
            },
            {
              path: rel(PATHS.tenant),
              element: guarded('login', PATHS.tenant, <TenantSelectScreen />),
            },
            {
              path: rel(PATHS.orgSelection),
              element: guarded('mission-planning', PATHS.orgSelection, <OrgSelectScreen />, true),
            },
            {
              path: rel(PATHS.entryPoint),
              element: guarded('mission-planning', PATHS.entryPoint, <EntryPointScreen />, true),
            },
          ],
        },
        {
          element: <MainLayout product="network" />,
          children: [
            {
              path: rel(PATHS.streams),
              element: guarded(
                'login',
                PATHS.streams,
                <Suspense fallback={<Loading />}>
                  <StreamsScreen />
                </Suspense>,
              ),
            },
            {
              path: rel(PATHS.adminConsole),
              element: guarded(
                'login',
                PATHS.adminConsole,
                work('Admin console', 'The tenant’s users, their roles and the tenant’s settings.'),
              ),
            },
            {
              path: rel(PATHS.collaboration),
              element: guarded(
                'login',
                PATHS.collaboration,
                work('Collaboration', 'Messages and shared views between operators.'),
              ),
            },
            {
              path: rel(PATHS.networkTopology),
              children: [
                {
                  index: true,
                  element: guarded(
                    'login',
                    PATHS.networkTopology,
                    work('Network topology', 'The tenant’s devices and networks as a list.'),
                  ),
                },
                {
                  path: 'networkgraph',
                  element: guarded(
                    'login',
                    PATHS.networkGraph,
                    work('Network graph', 'The tenant’s devices and networks as a graph.'),
                  ),
                },
              ],
            },
          ],
        },
        {
          element: <MainLayout product="mission-planning" />,
          children: [
            {
              path: rel(PATHS.missionOperations),
              element: guarded(
                'mission-planning',
                PATHS.missionOperations,
                work('Mission operations', 'Running missions and their executions.', 'mission-operations'),
                true,
              ),
            },
            {
              path: rel(PATHS.missionReview),
              element: guarded(
                'mission-planning',
                PATHS.missionReview,
                work('Mission review', 'Finished missions and the data they collected.', 'mission-review'),
                true,
              ),
            },
            {
              path: rel(PATHS.userManagement),
              element: guarded(
                'mission-planning',
                PATHS.userManagement,
                work('User management', 'The organisation’s users and their roles.'),
                true,
              ),
            },
          ],
        },
        { path: '*', element: <NotFoundScreen /> },
      ],
    },
  ])
}
