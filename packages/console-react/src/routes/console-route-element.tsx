import { useState } from 'react'
import { useRoutes } from 'react-router'
import type { ConsoleClient } from '@honu/core'
import { ConsoleProvider } from '@honu/console-kit'
import { ConsoleShadowRoot } from '../shadow/console-shadow-root'
import { createConsoleRoutes, type ConsoleRoutesOptions } from './create-console-routes'
import type { ConsoleRouteOptions } from './console-route'

/**
 * @internal What {@link consoleRoute} loads on the first visit: the provider and the console's routes, matched under
 * the host's splat route (`/ops/*`), links and redirects still carrying the base path.
 */
export function ConsoleRouteElement({
  client,
  options,
}: {
  client: ConsoleClient
  options: ConsoleRoutesOptions & Pick<ConsoleRouteOptions, 'locale' | 'isolate'>
}) {
  const [routes] = useState(() => {
    const { locale: _locale, isolate: _isolate, ...rest } = options
    const [root, ...others] = createConsoleRoutes(rest)
    // The table's root carries the base path; under the host's `/ops/*` route the remaining path is matched.
    return [{ ...root!, path: '/' }, ...others]
  })
  const element = useRoutes(routes)
  const { isolate } = options
  const tree = (
    <ConsoleProvider client={client} locale={options.locale}>
      {element}
    </ConsoleProvider>
  )
  if (!isolate) return tree
  const host = isolate === true ? {} : isolate
  return (
    <ConsoleShadowRoot className={host.className} style={host.style}>
      {tree}
    </ConsoleShadowRoot>
  )
}
