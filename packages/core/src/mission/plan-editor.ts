import { localProjection } from './geo'
import {
  isValidLatLon,
  type AltitudeFrame,
  type FenceCircle,
  type FencePolygon,
  type HomePosition,
  type LatLon,
  type MissionItem,
  type MissionPlan,
  type RallyPoint,
  type Survey,
  type Waypoint,
} from './mission-plan'
import { checkPlan, measurePlan, type CheckOptions, type MeasureOptions, type MissionFinding, type PlanMeasure } from './plan-arithmetic'

// The plan editor (issue 25): one framework-free controller holding the plan a planner edits, shared by every view
// of it (the waypoint table now, the map layer later), so an edit made in one shows in all and one undo undoes it
// wherever it was made. React holds it with `useSyncExternalStore(editor.subscribe, editor.getSnapshot)`.
//
// Copy on write: a command copies the plan, the list it changes and the item it changes; every other item keeps
// its object identity, so a view can skip what did not change, and the history holds plans that share their
// unchanged items (a hundred steps of a 200-waypoint plan are a hundred small arrays, not 20,000 items).

/** Options of {@link createPlanEditor}. */
export interface PlanEditorOptions {
  /** How many steps `undo` can go back (the oldest are forgotten first). Default 100. */
  historyLimit?: number
  /** What {@link measurePlan} goes by (the platform's cruise speed). */
  measure?: MeasureOptions
  /** What {@link checkPlan} goes by (the platform's altitude limits, where land is). */
  check?: CheckOptions
  /**
   * Seconds a full battery lasts under way (the platform's endurance). With it, the snapshot's `battery` is the
   * share of a battery the plan's estimated time uses; without it, `undefined`.
   */
  enduranceSeconds?: number
  /** Altitude (m) and frame of a waypoint added with none given and no waypoint before it. Default 30 m, relative. */
  defaultAltitude?: number
  defaultFrame?: AltitudeFrame
}

/** What the editor holds now. One object per state: compare by identity to know whether anything changed. */
export interface PlanEditorSnapshot {
  plan: MissionPlan
  canUndo: boolean
  canRedo: boolean
  /** Whether the plan differs from the one loaded or last marked saved (by identity: an undo back to it is clean). */
  dirty: boolean
  /** Distance, estimated time and holds ({@link measurePlan}). */
  measure: PlanMeasure
  /** Share of a full battery the estimated time uses (1: all of it), when the endurance and the time are known. */
  battery: number | undefined
  /** What stands in the way of flying it ({@link checkPlan}). */
  findings: MissionFinding[]
}

/** A waypoint to add: where, and anything else it sets (the rest comes from the waypoint before it). */
export type NewWaypoint = LatLon & Partial<Pick<Waypoint, 'alt' | 'frame' | 'speed' | 'holdSeconds'>>

/**
 * A point of the plan a planner can take hold of (a handle on the map): a waypoint, a survey's or a fence polygon's
 * corner, a fence circle's centre, a rally point, home.
 */
export type PlanVertex =
  | { kind: 'waypoint'; index: number }
  | { kind: 'survey-corner'; index: number; corner: number }
  | { kind: 'fence-corner'; fence: number; corner: number }
  | { kind: 'fence-circle'; fence: number }
  | { kind: 'rally'; index: number }
  | { kind: 'home' }

/** Where a plan vertex is now; `undefined` when the plan has no such vertex. */
export function vertexPosition(plan: MissionPlan, vertex: PlanVertex): LatLon | undefined {
  switch (vertex.kind) {
    case 'waypoint': {
      const item = plan.items[vertex.index]
      return item?.kind === 'waypoint' ? item : undefined
    }
    case 'survey-corner': {
      const item = plan.items[vertex.index]
      return item?.kind === 'survey' ? item.polygon[vertex.corner] : undefined
    }
    case 'fence-corner':
      return plan.geofence.polygons[vertex.fence]?.polygon[vertex.corner]
    case 'fence-circle':
      return plan.geofence.circles[vertex.fence]?.center
    case 'rally':
      return plan.rallyPoints[vertex.index]
    case 'home':
      return plan.home
  }
}

/** A survey to add or set: its area and lines; altitude and frame default as a new waypoint's do. */
export type NewSurvey = Pick<Survey, 'polygon' | 'spacing' | 'heading'> & Partial<Pick<Survey, 'alt' | 'frame' | 'speed'>>

