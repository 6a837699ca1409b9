import { Suspense, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router'
import { RouteGuard } from '../guards/route-guard'
import { CardLayout } from '../layouts/card-layout'
import { ConnectionNotices } from '../ui/connection-banner'
import type { MainLayoutProps } from '../layouts/main-layout'
import { CONSOLE_ROUTES, type ConsoleLayout, type ConsoleRoute } from '../navigation/console-routes'
import { areaError, ConsoleAreasContext, type AreaRoute, type ConsoleArea } from '../navigation/console-area'
import type { RouteAccess } from '../navigation/route-access'
import { EmbeddingContext } from '../navigation/embedding-context'
import { PathsProvider, prefixPaths } from '../navigation/paths-context'
import { HostOptionsContext, type ConsoleHostOptions } from '../navigation/host-options'
import { Loading } from '../ui/load-status'
import { preloadGuardPanels } from '../guards/guard-panels'
import { Toaster } from '../toaster/toaster'
import { type WidgetRegistry, WidgetRegistryContext, useConsoleClient } from '@honu/console-kit'
import { lazyScreen, type LazyScreen } from '../ui/lazy-screen'
import { resolveScreen, type ResolvedScreen } from './screens'
import { RouteError } from './route-error'
import { RouteErrorBoundary } from './route-error-boundary'
import { ThemedRoot } from './themed-root'

/**
 * Options of {@link createConsoleRoutes}: where the console is mounted, its widgets, and the host's sign-in and
 * chrome choices ({@link ConsoleHostOptions}: `onSignInRequired`, `signInUrl`, `header`, `signOut`, `onSignOut`,
 * `toastContainer`).
 */
export interface ConsoleRoutesOptions extends ConsoleHostOptions {
  /** Where the host mounts the console in its router, e.g. `/ops`. Default: the site root. */
  basePath?: string
  /** The console shares the page with the host's content: no `main` landmark of its own. */
  embedded?: boolean
  /**
   * Widget types the dashboards offer (e.g. `widgetDefinitions` from `@honu/widgets`), or a function that imports
   * them: it is called with the working layout's code after signing in, so the sign-in route carries none of the
   * widgets' titles and icons.
   */
  widgets?: WidgetRegistry | (() => Promise<WidgetRegistry>)
  /**
   * Working areas besides the console's own (`defineArea`): their routes join the working layouts (links after the
   * console's), their widget types the dashboards' (after `widgets`), their style sheets the console's.
   */
  areas?: readonly ConsoleArea[]
}

const rel = (path: string) => path.replace(/^\//, '')

/**
 * The working layout (header, navigation, menus), shown only after signing in: loaded then, like the screens, so
 * the sign-in route carries none of it. One for every console on the page, so it loads once.
 */
const WorkingLayout = lazyScreen(() => import('../layouts/main-layout').then((m) => m.MainLayout))

/** The page for an address the console does not know: rare, so loaded after the first page, not on it. */
const NotFound = lazyScreen(() => import('../screens/not-found-screen').then((m) => m.NotFoundScreen))

/** @internal Loads the working layout's code now (tests, so a first visit renders it without waiting). */
export const preloadWorkingLayout = () => WorkingLayout.preload()

// One lazily loaded screen per row of the table (or of an area), for every console on the page: loaded once, then
// shown at once.
const lazyScreens = new WeakMap<object, LazyScreen<object>>()
function screenOf(row: object, load: () => Promise<ComponentType>): LazyScreen<object> {
  let screen = lazyScreens.get(row)
  if (!screen) lazyScreens.set(row, (screen = lazyScreen(load)))
  return screen
}

/**
 * Once the first page has shown, loads in the background what comes right after signing in: the card screens
 * (tenant and organisation choice, entry point, second factor, e-mail actions) and the working layout. They stay
 * off the sign-in route's initial JavaScript, yet show without a loading step when the user gets there. The work
 * areas' screens still load on their first visit.
 */
function PrefetchNextSteps() {
  useEffect(() => {
    const timer = setTimeout(() => {
      preloadGuardPanels()
      const next = [
        WorkingLayout,
        NotFound,
        ...CONSOLE_ROUTES.flatMap((row) => {
          const { load } = row.layout === 'card' ? resolveScreen(row.screen) : {}
          return load ? [screenOf(row, load)] : []
        }),
      ]
      // A failure here is met again, and shown, when the screen is visited.
      for (const screen of next) screen.preload().catch(() => undefined)
    }, 0)
    return () => clearTimeout(timer)
  }, [])
  return null
}

/**
 * Asks the server once, quietly, when the console mounts: a server that cannot be reached, or that refuses this
 * page's origin, is then known before anyone signs in, and the sign-in route says so instead of showing a form.
 */
function ConnectionCheck() {
  const client = useConsoleClient()
  useEffect(() => {
    client.connection.getState().check()
  }, [client])
  return null
}

/** The host's options as given when the routes were made, unless `<ConsoleRoutes>` passes its current props. */
function HostOptionsScope({ options, children }: { options: ConsoleHostOptions; children: ReactNode }) {
  const current = useContext(HostOptionsContext)
  return <HostOptionsContext.Provider value={current ?? options}>{children}</HostOptionsContext.Provider>
}

/** The host's options among the routes' options. */
const hostOptionsOf = ({ onSignInRequired, signInUrl, header, signOut, onSignOut, toastContainer }: ConsoleHostOptions): ConsoleHostOptions => ({
  onSignInRequired,
  signInUrl,
  header,
  signOut,
  onSignOut,
  toastContainer,
})

// Only mission-planning routes need it (and the query cache it reads the user's v2 record through): loaded with the
// first of them, never on the sign-in page (issue 12's budget).
const MissionPlanningGuard = lazyScreen<{ children: ReactNode }>(async () => (await import('../guards/mission-planning-guard')).MissionPlanningGuard)

/**
 * One row of the table as a route: its screen (resolved by key; loaded on first visit unless it is the sign-in screen) inside the
 * navigation guard of its access, and inside the mission-planning guard when that access is 'mission-planning'.
 */
function routeOf(row: Row): RouteObject {
  const { screen: eager, load } = row.resolved
  const Screen = load ? screenOf(row.key, load) : eager
  const screen = load ? (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  ) : (
    <Screen />
  )
  return {
    path: rel(row.path),
    element: (
      <RouteGuard access={row.access} path={row.path}>
        {row.access === 'mission-planning' ? (
          <Suspense fallback={<Loading page />}>
            <MissionPlanningGuard>{screen}</MissionPlanningGuard>
          </Suspense>
        ) : (
          screen
        )}
      </RouteGuard>
    ),
  }
}

/** A route as `routeOf` makes it: the table's row or an area's, with its screen resolved. */
type Row = { key: object; path: string; access: RouteAccess; layout: ConsoleLayout; resolved: ResolvedScreen }

const tableRow = (row: ConsoleRoute): Row => ({ ...row, key: row, resolved: resolveScreen(row.screen) })

/** An area's route as a row: in mission planning's layout when only its users may open it, else the network's. */
const areaRow = (route: AreaRoute): Row => ({
  key: route,
  path: route.path,
  access: route.access ?? 'login',
  layout: route.access === 'mission-planning' ? 'mission-planning' : 'network',
  resolved: { load: async () => ((m) => ('default' in m ? m.default : m))(await route.screen()) },
})

/** Every row: the table's, then the areas', refusing an area key or a path already taken. */
function rowsOf(areas: readonly ConsoleArea[]): Row[] {
  const rows = CONSOLE_ROUTES.map(tableRow)
  const keys = new Set<string>()
  for (const area of areas) {
    if (keys.has(area.key)) throw areaError(`Two areas have the key "${area.key}".`)
    keys.add(area.key)
    for (const route of area.routes ?? []) {
      if (rows.some((row) => row.path === route.path)) throw areaError(`Area "${area.key}" asks for ${route.path}, which the console already has.`)
      rows.push(areaRow(route))
    }
  }
  return rows
}

/** Whether a route's element is already the console's error boundary. */
const isBoundary = (element: unknown): boolean =>
  typeof element === 'object' && element !== null && (element as { type?: unknown }).type === RouteErrorBoundary

/**
 * Every route's element inside the console's error boundary (unless it has one), so a failed screen shows the
 * console's error in its place, never React Router's developer page, and with no need for a data router.
 */
const withErrorBoundaries = (routes: RouteObject[]): RouteObject[] =>
  routes.map(
    (route) =>
      ({
        ...route,
        element: isBoundary(route.element) ? route.element : <RouteErrorBoundary>{route.element}</RouteErrorBoundary>,
        children: route.children && withErrorBoundaries(route.children),
      }) as RouteObject,
  )

// Outside the themed root, which is what failed: the error keeps the console's styles scope.
const rootError = (error: unknown) => (
  <div className="honu-console" data-theme="dark">
    <RouteError error={error} />
  </div>
)

/**
 * The route table of spec §2 (`CONSOLE_ROUTES`, one `{ path, access, layout, nav?, screen }` row per route) as
 * React Router route objects, for a host to mount in its own router (`useRoutes`, or a data router), or use
 * {@link ConsoleRoutes} or `<Console />`, which brings a router. Every route carries the navigation guard and the
 * console's error boundary (no `errorElement`: the console needs no data router); the mission-planning routes also
 * the mission-planning guard. The connection banner sits once above every screen.
 *
 * @example
 * const router = createBrowserRouter([...hostRoutes, ...createConsoleRoutes({ basePath: '/ops' })])
 */
export function createConsoleRoutes(options: ConsoleRoutesOptions = {}): RouteObject[] {
  const base = options.basePath?.replace(/\/+$/, '') ?? ''
  const paths = prefixPaths(base)
  const areas = options.areas ?? []
  const rows = rowsOf(areas)
  const rowsIn = (layout: ConsoleLayout) => rows.filter((row) => row.layout === layout).map(routeOf)
  // The areas' widget types after the console's, loaded with them when those are a function.
  const areaWidgets = areas.flatMap((area) => area.widgets ?? [])
  const { widgets: asGiven } = options
  const given: ConsoleRoutesOptions['widgets'] = !areaWidgets.length
    ? asGiven
    : typeof asGiven === 'function'
      ? async () => [...(await asGiven()), ...areaWidgets]
      : [...(asGiven ?? []), ...areaWidgets]
  const loadWidgets = typeof given === 'function' ? given : undefined
  // The dashboards are all inside the working layout: a widget list given as a function loads with it (both at
  // once) and is given to them there.
  const Widgets =
    loadWidgets &&
    lazyScreen(async () => {
      WorkingLayout.preload().catch(() => undefined)
      const widgets = await loadWidgets()
      return function WithWidgets({ children }: { children: ReactNode }) {
        return <WidgetRegistryContext.Provider value={widgets}>{children}</WidgetRegistryContext.Provider>
      }
    })
  const mainLayout = (product: MainLayoutProps['product']) => (
    <Suspense fallback={<Loading page />}>
      {Widgets ? (
        <Widgets>
          <WorkingLayout product={product} />
        </Widgets>
      ) : (
        <WorkingLayout product={product} />
      )}
    </Suspense>
  )
  return withErrorBoundaries([
    {
      path: base || '/',
      element: (
        <RouteErrorBoundary fallback={rootError}>
          <PathsProvider base={base}>
            <EmbeddingContext.Provider value={options.embedded ?? false}>
              <ConsoleAreasContext.Provider value={areas}>
                <HostOptionsScope options={hostOptionsOf(options)}>
                  <WidgetRegistryContext.Provider value={typeof given === 'function' ? undefined : given}>
                    <ThemedRoot>
                      <ConnectionNotices>
                        <Outlet />
                      </ConnectionNotices>
                      <Toaster />
                      <ConnectionCheck />
                      <PrefetchNextSteps />
                    </ThemedRoot>
                  </WidgetRegistryContext.Provider>
                </HostOptionsScope>
              </ConsoleAreasContext.Provider>
            </EmbeddingContext.Provider>
          </PathsProvider>
        </RouteErrorBoundary>
      ),
      children: [
        { index: true, element: <Navigate to={paths.login} replace /> },
        // Each layout with the table's rows in it, in the table's order.
        { element: <CardLayout />, children: rowsIn('card') },
        { element: mainLayout('network'), children: rowsIn('network') },
        { element: mainLayout('mission-planning'), children: rowsIn('mission-planning') },
        {
          path: '*',
          element: (
            <Suspense fallback={<Loading page />}>
              <NotFound />
            </Suspense>
          ),
        },
      ],
    },
  ])
}

/**
 * The console's routes ({@link createConsoleRoutes}) rendered with `useRoutes`, inside any router the host brings
 * (`BrowserRouter`, `MemoryRouter`, or a data router). The table is built once per mounted console.
 *
 * @example <BrowserRouter basename="/ops"><ConsoleRoutes /></BrowserRouter>
 */
export function ConsoleRoutes(options: ConsoleRoutesOptions) {
  const [routes] = useState(() => createConsoleRoutes(options))
  const element = useRoutes(routes)
  // The host's callbacks and choices as rendered now (a new `onSignInRequired` each render is fine), not as at
  // the first render, which built the table.
  return <HostOptionsContext.Provider value={hostOptionsOf(options)}>{element}</HostOptionsContext.Provider>
}
