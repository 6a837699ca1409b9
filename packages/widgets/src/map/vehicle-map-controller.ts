// VehicleMap's machine (house style §11): the vehicles, selection and clock it is handed, the map it makes (loaded
// lazily: MapLibre is only imported by map-controller.ts), the vertex data it writes for the map once per task at
// most, the list's throttle and the stale tick, and what the component shows (`subscribe`/`getSnapshot`). No React:
// vehicle-map.tsx holds it with useSyncExternalStore and hands it its props; tests pass a fake map and scheduler.
import { globalScheduler, type Scheduler } from '@honu/core'
import type { MapVehicle } from './map-vehicle'
import type { MapController, MapControllerOptions } from './map-controller'
import { boundsOf, planBounds, type LonLatBounds } from './fit-bounds'
import type { PlanLayerActions, PlanLayerView } from './plan-layer'
import { createVehicleBuffers } from './vehicle-buffers'
import { DEFAULT_STALE_AFTER_MS } from './vehicle-status'

/** What the map is doing: loading MapLibre and the style, drawn, or failed (no WebGL, a style that did not load). */
export type VehicleMapState = 'loading' | 'ready' | 'error' | 'no-worker'

/** What the component shows: a new object whenever any of it changes (never on a batch of vehicles alone). */
export interface VehicleMapView {
  /** The map's state (`no-worker` is the component's to say: it knows the page's defaults). */
  state: Exclude<VehicleMapState, 'no-worker'>
  /** MapLibre's last error, or why the map could not be made. */
  error?: string
  /** The offline basemap was drawn in a view of some size (stays true once it was). */
  basemap: boolean
  /** How many vehicles were drawn in view when the map last settled. */
  drawnVehicles: number
  /** What the drawn site packs' data asks to be credited with (each once, in the order drawn). */
  attributions: readonly string[]
  /** Following the selected vehicle. */
  follow: boolean
  /** A map exists: its buttons work. */
  attached: boolean
  /** The vehicles the list beside the map shows: the newest at most every {@link LIST_MS}. */
  listed: readonly MapVehicle[]
  /** The clock at the last tick (every {@link TICK_MS}), for stale in the list. */
  now: number
}

/** What the component hands over on each render (its props). */
export interface VehicleMapInput {
  vehicles: readonly MapVehicle[]
  selectedId?: string
  staleAfterMs?: number
  /** The clock (ms since the epoch). */
  clock: () => number
  /** The map's accessible name (read when the map is made). */
  label: string
  onSelect?(deviceId: string): void
  /** Whether the list is shown (a hidden list is not updated). */
  showList: boolean
  /** An open mission plan to draw, with handles (plan-layer.ts); none: no plan. */
  plan?: PlanLayerView
  /** What the plan's handles do (the plan editor's commands). */
  planActions?: PlanLayerActions
  /**
   * Which plan is open (its editor): the first time a plan with points shows, the map fits it rather than the
   * vehicles, and Fit shows both.
   */
  planKey?: unknown
  /** A click on the map where a planning tool places points (answers whether it placed one). */
  onPlace?(point: { lat: number; lon: number }): boolean
}

/** Where the map draws and with what. */
export interface VehicleMapMount {
  styleUrl?: string
  pmtiles?: readonly string[]
  /** Site-pack indexes (`MapSettings.sitePacks`). */
  sitePacks?: readonly string[]
  /** MapLibre's worker; without one no map is made (the component says why). */
  workerUrl?: string
}

/** When the vertex data is written (injected for tests). */
export interface FrameScheduler {
  request(callback: () => void): unknown
  cancel(handle: unknown): void
}

/** What {@link createVehicleMapController} is made with. */
export interface VehicleMapControllerOptions extends VehicleMapInput {
  /** Follow the selected vehicle from the start. */
  follow?: boolean
  /** Timers: the stale tick and the list's throttle. Default: the global ones. */
  scheduler?: Scheduler
  /** When the vertex data is written: once per task at most by default (see `globalFrames`); tests run it by hand. */
  frames?: FrameScheduler
  /** A monotonic clock (ms) for the list's throttle. Default `performance.now`. */
  elapsed?: () => number
  /** Loads the map's maker (default: map-controller.ts, imported when the first map mounts). */
  loadMap?: () => Promise<(options: MapControllerOptions) => MapController>
}

