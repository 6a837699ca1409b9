import { defineMessages } from '@honu/core'
import { translations } from './translations'

/** The Map widget and the vehicle map of the vehicle page. */
export const mapMessages = defineMessages(
  'widgets.map',
  {
    region: 'Map of the vehicles',
    vehicles: 'Vehicles on the map',
    noVehicles: 'No vehicles are reporting yet.',
    loading: 'Loading the map…',
    failed: 'The map could not be drawn: {reason}',
    noWebgl: 'This browser cannot draw the map (WebGL is off or missing). The list still shows every vehicle.',
    noWorker:
      'The map cannot start: the page has not said where the map’s worker is served (setMapDefaults with workerUrl). The list still shows every vehicle.',
    fitAll: 'Show all vehicles',
    follow: 'Follow the selected vehicle',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    ok: 'OK',
    warning: 'Warning',
    stale: 'No recent data',
    position: '{lat}, {lon}',
    noPosition: 'No position',
    select: 'Open {name}',
    attribution: 'Basemap: Natural Earth',
    open: 'Opened {name}',
  },
  translations,
)
