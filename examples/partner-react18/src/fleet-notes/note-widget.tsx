import { useMessages, type WidgetProps } from '@honu/console-kit'
import { notesMessages } from './messages'
import type { NoteData } from './area'

/** The Fleet note widget: its note, read through the definition (version 2, older data migrated). */
export default function NoteWidget({ widget }: WidgetProps<NoteData>) {
  const t = useMessages(notesMessages)
  return <p className="acme-note">{widget.data.note || t('noNote')}</p>
}