/** One VehicleMap's machine: see {@link createVehicleMapController}. */
export interface VehicleMapController {
  subscribe(listener: () => void): () => void
  getSnapshot(): VehicleMapView
  /** Takes the component's props (each render); the map redraws on the next frame when the vehicles, selection or staleness changed. */
  update(input: VehicleMapInput): void
  /**
   * Starts the tick and makes the map in `element` (when there is a worker); the answer stops both and removes the
   * map. A new style mounts again.
   */
  mount(element: HTMLElement | null, map: VehicleMapMount): () => void
  zoomBy(delta: number): void
  /** Shows all vehicles (and the open plan) and stops following. */
  fitAll(): void
  /** The point at the map's centre, if there is a map (where the keyboard places a plan's points). */
  center(): { lat: number; lon: number } | undefined
  setFollow(on: boolean): void
}

/** The stale tick: stale is a matter of time passing, not only of new data. */
export const TICK_MS = 1000
/** The list beside the map shows the newest vehicles at most this often. */
export const LIST_MS = 500

/**
 * The default: the vehicles are written at the end of the task their batch arrived in (several changes in one task,
 * one write), and MapLibre draws them in its next frame. Writing in an animation frame of our own instead put a frame
 * between the two (MapLibre's repaint, asked for inside our frame, waits for the next one), and the live-map
 * benchmark's p99 grew.
 */
const globalFrames: FrameScheduler = {
  request: (callback) => {
    const handle = { cancelled: false }
    queueMicrotask(() => {
      if (!handle.cancelled) callback()
    })
    return handle
  },
  cancel: (handle) => {
    ;(handle as { cancelled: boolean }).cancelled = true
  },
}

/**
 * Makes VehicleMap's machine. The vehicles are written into the map's vertex buffers once per task at most (a
 * live feed of 1,000 vehicles at 10 Hz arrives in a hundred batches a second, each written as it comes, cheaply),
 * the first vehicles with a position are fitted, a followed vehicle is kept centred, and the list gets the newest
 * vehicles at most every {@link LIST_MS}: re-rendering a thousand rows on each batch was most of the page's main-thread
 * time.
 */
