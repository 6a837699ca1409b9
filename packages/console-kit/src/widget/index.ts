// The widget contract, on its own entry (`@honu/console-kit/widget`, re-exported as `@honu/console-react/widget`):
// a widget package depends on this and React alone, without the console's routes, screens or the grid engine.
export type { WidgetDefinition, WidgetPickerProps, WidgetProps, WidgetRegistry, WidgetSize } from './widget-definition'
export { defineWidget, invalidWidgetData, readWidgetData } from './define-widget'
export type { IconComponent } from '../parts/icon'
