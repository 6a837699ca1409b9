// The map's framework-free half (house style §11): MapLibre and everything it touches, loaded only when a map is
// first shown (the React component imports this module dynamically), so neither the login route nor a dashboard
// without a map pays for MapLibre's 300 KB.
import { addProtocol, Map as MapLibreMap, setWorkerUrl, type MapMouseEvent } from 'maplibre-gl'
import { PMTiles, Protocol } from 'pmtiles'
import { offlineBasemapStyle } from './offline-basemap'
import type { LonLatBounds } from './fit-bounds'
import type { VehicleData } from './vehicle-buffers'
import { createVehicleLayer } from './vehicle-layer'
import { createSitePackLoader, sitePackBefore, type SitePackLoader } from './site-pack-loader'
import type { SitePack } from './site-packs'
import { createPlanLayer, type PlanLayer, type PlanLayerActions, type PlanLayerView } from './plan-layer'

/** What a map is created with. */
export interface MapControllerOptions {
  /** The element the map draws into (MapLibre adds its canvas inside). */
  container: HTMLElement
  /** A style to draw instead of the offline basemap. */
  styleUrl?: string
  /** PMTiles archives the style reads (`pmtiles://<address>` sources). */
  pmtiles?: readonly string[]
  /** Addresses of site-pack indexes: the packs in view are drawn above the basemap (site-pack-loader.ts). */
  sitePacks?: readonly string[]
  /** A site pack was drawn (its attribution is then due). */
  onSitePack?(pack: SitePack): void
  /**
   * Where MapLibre's worker is served, a file of the host (`setMapDefaults`): a module worker under
   * `worker-src 'self'`, never a blob: worker under a strict CSP.
   */
  workerUrl: string
  /** The accessible name of MapLibre's canvas. */
  label: string
  /** A vehicle was clicked on the map. */
  onSelect(deviceId: string): void
  /**
   * The map finished drawing (MapLibre's `idle` with the style loaded, or the end of a camera move with its tiles
   * loaded, as a followed vehicle's map seldom goes idle): whether the offline basemap's sources were
   * tiled by the worker and drawn for this view (always false with a host's style), and how many vehicles are
   * drawn in view.
   */
  onIdle(drawn: { basemap: boolean; vehicles: number }): void
  /** MapLibre reported an error (a style or tile that could not load). */
  onError(error: Error): void
  /** The user moved the map by hand (drag, wheel, keys): the component stops following. */
  onUserMove(): void
  /**
   * A click on the map but not on a plan's handle, where a planning tool is placing points: answers whether it
   * placed one (the click then selects no vehicle).
   */
  onPlace?(point: { lat: number; lon: number }): boolean
}

/** One map: vehicles in, camera commands, destroy. */
export interface MapController {
  /** Draws the vehicles and their trails from their vertex data (vehicle-buffers.ts; no DOM per vehicle). */
  setVehicles(data: VehicleData): void
  /** Shows the whole box. */
  fitBounds(bounds: LonLatBounds, animate: boolean): void
  /** Keeps the zoom and centres on a point (follow mode). */
  centerOn(lonLat: [number, number]): void
  /** Zooms in (+1) or out (-1). */
  zoomBy(delta: number): void
  /** Draws an open mission plan with handles that call `actions` (plan-layer.ts); none: the plan is closed. */
  setPlan(view: PlanLayerView | undefined, actions: PlanLayerActions | undefined): void
  /** Whether any of the box is in view. */
  showsAny(bounds: LonLatBounds): boolean
  /** The point at the view's centre (where the keyboard places a plan's points). */
  center(): { lat: number; lon: number }
  /** Removes the map and frees its WebGL context. */
  destroy(): void
}

const LAYER_ID = 'honu-vehicles'

let workerSet = false
let protocol: Protocol | undefined

/**
 * Creates a map in `container`: the offline basemap (or the host's style), then the vehicles' layers on top:
 * trails (lines), a ring around the selected vehicle, arrows rotated by heading (symbols from images made with
 * `addImage`) and dots for vehicles without one, all coloured by status.
 */
