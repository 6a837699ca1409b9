import type { WidgetProps } from '@honu/console-react/widget'
import { getWidgetDefinition } from '../registry'

/** Props of {@link WidgetPlaceholder}. */
export interface WidgetPlaceholderProps {
  /** The widget type; an unknown type says so. */
  type: string
}

/**
 * Stands in for a widget that is not built yet, saying what it will show. Text only: names and types are
 * rendered as text, never as HTML.
 */
export function WidgetPlaceholder({ type }: WidgetPlaceholderProps) {
  const definition = getWidgetDefinition(type)
  return (
    <section className="honu-widget-placeholder" data-state="placeholder" aria-label={definition?.title ?? type}>
      <h3 className="honu-widget-placeholder__title">{definition?.title ?? `Unknown widget “${type}”`}</h3>
      <p className="honu-widget-placeholder__text">
        {definition ? `Coming soon: ${definition.description}` : 'This widget type is not known to this console.'}
      </p>
    </section>
  )
}

/** The dashboard component of the widget types not built yet: their placeholder. */
export function PlaceholderWidget({ widget }: WidgetProps) {
  return <WidgetPlaceholder type={widget.type} />
}
