// The open mission plan on the map (issue 25): fences, survey areas, the flight path and the shape being drawn as
// one GeoJSON source under the vehicles (MapLibre draws them in WebGL), and a handle per point a planner can take
// hold of: waypoints, survey and fence corners, circle centres, rally points, home. Handles are buttons (MapLibre
// markers) so that they can be dragged, focused, named and moved from the keyboard; the canvas cannot offer that.
import type { Feature as GeoFeature, FeatureCollection, Geometry } from 'geojson'
import { Marker, type FilterSpecification, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl'
import { circleOutline, flightPath, offsetM, vertexPosition, type LatLon, type MissionPlan, type PlanVertex } from '@honu/core/mission'

/** A handle on the map: a vertex of the plan, or the "insert a waypoint here" mark between two items. */
export type PlanHandle = PlanVertex | { kind: 'insert'; after: number; at: LatLon }

/** What the plan layer draws. */
export interface PlanLayerView {
  plan: MissionPlan
  /** Corners of the survey or fence polygon being drawn. */
  draft: readonly LatLon[]
  /** Whether handles can be dragged, nudged and removed (the Organisation write permission). */
  editable: boolean
  /** A handle's accessible name (the map's message book; the layer itself has no words). */
  label(handle: PlanHandle): string
}

/** What a handle does to the plan (the plan editor's commands); each answers whether the plan changed. */
export interface PlanLayerActions {
  move(vertex: PlanVertex, to: LatLon): boolean
  remove(vertex: PlanVertex): boolean
  insert(after: number, at: LatLon): boolean
}

/** The layer: one per map. */
export interface PlanLayer {
  /** Draws `view` (none: the plan is closed and everything goes). */
  set(view: PlanLayerView | undefined): void
  /** Whether a DOM event came from a handle (the map's click then places nothing). */
  isHandle(target: EventTarget | null): boolean
  destroy(): void
}

/** The source's id; its layers are `honu-plan-*`. */
export const PLAN_SOURCE = 'honu-plan'
const HANDLE_CLASS = 'honu-plan-handle'
/** Metres an arrow key moves a handle: Alt 1 m, Shift 100 m. */
const NUDGE_M = { fine: 1, normal: 10, coarse: 100 } as const

// Apart from the vehicles' status colours (green, amber, grey), so neither is taken for the other on screen.
const COLOURS = { inclusion: '#26a69a', exclusion: '#e5534b', survey: '#8ab4f8', path: '#c792ea', draft: '#ffffff' } as const

type Feature = GeoFeature<Geometry, { role: string; inclusion?: boolean }>

const ring = (points: readonly LatLon[]) => {
  const coordinates = points.map((p) => [p.lon, p.lat])
  return [...coordinates, coordinates[0]!]
}
const polygon = (role: string, points: readonly LatLon[], inclusion?: boolean): Feature => ({
  type: 'Feature',
  properties: { role, ...(inclusion === undefined ? {} : { inclusion }) },
  geometry: { type: 'Polygon', coordinates: [ring(points)] },
})
const line = (role: string, points: readonly LatLon[]): Feature => ({
  type: 'Feature',
  properties: { role },
  geometry: { type: 'LineString', coordinates: points.map((p) => [p.lon, p.lat]) },
})

/** The plan's shapes as GeoJSON: fences, survey areas, the path flown (from home), the draft. */
export function planFeatures(plan: MissionPlan, draft: readonly LatLon[]): FeatureCollection {
  const features: Feature[] = []
  for (const fence of plan.geofence.polygons) features.push(polygon('fence', fence.polygon, fence.inclusion))
  for (const fence of plan.geofence.circles) features.push(polygon('fence', circleOutline(fence.center, fence.radius), fence.inclusion))
  for (const item of plan.items) if (item.kind === 'survey') features.push(polygon('survey', item.polygon))
  const path: LatLon[] = [...(plan.home ? [plan.home] : []), ...flightPath(plan)]
  if (path.length >= 2) features.push(line('path', path))
  if (draft.length >= 2) features.push(line('draft', draft.length >= 3 ? [...draft, draft[0]!] : draft))
  return { type: 'FeatureCollection', features }
}

/** Every handle of a plan, keyed (a key keeps its button, and so its focus, across changes). */
export function planHandles(plan: MissionPlan, editable: boolean): [string, PlanHandle][] {
  const handles: [string, PlanHandle][] = []
  if (plan.home) handles.push(['home', { kind: 'home' }])
  plan.items.forEach((item, index) => {
    if (item.kind === 'waypoint') handles.push([`waypoint:${index}`, { kind: 'waypoint', index }])
    else item.polygon.forEach((_, corner) => handles.push([`survey:${index}:${corner}`, { kind: 'survey-corner', index, corner }]))
  })
  plan.geofence.polygons.forEach((fence, index) =>
    fence.polygon.forEach((_, corner) => handles.push([`fence:${index}:${corner}`, { kind: 'fence-corner', fence: index, corner }])),
  )
  plan.geofence.circles.forEach((_, index) => handles.push([`circle:${index}`, { kind: 'fence-circle', fence: index }]))
  plan.rallyPoints.forEach((_, index) => handles.push([`rally:${index}`, { kind: 'rally', index }]))
  if (editable) {
    // Half-way along each leg between two items: a click inserts a waypoint there.
    const at = (index: number) => {
      const item = plan.items[index]!
      return item.kind === 'waypoint' ? item : item.polygon[0]!
    }
    for (let index = 0; index + 1 < plan.items.length; index++) {
      const a = at(index)
      const b = at(index + 1)
      handles.push([`insert:${index}`, { kind: 'insert', after: index, at: { lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2 } }])
    }
  }
  return handles
}

const positionOf = (plan: MissionPlan, handle: PlanHandle): LatLon | undefined =>
  handle.kind === 'insert' ? handle.at : vertexPosition(plan, handle)

/** The handle's visible mark: a waypoint's number, R for a rally point, H for home, + to insert; corners are dots. */
function markOf(handle: PlanHandle): string {
  switch (handle.kind) {
    case 'waypoint':
      return String(handle.index + 1)
    case 'rally':
      return 'R'
    case 'home':
      return 'H'
    case 'insert':
      return '+'
    default:
      return ''
  }
}

/**
 * Adds the plan's source and layers to `map` (below `beforeLayer`, the vehicles) and answers the layer. Handles
 * call `actions`: dragged (one step to undo per drag), nudged by the arrow keys (10 m; Shift 100 m, Alt 1 m), removed
 * by Delete or Backspace; the insert marks by a click.
 */
export function createPlanLayer(map: MapLibreMap, actions: PlanLayerActions, beforeLayer: string | undefined): PlanLayer {
  map.addSource(PLAN_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } })
  const byRole = (role: string): FilterSpecification => ['==', ['get', 'role'], role]
  const fenceColour = ['case', ['get', 'inclusion'], COLOURS.inclusion, COLOURS.exclusion] as unknown as string
  map.addLayer(
    {
      id: 'honu-plan-fence-fill',
      type: 'fill',
      source: PLAN_SOURCE,
      filter: byRole('fence'),
      paint: { 'fill-color': fenceColour, 'fill-opacity': 0.14 },
    },
    beforeLayer,
  )
  map.addLayer(
    { id: 'honu-plan-fence-line', type: 'line', source: PLAN_SOURCE, filter: byRole('fence'), paint: { 'line-color': fenceColour, 'line-width': 2 } },
    beforeLayer,
  )
  map.addLayer(
    {
      id: 'honu-plan-survey-fill',
      type: 'fill',
      source: PLAN_SOURCE,
      filter: byRole('survey'),
      paint: { 'fill-color': COLOURS.survey, 'fill-opacity': 0.16 },
    },
    beforeLayer,
  )
  map.addLayer(
    {
      id: 'honu-plan-survey-line',
      type: 'line',
      source: PLAN_SOURCE,
      filter: byRole('survey'),
      paint: { 'line-color': COLOURS.survey, 'line-width': 1.5 },
    },
    beforeLayer,
  )
  map.addLayer(
    { id: 'honu-plan-path', type: 'line', source: PLAN_SOURCE, filter: byRole('path'), paint: { 'line-color': COLOURS.path, 'line-width': 2.5 } },
    beforeLayer,
  )
  map.addLayer(
    {
      id: 'honu-plan-draft',
      type: 'line',
      source: PLAN_SOURCE,
      filter: byRole('draft'),
      paint: { 'line-color': COLOURS.draft, 'line-width': 2, 'line-dasharray': [2, 2] },
    },
    beforeLayer,
  )

  let view: PlanLayerView | undefined
  const markers = new Map<string, { marker: Marker; handle: PlanHandle }>()

  const makeMarker = (key: string): Marker => {
    const element = document.createElement('button')
    element.type = 'button'
    element.className = HANDLE_CLASS
    const marker = new Marker({ element, anchor: 'center' })
    const entry = () => markers.get(key)
    element.addEventListener('keydown', (event) => {
      const current = entry()
      if (!current || !view?.editable || current.handle.kind === 'insert') return
      const vertex = current.handle
      const step = event.shiftKey ? NUDGE_M.coarse : event.altKey ? NUDGE_M.fine : NUDGE_M.normal
      const nudge = { ArrowUp: [0, step], ArrowDown: [0, -step], ArrowLeft: [-step, 0], ArrowRight: [step, 0] }[event.key]
      if (nudge) {
        const from = vertexPosition(view.plan, vertex)
        if (from) actions.move(vertex, offsetM(from, nudge[0]!, nudge[1]!))
      } else if (event.key === 'Delete' || event.key === 'Backspace') {
        actions.remove(vertex)
      } else return
      // Not MapLibre's too: its keyboard handler would pan the map under the handle.
      event.preventDefault()
      event.stopPropagation()
    })
    element.addEventListener('click', () => {
      const current = entry()
      if (current?.handle.kind === 'insert') actions.insert(current.handle.after, current.handle.at)
    })
    marker.on('dragend', () => {
      const current = entry()
      if (!current || current.handle.kind === 'insert' || !view) return
      const { lng, lat } = marker.getLngLat()
      if (!actions.move(current.handle, { lat, lon: lng })) {
        // Refused (or nowhere new): back where the plan has it.
        const at = vertexPosition(view.plan, current.handle)
        if (at) marker.setLngLat([at.lon, at.lat])
      }
    })
    return marker
  }

  const layer: PlanLayer = {
    set(next) {
      view = next
      const source = map.getSource<GeoJSONSource>(PLAN_SOURCE)
      source?.setData(next ? planFeatures(next.plan, next.draft) : { type: 'FeatureCollection', features: [] })
      const wanted = next ? planHandles(next.plan, next.editable) : []
      const keep = new Set(wanted.map(([key]) => key))
      for (const [key, { marker }] of markers) {
        if (keep.has(key)) continue
        const element = marker.getElement()
        // The focused handle went (its vertex removed): focus goes to the map, not to the page's start.
        if (element.contains(document.activeElement)) map.getCanvas().focus()
        marker.remove()
        markers.delete(key)
      }
      for (const [key, handle] of wanted) {
        const at = positionOf(next!.plan, handle)
        if (!at) continue
        let entry = markers.get(key)
        if (!entry) {
          entry = { marker: makeMarker(key), handle }
          markers.set(key, entry)
          entry.marker.setLngLat([at.lon, at.lat]).addTo(map)
        } else {
          entry.handle = handle
          const was = entry.marker.getLngLat()
          if (was.lat !== at.lat || was.lng !== at.lon) entry.marker.setLngLat([at.lon, at.lat])
        }
        const element = entry.marker.getElement()
        const mark = markOf(handle)
        if (element.textContent !== mark) element.textContent = mark
        element.dataset.handle = handle.kind
        element.dataset.key = key
        if (handle.kind === 'fence-corner' || handle.kind === 'fence-circle') {
          element.dataset.inclusion = String(next!.plan.geofence[handle.kind === 'fence-corner' ? 'polygons' : 'circles'][handle.fence]!.inclusion)
        }
        element.setAttribute('aria-label', next!.label(handle))
        // Insert marks are for the mouse: the keyboard inserts from the table (Add after) or at the map's centre.
        element.tabIndex = handle.kind === 'insert' ? -1 : 0
        entry.marker.setDraggable(next!.editable && handle.kind !== 'insert')
      }
    },
    isHandle: (target) => target instanceof Element && !!target.closest(`.${HANDLE_CLASS}`),
    destroy() {
      for (const { marker } of markers.values()) marker.remove()
      markers.clear()
    },
  }
  return layer
}
