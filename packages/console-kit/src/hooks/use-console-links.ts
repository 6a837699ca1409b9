import { createContext, useContext } from 'react'

/** A link to one of the console's pages: its address, and how to open it within the app (no reload). */
export interface ConsoleLink {
  href: string
  open(): void
}

/**
 * Links a widget may offer to the console's own pages. Widgets have no router: the console (with its routes and
 * base path) provides these; outside one (a dashboard alone, a partner's page) there are none.
 */
export interface ConsoleLinks {
  /** The vehicle page of a device; `undefined` when it is the page shown now. */
  vehiclePage(deviceId: string): ConsoleLink | undefined
}

/** Provided by the console's working layout (`@honu/console-react`). */
export const ConsoleLinksContext = createContext<ConsoleLinks | undefined>(undefined)

/** The console's links, or `undefined` where the widget is shown without the console's pages. */
export const useConsoleLinks = (): ConsoleLinks | undefined => useContext(ConsoleLinksContext)
