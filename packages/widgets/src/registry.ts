import type { WidgetType } from '@honu/core/grid'

/** What the dashboard knows about a widget type before loading its code. */
export interface WidgetDefinition {
  type: WidgetType
  /** Title shown in the widget header and the add-widget menu. */
  title: string
  /** What the widget shows, for menus and for the placeholder of widgets not built yet. */
  description: string
}

/** The nine widget types of spec §2. */
export const widgetRegistry: Readonly<Record<WidgetType, WidgetDefinition>> = {
  Vehicle: { type: 'Vehicle', title: 'Vehicle', description: 'Position, speed, heading and health of one vehicle.' },
  Vnc: { type: 'Vnc', title: 'Remote desktop', description: 'A VNC session to a device, with keyboard and mouse.' },
  Map: { type: 'Map', title: 'Map', description: 'Vehicles and devices of the tenant on a map.' },
  Video: { type: 'Video', title: 'Video', description: 'A live video stream with its connection state.' },
  Tenant: { type: 'Tenant', title: 'Tenant', description: 'The tenant, its networks and their address ranges.' },
  'Remote Access': {
    type: 'Remote Access',
    title: 'Remote access',
    description: 'Remote access devices of the tenant and their sessions.',
  },
  MissionExecStatus: {
    type: 'MissionExecStatus',
    title: 'Mission execution',
    description: 'Status of the running mission executions.',
  },
  MissionReviewInformation: {
    type: 'MissionReviewInformation',
    title: 'Mission review',
    description: 'Summary of a finished mission for review.',
  },
  CollectedDataInformation: {
    type: 'CollectedDataInformation',
    title: 'Collected data',
    description: 'Data collected during a mission execution.',
  },
}

/** The definition of a widget type, or `undefined` for an unknown type. */
export function getWidgetDefinition(type: string): WidgetDefinition | undefined {
  return Object.prototype.hasOwnProperty.call(widgetRegistry, type) ? widgetRegistry[type as WidgetType] : undefined
}
