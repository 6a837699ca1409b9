// The map's framework-free half (house style §11): MapLibre and everything it touches, loaded only when a map is
// first shown (the React component imports this module dynamically), so neither the login route nor a dashboard
// without a map pays for MapLibre's 300 KB.
import type { GeoJSONSource} from 'maplibre-gl';
import { addProtocol, Map as MapLibreMap, setWorkerUrl, type MapLayerMouseEvent } from 'maplibre-gl'
// The worker as a file of the app (a module worker, `worker-src 'self'`): no blob: worker under a strict CSP.
import bundledWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { PMTiles, Protocol } from 'pmtiles'
import type { FeatureCollection, LineString, Point } from 'geojson'
import { offlineBasemapStyle } from './offline-basemap'
import type { LonLatBounds } from './fit-bounds'
import type { TrailProperties, VehiclePointProperties } from './vehicle-features'
import { STATUS_COLOURS, type VehicleStatus } from './vehicle-status'

/** What a map is created with. */
export interface MapControllerOptions {
  /** The element the map draws into (MapLibre adds its canvas inside). */
  container: HTMLElement
  /** A style to draw instead of the offline basemap. */
  styleUrl?: string
  /** PMTiles archives the style reads (`pmtiles://<address>` sources). */
  pmtiles?: readonly string[]
  /** Where MapLibre's worker is served, when the bundler did not name it (see `setMapDefaults`). */
  workerUrl?: string
  /** The accessible name of MapLibre's canvas. */
  label: string
  /** A vehicle was clicked on the map. */
  onSelect(deviceId: string): void
  /**
   * The map finished drawing (MapLibre's `idle` with the style loaded): whether the offline basemap's sources were
   * tiled by the worker and drawn for this view (always false with a host's style), and how many vehicles are
   * drawn in view.
   */
  onIdle(drawn: { basemap: boolean; vehicles: number }): void
  /** MapLibre reported an error (a style or tile that could not load). */
  onError(error: Error): void
  /** The user moved the map by hand (drag, wheel, keys): the component stops following. */
  onUserMove(): void
}

/** One map: vehicles in, camera commands, destroy. */
export interface MapController {
  /** Draws the vehicles and their trails (GeoJSON sources; one `setData` each, no DOM per vehicle). */
  setVehicles(points: FeatureCollection<Point, VehiclePointProperties>, trails: FeatureCollection<LineString, TrailProperties>): void
  /** Shows the whole box. */
  fitBounds(bounds: LonLatBounds, animate: boolean): void
  /** Keeps the zoom and centres on a point (follow mode). */
  centerOn(lonLat: [number, number]): void
  /** Zooms in (+1) or out (-1). */
  zoomBy(delta: number): void
  /** Removes the map and frees its WebGL context. */
  destroy(): void
}

const SOURCES = { vehicles: 'honu-vehicles', trails: 'honu-trails' } as const
const LAYERS = { trails: 'honu-trails', ring: 'honu-vehicle-ring', dot: 'honu-vehicle-dot', arrow: 'honu-vehicle-arrow' } as const
const ICON_PX = 28

let workerSet = false
let protocol: Protocol | undefined

/** An arrow pointing north in a status's colour, with a dark outline to stand out on land and sea alike. */
function arrowImage(colour: string, ratio: number): ImageData {
  const size = ICON_PX * ratio
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('@honu/widgets: a 2D canvas is needed to draw the map icons')
  ctx.scale(ratio, ratio)
  ctx.beginPath()
  ctx.moveTo(14, 2)
  ctx.lineTo(25, 25)
  ctx.lineTo(14, 19)
  ctx.lineTo(3, 25)
  ctx.closePath()
  ctx.fillStyle = colour
  ctx.strokeStyle = '#0b0f14'
  ctx.lineWidth = 2
  ctx.lineJoin = 'round'
  ctx.stroke()
  ctx.fill()
  return ctx.getImageData(0, 0, size, size)
}

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] })

/**
 * Creates a map in `container`: the offline basemap (or the host's style), then the vehicles' layers on top:
 * trails (lines), a ring around the selected vehicle, arrows rotated by heading (symbols from images made with
 * `addImage`) and dots for vehicles without one, all coloured by status.
 */
