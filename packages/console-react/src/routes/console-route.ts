import { createElement, type CSSProperties } from 'react'
import type { RouteObject } from 'react-router'
import type { ConsoleClient } from '@honu/core'
import type { ConsoleRoutesOptions } from './create-console-routes'

/** Options of {@link consoleRoute}. */
export interface ConsoleRouteOptions extends Omit<ConsoleRoutesOptions, 'basePath' | 'areas'> {
  /** Where the console lives in the host's router, e.g. `/ops`. */
  path: string
  /**
   * Creates the console's client on the first visit (import `@honu/core` inside it, so a host page that never opens
   * the console loads none of core either). Called once.
   */
  client: () => ConsoleClient | Promise<ConsoleClient>
  /**
   * Working areas besides the console's own (`defineArea`), or a function importing them on the first visit with
   * the console (`areas: async () => [(await import('./notes-area')).notesArea]`), so the host's own pages load none
   * of their code either.
   */
  areas?: ConsoleRoutesOptions['areas'] | (() => Promise<NonNullable<ConsoleRoutesOptions['areas']>>)
  /** The host's language (`en-US` by default, or `de-DE`). */
  locale?: string
  /**
   * Renders the console in a shadow root (`ConsoleShadowRoot`): the page's CSS (resets, Tailwind's preflight) cannot
   * change the console, nor the console's the page; its styles are adopted, so no global `styles.css` import is
   * needed. `{ className, style }` place and size the host element.
   */
  isolate?: boolean | { className?: string; style?: CSSProperties }
}

/**
 * A React Router 7 route object for the console under `path` whose code loads on the first visit (the route's
 * `lazy`): a host page that never opens the console loads none of the console's JavaScript. Mount it in a data
 * router beside the host's own routes. React Router 6 is not supported (console-react's peer is 7: a portal on 6
 * uses the `<honu-console>` element); widgets need no router.
 *
 * This module is an entry of its own (`@honu/console-react/route`) and imports nothing of the console but types.
 *
 * @example
 * createBrowserRouter([{ path: '/', element: <Portal />, children: [
 *   consoleRoute({ path: '/ops', embedded: true, client: async () => (await import('./console-client')).client }),
 * ] }])
 */
export function consoleRoute(options: ConsoleRouteOptions): RouteObject {
  const base = options.path.replace(/\/+$/, '')
  if (!base.startsWith('/')) throw new TypeError(`consoleRoute: path must start with "/" (got ${JSON.stringify(options.path)})`)
  let client: Promise<ConsoleClient> | undefined
  return {
    path: `${base}/*`,
    async lazy() {
      client ??= Promise.resolve(options.client())
      const { areas: given } = options
      const [{ ConsoleRouteElement }, made, areas] = await Promise.all([
        import('./console-route-element'),
        client,
        typeof given === 'function' ? given() : given,
      ])
      return { Component: () => createElement(ConsoleRouteElement, { client: made, options: { ...options, areas, basePath: base } }) }
    },
  }
}
