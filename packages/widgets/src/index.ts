export { widgetRegistry, getWidgetDefinition, type WidgetDefinition } from './registry'
export { WidgetPlaceholder, type WidgetPlaceholderProps } from './placeholder/widget-placeholder'
export { widgetComponents } from './widget-components'
