import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Crosshair, Maximize, Minus, Plus } from 'lucide-react'
import { IconButton, useMessages } from '@honu/console-kit'
import { mapMessages } from '../messages/map'
import type { MapVehicle } from './map-vehicle'
import type { MapController } from './map-controller'
import { boundsOf } from './fit-bounds'
import { mapDefaults } from './map-settings'
import { createTrails, vehicleFeatures } from './vehicle-features'
import { DEFAULT_STALE_AFTER_MS, vehicleStatus } from './vehicle-status'

/** Props of {@link VehicleMap}. */
export interface VehicleMapProps {
  /** The vehicles to show: the tenant's live vehicles (`useVehicles`), or any list of them. */
  vehicles: readonly MapVehicle[]
  /** Display names by device id (list and accessible names); the device id shows where one is missing. */
  names?: Readonly<Record<string, string>>
  /** The selected vehicle's device id: ringed on the map, pressed in the list. */
  selectedId?: string
  /**
   * Called when a vehicle is chosen: clicked on the map, or chosen in the list (Enter or Space), which is how
   * keyboard and screen-reader users reach vehicles the canvas cannot offer them.
   */
  onSelect?(deviceId: string): void
  /** Follow the selected vehicle from the start (the Follow button switches it; moving the map by hand stops it). */
  follow?: boolean
  /** A vehicle with no message for this long (ms) is drawn as stale. Default 5000. */
  staleAfterMs?: number
  /** The clock (ms since the epoch); tests and stories pass a fixed one. Default `Date.now`. */
  now?: () => number
  /** A MapLibre style instead of the offline basemap (a site pack); default: the page's (`setMapDefaults`). */
  styleUrl?: string
  /** PMTiles archives the style reads; default: the page's. */
  pmtiles?: readonly string[]
  /** Show the list of vehicles beside the map (default true). The vehicle page, with one vehicle, leaves it out. */
  showList?: boolean
  /** The map's accessible name (its canvas is a region); default "Map of the vehicles". Give each map on a page its own. */
  label?: string
}

/** What the map is doing: loading MapLibre and the style, drawn, or failed (no WebGL, a style that did not load). */
export type VehicleMapState = 'loading' | 'ready' | 'error' | 'no-worker'

const TICK_MS = 1000
const LIST_MS = 500
const formatDeg = (value: number) => value.toFixed(5)

/**
 * Live vehicles on a map: arrows turned to their heading, a short trail each, coloured by status (ok, warning,
 * stale), drawn by MapLibre GL in WebGL over an offline Natural Earth basemap (or a site pack's style). MapLibre
 * loads when the first map mounts. Beside the map, a list of the vehicles (status in words, position) selects
 * them from the keyboard; Fit shows them all; Follow keeps the selected one in view.
 *
 * Its root carries `data-state` (`loading` | `ready` | `error` | `no-worker`), `data-basemap="drawn"` once the offline basemap's
 * sources are tiled and drawn into a canvas of some size, and `data-drawn-vehicles`: how many vehicles MapLibre drew in view
 * when it last settled. These say what MapLibre did, not what is seen: browser tests also read the view's pixels
 * (e2e/helpers.ts `mapPixels`). The map fills its parent's height and is at least 12rem tall.
 *
 * @example <VehicleMap vehicles={vehicles} names={names} selectedId={id} onSelect={open} />
 */
