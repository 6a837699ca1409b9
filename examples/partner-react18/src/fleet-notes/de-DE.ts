import type { TranslationsOf } from '@honu/core'
import type { notesMessages } from './messages'

export default {
  'acme.fleet-notes': {
    title: 'Flottennotizen',
    intro: 'Notizen des Flottenteams zu den Streams von {tenant}.',
    streams: '{count, plural, =0 {Noch keine Streams für Notizen.} one {# Stream für Notizen:} other {# Streams für Notizen:}}',
    loading: 'Streams werden geladen…',
    failed: 'Die Streams konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    widgetTitle: 'Flottennotiz',
    widgetDescription: 'Eine Notiz des Flottenteams.',
    noNote: 'Noch keine Notiz.',
  },
} satisfies TranslationsOf<{ notesMessages: typeof notesMessages }>
