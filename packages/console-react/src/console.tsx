import { BrowserRouter, MemoryRouter } from 'react-router'
import type { ConsoleClient, ConsoleClientOptions } from '@honu/core'
import { ConsoleProvider, type WidgetRegistry } from '@honu/console-kit'
import { ConsoleRoutes } from './routes/create-console-routes'
import type { ConsoleHostOptions } from './navigation/host-options'
import type { ConsoleArea } from './navigation/console-area'

/** Props of {@link Console}. */
export type ConsoleProps = ({ client: ConsoleClient; options?: never } | { options: ConsoleClientOptions; client?: never }) &
  ConsoleHostOptions & {
    /** Base path of the console in the page's address. Default: the site root. */
    basename?: string
    /** Keep the route in memory instead of the address bar (for widgets embedded in someone else's page). */
    memoryRouter?: { initialEntries?: string[] }
    /** The console shares the page with other content: no `main` landmark of its own. */
    embedded?: boolean
    /**
     * Widget types the dashboards offer (e.g. `widgetDefinitions` from `@honu/widgets`), or a function importing
     * them after sign-in: `widgets={async () => (await import('@honu/widgets/registry')).widgetDefinitions}`.
     */
    widgets?: WidgetRegistry | (() => Promise<WidgetRegistry>)
    /** Working areas besides the console's own (`defineArea`): routes, links, widget types, style sheets. */
    areas?: readonly ConsoleArea[]
    /** The host's language (`en-US` by default, or `de-DE`); a user's choice in the preferences wins over it. */
    locale?: string
  }

/**
 * The whole console with its own router: provider, routes of spec §2, guards, layouts and screens. The router is
 * React Router's declarative one (`BrowserRouter` or `MemoryRouter` with `useRoutes`): the console uses none of
 * the data router's features, which would add about 17 KB gzip to the sign-in route.
 *
 * @example <Console client={client} basename="/ops" />
 */
export function Console({
  basename,
  memoryRouter,
  embedded,
  widgets,
  areas,
  onSignInRequired,
  signInUrl,
  header,
  signOut,
  onSignOut,
  toastContainer,
  ...source
}: ConsoleProps) {
  // The host's sign-in and chrome options go to the routes; the rest (client or options, locale) to the provider.
  const host = { onSignInRequired, signInUrl, header, signOut, onSignOut, toastContainer }
  const routes = <ConsoleRoutes embedded={embedded} widgets={widgets} areas={areas} {...host} />
  return (
    <ConsoleProvider {...(source as { client: ConsoleClient })}>
      {memoryRouter ? (
        <MemoryRouter basename={basename} initialEntries={memoryRouter.initialEntries}>
          {routes}
        </MemoryRouter>
      ) : (
        <BrowserRouter basename={basename}>{routes}</BrowserRouter>
      )}
    </ConsoleProvider>
  )
}
