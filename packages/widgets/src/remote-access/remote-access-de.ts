import type { TranslationsOf } from '@honu/core'
import type { remoteAccessMessages } from './remote-access-messages'

/** The Remote Access widget's messages in German (loaded when German is chosen). */
export default {
  'widgets.remoteAccess': {
    list: 'Fernzugriffsgeräte von {tenant}',
    noTenant: 'Wählen Sie zuerst einen Mandanten: Geräte gehören zu einem Mandanten.',
    loading: 'Geräte werden geladen…',
    failed: 'Die Geräte konnten nicht geladen werden: {reason}',
    noAnswer: 'Der Server hat nicht geantwortet.',
    retry: 'Erneut versuchen',
    none: 'Dieser Mandant hat noch keine Fernzugriffsgeräte.',
    online: 'Online',
    stale: 'Seit Längerem keine Meldung',
    offline: 'Offline',
    stateUnknown: 'Zustand noch unbekannt',
    connected: 'Verbunden: {names}',
    nobodyConnected: 'Niemand verbunden',
    inControl: 'Steuerung: {name} seit {time}',
    nobodyInControl: 'Niemand hat die Steuerung',
    open: 'Bildschirm öffnen',
    openLabel: 'Bildschirm öffnen: {name}',
    liveLost: 'Live-Zustände unterbrochen: Verbindung wird wiederhergestellt…',
  },
} satisfies TranslationsOf<{ remoteAccessMessages: typeof remoteAccessMessages }>