export function VehicleMap({
  vehicles,
  names,
  selectedId,
  onSelect,
  follow: followAtStart = false,
  staleAfterMs = DEFAULT_STALE_AFTER_MS,
  now: clock = Date.now,
  styleUrl,
  pmtiles,
  showList = true,
  label,
}: VehicleMapProps) {
  const t = useMessages(mapMessages)
  const container = useRef<HTMLDivElement>(null)
  const [controller, setController] = useState<MapController>()
  const [drawState, setState] = useState<VehicleMapState>('loading')
  const [error, setError] = useState<string>()
  const [basemapDrawn, setBasemapDrawn] = useState(false)
  const [drawnVehicles, setDrawnVehicles] = useState(0)
  const [follow, setFollow] = useState(followAtStart)
  const [now, setNow] = useState(clock)
  const fitted = useRef(false)
  const trails = useMemo(() => createTrails(), [])
  const defaults = mapDefaults()
  const workerUrl = defaults.workerUrl
  const state: VehicleMapState = workerUrl ? drawState : 'no-worker'
  const style = styleUrl ?? defaults.styleUrl
  const archives = pmtiles ?? defaults.pmtiles
  const archivesKey = archives?.join('\n')
  const regionLabel = label ?? t('region')
  // The map is made once per style; it reads the newest label and callback through these.
  const labelRef = useRef(regionLabel)
  const onSelectRef = useRef(onSelect)
  useLayoutEffect(() => {
    labelRef.current = regionLabel
    onSelectRef.current = onSelect
  })

  // Stale is a matter of time passing, not only of new data: look at the clock every second.
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), TICK_MS)
    return () => clearInterval(timer)
  }, [clock])

  useEffect(() => {
    const element = container.current
    // Without a worker address MapLibre would make its worker from a blob: URL, which a strict CSP refuses: the
    // map says so instead (`state` is 'no-worker').
    if (!element || !workerUrl) return
    let cancelled = false
    let created: MapController | undefined
    import('./map-controller')
      .then(({ createMapController }) => {
        if (cancelled) return
        created = createMapController({
          container: element,
          styleUrl: style,
          pmtiles: archivesKey ? archivesKey.split('\n') : undefined,
          workerUrl,
          label: labelRef.current,
          onSelect: (id) => onSelectRef.current?.(id),
          onIdle: (drawn) => {
            setState('ready')
            if (drawn.basemap) setBasemapDrawn(true)
            setDrawnVehicles(drawn.vehicles)
          },
          onError: (reason) => {
            setError(reason.message)
          },
          onUserMove: () => setFollow(false),
        })
        fitted.current = false
        setController(created)
      })
      .catch((reason: unknown) => {
        if (cancelled) return
        // No WebGL (MapLibre throws while creating the map) or MapLibre's chunk failed to load.
        setError(reason instanceof Error ? reason.message : String(reason))
        setState('error')
      })
    return () => {
      cancelled = true
      created?.destroy()
      setController(undefined)
      // The next map (another style) loads afresh.
      setState('loading')
    }
  }, [style, archivesKey, workerUrl])

  // Vehicles, status and selection into the map's sources; the first vehicles with a position are fitted.
  // At most once per frame: a live feed of many vehicles renders this component far more often than the screen
  // can show (1,000 vehicles at 10 Hz arrive in a hundred batches a second), and the newest state is all it needs.
  const latest = useRef({ vehicles, now, staleAfterMs, selectedId })
  useLayoutEffect(() => {
    latest.current = { vehicles, now, staleAfterMs, selectedId }
  })
  useEffect(() => {
    if (!controller) return
    const frame = requestAnimationFrame(() => {
      const { vehicles: current, ...options } = latest.current
      controller.setVehicles(vehicleFeatures(current, options), trails.update(current, options))
      if (!fitted.current) {
        const bounds = boundsOf(current)
        if (bounds) {
          controller.fitBounds(bounds, false)
          fitted.current = true
        }
      }
    })
    return () => cancelAnimationFrame(frame)
  }, [controller, vehicles, now, staleAfterMs, selectedId, trails])

  const followed = follow ? vehicles.find((vehicle) => vehicle.deviceId === selectedId)?.position : undefined
  useEffect(() => {
    if (controller && followed) controller.centerOn([followed.lon, followed.lat])
  }, [controller, followed])

  // The list beside the map shows the vehicles at most every LIST_MS: its rows (names, status, position in words)
  // are read, not watched, and re-rendering a thousand of them on each of the live channel's batches (up to a hundred
  // a second) was most of the page's main-thread time. The map itself draws every batch; a selection shows at once.
  const listed = useThrottled(vehicles, LIST_MS)
  const fitAll = () => {
    const bounds = boundsOf(vehicles)
    setFollow(false)
    if (controller && bounds) controller.fitBounds(bounds, true)
  }

  return (
    // The canvas is the labelled region (MapLibre gives it role="region"); a second landmark around it with the
    // same name would be one too many.
    <div
      className="honu-map"
      data-state={state}
      data-basemap={basemapDrawn ? 'drawn' : undefined}
      data-drawn-vehicles={drawnVehicles}
      data-list={showList ? 'shown' : 'hidden'}
    >
      <div className="honu-map__body">
        <div className="honu-map__view">
          <div ref={container} className="honu-map__canvas" />
          <div className="honu-map__tools">
            <IconButton label={t('zoomIn')} icon={Plus} onClick={() => controller?.zoomBy(1)} disabled={!controller} />
            <IconButton label={t('zoomOut')} icon={Minus} onClick={() => controller?.zoomBy(-1)} disabled={!controller} />
            <IconButton label={t('fitAll')} icon={Maximize} onClick={fitAll} disabled={!controller || vehicles.length === 0} />
            <IconButton
              label={t('follow')}
              icon={Crosshair}
              aria-pressed={follow}
              onClick={() => setFollow((on) => !on)}
              disabled={!controller || !selectedId}
            />
          </div>
          {state === 'loading' && <p className="honu-map__status">{t('loading')}</p>}
          {state === 'no-worker' && (
            <p className="honu-map__status" role="alert">
              {t('noWorker')}
            </p>
          )}
          {state === 'error' && (
            <p className="honu-map__status" role="alert">
              {error ? t('failed', { reason: error }) : t('noWebgl')}
            </p>
          )}
          {state !== 'error' && state !== 'no-worker' && error && (
            <p className="honu-map__status honu-map__status--corner" role="status">
              {t('failed', { reason: error })}
            </p>
          )}
          {!style && <p className="honu-map__attribution">{t('attribution')}</p>}
        </div>
        {showList && (
          <VehicleList vehicles={listed} names={names} now={now} staleAfterMs={staleAfterMs} selectedId={selectedId} onSelect={onSelect} />
        )}
      </div>
    </div>
  )
}

