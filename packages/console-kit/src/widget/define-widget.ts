import { ConsoleError } from '@honu/core'
import type { WidgetDefinition } from './widget-definition'

/**
 * Declares a widget type, checking its component against its `data` type, and answers it as an entry of a
 * `WidgetRegistry` (where each widget's data type is its own business).
 *
 * @example
 * export const clock = defineWidget<{ zone?: string }>({
 *   type: 'Map', title: 'Clock', description: 'The time in a zone.', icon: Clock, // from lucide-react
 *   load: () => import('./clock-widget'),
 *   parse: (data) => (data ?? {}) as { zone?: string },
 * })
 */
export function defineWidget<TData>(definition: WidgetDefinition<TData>): WidgetDefinition {
  // The dashboard only hands a component what its own `parse` answered, so the data type can be forgotten here.
  return definition as unknown as WidgetDefinition
}

/**
 * A widget's stored data as its definition reads it: migrated first when it was stored by an older `version` of the
 * definition, then `parse`d. Throws what `migrate` or `parse` throws.
 *
 * @example readWidgetData(notesWidget, { data: { text: 'hi' }, dataVersion: 1 }) // v2's { note: 'hi' }
 */
export function readWidgetData<TData>(definition: WidgetDefinition<TData>, widget: { data?: unknown; dataVersion?: number }): TData {
  const stored = widget.dataVersion ?? 1
  const current = definition.version ?? 1
  const data = widget.data !== undefined && stored < current && definition.migrate ? definition.migrate(widget.data, stored) : widget.data
  return definition.parse(data)
}

/**
 * The error a definition's `parse` throws for stored data it cannot read, naming the field and what is wrong:
 * "This widget’s data cannot be read: streamId must be text."
 */
export function invalidWidgetData(field: string, problem: string): ConsoleError {
  return new ConsoleError({ code: 'widget/invalid-data', message: `This widget’s data cannot be read: ${field} ${problem}.` })
}
