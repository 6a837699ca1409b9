import { lazy, type ComponentType } from 'react'
import type { WidgetType } from '@honu/core/grid'
import type { WidgetProps, WidgetRegistry } from '@honu/console-react'

// Each widget type loads on first use. Widgets not built yet show their placeholder, saying what they will show.
const placeholder = lazy(async () => {
  const { WidgetPlaceholder } = await import('./placeholder/widget-placeholder')
  const Placeholder: ComponentType<WidgetProps> = ({ widget }) => <WidgetPlaceholder type={widget.type} />
  return { default: Placeholder }
})

const video = lazy(async () => ({ default: (await import('./video/video-widget')).VideoWidget }))

/** The dashboard components of the nine widget types (spec §2), for `<Dashboard registry={widgetComponents}>`. */
export const widgetComponents: WidgetRegistry = {
  Vehicle: placeholder,
  Vnc: placeholder,
  Map: placeholder,
  Video: video,
  Tenant: placeholder,
  'Remote Access': placeholder,
  MissionExecStatus: placeholder,
  MissionReviewInformation: placeholder,
  CollectedDataInformation: placeholder,
} satisfies Record<WidgetType, ComponentType<WidgetProps>>
