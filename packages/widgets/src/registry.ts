import { defineWidget, type WidgetDefinition, type WidgetRegistry } from '@honu/console-react/widget'
import { parseVideoWidgetData } from './video/video-widget-data'

// Widgets not built yet show their placeholder, saying what they will show; their data is not read.
const placeholder = {
  load: async () => ({ default: (await import('./placeholder/widget-placeholder')).PlaceholderWidget }),
  parse: (data: unknown) => data,
}

/**
 * The nine widget types of spec §2, in the add menu's order: each with its title, icon and description, its
 * code loaded on first use, and how its stored `data` is read. Pass it to the console (`<Console
 * widgets={widgetDefinitions}>`, `createConsoleRoutes({ widgets })`) or to a `<Dashboard registry>`.
 */
export const widgetDefinitions: WidgetRegistry = [
  {
    type: 'Vehicle',
    title: 'Vehicle',
    icon: '➤',
    description: 'Position, speed, heading and health of one vehicle.',
    ...placeholder,
  },
  { type: 'Vnc', title: 'Remote desktop', icon: '⌨', description: 'A VNC session to a device, with keyboard and mouse.', ...placeholder },
  { type: 'Map', title: 'Map', icon: '⌖', description: 'Vehicles and devices of the tenant on a map.', ...placeholder },
  defineWidget({
    type: 'Video',
    title: 'Video',
    icon: '▶',
    description: 'A live video stream with its connection state.',
    load: async () => ({ default: (await import('./video/video-widget')).VideoWidget }),
    parse: parseVideoWidgetData,
  }),
  { type: 'Tenant', title: 'Tenant', icon: '⌂', description: 'The tenant, its networks and their address ranges.', ...placeholder },
  {
    type: 'Remote Access',
    title: 'Remote access',
    icon: '⇄',
    description: 'Remote access devices of the tenant and their sessions.',
    ...placeholder,
  },
  {
    type: 'MissionExecStatus',
    title: 'Mission execution',
    icon: '⚑',
    description: 'Status of the running mission executions.',
    ...placeholder,
  },
  {
    type: 'MissionReviewInformation',
    title: 'Mission review',
    icon: '☑',
    description: 'Summary of a finished mission for review.',
    ...placeholder,
  },
  {
    type: 'CollectedDataInformation',
    title: 'Collected data',
    icon: '▤',
    description: 'Data collected during a mission execution.',
    ...placeholder,
  },
]

/** The definition of a widget type, or `undefined` for an unknown type. */
export function getWidgetDefinition(type: string): WidgetDefinition | undefined {
  return widgetDefinitions.find((definition) => definition.type === type)
}
