import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** The main layout's header: product, tenant or organisation switcher, navigation, user menu; the parts' own words. */
export const headerMessages = defineMessages(
  'header',
  {
    skipToContent: 'Skip to content',
    mainNavigation: 'Main',
    navigationMenu: 'Navigation',
    tenant: 'Tenant: {name}',
    organisation: 'Organisation: {name}',
    noScope: 'None chosen',
    allTenants: 'All tenants…',
    allOrganisations: 'All organisations…',
    scopesUnavailable: 'Could not load the list',
    switchFailed: 'Could not switch to {name}. Try again.',
    account: 'Account: {email}',
    preferences: 'Preferences',
    changePassword: 'Change password',
    signOut: 'Sign out',
    sessionExpired: 'Your session has expired. Sign in again to keep working; this page stays as it is until you do.',
    signInAgain: 'Sign in again',
    close: 'Close',
    cancel: 'Cancel',
    noMatches: 'No matches',
  },
  translations,
)
