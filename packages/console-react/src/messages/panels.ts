import { defineMessages } from '@honu/core'
import { translations } from './translations'

/**
 * The rare pages in place of a screen: 404, the host's sign-in, the server unreachable, 'Error logging in'. Apart
 * from {@link shellMessages} (./shell.ts), which frames every screen, so the sign-in route's first load carries none
 * of them (their panels load after the first page).
 */
export const panelMessages = defineMessages(
  'panels',
  {
    accountServerFailed: 'The server failed to load your account. Try again in a moment.',
    accountUnreachable: 'The server could not be reached. This page tries again by itself when it is back.',
    notFound: 'Page not found',
    notFoundText: 'There is nothing at this address. It may have moved, or the link may be mistyped.',
    goToConsole: 'Go to the console',
    hostSignInTitle: 'Sign in',
    hostSignInText: 'Sign in through the host application.',
    hostSignInLink: 'Go to sign-in',
    serverUnreachableAt: 'The console could not reach its server at this address:',
    serverUnreachableWhy:
      "The server may be down, or it may not allow this page's origin (CORS). The console keeps trying and goes on by itself once the server answers.",
  },
  translations,
)
