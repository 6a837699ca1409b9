import { act, render } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction, type NavigateOptions, type To } from 'react-router'
import { vi } from 'vitest'
import { createConsoleClient, type AuthAdapter, type AuthUser, type TenantRecord } from '@honu/core'
import { createStaticFlagSource } from '@honu/core/flags'
import {
  createFakeAuthAdapter,
  createFakeServer,
  createManualScheduler,
  createMemoryStorage,
  type FakeAnswer,
  type FakeAuthAdapterOptions,
} from '@honu/core/testing'
import { ConsoleProvider, type WidgetRegistry } from '@honu/console-kit'
import { ConsoleRoutes, preloadWorkingLayout } from '../routes/create-console-routes'
import { preloadGuardPanels } from '../guards/guard-panels'
import type { ConsoleHostOptions } from '../navigation/host-options'
import type { ConsoleArea } from '../navigation/console-area'

// The working layout loads on first visit (as in the app, see createConsoleRoutes). Loaded once here, so it renders at
// once as in a console that has shown it before: a test's first visit neither waits for its transform (longer than a
// `findBy` waits on a busy machine) nor sees it arrive after the session settled.
// The guard's rare panels (a failed user record, the server unreachable, the host's sign-in) likewise, as the console
// fetches them right after its first page.
await Promise.all([preloadWorkingLayout(), preloadGuardPanels()])

/**
 * Where a test's memory router is, and a way to go elsewhere: the little of a data router's `router` object that
 * tests read (`router.state.location`, `router.navigate`), for the console's declarative router.
 */
export interface TestRouter {
  state: { location: Location }
  navigate: (to: To, options?: NavigateOptions) => Promise<void>
  /** Called by {@link RouterProbe}: the router's own `navigate` and where it is. */
  bind: (navigate: NavigateFunction, location: Location) => void
}

/** A {@link TestRouter} that {@link RouterProbe} keeps up to date once rendered inside the router. */
export function testRouter(): TestRouter {
  let go: NavigateFunction | undefined
  const router: TestRouter = {
    state: { location: undefined as unknown as Location },
    bind(navigate, location) {
      go = navigate
      router.state.location = location
    },
    async navigate(to, options) {
      const navigate = go
      if (!navigate) throw new Error('testRouter: render <RouterProbe router={…} /> inside the router first.')
      await act(async () => void navigate(to, options))
    },
  }
  return router
}

/** Rendered inside the router: copies the current location (and `navigate`) into a {@link testRouter}. */
export function RouterProbe({ router }: { router: TestRouter }) {
  const location = useLocation()
  const navigate = useNavigate()
  // A layout effect: the copy is up to date before the test's next assertion, as a data router's state is.
  useLayoutEffect(() => {
    router.bind(navigate, location)
  }, [router, navigate, location])
  return null
}

/** Options of {@link consoleAt}. */
export interface ConsoleAtOptions {
  /**
   * The server's answers by `'METHOD /path'` (the query is not part of the key), changeable during the test.
   * `GET /health` answers 200 unless given; anything else not listed answers 404.
   */
  server?: Record<string, FakeAnswer>
  /** Accounts the fake identity provider knows (e-mail, password, and an SMS code when it has a second factor). */
  accounts?: FakeAuthAdapterOptions['accounts']
  /** Signed in with the provider from the start; the console then loads `GET /api/v1/users/{uid}`. */
  signedInAs?: AuthUser
  /** Feature flags (all off by default). */
  flags?: Record<string, boolean>
  /** The tenant selected before the console starts (as a returning user has it stored). */
  tenant?: TenantRecord
  /** Widget types for the dashboards, or a function loading them (see `ConsoleRoutesOptions.widgets`). */
  widgets?: WidgetRegistry | (() => Promise<WidgetRegistry>)
  /** Working areas besides the console's own (see `ConsoleRoutesOptions.areas`). */
  areas?: readonly ConsoleArea[]
  /** Where the console is mounted in the router (`basePath` of `createConsoleRoutes`). */
  basePath?: string
  /** The host's language (`locale` of the client's options). Default US English. */
  locale?: string
  /** The host's sign-in and chrome options (`onSignInRequired`, `signInUrl`, `header`, `signOut`, …). */
  host?: ConsoleHostOptions
  /** Another identity provider than the fake one (a host's token adapter); `accounts` and `signedInAs` then do nothing. */
  auth?: AuthAdapter
}

/**
 * The whole console (provider, routes, guards, layouts) at `path` in a memory router, against a fake server and the
 * fake identity provider of `@honu/core/testing`: what a screen test needs to assert what the user sees and where
 * the console goes. Every request is recorded as `'METHOD /path?query'`.
 */
export function consoleAt(path: string, options: ConsoleAtOptions = {}) {
  const { fetch, answers, requests } = createFakeServer(options.server)
  const auth = createFakeAuthAdapter({ accounts: options.accounts, initialUser: options.signedInAs })
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch },
    auth: options.auth ?? auth,
    flags: createStaticFlagSource(options.flags ?? {}),
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
    locale: options.locale,
  })
  if (options.tenant) client.tenant.getState().setTenant(options.tenant)
  const router = testRouter()
  const view = render(
    <ConsoleProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes widgets={options.widgets} areas={options.areas} basePath={options.basePath} {...options.host} />
        <RouterProbe router={router} />
      </MemoryRouter>
    </ConsoleProvider>,
  )
  return { client, auth, router, answers, requests, container: view.container }
}
