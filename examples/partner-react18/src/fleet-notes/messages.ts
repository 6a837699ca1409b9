import { defineMessages, type TranslationLoaders } from '@honu/core'

// Typed here: the German module names this book's keys, so its type cannot come from it.
const translations: TranslationLoaders = { 'de-DE': () => import('./de-DE').then((m) => m.default) }

/** The partner's own strings, US English, with their German loaded only when a user picks German. */
export const notesMessages = defineMessages(
  'acme.fleet-notes',
  {
    title: 'Fleet notes',
    intro: 'Notes the fleet team keeps beside the streams of {tenant}.',
    streams: '{count, plural, =0 {No streams to note yet.} one {# stream to note:} other {# streams to note:}}',
    loading: 'Loading the streams…',
    failed: 'The streams could not be loaded.',
    retry: 'Retry',
    widgetTitle: 'Fleet note',
    widgetDescription: 'One note of the fleet team.',
    noNote: 'No note yet.',
  },
  translations,
)
