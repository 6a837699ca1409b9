import { Building2, Car, ClipboardCheck, Database, Flag, Map as MapIcon, Monitor, Router, Video } from 'lucide-react'
import { defineWidget, type WidgetDefinition, type WidgetRegistry } from '@honu/console-kit/widget'
import { parseVideoWidgetData } from './video/video-widget-data'
import { parseMapWidgetData } from './map/map-widget-data'
import { parseVehicleWidgetData } from './vehicle/vehicle-widget-data'
import { parseTenantWidgetData } from './tenant/tenant-widget-data'
import { parseVncWidgetData } from './vnc/vnc-widget-data'
import { parseRemoteAccessWidgetData } from './remote-access/remote-access-widget-data'
import { parseMissionExecStatusWidgetData } from './mission-exec-status/mission-exec-status-widget-data'
import { widgetTypeMessages } from './messages/widget-types'
import { placeholderMessages } from './messages/placeholder'

/** A type's title: its US English text, and its message, which the console shows in the active language. */
const titled = (key: keyof typeof widgetTypeMessages.messages) => ({
  title: widgetTypeMessages.messages[key],
  titleMessage: { book: widgetTypeMessages, key },
})

// Widgets not built yet show their placeholder, saying what they will show; their data is not read. The
// placeholder's chunk is handed its title and description and imports nothing of this list: were that lazy chunk
// to import the list back, the list and ConsoleError (through defineWidget's module) would be reached from it
// too, and the bundler would keep them in a chunk of their own on the login route, outside the app chunk.
function planned(definition: Pick<WidgetDefinition, 'type' | 'title' | 'titleMessage' | 'icon' | 'description'>): WidgetDefinition {
  return {
    ...definition,
    load: async () => ({ default: (await import('./placeholder/placeholder-widget')).placeholderWidget(definition) }),
    parse: (data: unknown) => data,
  }
}

/**
 * The nine widget types of spec §2, in the add menu's order: each with its title, icon and description, its
 * code loaded on first use, and how its stored `data` is read. None sets a `defaultSize`: every type is added at
 * spec §9's default in free layout, S wide and L tall (4 × 8), at least S high and XS wide (4 and 2), and each
 * widget's content fits that tile and reflows when it is resized down to its minimum. Pass it to the console (`<Console
 * widgets={widgetDefinitions}>`, `createConsoleRoutes({ widgets })`) or to a `<Dashboard registry>`.
 */
export const widgetDefinitions: WidgetRegistry = [
  defineWidget({
    type: 'Vehicle',
    ...titled('vehicle'),
    icon: Car,
    description: placeholderMessages.messages.Vehicle,
    load: async () => ({ default: (await import('./vehicle/vehicle-widget')).VehicleWidget }),
    // A new Vehicle widget asks which of the tenant's vehicles to show.
    picker: async () => ({ default: (await import('./vehicle/vehicle-widget-picker')).VehicleWidgetPicker }),
    parse: parseVehicleWidgetData,
  }),
  defineWidget({
    type: 'Vnc',
    ...titled('vnc'),
    icon: Monitor,
    description: placeholderMessages.messages.Vnc,
    // noVNC itself loads with the first connection (the connector imports it), not with this chunk.
    load: async () => ({ default: (await import('./vnc/vnc-widget')).VncWidget }),
    // A new Vnc widget asks which of the tenant's remote-access devices to show.
    picker: async () => ({ default: (await import('./vnc/vnc-widget-picker')).VncWidgetPicker }),
    parse: parseVncWidgetData,
  }),
  defineWidget({
    type: 'Map',
    ...titled('map'),
    icon: MapIcon,
    description: placeholderMessages.messages.Map,
    // MapLibre itself loads with the first map drawn (the component imports it), not with this chunk's list.
    load: async () => ({ default: (await import('./map/map-widget')).MapWidget }),
    parse: parseMapWidgetData,
  }),
  defineWidget({
    type: 'Video',
    ...titled('video'),
    icon: Video,
    description: placeholderMessages.messages.Video,
    load: async () => ({ default: (await import('./video/video-widget')).VideoWidget }),
    // A new Video widget asks which of the tenant's streams to play.
    picker: async () => ({ default: (await import('./video/video-widget-picker')).VideoWidgetPicker }),
    parse: parseVideoWidgetData,
  }),
  defineWidget({
    type: 'Tenant',
    ...titled('tenant'),
    icon: Building2,
    description: placeholderMessages.messages.Tenant,
    // The topology store (and the live channel's device states) load with this chunk, not with the list.
    load: async () => ({ default: (await import('./tenant/tenant-widget')).TenantWidget }),
    parse: parseTenantWidgetData,
  }),
  defineWidget({
    type: 'Remote Access',
    ...titled('remoteAccess'),
    icon: Router,
    description: placeholderMessages.messages['Remote Access'],
    // The live channel's device states and control leases load with this chunk.
    load: async () => ({ default: (await import('./remote-access/remote-access-widget')).RemoteAccessWidget }),
    parse: parseRemoteAccessWidgetData,
  }),
  defineWidget({
    type: 'MissionExecStatus',
    ...titled('missionExecStatus'),
    icon: Flag,
    description: placeholderMessages.messages.MissionExecStatus,
    version: 1,
    // The organisation's executions topic and the plan reading load with this chunk, not with the list.
    load: async () => ({ default: (await import('./mission-exec-status/mission-exec-status-widget')).MissionExecStatusWidget }),
    parse: parseMissionExecStatusWidgetData,
  }),
  planned({
    type: 'MissionReviewInformation',
    ...titled('missionReview'),
    icon: ClipboardCheck,
    description: placeholderMessages.messages.MissionReviewInformation,
  }),
  planned({
    type: 'CollectedDataInformation',
    ...titled('collectedData'),
    icon: Database,
    description: placeholderMessages.messages.CollectedDataInformation,
  }),
]

/** The definition of a widget type, or `undefined` for an unknown type. */
export function getWidgetDefinition(type: string): WidgetDefinition | undefined {
  return widgetDefinitions.find((definition) => definition.type === type)
}