export function createMapController(options: MapControllerOptions): MapController {
  if (!workerSet) {
    setWorkerUrl(options.workerUrl ?? bundledWorkerUrl)
    workerSet = true
  }
  if (options.pmtiles?.length) {
    if (!protocol) {
      protocol = new Protocol()
      addProtocol('pmtiles', protocol.tile)
    }
    for (const url of options.pmtiles) if (!protocol.get(url)) protocol.add(new PMTiles(url))
  }

  const map = new MapLibreMap({
    container: options.container,
    style: options.styleUrl ?? offlineBasemapStyle(),
    center: [0, 20],
    zoom: 1,
    attributionControl: false,
    // The console draws its own buttons (messages in the console's language); the map draws no text at all.
    renderWorldCopies: false,
  })
  map.getCanvas().setAttribute('aria-label', options.label)

  const addVehicleLayers = () => {
    const ratio = Math.max(1, Math.round(globalThis.devicePixelRatio || 1))
    for (const status of Object.keys(STATUS_COLOURS) as VehicleStatus[]) {
      const id = `honu-arrow-${status}`
      if (!map.hasImage(id)) map.addImage(id, arrowImage(STATUS_COLOURS[status], ratio), { pixelRatio: ratio })
    }
    const statusColour = ['match', ['get', 'status'], 'warning', STATUS_COLOURS.warning, 'stale', STATUS_COLOURS.stale, STATUS_COLOURS.ok] as const
    map.addSource(SOURCES.trails, { type: 'geojson', data: empty() })
    map.addSource(SOURCES.vehicles, { type: 'geojson', data: empty() })
    map.addLayer({
      id: LAYERS.trails,
      type: 'line',
      source: SOURCES.trails,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': statusColour as never, 'line-width': 2, 'line-opacity': 0.6 },
    })
    map.addLayer({
      id: LAYERS.ring,
      type: 'circle',
      source: SOURCES.vehicles,
      filter: ['==', ['get', 'selected'], 1],
      paint: { 'circle-radius': 18, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    })
    map.addLayer({
      id: LAYERS.dot,
      type: 'circle',
      source: SOURCES.vehicles,
      filter: ['<', ['get', 'heading'], 0],
      paint: { 'circle-radius': 7, 'circle-color': statusColour as never, 'circle-stroke-color': '#0b0f14', 'circle-stroke-width': 2 },
    })
    map.addLayer({
      id: LAYERS.arrow,
      type: 'symbol',
      source: SOURCES.vehicles,
      filter: ['>=', ['get', 'heading'], 0],
      layout: {
        'icon-image': ['concat', 'honu-arrow-', ['get', 'status']],
        'icon-rotate': ['get', 'heading'],
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    })
  }

  let pending: Parameters<MapController['setVehicles']> | undefined
  let ready = false
  // A fit asked for before the map can honour it: before the style loaded, or while the container has no size (a
  // widget just added, before the grid placed it), where fitBounds would compute a camera for a 0×0 canvas.
  let pendingFit: { bounds: LonLatBounds; animate: boolean } | undefined
  const applyFit = () => {
    const container = map.getContainer()
    if (!pendingFit || !ready || container.clientWidth === 0 || container.clientHeight === 0) return
    // Padding at most an eighth of each side: MapLibre refuses a fit whose padding leaves no room (a small tile).
    const padding = Math.min(48, Math.floor(Math.min(container.clientWidth, container.clientHeight) / 8))
    map.fitBounds(pendingFit.bounds, { padding, maxZoom: 16, animate: pendingFit.animate })
    pendingFit = undefined
  }
  map.on('load', () => {
    addVehicleLayers()
    ready = true
    if (pending) controller.setVehicles(...pending)
    applyFit()
  })
  map.on('resize', applyFit)
  map.on('idle', () => {
    if (!map.isStyleLoaded()) return
    // The offline basemap is drawn once its sources' tiles for this view are made (by the worker, from the
    // package's GeoJSON) and rendered: whether land is in view or the view is all sea.
    const basemap = !options.styleUrl && map.isSourceLoaded('land') && map.isSourceLoaded('borders')
    const vehicles = ready ? map.queryRenderedFeatures({ layers: [LAYERS.arrow, LAYERS.dot] }).length : 0
    options.onIdle({ basemap, vehicles })
  })
  map.on('error', (event) => options.onError(new Error(event.error.message)))
  const select = (event: MapLayerMouseEvent) => {
    const id = event.features?.[0]?.properties.id
    if (typeof id === 'string') options.onSelect(id)
  }
  for (const layer of [LAYERS.arrow, LAYERS.dot]) {
    map.on('click', layer, select)
    map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'))
    map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''))
  }
  // A camera move the user made (it carries the DOM event that caused it); our own easeTo/fitBounds carry none.
  map.on('movestart', (event: { originalEvent?: unknown }) => {
    if (event.originalEvent) options.onUserMove()
  })

  const controller: MapController = {
    setVehicles(points, trails) {
      if (!ready) {
        pending = [points, trails]
        return
      }
      map.getSource<GeoJSONSource>(SOURCES.vehicles)?.setData(points)
      map.getSource<GeoJSONSource>(SOURCES.trails)?.setData(trails)
    },
    fitBounds(bounds, animate) {
      pendingFit = { bounds, animate }
      applyFit()
    },
    centerOn(lonLat) {
      map.easeTo({ center: lonLat, duration: 300 })
    },
    zoomBy(delta) {
      map.easeTo({ zoom: map.getZoom() + delta, duration: 200 })
    },
    destroy() {
      map.remove()
    },
  }
  return controller
}
