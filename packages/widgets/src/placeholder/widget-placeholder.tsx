import { getWidgetDefinition } from '../registry'
import { PlaceholderCard } from './placeholder-widget'

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
  return <PlaceholderCard type={type} definition={getWidgetDefinition(type)} />
}
