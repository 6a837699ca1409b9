import type { ComponentType } from 'react'
import type { WidgetDefinition, WidgetProps } from '@honu/console-kit/widget'
import { useMessages, useTranslate } from '@honu/console-kit'
import { placeholderMessages } from '../messages/placeholder'

/** What a placeholder says: its type's title and description. */
export type PlaceholderText = Pick<WidgetDefinition, 'title' | 'titleMessage' | 'description'>

/**
 * The placeholder's markup for a type and its definition (none: the type is unknown). Text only: names and types
 * are rendered as text, never as HTML.
 */
export function PlaceholderCard({ type, definition }: { type: string; definition: PlaceholderText | undefined }) {
  const t = useMessages(placeholderMessages)
  const translate = useTranslate()
  const title = definition?.titleMessage ? translate(definition.titleMessage.book, definition.titleMessage.key) : definition?.title
  // A known type's description in the console's language; another's as its definition words it.
  const description = Object.hasOwn(placeholderMessages.messages, type)
    ? t(type as keyof typeof placeholderMessages.messages)
    : definition?.description
  return (
    // Not a labelled section: that would make each placeholder a landmark, and two widgets of one type two
    // landmarks of the same name (axe: landmark-unique). The grid item around it is already named.
    <div className="honu-widget-placeholder" data-state="placeholder">
      <h3 className="honu-widget-placeholder__title">{title ?? t('unknownWidget', { type })}</h3>
      <p className="honu-widget-placeholder__text">{definition ? t('comingSoon', { description: description ?? '' }) : t('unknownType')}</p>
    </div>
  )
}

/**
 * The dashboard component of a widget type not built yet: its placeholder, with the type's title and description
 * handed in by its definition (this lazy chunk does not import `widgetDefinitions`; see registry.ts).
 */
export function placeholderWidget(definition: PlaceholderText): ComponentType<WidgetProps> {
  return function PlaceholderWidget({ widget }: WidgetProps) {
    return <PlaceholderCard type={widget.type} definition={definition} />
  }
}
