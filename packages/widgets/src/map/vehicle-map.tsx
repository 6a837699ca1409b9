import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Crosshair, Maximize, Minus, Plus } from 'lucide-react'
import { IconButton, useMessages, type OpenPlan } from '@honu/console-kit'
import { mapMessages } from '../messages/map'
import { planMapMessages } from '../messages/plan-map'
import { PlanToolbar, usePlanOnMap } from './plan-on-map'
import type { MapVehicle } from './map-vehicle'
import { mapDefaults } from './map-settings'
import { createVehicleMapController, type VehicleMapState } from './vehicle-map-controller'
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
  /** Site-pack indexes whose packs are drawn above the basemap where in view; default: the page's (`setMapDefaults`). */
  sitePacks?: readonly string[]
  /** Show the list of vehicles beside the map (default true). The vehicle page, with one vehicle, leaves it out. */
  showList?: boolean
  /** The map's accessible name (its canvas is a region); default "Map of the vehicles". Give each map on a page its own. */
  label?: string
  /**
   * A mission plan open for editing (`useOpenPlan` of console-kit): drawn under the vehicles with a handle per point,
   * and, when it may be changed, a planning toolbar above the map (plan-on-map.tsx).
   */
  plan?: OpenPlan
}

export type { VehicleMapState }

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
  sitePacks,
  showList = true,
  label,
  plan,
}: VehicleMapProps) {
  const t = useMessages(mapMessages)
  const planText = useMessages(planMapMessages)
  const planning = usePlanOnMap(plan)
  const tool = planning?.canWrite ? planning.drawn.tool : undefined
  const container = useRef<HTMLDivElement>(null)
  const defaults = mapDefaults()
  const workerUrl = defaults.workerUrl
  const style = styleUrl ?? defaults.styleUrl
  const archivesKey = (pmtiles ?? defaults.pmtiles)?.join('\n')
  const packsKey = (sitePacks ?? defaults.sitePacks)?.join('\n')
  const drawing = planning?.drawing
  const input = {
    vehicles,
    selectedId,
    staleAfterMs,
    clock,
    label: label ?? t('region'),
    onSelect,
    showList,
    plan: planning?.view,
    planActions: planning?.canWrite ? planning.actions : undefined,
    planKey: plan?.editor,
    onPlace: tool && tool !== 'move' && drawing ? (point: { lat: number; lon: number }) => drawing.place(point) : undefined,
  }
  // The machine (vehicle-map-controller.ts): it writes the vehicles into the map's vertex buffers once per task,
  // ticks for stale, throttles the list and holds what is shown here; this component hands it its props.
  const [controller] = useState(() => createVehicleMapController({ ...input, follow: followAtStart }))
  const view = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot)
  const center = useCallback(() => controller.center(), [controller])
  useLayoutEffect(() => {
    controller.update(input)
  })
  useEffect(
    () => controller.mount(container.current, { styleUrl: style, pmtiles: archivesKey?.split('\n'), sitePacks: packsKey?.split('\n'), workerUrl }),
    [controller, style, archivesKey, packsKey, workerUrl],
  )
  const state: VehicleMapState = workerUrl ? view.state : 'no-worker'
  const { error, attached } = view

  return (
    // The canvas is the labelled region (MapLibre gives it role="region"); a second landmark around it with the
    // same name would be one too many.
    <div
      className="honu-map"
      data-state={state}
      data-basemap={view.basemap ? 'drawn' : undefined}
      data-drawn-vehicles={view.drawnVehicles}
      data-list={showList ? 'shown' : 'hidden'}
      data-tool={tool}
    >
      {planning && <PlanToolbar planning={planning} center={center} />}
      <div className="honu-map__body">
        <div
          className="honu-map__view"
          onKeyDown={(event) => {
            // On the map's canvas (not on a handle or a button): Enter places a point at the cross, Escape drops the
            // shape being drawn.
            if (!drawing || !tool || tool === 'move' || !(event.target as Element).classList.contains('maplibregl-canvas')) return
            if (event.key === 'Enter') {
              const at = center()
              if (at) drawing.place(at)
            } else if (event.key === 'Escape') {
              if (!drawing.cancel()) return
            } else return
            event.preventDefault()
          }}
        >
          <div ref={container} className="honu-map__canvas" />
          {tool && tool !== 'move' && <div className="honu-map__cross" aria-hidden="true" />}
          <div className="honu-map__tools">
            <IconButton label={t('zoomIn')} icon={Plus} onClick={() => controller.zoomBy(1)} disabled={!attached} />
            <IconButton label={t('zoomOut')} icon={Minus} onClick={() => controller.zoomBy(-1)} disabled={!attached} />
            <IconButton
              label={planning ? planText('fitPlan') : t('fitAll')}
              icon={Maximize}
              onClick={() => controller.fitAll()}
              disabled={!attached || (vehicles.length === 0 && !planning)}
            />
            <IconButton
              label={t('follow')}
              icon={Crosshair}
              aria-pressed={view.follow}
              onClick={() => controller.setFollow(!view.follow)}
              disabled={!attached || !selectedId}
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
          {(!style || view.attributions.length > 0) && (
            <p className="honu-map__attribution">{[...(style ? [] : [t('attribution')]), ...view.attributions].join(' · ')}</p>
          )}
        </div>
        {showList && (
          <VehicleList vehicles={view.listed} names={names} now={view.now} staleAfterMs={staleAfterMs} selectedId={selectedId} onSelect={onSelect} />
        )}
      </div>
    </div>
  )
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