/**
 * The value as it was at most `ms` ago: a new value shows at once when the last one showed `ms` ago or more, else
 * when that much time has passed (the newest one then).
 */
function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value)
  const [shownAt, setShownAt] = useState(-Infinity)
  useEffect(() => {
    if (Object.is(value, shown)) return
    const timer = setTimeout(
      () => {
        setShown(() => value)
        setShownAt(performance.now())
      },
      Math.max(0, shownAt + ms - performance.now()),
    )
    return () => clearTimeout(timer)
  }, [value, shown, shownAt, ms])
  return shown
}

interface VehicleListProps {
  vehicles: readonly MapVehicle[]
  names?: Readonly<Record<string, string>>
  now: number
  staleAfterMs: number
  selectedId?: string
  onSelect?(deviceId: string): void
}

/** The vehicles in words beside the map, each a button that selects it: how the keyboard and a screen reader reach them. */
const VehicleList = memo(function VehicleList({ vehicles, names, now, staleAfterMs, selectedId, onSelect }: VehicleListProps) {
  const t = useMessages(mapMessages)
  return (
    <div className="honu-map__list">
      <h4 className="honu-map__list-title">{t('vehicles')}</h4>
      {vehicles.length === 0 ? (
        <p className="honu-muted">{t('noVehicles')}</p>
      ) : (
        <ul>
          {vehicles.map((vehicle) => {
            const status = vehicleStatus(vehicle, now, { staleAfterMs })
            const name = names?.[vehicle.deviceId] ?? vehicle.deviceId
            return (
              <li key={vehicle.deviceId} data-device-id={vehicle.deviceId} data-status={status}>
                <button
                  type="button"
                  className="honu-map__vehicle"
                  aria-pressed={vehicle.deviceId === selectedId}
                  onClick={() => onSelect?.(vehicle.deviceId)}
                >
                  <span className="honu-map__swatch" data-status={status} aria-hidden="true" />
                  <span className="honu-map__vehicle-name">{name}</span>
                  <span className="honu-map__vehicle-status">{t(status)}</span>
                  <span
                    className="honu-map__vehicle-position"
                    data-position={vehicle.position ? `${vehicle.position.lat},${vehicle.position.lon}` : undefined}
                  >
                    {vehicle.position
                      ? t('position', { lat: formatDeg(vehicle.position.lat), lon: formatDeg(vehicle.position.lon) })
                      : t('noPosition')}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
})
