import { defineMessages, type TranslationLoaders } from '@honu/core'

// Typed apart from the book, so the German module may check itself against the book's type.
const translations: TranslationLoaders = { 'de-DE': () => import('./remote-access-de').then((m) => m.default) }

/** The Remote Access widget's own words: its list of devices, their states, who is connected and in control. */
export const remoteAccessMessages = defineMessages(
  'widgets.remoteAccess',
  {
    list: 'Remote-access devices of {tenant}',
    noTenant: 'Choose a tenant first: devices belong to a tenant.',
    loading: 'Loading devices…',
    failed: 'The devices could not be loaded: {reason}',
    noAnswer: 'the server did not answer.',
    retry: 'Try again',
    none: 'This tenant has no remote-access devices yet.',
    online: 'Online',
    stale: 'Not heard from lately',
    offline: 'Offline',
    stateUnknown: 'State not known yet',
    connected: 'Connected: {names}',
    nobodyConnected: 'Nobody connected',
    inControl: 'In control: {name} since {time}',
    nobodyInControl: 'Nobody in control',
    open: 'Open desktop',
    openLabel: 'Open desktop of {name}',
    liveLost: 'Live states interrupted: reconnecting…',
  },
  translations,
)
