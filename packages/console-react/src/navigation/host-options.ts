import { createContext, useContext } from 'react'

/**
 * What an embedding host decides about sign-in and the console's chrome. The same props on `<Console>` and
 * `<ConsoleRoutes>`, and options of `createConsoleRoutes`.
 */
export interface ConsoleHostOptions {
  /**
   * The host signs users in: called when a signed-out user is on a console route (a deep link such as
   * `/ops/streams`, or the login route), with the page path they wanted (base path and query included; never a
   * token), once per arrival. The host navigates to its sign-in page; once it has signed the user in (the adapter's
   * `subscribe` tells the console), the console opens that path without a reload. The console then renders none of
   * its own password, second-factor or reset forms.
   */
  onSignInRequired?: (path: string) => void
  /**
   * The host's sign-in page, used when there is no `onSignInRequired`: a signed-out user goes to
   * `signInUrl?returnTo=<the path wanted>` (`&returnTo=` when the address has a query already).
   */
  signInUrl?: string
  /**
   * The console's header: `'full'` (default), `'no-user-menu'` (without the account menu, when the host's header
   * has its own), or `'hidden'` (none: the host shows the product, the scope and the navigation itself).
   */
  header?: 'full' | 'no-user-menu' | 'hidden'
  /**
   * What the console's own "Sign out" does. `'host'` (default): signs out of the host too (`adapter.signOut()`) and
   * forgets the console's state. `'console'`: only leaves the console, the host stays signed in (the adapter is not
   * called); `onSignOut` then says where to go (without it, the page's root).
   */
  signOut?: 'host' | 'console'
  /** Called after the console's "Sign out" (either kind); instead of the console's login route. */
  onSignOut?: () => void
  /**
   * An element of the host's page to show the console's toasts in (they keep the console's look and theme, laid
   * out in the element's flow). Default: inside the console's own area, never over the host's header.
   */
  toastContainer?: HTMLElement | null
}

/** The host's options for the console mounted here (`undefined` outside a console's routes). */
export const HostOptionsContext = createContext<ConsoleHostOptions | undefined>(undefined)

const NONE: ConsoleHostOptions = {}

/** The host's sign-in and chrome options ({@link ConsoleHostOptions}). */
export const useHostOptions = (): ConsoleHostOptions => useContext(HostOptionsContext) ?? NONE

/** The name of the query parameter that carries the path wanted to the host's `signInUrl`. */
export const RETURN_TO_PARAM = 'returnTo'

/**
 * The address of the host's sign-in page for a path wanted.
 *
 * @example signInAddress('/signin', '/ops/streams') // '/signin?returnTo=%2Fops%2Fstreams'
 */
export function signInAddress(signInUrl: string, path: string): string {
  const [beforeHash, hash] = signInUrl.split(/#(.*)/s, 2)
  const join = beforeHash!.includes('?') ? (/[?&]$/.test(beforeHash!) ? '' : '&') : '?'
  return `${beforeHash}${join}${RETURN_TO_PARAM}=${encodeURIComponent(path)}${hash === undefined ? '' : `#${hash}`}`
}

/**
 * Leaving the console for another page (the host's sign-in, or the page's root after leaving the console). One
 * object, so tests can watch it (jsdom cannot navigate).
 */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url)
  },
}
