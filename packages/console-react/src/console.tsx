import { useState } from 'react'
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router'
import type { ConsoleClient, ConsoleClientOptions } from '@honu/core'
import { ConsoleProvider } from './provider/console-provider'
import { createConsoleRoutes } from './routes/create-console-routes'
import type { WidgetRegistry } from './widget/widget-definition'

/** Props of {@link Console}. */
export type ConsoleProps = (
  | { client: ConsoleClient; options?: never }
  | { options: ConsoleClientOptions; client?: never }
) & {
  /** Base path of the console in the page's address. Default: the site root. */
  basename?: string
  /** Keep the route in memory instead of the address bar (for widgets embedded in someone else's page). */
  memoryRouter?: { initialEntries?: string[] }
  /** The console shares the page with other content: no `main` landmark of its own. */
  embedded?: boolean
  /** Widget types the dashboards offer (e.g. `widgetDefinitions` from `@honu/widgets`). */
  widgets?: WidgetRegistry
}

/**
 * The whole console with its own router: provider, routes of spec §2, guards, layouts and screens.
 *
 * @example <Console client={client} basename="/ops" />
 */
export function Console({ basename, memoryRouter, embedded, widgets, ...source }: ConsoleProps) {
  // One router per mounted console.
  const [router] = useState(() => {
    const routes = createConsoleRoutes({ embedded, widgets })
    return memoryRouter ? createMemoryRouter(routes, { ...memoryRouter, basename }) : createBrowserRouter(routes, { basename })
  })
  return (
    <ConsoleProvider {...(source as { client: ConsoleClient })}>
      <RouterProvider router={router} />
    </ConsoleProvider>
  )
}