/**
 * The plan editor. Every command answers whether it changed the plan: an index that is not one, a value that is
 * not allowed (a negative hold, a speed of 0, a latitude out of range) or a value the item already has change
 * nothing and add no step to undo.
 */
export interface PlanEditor {
  getSnapshot(): PlanEditorSnapshot
  /** Calls `listener` after every change; answers the way to stop. */
  subscribe(listener: () => void): () => void

  /** Inserts a waypoint at `index` (0…items.length; the end when left out). */
  insertWaypoint(waypoint: NewWaypoint, index?: number): boolean
  /** Inserts a waypoint right after item `index` ({@link nextWaypointPosition} says where one would go). */
  insertWaypointAfter(index: number, waypoint: NewWaypoint): boolean
  /** Moves a waypoint to a new position; a survey moves whole (its area keeps its shape, its first corner goes there). */
  moveItem(index: number, to: LatLon): boolean
  deleteItem(index: number): boolean
  /** Puts item `from` at place `to` in the list. */
  reorderItem(from: number, to: number): boolean
  moveItemUp(index: number): boolean
  moveItemDown(index: number): boolean
  /** Altitude in metres in the item's frame (any finite number: a submarine's may be below zero). */
  setAltitude(index: number, alt: number): boolean
  /** Speed in m/s from this item on (> 0), or `undefined` to keep the speed flown so far. */
  setSpeed(index: number, speed: number | undefined): boolean
  /** Seconds held at a waypoint (≥ 0). A survey has no hold. */
  setHoldSeconds(index: number, seconds: number): boolean

  /** Adds a survey at `index` (the end when left out); its lawnmower pattern is derived (`generateSurveyPattern`). */
  addSurvey(survey: NewSurvey, index?: number): boolean
  /** Replaces survey `index`'s area, spacing, heading (and altitude, frame, speed when given). */
  replaceSurvey(index: number, survey: Partial<NewSurvey>): boolean

  addFencePolygon(polygon: LatLon[], inclusion: boolean): boolean
  addFenceCircle(center: LatLon, radius: number, inclusion: boolean): boolean
  removeFencePolygon(index: number): boolean
  removeFenceCircle(index: number): boolean
  addRallyPoint(point: RallyPoint): boolean
  removeRallyPoint(index: number): boolean
  setHome(home: HomePosition | undefined): boolean

  /**
   * Moves one vertex (a map handle dragged or nudged): a waypoint, a corner of a survey (its pattern follows) or of a
   * fence polygon, a fence circle (by its centre), a rally point, home.
   */
  moveVertex(vertex: PlanVertex, to: LatLon): boolean
  /**
   * Removes one vertex: a waypoint, a rally point or home; a corner of a survey or fence polygon while three stay
   * (a polygon of three corners answers false: remove the shape instead); a fence circle whole.
   */
  removeVertex(vertex: PlanVertex): boolean

  /** Replaces the whole plan (an import), as one step to undo. */
  replacePlan(plan: MissionPlan): boolean
  /** Starts over with `plan` (another mission opened): history cleared, not dirty. */
  load(plan: MissionPlan): void
  /**
   * Changes what the checks go by (land once its site packs are read, a platform's limits): the findings follow;
   * the plan and its history do not change.
   */
  setCheck(check: CheckOptions): void
  /** The plan as it is now is the saved one (`dirty` false until the next change). */
  markSaved(): void
  undo(): boolean
  redo(): boolean
}

const DEFAULT_HISTORY = 100

/** Whether a number is finite (not NaN, not ±Infinity). */
const finite = (n: number) => Number.isFinite(n)
const validPoint = (p: LatLon) => isValidLatLon(p.lat, p.lon)
const validPolygon = (polygon: readonly LatLon[]) => polygon.length >= 3 && polygon.every(validPoint)
const inRange = (list: readonly unknown[], index: number) => Number.isInteger(index) && index >= 0 && index < list.length

/**
 * Creates a plan editor holding `plan` (see {@link PlanEditor}).
 *
 * @example
 * const editor = createPlanEditor(mission.plan, { measure: { defaultSpeed: 4 }, check: { altitudeLimits } })
 * editor.insertWaypoint({ lat: 21.3, lon: -157.86 })
 * editor.undo()
 */
