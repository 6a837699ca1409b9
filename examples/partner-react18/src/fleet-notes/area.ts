import { defineArea } from '@honu/console-react'
import { defineWidget, invalidWidgetData } from '@honu/console-kit/widget'
import { NoteIcon } from './note-icon'
import css from './area.css?inline'
import { notesMessages } from './messages'

/** A Fleet note's data since version 2 (version 1 stored `{ text }`). */
export type NoteData = { note: string }

const noteWidget = defineWidget<NoteData>({
  type: 'acme.fleet-note',
  title: notesMessages.messages.widgetTitle,
  titleMessage: { book: notesMessages, key: 'widgetTitle' },
  description: notesMessages.messages.widgetDescription,
  icon: NoteIcon,
  load: () => import('./note-widget'),
  version: 2,
  migrate: (data, from) => (from === 1 ? { note: (data as { text?: unknown }).text } : data),
  parse: (data) => {
    if (data === undefined) return { note: '' }
    const note = (data as { note?: unknown }).note
    if (typeof note !== 'string') throw invalidWidgetData('note', 'must be text')
    return { note }
  },
})

/**
 * The partner's own area, from its own code: a route with its link and screen, a widget type for the dashboards, its
 * strings in English and German, and its style sheet. The portal adds it with one line (`areas` in main.tsx).
 */
export const fleetNotesArea = defineArea({
  key: 'acme.fleet-notes',
  routes: [{ path: '/fleet-notes', nav: { book: notesMessages, key: 'title' }, screen: () => import('./notes-screen') }],
  widgets: [noteWidget],
  styleSheet: css,
})
