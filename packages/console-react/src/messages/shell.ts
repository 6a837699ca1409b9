import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** What frames every screen: the connection banner, guards, load and error states, 404, toasts. */
export const shellMessages = /* @__PURE__ */ defineMessages(
  'shell',
  {
    retryingConnection: 'Trying to reach the server again…',
    slowServer: 'The server is not answering yet; the console keeps waiting.',
    unreachable: 'The server cannot be reached. The console keeps trying and catches up by itself when it is back.',
    retryNow: 'Retry now',
    connectedAgain: 'Connected to the server again.',
    accountServerFailed: 'The server failed to load your account. Try again in a moment.',
    accountUnreachable: 'The server could not be reached. This page tries again by itself when it is back.',
    retry: 'Retry',
    signOut: 'Sign out',
    loading: 'Loading…',
    couldNotLoad: 'Could not load {what}. {detail}',
    checkConnection: 'The server could not be reached. Check your connection.',
    serverFailed: 'The server failed.',
    tryAgain: 'Try again',
    screenFailed: 'This screen failed to show.',
    reloadForNewVersion: 'Reload the page to get the newest version of the console once the server answers.',
    tryAgainOrReload: 'Try again; if it keeps failing, reload the page.',
    reload: 'Reload',
    notFound: 'Page not found',
    notFoundText: 'There is nothing at this address. It may have moved, or the link may be mistyped.',
    goToConsole: 'Go to the console',
    notifications: 'Notifications',
    dismiss: 'Dismiss: {message}',
    backToSignIn: 'Back to sign in',
    missionPlanningAccount: 'your mission-planning account',
    hostSignInTitle: 'Sign in',
    hostSignInText: 'Sign in through the host application.',
    hostSignInLink: 'Go to sign-in',
    serverUnreachableAt: 'The console could not reach its server at this address:',
    serverUnreachableWhy:
      "The server may be down, or it may not allow this page's origin (CORS). The console keeps trying and goes on by itself once the server answers.",
  },
  translations,
)