export function createPlanEditor(plan: MissionPlan, given: PlanEditorOptions = {}): PlanEditor {
  let options = given
  const limit = Math.max(1, options.historyLimit ?? DEFAULT_HISTORY)
  let current = plan
  let saved = plan
  let past: MissionPlan[] = []
  let future: MissionPlan[] = []
  let snapshot: PlanEditorSnapshot | undefined
  const listeners = new Set<() => void>()

  const notify = () => {
    snapshot = undefined
    for (const listener of [...listeners]) listener()
  }

  /** Makes `next` the plan, as one step to undo. `undefined` or the same plan: nothing changed. */
  const commit = (next: MissionPlan | undefined): boolean => {
    if (!next || next === current) return false
    past.push(current)
    if (past.length > limit) past = past.slice(past.length - limit)
    future = []
    current = next
    notify()
    return true
  }

  const withItems = (items: MissionItem[]): MissionPlan => ({ ...current, items })
  /** The plan with item `index` replaced by `update(item)`; `undefined` when there is none or nothing changes. */
  const updateItem = (index: number, update: (item: MissionItem) => MissionItem | undefined): MissionPlan | undefined => {
    if (!inRange(current.items, index)) return undefined
    const item = current.items[index]!
    const next = update(item)
    if (!next || next === item) return undefined
    const items = [...current.items]
    items[index] = next
    return withItems(items)
  }
  /** Altitude and frame for a new item at `index`: those of the nearest waypoint or survey before it, else the defaults. */
  const inherited = (index: number): { alt: number; frame: AltitudeFrame } => {
    const before = current.items[Math.min(index, current.items.length) - 1]
    return before ? { alt: before.alt, frame: before.frame } : { alt: options.defaultAltitude ?? 30, frame: options.defaultFrame ?? 'relative' }
  }

  const insertAt = (item: MissionItem, index: number): MissionPlan => {
    const items = [...current.items]
    items.splice(index, 0, item)
    return withItems(items)
  }

  const reorder = (from: number, to: number): MissionPlan | undefined => {
    if (!inRange(current.items, from) || !inRange(current.items, to) || from === to) return undefined
    const items = [...current.items]
    const [moved] = items.splice(from, 1)
    items.splice(to, 0, moved!)
    return withItems(items)
  }

  const geofence = (polygons: FencePolygon[], circles: FenceCircle[]): MissionPlan => ({ ...current, geofence: { polygons, circles } })

  const editor: PlanEditor = {
    getSnapshot() {
      if (!snapshot) {
        const measure = measurePlan(current, options.measure)
        const endurance = options.enduranceSeconds
        snapshot = {
          plan: current,
          canUndo: past.length > 0,
          canRedo: future.length > 0,
          dirty: current !== saved,
          measure,
          battery: endurance && endurance > 0 && measure.duration !== undefined ? measure.duration / endurance : undefined,
          findings: checkPlan(current, options.check),
        }
      }
      return snapshot
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    insertWaypoint(waypoint, index = current.items.length) {
      if (!validPoint(waypoint) || !Number.isInteger(index) || index < 0 || index > current.items.length) return false
      const { lat, lon, speed } = waypoint
      const holdSeconds = waypoint.holdSeconds ?? 0
      const base = inherited(index)
      const alt = waypoint.alt ?? base.alt
      if (!finite(alt) || !(holdSeconds >= 0) || (speed !== undefined && !(speed > 0))) return false
      const item: Waypoint = {
        kind: 'waypoint',
        lat,
        lon,
        alt,
        frame: waypoint.frame ?? base.frame,
        holdSeconds,
        ...(speed === undefined ? {} : { speed }),
      }
      return commit(insertAt(item, index))
    },
    insertWaypointAfter(index, waypoint) {
      return inRange(current.items, index) && editor.insertWaypoint(waypoint, index + 1)
    },
    moveItem(index, to) {
      if (!validPoint(to)) return false
      return commit(
        updateItem(index, (item) => {
          if (item.kind === 'waypoint') return item.lat === to.lat && item.lon === to.lon ? undefined : { ...item, lat: to.lat, lon: to.lon }
          // A survey moves whole: its corners keep their offsets in metres from the first one, which goes to `to`.
          const first = item.polygon[0]!
          if (first.lat === to.lat && first.lon === to.lon) return undefined
          const from = localProjection(first)
          const there = localProjection(to)
          return { ...item, polygon: item.polygon.map((corner) => there.toLatLon(from.toLocal(corner))) }
        }),
      )
    },
    deleteItem(index) {
      if (!inRange(current.items, index)) return false
      return commit(withItems(current.items.filter((_, i) => i !== index)))
    },
    reorderItem: (from, to) => commit(reorder(from, to)),
    moveItemUp: (index) => commit(reorder(index, index - 1)),
    moveItemDown: (index) => commit(reorder(index, index + 1)),
    setAltitude(index, alt) {
      if (!finite(alt)) return false
      return commit(updateItem(index, (item) => (item.alt === alt ? undefined : { ...item, alt })))
    },
    setSpeed(index, speed) {
      if (speed !== undefined && !(speed > 0 && finite(speed))) return false
      return commit(
        updateItem(index, (item) => {
          if (item.speed === speed) return undefined
          const next = { ...item, speed }
          if (speed === undefined) delete next.speed
          return next
        }),
      )
    },
    setHoldSeconds(index, seconds) {
      if (!(seconds >= 0 && finite(seconds))) return false
      return commit(
        updateItem(index, (item) => (item.kind !== 'waypoint' || item.holdSeconds === seconds ? undefined : { ...item, holdSeconds: seconds })),
      )
    },

    addSurvey(survey, index = current.items.length) {
      if (!Number.isInteger(index) || index < 0 || index > current.items.length) return false
      const base = inherited(index)
      const item: Survey = {
        kind: 'survey',
        polygon: survey.polygon.map(({ lat, lon }) => ({ lat, lon })),
        spacing: survey.spacing,
        heading: survey.heading,
        alt: survey.alt ?? base.alt,
        frame: survey.frame ?? base.frame,
        ...(survey.speed === undefined ? {} : { speed: survey.speed }),
      }
      return validSurvey(item) && commit(insertAt(item, index))
    },
    replaceSurvey(index, survey) {
      return commit(
        updateItem(index, (item) => {
          if (item.kind !== 'survey') return undefined
          const next: Survey = { ...item, ...survey, kind: 'survey' }
          if (!validSurvey(next)) return undefined
          const same = (Object.keys(survey) as (keyof NewSurvey)[]).every((key) => survey[key] === item[key])
          return same ? undefined : next
        }),
      )
    },

    addFencePolygon(polygon, inclusion) {
      if (!validPolygon(polygon)) return false
      return commit(
        geofence([...current.geofence.polygons, { inclusion, polygon: polygon.map(({ lat, lon }) => ({ lat, lon })) }], current.geofence.circles),
      )
    },
    addFenceCircle(center, radius, inclusion) {
      if (!validPoint(center) || !(radius > 0 && finite(radius))) return false
      return commit(
        geofence(current.geofence.polygons, [...current.geofence.circles, { inclusion, center: { lat: center.lat, lon: center.lon }, radius }]),
      )
    },
    removeFencePolygon(index) {
      const { polygons, circles } = current.geofence
      return (
        inRange(polygons, index) &&
        commit(
          geofence(
            polygons.filter((_, i) => i !== index),
            circles,
          ),
        )
      )
    },
    removeFenceCircle(index) {
      const { polygons, circles } = current.geofence
      return (
        inRange(circles, index) &&
        commit(
          geofence(
            polygons,
            circles.filter((_, i) => i !== index),
          ),
        )
      )
    },
    addRallyPoint(point) {
      if (!validPoint(point) || !finite(point.alt)) return false
      return commit({ ...current, rallyPoints: [...current.rallyPoints, { lat: point.lat, lon: point.lon, alt: point.alt }] })
    },
    removeRallyPoint(index) {
      return inRange(current.rallyPoints, index) && commit({ ...current, rallyPoints: current.rallyPoints.filter((_, i) => i !== index) })
    },
    setHome(home) {
      if (home && (!validPoint(home) || !finite(home.alt))) return false
      const was = current.home
      if (home === was || (home && was && home.lat === was.lat && home.lon === was.lon && home.alt === was.alt)) return false
      if (!home) {
        const next = { ...current }
        delete next.home
        return commit(next)
      }
      return commit({ ...current, home: { lat: home.lat, lon: home.lon, alt: home.alt } })
    },

    moveVertex(vertex, to) {
      if (!validPoint(to)) return false
      const point = { lat: to.lat, lon: to.lon }
      const same = (p: LatLon | undefined) => !p || (p.lat === to.lat && p.lon === to.lon)
      if (same(vertexPosition(current, vertex))) return false
      const { polygons, circles } = current.geofence
      switch (vertex.kind) {
        case 'waypoint':
          return editor.moveItem(vertex.index, point)
        case 'survey-corner':
          return commit(
            updateItem(vertex.index, (item) =>
              item.kind === 'survey' ? { ...item, polygon: replaced(item.polygon, vertex.corner, point) } : undefined,
            ),
          )
        case 'fence-corner': {
          const fence = polygons[vertex.fence]!
          return commit(geofence(replaced(polygons, vertex.fence, { ...fence, polygon: replaced(fence.polygon, vertex.corner, point) }), circles))
        }
        case 'fence-circle': {
          const fence = circles[vertex.fence]!
          return commit(geofence(polygons, replaced(circles, vertex.fence, { ...fence, center: point })))
        }
        case 'rally': {
          const rally = current.rallyPoints[vertex.index]!
          return commit({ ...current, rallyPoints: replaced(current.rallyPoints, vertex.index, { ...rally, ...point }) })
        }
        case 'home':
          return editor.setHome({ ...current.home!, ...point })
      }
    },
    removeVertex(vertex) {
      if (!vertexPosition(current, vertex)) return false
      const { polygons, circles } = current.geofence
      switch (vertex.kind) {
        case 'waypoint':
          return editor.deleteItem(vertex.index)
        case 'survey-corner':
          return commit(
            updateItem(vertex.index, (item) =>
              item.kind === 'survey' && item.polygon.length > 3
                ? { ...item, polygon: item.polygon.filter((_, i) => i !== vertex.corner) }
                : undefined,
            ),
          )
        case 'fence-corner': {
          const fence = polygons[vertex.fence]!
          if (fence.polygon.length <= 3) return false
          return commit(
            geofence(replaced(polygons, vertex.fence, { ...fence, polygon: fence.polygon.filter((_, i) => i !== vertex.corner) }), circles),
          )
        }
        case 'fence-circle':
          return editor.removeFenceCircle(vertex.fence)
        case 'rally':
          return editor.removeRallyPoint(vertex.index)
        case 'home':
          return editor.setHome(undefined)
      }
    },

    replacePlan: (next) => commit(next),
    load(next) {
      current = next
      saved = next
      past = []
      future = []
      notify()
    },
    setCheck(check) {
      options = { ...options, check }
      notify()
    },
    markSaved() {
      if (saved === current) return
      saved = current
      notify()
    },
    undo() {
      const previous = past.pop()
      if (!previous) return false
      future.push(current)
      current = previous
      notify()
      return true
    },
    redo() {
      const next = future.pop()
      if (!next) return false
      past.push(current)
      current = next
      notify()
      return true
    },
  }
  return editor
}

/** A copy of `list` with entry `index` replaced. */
function replaced<T>(list: readonly T[], index: number, value: T): T[] {
  const next = [...list]
  next[index] = value
  return next
}

const validSurvey = (survey: Survey) =>
  validPolygon(survey.polygon) &&
  survey.spacing > 0 &&
  finite(survey.spacing) &&
  finite(survey.heading) &&
  survey.heading >= 0 &&
  survey.heading < 360 &&
  finite(survey.alt) &&
  (survey.speed === undefined || (survey.speed > 0 && finite(survey.speed)))

/**
 * Where a waypoint added after item `index` goes when nobody points at a place (the keyboard's "add"): half-way to
 * the next item; after the last one, as far on along the last leg as that leg was long (`step` metres north when
 * there is no leg); with no items, at home. `undefined` when there is nothing to go by (an empty plan without home).
 */
export function nextWaypointPosition(plan: MissionPlan, index: number, step = 50): LatLon | undefined {
  const at = (i: number): LatLon | undefined => {
    const item = plan.items[i]
    return item ? (item.kind === 'waypoint' ? item : item.polygon[0]) : undefined
  }
  if (plan.items.length === 0) return plan.home && { lat: plan.home.lat, lon: plan.home.lon }
  const i = inRange(plan.items, index) ? index : plan.items.length - 1
  const here = at(i)!
  const next = at(i + 1)
  if (next) return { lat: (here.lat + next.lat) / 2, lon: (here.lon + next.lon) / 2 }
  const before = i > 0 ? at(i - 1) : plan.home
  const projection = localProjection(here)
  const leg = before ? projection.toLocal(before) : undefined
  // On along the last leg (from `before` to `here`), or `step` metres north.
  const offset = leg && Math.hypot(leg.x, leg.y) > 0.01 ? { x: -leg.x, y: -leg.y } : { x: 0, y: step }
  return projection.toLatLon(offset)
}