export function createVehicleMapController(options: VehicleMapControllerOptions): VehicleMapController {
  const scheduler = options.scheduler ?? globalScheduler
  const frames = options.frames ?? globalFrames
  const elapsed = options.elapsed ?? (() => performance.now())
  const loadMap = options.loadMap ?? (() => import('./map-controller').then((module) => module.createMapController))
  let input: VehicleMapInput = options
  let view: VehicleMapView = {
    state: 'loading',
    basemap: false,
    drawnVehicles: 0,
    attributions: [],
    follow: options.follow ?? false,
    attached: false,
    listed: options.vehicles,
    now: options.clock(),
  }
  const listeners = new Set<() => void>()
  const set = (patch: Partial<VehicleMapView>) => {
    if (!(Object.keys(patch) as (keyof VehicleMapView)[]).some((key) => !Object.is(patch[key], view[key]))) return
    view = { ...view, ...patch }
    for (const listener of listeners) listener()
  }

  const buffers = createVehicleBuffers()
  let map: MapController | undefined
  let fitted = false
  let planFitted: unknown
  let planLooked: unknown
  let centred: { lat: number; lon: number } | undefined
  let frame: unknown
  const draw = () => {
    frame = undefined
    if (!map) return
    const { vehicles, selectedId, staleAfterMs = DEFAULT_STALE_AFTER_MS } = input
    map.setVehicles(buffers.write(vehicles, { now: view.now, staleAfterMs, selectedId }))
    // Looked at when the plan's view changed, not on every batch of vehicles (up to a hundred a second).
    if (input.plan && input.plan !== planLooked) {
      planLooked = input.plan
      // A plan just opened is fitted; so is one whose every point is now out of view (typed into the table far away,
      // imported): a plan being worked on stays on the map.
      const bounds = planBounds(input.plan.plan)
      if (bounds && (input.planKey !== planFitted || !map.showsAny(bounds))) {
        map.fitBounds(bounds, false)
        planFitted = input.planKey
        fitted = true
      }
    }
    if (!fitted) {
      const bounds = boundsOf(vehicles)
      if (bounds) {
        map.fitBounds(bounds, false)
        fitted = true
      }
    }
    if (view.follow && selectedId !== undefined) {
      const position = vehicles.find((vehicle) => vehicle.deviceId === selectedId)?.position
      if (position && (position.lat !== centred?.lat || position.lon !== centred.lon)) {
        map.centerOn([position.lon, position.lat])
        centred = position
      }
    }
  }
  const invalidate = () => {
    if (map && frame === undefined) frame = frames.request(draw)
  }

  let listTimer: unknown
  let shownAt = -Infinity
  const showList = () => {
    listTimer = undefined
    shownAt = elapsed()
    set({ listed: input.vehicles })
  }
  const scheduleList = () => {
    if (listTimer !== undefined || !input.showList || input.vehicles === view.listed) return
    listTimer = scheduler.setTimeout(showList, Math.max(0, shownAt + LIST_MS - elapsed()))
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => view,
    update(next) {
      const previous = input
      input = next
      if (next.vehicles !== previous.vehicles || next.selectedId !== previous.selectedId || next.staleAfterMs !== previous.staleAfterMs) invalidate()
      if (next.plan !== previous.plan || next.planActions !== previous.planActions) {
        map?.setPlan(next.plan, next.planActions)
        invalidate()
      }
      scheduleList()
    },
    mount(element, mapOptions) {
      const tick = scheduler.setInterval(() => {
        const now = input.clock()
        if (now === view.now) return
        set({ now })
        invalidate()
      }, TICK_MS)
      scheduleList()
      let cancelled = false
      let created: MapController | undefined
      // Without a worker address MapLibre would make its worker from a blob: URL, which a strict CSP refuses.
      if (element && mapOptions.workerUrl) {
        const { workerUrl } = mapOptions
        loadMap()
          .then((createMap) => {
            if (cancelled) return
            created = createMap({
              container: element,
              styleUrl: mapOptions.styleUrl,
              pmtiles: mapOptions.pmtiles,
              sitePacks: mapOptions.sitePacks,
              onSitePack: ({ attribution }) => {
                if (attribution && !view.attributions.includes(attribution)) set({ attributions: [...view.attributions, attribution] })
              },
              workerUrl,
              label: input.label,
              onSelect: (id) => input.onSelect?.(id),
              onIdle: (drawn) => set({ state: 'ready', basemap: view.basemap || drawn.basemap, drawnVehicles: drawn.vehicles }),
              onError: (error) => set({ error: error.message }),
              onUserMove: () => set({ follow: false }),
              onPlace: (point) => input.onPlace?.(point) ?? false,
            })
            map = created
            map.setPlan(input.plan, input.planActions)
            fitted = false
            planFitted = undefined
            planLooked = undefined
            centred = undefined
            set({ attached: true })
            invalidate()
          })
          .catch((reason: unknown) => {
            if (cancelled) return
            // No WebGL (MapLibre throws while creating the map) or MapLibre's chunk failed to load.
            set({ error: reason instanceof Error ? reason.message : String(reason), state: 'error' })
          })
      }
      return () => {
        cancelled = true
        scheduler.clearInterval(tick)
        if (listTimer !== undefined) scheduler.clearTimeout(listTimer)
        listTimer = undefined
        if (frame !== undefined) frames.cancel(frame)
        frame = undefined
        if (created) {
          created.destroy()
          if (map === created) map = undefined
        }
        // The next map (another style) loads afresh.
        set({ attached: false, state: 'loading', attributions: [] })
      }
    },
    zoomBy(delta) {
      map?.zoomBy(delta)
    },
    fitAll() {
      const bounds = union(boundsOf(input.vehicles), input.plan && planBounds(input.plan.plan))
      set({ follow: false })
      if (map && bounds) map.fitBounds(bounds, true)
    },
    center: () => map?.center(),
    setFollow(on) {
      set({ follow: on })
      centred = undefined
      invalidate()
    },
  }
}

/** The box around two boxes (either may be missing). */
function union(a: LonLatBounds | undefined, b: LonLatBounds | undefined): LonLatBounds | undefined {
  if (!a || !b) return a ?? b
  return [
    [Math.min(a[0][0], b[0][0]), Math.min(a[0][1], b[0][1])],
    [Math.max(a[1][0], b[1][0]), Math.max(a[1][1], b[1][1])],
  ]
}
