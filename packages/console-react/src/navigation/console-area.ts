import { createContext, type ComponentType } from 'react'
import { ConsoleError, type MessageBook } from '@honu/core'
import type { WidgetRegistry } from '@honu/console-kit'

/** One route of an area: a working screen in the network product's layout, or in mission planning's. */
export interface AreaRoute {
  /** Where, from the console's root (`'/fleet-notes'`); the host's base path is added when mounted. */
  path: `/${string}`
  /**
   * Who may open it: any signed-in user of the selected tenant (`'login'`, default; the network product's layout),
   * or a MissionPlanning user of the selected organisation (`'mission-planning'`; its layout, behind the flag).
   */
  access?: 'login' | 'mission-planning'
  /** The link in the layout's navigation, after the console's own: a message of the area's book. None: no link. */
  nav?: { book: MessageBook; key: string }
  /**
   * The screen, loaded on the first visit (retried with backoff, like the console's own screens): an import of a
   * module with the component as its default export, or answering the component itself.
   */
  screen: () => Promise<ComponentType | { default: ComponentType }>
}

/**
 * A working area of the console, declared once: its routes (each with its screen, who may open it and its link),
 * its widget types for the dashboards, and its style sheet. Message books carry their own translations
 * (`defineMessages` with loaders per language), and queries are definitions given to `useQuery`: neither is
 * registered. Give areas to the console with `createConsoleRoutes({ areas })`, `<Console areas>` or
 * `consoleRoute({ areas })`.
 */
export interface ConsoleArea {
  /** Unique among the console's areas; a package's own are best prefixed with its name (`'acme.fleet-notes'`). */
  key: string
  routes?: readonly AreaRoute[]
  /** Widget types the dashboards offer besides the console's (`defineWidget`), after them in the add menu. */
  widgets?: WidgetRegistry
  /**
   * The area's CSS, as text (`import css from './area.css?inline'` in Vite): adopted as a constructable style sheet
   * by the console's shadow root, or by the page when the console is not isolated, while a working layout shows. No
   * `<style>` element, so a strict CSP (no `unsafe-inline`) holds.
   */
  styleSheet?: string
}

/** What an area key may be: a letter, then letters, digits and `._-`, up to 64. */
const AREA_KEY = /^[A-Za-z][\w.-]{0,63}$/

/**
 * Declares an area ({@link ConsoleArea}): answers it as given, after checking what can be checked alone (its key,
 * its paths). That the paths are free is checked when the console's routes are made.
 *
 * @example
 * export const fleetNotes = defineArea({
 *   key: 'acme.fleet-notes',
 *   routes: [{ path: '/fleet-notes', nav: { book: notesMessages, key: 'title' }, screen: () => import('./notes-screen') }],
 *   widgets: [noteWidget],
 *   styleSheet: notesCss,
 * })
 */
export function defineArea<const A extends ConsoleArea>(area: A): A {
  if (!AREA_KEY.test(area.key)) throw areaError(`The area key "${area.key}" is not one: a letter, then letters, digits and . _ -.`)
  for (const route of area.routes ?? []) {
    if (!/^\/[\w.~/:-]*$/.test(route.path) || route.path.includes('//'))
      throw areaError(`Area "${area.key}" has a path that is not one: "${route.path}".`)
  }
  return area
}

/** The error of an area that cannot be mounted (a bad key or path, a path taken): a developer's mistake. */
export const areaError = (message: string) => new ConsoleError({ code: 'console/invalid-area', message })

/** The areas given to the console, for its working layouts (navigation links, style sheets). */
export const ConsoleAreasContext = createContext<readonly ConsoleArea[]>([])
