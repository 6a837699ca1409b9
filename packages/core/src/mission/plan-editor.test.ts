import { describe, expect, it, vi } from 'vitest'
import { distanceM } from './geo'
import { emptyMissionPlan, type MissionPlan, type Waypoint } from './mission-plan'
import { createPlanEditor, nextWaypointPosition } from './plan-editor'
import { generateSurveyPattern } from './survey-pattern'

const wp = (lat: number, lon: number, extra: Partial<Waypoint> = {}): Waypoint => ({
  kind: 'waypoint',
  lat,
  lon,
  alt: 20,
  frame: 'relative',
  holdSeconds: 0,
  ...extra,
})

const planOf = (...items: Waypoint[]): MissionPlan => ({ ...emptyMissionPlan(), items })
const lats = (plan: MissionPlan) => plan.items.map((item) => (item.kind === 'waypoint' ? item.lat : NaN))
const square = [
  { lat: 21.3, lon: -157.87 },
  { lat: 21.3, lon: -157.86 },
  { lat: 21.31, lon: -157.86 },
  { lat: 21.31, lon: -157.87 },
]

describe('createPlanEditor', () => {
  it('inserts waypoints at the end, at an index and after an item, inheriting altitude and frame from the one before', () => {
    const editor = createPlanEditor(emptyMissionPlan(), { defaultAltitude: 12, defaultFrame: 'amsl' })
    expect(editor.insertWaypoint({ lat: 1, lon: 1 })).toBe(true)
    expect(editor.getSnapshot().plan.items[0]).toEqual({ kind: 'waypoint', lat: 1, lon: 1, alt: 12, frame: 'amsl', holdSeconds: 0 })
    editor.insertWaypoint({ lat: 3, lon: 3, alt: 40, speed: 5, holdSeconds: 2 })
    expect(editor.insertWaypoint({ lat: 0, lon: 0 }, 0)).toBe(true)
    expect(editor.insertWaypointAfter(1, { lat: 2, lon: 2 })).toBe(true)
    const { items } = editor.getSnapshot().plan
    expect(lats(editor.getSnapshot().plan)).toEqual([0, 1, 2, 3])
    // The one before item 2 is item 1 (12 m AMSL); item 0 had none before it: the defaults.
    expect(items[2]).toMatchObject({ alt: 12, frame: 'amsl' })
    expect(items[3]).toMatchObject({ alt: 40, speed: 5, holdSeconds: 2 })
  })

  it('refuses a waypoint out of range, at an index that is not one, or with a bad hold or speed, and changes nothing', () => {
    const editor = createPlanEditor(planOf(wp(1, 1)))
    const before = editor.getSnapshot()
    expect(editor.insertWaypoint({ lat: 91, lon: 0 })).toBe(false)
    expect(editor.insertWaypoint({ lat: NaN, lon: 0 })).toBe(false)
    expect(editor.insertWaypoint({ lat: 0, lon: 0 }, 5)).toBe(false)
    expect(editor.insertWaypoint({ lat: 0, lon: 0 }, -1)).toBe(false)
    expect(editor.insertWaypoint({ lat: 0, lon: 0, holdSeconds: -1 })).toBe(false)
    expect(editor.insertWaypoint({ lat: 0, lon: 0, speed: 0 })).toBe(false)
    expect(editor.insertWaypointAfter(3, { lat: 0, lon: 0 })).toBe(false)
    expect(editor.getSnapshot()).toBe(before)
    expect(before.canUndo).toBe(false)
  })

  it('moves a waypoint; a survey moves whole, keeping its shape', () => {
    const survey = { kind: 'survey' as const, polygon: square, spacing: 100, heading: 0, alt: 30, frame: 'relative' as const }
    const editor = createPlanEditor({ ...emptyMissionPlan(), items: [wp(1, 1), survey] })
    expect(editor.moveItem(0, { lat: 2, lon: 3 })).toBe(true)
    expect(editor.getSnapshot().plan.items[0]).toMatchObject({ lat: 2, lon: 3 })
    expect(editor.moveItem(0, { lat: 2, lon: 3 })).toBe(false)
    expect(editor.moveItem(0, { lat: 2, lon: 200 })).toBe(false)
    expect(editor.moveItem(1, { lat: 21.4, lon: -157.8 })).toBe(true)
    const moved = editor.getSnapshot().plan.items[1]
    if (moved?.kind !== 'survey') throw new Error('not a survey')
    expect(moved.polygon[0]!.lat).toBeCloseTo(21.4, 9)
    expect(moved.polygon[0]!.lon).toBeCloseTo(-157.8, 9)
    // Every side keeps its length (to a few centimetres over a kilometre).
    for (let i = 0; i < 4; i++) {
      const was = distanceM(square[i]!, square[(i + 1) % 4]!)
      expect(Math.abs(distanceM(moved.polygon[i]!, moved.polygon[(i + 1) % 4]!) - was)).toBeLessThan(0.05)
    }
  })

  it('deletes an item and keeps the others by identity', () => {
    const plan = planOf(wp(0, 0), wp(1, 1), wp(2, 2))
    const editor = createPlanEditor(plan)
    expect(editor.deleteItem(1)).toBe(true)
    expect(lats(editor.getSnapshot().plan)).toEqual([0, 2])
    expect(editor.getSnapshot().plan.items[0]).toBe(plan.items[0])
    expect(editor.getSnapshot().plan.items[1]).toBe(plan.items[2])
    expect(editor.deleteItem(2)).toBe(false)
  })

  it('reorders: up, down, to an index; not past either end', () => {
    const editor = createPlanEditor(planOf(wp(0, 0), wp(1, 1), wp(2, 2), wp(3, 3)))
    expect(editor.moveItemUp(0)).toBe(false)
    expect(editor.moveItemDown(3)).toBe(false)
    expect(editor.moveItemDown(0)).toBe(true)
    expect(lats(editor.getSnapshot().plan)).toEqual([1, 0, 2, 3])
    expect(editor.moveItemUp(3)).toBe(true)
    expect(lats(editor.getSnapshot().plan)).toEqual([1, 0, 3, 2])
    expect(editor.reorderItem(3, 0)).toBe(true)
    expect(lats(editor.getSnapshot().plan)).toEqual([2, 1, 0, 3])
    expect(editor.reorderItem(1, 1)).toBe(false)
    expect(editor.reorderItem(0, 4)).toBe(false)
  })

  it('sets altitude, speed (and clears it) and hold time; a value the item has, or a bad one, changes nothing', () => {
    const editor = createPlanEditor(planOf(wp(0, 0), wp(1, 1)))
    expect(editor.setAltitude(0, 55)).toBe(true)
    expect(editor.setAltitude(0, 55)).toBe(false)
    expect(editor.setAltitude(0, Infinity)).toBe(false)
    expect(editor.setAltitude(0, -5)).toBe(true)
    expect(editor.setSpeed(1, 3)).toBe(true)
    expect(editor.getSnapshot().plan.items[1]).toMatchObject({ speed: 3 })
    expect(editor.setSpeed(1, 0)).toBe(false)
    expect(editor.setSpeed(1, -2)).toBe(false)
    expect(editor.setSpeed(1, undefined)).toBe(true)
    expect(editor.getSnapshot().plan.items[1]).not.toHaveProperty('speed')
    expect(editor.setHoldSeconds(1, 10)).toBe(true)
    expect(editor.setHoldSeconds(1, -1)).toBe(false)
    expect(editor.setHoldSeconds(9, 1)).toBe(false)
    expect(editor.getSnapshot().plan.items).toEqual([wp(0, 0, { alt: -5 }), wp(1, 1, { holdSeconds: 10 })])
  })

  it('adds a survey whose lawnmower pattern is derived, and replaces its area, spacing and heading', () => {
    const editor = createPlanEditor(planOf(wp(21.29, -157.87, { alt: 25 })))
    expect(editor.addSurvey({ polygon: square, spacing: 200, heading: 0 })).toBe(true)
    const survey = editor.getSnapshot().plan.items[1]
    expect(survey).toEqual({ kind: 'survey', polygon: square, spacing: 200, heading: 0, alt: 25, frame: 'relative' })
    // Measured along the pattern's waypoints: more than the square's width, once per line.
    const lines = generateSurveyPattern({ polygon: square, spacing: 200, heading: 0 }).transects.length
    expect(lines).toBeGreaterThan(2)
    expect(editor.getSnapshot().measure.distance).toBeGreaterThan(lines * 1000)

    expect(editor.replaceSurvey(1, { spacing: 100, heading: 90 })).toBe(true)
    expect(editor.getSnapshot().plan.items[1]).toMatchObject({ spacing: 100, heading: 90 })
    expect(editor.replaceSurvey(1, { spacing: 100 })).toBe(false)
    expect(editor.replaceSurvey(1, { spacing: 0 })).toBe(false)
    expect(editor.replaceSurvey(1, { heading: 360 })).toBe(false)
    expect(editor.replaceSurvey(1, { polygon: square.slice(0, 2) })).toBe(false)
    expect(editor.replaceSurvey(0, { spacing: 10 })).toBe(false)
    expect(editor.addSurvey({ polygon: square.slice(0, 2), spacing: 10, heading: 0 })).toBe(false)
    // A survey has no hold time.
    expect(editor.setHoldSeconds(1, 5)).toBe(false)
  })

  it('adds and removes fence polygons and circles, inclusion and exclusion, and rally points; sets and clears home', () => {
    const editor = createPlanEditor(emptyMissionPlan())
    expect(editor.addFencePolygon(square, true)).toBe(true)
    expect(editor.addFencePolygon(square.slice(0, 2), true)).toBe(false)
    expect(editor.addFenceCircle({ lat: 21.305, lon: -157.865 }, 100, false)).toBe(true)
    expect(editor.addFenceCircle({ lat: 21.305, lon: -157.865 }, 0, false)).toBe(false)
    expect(editor.addRallyPoint({ lat: 21.3, lon: -157.87, alt: 10 })).toBe(true)
    expect(editor.addRallyPoint({ lat: 100, lon: 0, alt: 10 })).toBe(false)
    const { plan } = editor.getSnapshot()
    expect(plan.geofence).toEqual({
      polygons: [{ inclusion: true, polygon: square }],
      circles: [{ inclusion: false, center: { lat: 21.305, lon: -157.865 }, radius: 100 }],
    })
    expect(plan.rallyPoints).toEqual([{ lat: 21.3, lon: -157.87, alt: 10 }])
    expect(editor.removeFencePolygon(0)).toBe(true)
    expect(editor.removeFenceCircle(0)).toBe(true)
    expect(editor.removeFenceCircle(0)).toBe(false)
    expect(editor.removeRallyPoint(0)).toBe(true)
    expect(editor.getSnapshot().plan).toEqual(emptyMissionPlan())

    expect(editor.setHome({ lat: 21.3, lon: -157.87, alt: 2 })).toBe(true)
    expect(editor.setHome({ lat: 21.3, lon: -157.87, alt: 2 })).toBe(false)
    expect(editor.setHome(undefined)).toBe(true)
    expect(editor.getSnapshot().plan).not.toHaveProperty('home')
    expect(editor.setHome(undefined)).toBe(false)
  })

  it('undoes and redoes every step in order; a new change after an undo drops the steps undone', () => {
    const editor = createPlanEditor(emptyMissionPlan())
    editor.insertWaypoint({ lat: 0, lon: 0 })
    editor.insertWaypoint({ lat: 1, lon: 1 })
    editor.setAltitude(1, 99)
    expect(editor.undo()).toBe(true)
    expect(editor.getSnapshot().plan.items[1]).toMatchObject({ alt: 30 })
    expect(editor.undo()).toBe(true)
    expect(lats(editor.getSnapshot().plan)).toEqual([0])
    expect(editor.getSnapshot()).toMatchObject({ canUndo: true, canRedo: true })
    expect(editor.redo()).toBe(true)
    expect(editor.redo()).toBe(true)
    expect(editor.getSnapshot().plan.items[1]).toMatchObject({ alt: 99 })
    expect(editor.redo()).toBe(false)
    editor.undo()
    editor.deleteItem(0)
    expect(editor.getSnapshot().canRedo).toBe(false)
    expect(editor.redo()).toBe(false)
    editor.undo()
    editor.undo()
    editor.undo()
    expect(editor.getSnapshot().plan).toEqual(emptyMissionPlan())
    expect(editor.undo()).toBe(false)
  })

  it('keeps a bounded history: the oldest steps are forgotten', () => {
    const editor = createPlanEditor(emptyMissionPlan(), { historyLimit: 3 })
    for (let i = 0; i < 5; i++) editor.insertWaypoint({ lat: i, lon: i })
    let undone = 0
    while (editor.undo()) undone++
    expect(undone).toBe(3)
    expect(lats(editor.getSnapshot().plan)).toEqual([0, 1])
  })

  it('replaces the whole plan as one step; load starts over; dirty follows the saved plan by identity', () => {
    const first = planOf(wp(0, 0))
    const editor = createPlanEditor(first)
    expect(editor.getSnapshot().dirty).toBe(false)
    const imported = planOf(wp(5, 5), wp(6, 6))
    expect(editor.replacePlan(imported)).toBe(true)
    expect(editor.getSnapshot()).toMatchObject({ plan: imported, dirty: true, canUndo: true })
    editor.undo()
    expect(editor.getSnapshot()).toMatchObject({ plan: first, dirty: false })
    editor.redo()
    editor.markSaved()
    expect(editor.getSnapshot().dirty).toBe(false)
    editor.undo()
    expect(editor.getSnapshot().dirty).toBe(true)

    editor.load(planOf(wp(9, 9)))
    expect(editor.getSnapshot()).toMatchObject({ dirty: false, canUndo: false, canRedo: false })
    expect(lats(editor.getSnapshot().plan)).toEqual([9])
  })

  it('tells subscribers of each change, keeps one snapshot per state, and stops telling after unsubscribing', () => {
    const editor = createPlanEditor(emptyMissionPlan())
    const listener = vi.fn()
    const stop = editor.subscribe(listener)
    const before = editor.getSnapshot()
    expect(editor.getSnapshot()).toBe(before)
    editor.insertWaypoint({ lat: 0, lon: 0 })
    editor.setAltitude(0, 30) // the default it has: nothing changes
    expect(listener).toHaveBeenCalledTimes(1)
    const after = editor.getSnapshot()
    expect(after).not.toBe(before)
    expect(editor.getSnapshot()).toBe(after)
    stop()
    editor.undo()
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('derives distance, time, battery and the checks from the plan as it changes', () => {
    const editor = createPlanEditor(emptyMissionPlan(), {
      measure: { defaultSpeed: 5 },
      check: { altitudeLimits: { min: 0, max: 50 } },
      enduranceSeconds: 1000,
    })
    expect(editor.getSnapshot().findings.map((f) => f.code)).toEqual(['finding/no-waypoints'])
    expect(editor.getSnapshot().measure).toEqual({ distance: 0, duration: 0, holdSeconds: 0 })
    editor.insertWaypoint({ lat: 0, lon: 0 })
    editor.insertWaypoint({ lat: 0, lon: 0.01, holdSeconds: 10 })
    const leg = distanceM({ lat: 0, lon: 0 }, { lat: 0, lon: 0.01 })
    const { measure, battery, findings } = editor.getSnapshot()
    expect(measure.distance).toBeCloseTo(leg, 6)
    expect(measure.duration).toBeCloseTo(leg / 5 + 10, 6)
    expect(battery).toBeCloseTo((leg / 5 + 10) / 1000, 9)
    expect(findings).toEqual([])

    editor.setAltitude(1, 80)
    expect(editor.getSnapshot().findings).toEqual([expect.objectContaining({ code: 'finding/altitude-limits', item: 1 })])
    editor.addFenceCircle({ lat: 0, lon: 0 }, 100, true)
    expect(editor.getSnapshot().findings.map((f) => f.code)).toEqual(['finding/outside-fence', 'finding/altitude-limits'])
  })

  it('has no battery figure without an endurance, or when a leg has no speed', () => {
    const editor = createPlanEditor(planOf(wp(0, 0), wp(0, 0.01)), { enduranceSeconds: 1000 })
    expect(editor.getSnapshot().measure.duration).toBeUndefined()
    expect(editor.getSnapshot().battery).toBeUndefined()
    expect(createPlanEditor(planOf(wp(0, 0)), { measure: { defaultSpeed: 1 } }).getSnapshot().battery).toBeUndefined()
  })
})

describe('nextWaypointPosition', () => {
  it('goes half-way to the next item, on along the last leg after the last, north of a lone one, at home in an empty plan', () => {
    const plan = planOf(wp(0, 0), wp(0, 0.002))
    expect(nextWaypointPosition(plan, 0)).toEqual({ lat: 0, lon: 0.001 })
    const after = nextWaypointPosition(plan, 1)!
    expect(after.lat).toBeCloseTo(0, 9)
    expect(after.lon).toBeCloseTo(0.004, 9)
    // Out of range: after the last item.
    expect(nextWaypointPosition(plan, 7)).toEqual(after)
    const lone = nextWaypointPosition(planOf(wp(10, 10)), 0)!
    expect(distanceM(lone, { lat: 10, lon: 10 })).toBeCloseTo(50, 3)
    expect(lone.lat).toBeGreaterThan(10)
    expect(nextWaypointPosition({ ...emptyMissionPlan(), home: { lat: 1, lon: 2, alt: 3 } }, 0)).toEqual({ lat: 1, lon: 2 })
    expect(nextWaypointPosition(emptyMissionPlan(), 0)).toBeUndefined()
  })
})
