import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** What frames every screen: the connection banner, guards, load and error states, 404, toasts. */
export const shellMessages = defineMessages(
  'shell',
  {
    retryingConnection: 'Trying to reach the server again…',
    slowServer: 'The server is not answering yet; the console keeps waiting.',
    unreachable: 'The server cannot be reached. The console keeps trying and catches up by itself when it is back.',
    retryNow: 'Retry now',
    connectedAgain: 'Connected to the server again.',
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
    notifications: 'Notifications',
    dismiss: 'Dismiss: {message}',
    backToSignIn: 'Back to sign in',
    missionPlanningAccount: 'your mission-planning account',
  },
  translations,
)