export function createMapController(options: MapControllerOptions): MapController {
  if (!workerSet) {
    setWorkerUrl(options.workerUrl)
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

  // The vehicles, their trails and the selection ring: one custom WebGL layer above the basemap (see
  // vehicle-layer.ts for why not GeoJSON sources).
  const vehicles = createVehicleLayer(LAYER_ID)
  const addVehicleLayers = () => map.addLayer(vehicles.layer)

  let pending: VehicleData | undefined
  let ready = false
  // The open plan: drawn once the style has loaded (its layers go under the vehicles); actions change with it.
  let planLayer: PlanLayer | undefined
  let planView: PlanLayerView | undefined
  let planActions: PlanLayerActions | undefined
  const planProxy: PlanLayerActions = {
    move: (vertex, to) => planActions?.move(vertex, to) ?? false,
    remove: (vertex) => planActions?.remove(vertex) ?? false,
    insert: (after, at) => planActions?.insert(after, at) ?? false,
  }
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
  // Site packs: land at harbour scale above the basemap, fetched when in view; one that fails only warns.
  let packs: SitePackLoader | undefined
  if (options.sitePacks?.length) {
    packs = createSitePackLoader(map, {
      indexes: options.sitePacks,
      beforeLayer: () => sitePackBefore(map, LAYER_ID),
      onDrawn: (pack) => options.onSitePack?.(pack),
    })
  }
  map.on('load', () => {
    addVehicleLayers()
    planLayer = createPlanLayer(map, planProxy, LAYER_ID)
    if (planView) planLayer.set(planView)
    ready = true
    packs?.update()
    if (pending) controller.setVehicles(pending)
    applyFit()
  })
  map.on('resize', applyFit)
  const settled = () => {
    if (!map.isStyleLoaded()) return
    // The offline basemap is drawn once its sources' tiles for this view are made (by the worker, from the
    // package's GeoJSON) and rendered: whether land is in view or the view is all sea. Not into a container of no
    // size: MapLibre goes idle there too, having drawn nothing anyone can see.
    const container = map.getContainer()
    const seen = container.clientWidth > 0 && container.clientHeight > 0
    const basemap = seen && !options.styleUrl && map.isSourceLoaded('land') && map.isSourceLoaded('borders')
    options.onIdle({ basemap, vehicles: ready ? vehicles.countInView(map) : 0 })
  }
  map.on('idle', settled)
  // A map following a vehicle eases to it on every position (a few a second) and may not go idle for half a
  // minute: the end of each move with its tiles loaded counts as settled too.
  map.on('moveend', () => {
    if (ready) packs?.update()
    if (map.areTilesLoaded()) settled()
  })
  map.on('error', (event) => {
    // A site pack's own failure is the loader's to report (a warning): the map still has its basemap.
    const { sourceId } = event as { sourceId?: string }
    if (sourceId && packs?.owns(sourceId)) packs.fail(sourceId, event.error.message)
    else options.onError(new Error(event.error.message))
  })
  map.on('click', (event: MapMouseEvent) => {
    if (planLayer?.isHandle(event.originalEvent.target)) return
    // Wrapped into −180…180: a map panned across the antimeridian answers longitudes beyond it.
    const { lng, lat } = event.lngLat.wrap()
    if (options.onPlace?.({ lat, lon: lng })) return
    const id = vehicles.pick(map, event.point.x, event.point.y)
    if (id) options.onSelect(id)
  })
  map.on('mousemove', (event: MapMouseEvent) => {
    map.getCanvas().style.cursor = vehicles.pick(map, event.point.x, event.point.y) ? 'pointer' : ''
  })
  // A camera move the user made (it carries the DOM event that caused it); our own easeTo/fitBounds carry none.
  map.on('movestart', (event: { originalEvent?: unknown }) => {
    if (event.originalEvent) options.onUserMove()
  })

  const controller: MapController = {
    setVehicles(data) {
      if (!ready) {
        pending = data
        return
      }
      vehicles.setData(data)
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
    setPlan(view, actions) {
      planView = view
      planActions = actions
      planLayer?.set(view)
    },
    showsAny([[west, south], [east, north]]) {
      const view = map.getBounds()
      return west <= view.getEast() && east >= view.getWest() && south <= view.getNorth() && north >= view.getSouth()
    },
    center() {
      const { lng, lat } = map.getCenter()
      return { lat, lon: lng }
    },
    destroy() {
      planLayer?.destroy()
      map.remove()
    },
  }
  return controller
}
