// The widget contract (`@honu/console-react/widget`), now defined in @honu/console-kit: re-exported so existing
// widget packages keep working. New widget code imports `@honu/console-kit/widget`.
export type { WidgetDefinition, WidgetPickerProps, WidgetProps, WidgetRegistry, WidgetSize, IconComponent } from '@honu/console-kit/widget'
export { defineWidget, invalidWidgetData } from '@honu/console-kit/widget'
