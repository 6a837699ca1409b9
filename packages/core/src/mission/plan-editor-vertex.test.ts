import { describe, expect, it, vi } from 'vitest'
import { emptyMissionPlan, type MissionPlan, type Survey, type Waypoint } from './mission-plan'
import { createPlanEditor, vertexPosition, type PlanVertex } from './plan-editor'
import { generateSurveyPattern } from './survey-pattern'

// Map handles (issue 25): moveVertex, removeVertex and vertexPosition over every kind of vertex.

const wp = (lat: number, lon: number, extra: Partial<Waypoint> = {}): Waypoint => ({
  kind: 'waypoint',
  lat,
  lon,
  alt: 20,
  frame: 'relative',
  holdSeconds: 0,
  ...extra,
})

const square = [
  { lat: 21.3, lon: -157.87 },
  { lat: 21.3, lon: -157.86 },
  { lat: 21.31, lon: -157.86 },
  { lat: 21.31, lon: -157.87 },
]
const triangle = [
  { lat: 21.32, lon: -157.87 },
  { lat: 21.32, lon: -157.86 },
  { lat: 21.33, lon: -157.865 },
]

const survey = (polygon = square): Survey => ({ kind: 'survey', polygon, spacing: 100, heading: 0, alt: 30, frame: 'relative' })

/** A plan with one of everything: home, waypoint 0, survey 1 (4 corners), survey 2 (3 corners), waypoint 3, fences, rally points. */
function fullPlan(): MissionPlan {
  return {
    ...emptyMissionPlan(),
    home: { lat: 21.29, lon: -157.88, alt: 5 },
    items: [wp(21.301, -157.871), survey(), survey(triangle), wp(21.302, -157.872)],
    geofence: {
      polygons: [
        { inclusion: true, polygon: [...square] },
        { inclusion: false, polygon: [...triangle] },
      ],
      circles: [
        { inclusion: false, center: { lat: 21.305, lon: -157.865 }, radius: 50 },
        { inclusion: true, center: { lat: 21.306, lon: -157.866 }, radius: 500 },
      ],
    },
    rallyPoints: [
      { lat: 21.295, lon: -157.875, alt: 40 },
      { lat: 21.296, lon: -157.876, alt: 45 },
    ],
  }
}

const to = { lat: 21.315, lon: -157.855 }

/** Every vertex of `fullPlan` that a move can take, with where it is now. */
const movable: [string, PlanVertex][] = [
  ['waypoint', { kind: 'waypoint', index: 3 }],
  ['survey-corner', { kind: 'survey-corner', index: 1, corner: 2 }],
  ['fence-corner', { kind: 'fence-corner', fence: 1, corner: 0 }],
  ['fence-circle', { kind: 'fence-circle', fence: 1 }],
  ['rally', { kind: 'rally', index: 1 }],
  ['home', { kind: 'home' }],
]

describe('vertexPosition', () => {
  const plan = fullPlan()

  it('answers where each kind of vertex is', () => {
    expect(vertexPosition(plan, { kind: 'waypoint', index: 0 })).toBe(plan.items[0])
    expect(vertexPosition(plan, { kind: 'waypoint', index: 3 })).toMatchObject({ lat: 21.302, lon: -157.872 })
    expect(vertexPosition(plan, { kind: 'survey-corner', index: 1, corner: 2 })).toEqual(square[2])
    expect(vertexPosition(plan, { kind: 'survey-corner', index: 2, corner: 0 })).toEqual(triangle[0])
    expect(vertexPosition(plan, { kind: 'fence-corner', fence: 0, corner: 3 })).toEqual(square[3])
    expect(vertexPosition(plan, { kind: 'fence-corner', fence: 1, corner: 1 })).toEqual(triangle[1])
    expect(vertexPosition(plan, { kind: 'fence-circle', fence: 0 })).toEqual({ lat: 21.305, lon: -157.865 })
    expect(vertexPosition(plan, { kind: 'fence-circle', fence: 1 })).toEqual({ lat: 21.306, lon: -157.866 })
    expect(vertexPosition(plan, { kind: 'rally', index: 1 })).toEqual({ lat: 21.296, lon: -157.876, alt: 45 })
    expect(vertexPosition(plan, { kind: 'home' })).toEqual({ lat: 21.29, lon: -157.88, alt: 5 })
  })

  it('answers undefined for a vertex the plan does not have', () => {
    // A waypoint index on a survey, a survey corner on a waypoint, indexes past the end or below 0.
    expect(vertexPosition(plan, { kind: 'waypoint', index: 1 })).toBeUndefined()
    expect(vertexPosition(plan, { kind: 'waypoint', index: 4 })).toBeUndefined()
    expect(vertexPosition(plan, { kind: 'waypoint', index: -1 })).toBeUndefined()
    expect(vertexPosition(plan, { kind: 'survey-corner', index: 0, corner: 0 })).toBeUndefined()
    expect(vertexPosition(plan, { kind: 'survey-corner', index: 1, corner: 4 })).toBeUndefined()
    expect(vertexPosition(plan, { kind: 'survey-corner', index: 9, corner: 0 })).toBeUndefined()
    expect(vertexPosition(plan, { kind: 'fence-corner', fence: 2, corner: 0 })).toBeUndefined()
    expect(vertexPosition(plan, { kind: 'fence-corner', fence: 1, corner: 3 })).toBeUndefined()
    expect(vertexPosition(plan, { kind: 'fence-circle', fence: 2 })).toBeUndefined()
    expect(vertexPosition(plan, { kind: 'rally', index: 2 })).toBeUndefined()
    expect(vertexPosition(emptyMissionPlan(), { kind: 'home' })).toBeUndefined()
  })
})

describe('moveVertex', () => {
  it.each(movable)('moves a %s, one step that undo takes back', (_, vertex) => {
    const plan = fullPlan()
    const editor = createPlanEditor(plan)
    const was = vertexPosition(plan, vertex)
    expect(editor.moveVertex(vertex, to)).toBe(true)
    const after = editor.getSnapshot()
    expect(vertexPosition(after.plan, vertex)).toMatchObject(to)
    expect(after.canUndo).toBe(true)
    expect(after.dirty).toBe(true)
    expect(editor.undo()).toBe(true)
    expect(editor.getSnapshot().plan).toBe(plan)
    expect(vertexPosition(editor.getSnapshot().plan, vertex)).toEqual(was)
    expect(editor.getSnapshot().canUndo).toBe(false)
    expect(editor.redo()).toBe(true)
    expect(editor.getSnapshot().plan).toBe(after.plan)
  })

  it.each(movable)('refuses to move a %s out of range or to where it is, adding no undo step', (_, vertex) => {
    const plan = fullPlan()
    const editor = createPlanEditor(plan)
    const before = editor.getSnapshot()
    const here = vertexPosition(plan, vertex)!
    expect(editor.moveVertex(vertex, { lat: 95, lon: 0 })).toBe(false)
    expect(editor.moveVertex(vertex, { lat: 0, lon: 181 })).toBe(false)
    expect(editor.moveVertex(vertex, { lat: NaN, lon: 0 })).toBe(false)
    expect(editor.moveVertex(vertex, { lat: here.lat, lon: here.lon })).toBe(false)
    expect(editor.getSnapshot()).toBe(before)
    expect(editor.getSnapshot().canUndo).toBe(false)
    expect(editor.undo()).toBe(false)
  })

  it('answers false for a vertex that is not there', () => {
    const editor = createPlanEditor(fullPlan())
    const before = editor.getSnapshot()
    const missing: PlanVertex[] = [
      { kind: 'waypoint', index: 9 },
      { kind: 'waypoint', index: 1 }, // a survey
      { kind: 'waypoint', index: -1 },
      { kind: 'survey-corner', index: 0, corner: 0 }, // a waypoint
      { kind: 'survey-corner', index: 1, corner: 4 },
      { kind: 'survey-corner', index: 7, corner: 0 },
      { kind: 'fence-corner', fence: 2, corner: 0 },
      { kind: 'fence-corner', fence: 0, corner: 4 },
      { kind: 'fence-circle', fence: 2 },
      { kind: 'rally', index: 2 },
    ]
    for (const vertex of missing) expect(editor.moveVertex(vertex, to), JSON.stringify(vertex)).toBe(false)
    expect(createPlanEditor(emptyMissionPlan()).moveVertex({ kind: 'home' }, to)).toBe(false)
    expect(editor.getSnapshot()).toBe(before)
  })

  it('keeps every other item, fence and rally point by identity (copy on write)', () => {
    const plan = fullPlan()
    const editor = createPlanEditor(plan)

    editor.moveVertex({ kind: 'survey-corner', index: 1, corner: 2 }, to)
    let next = editor.getSnapshot().plan
    expect(next.items[0]).toBe(plan.items[0])
    expect(next.items[2]).toBe(plan.items[2])
    expect(next.items[3]).toBe(plan.items[3])
    expect(next.items[1]).not.toBe(plan.items[1])
    expect(next.geofence).toBe(plan.geofence)
    expect(next.rallyPoints).toBe(plan.rallyPoints)
    // The moved survey is a copy: the loaded plan's corners did not change.
    expect(plan.items[1]).toEqual(survey())
    const moved = next.items[1] as Survey
    expect(moved.polygon[0]).toBe(square[0])
    expect(moved.polygon[2]).toEqual(to)
    expect(moved).toMatchObject({ spacing: 100, heading: 0, alt: 30, frame: 'relative' })

    editor.moveVertex({ kind: 'fence-corner', fence: 1, corner: 0 }, to)
    const fenced = editor.getSnapshot().plan
    expect(fenced.items).toBe(next.items)
    expect(fenced.geofence.polygons[0]).toBe(plan.geofence.polygons[0])
    expect(fenced.geofence.polygons[1]).not.toBe(plan.geofence.polygons[1])
    expect(fenced.geofence.polygons[1]!.polygon[1]).toBe(plan.geofence.polygons[1]!.polygon[1])
    expect(fenced.geofence.polygons[1]!.inclusion).toBe(false)
    expect(fenced.geofence.circles).toBe(plan.geofence.circles)
    expect(plan.geofence.polygons[1]!.polygon[0]).toEqual(triangle[0])

    editor.moveVertex({ kind: 'fence-circle', fence: 0 }, to)
    next = editor.getSnapshot().plan
    expect(next.geofence.polygons).toBe(fenced.geofence.polygons)
    expect(next.geofence.circles[1]).toBe(plan.geofence.circles[1])
    expect(next.geofence.circles[0]).toEqual({ inclusion: false, center: to, radius: 50 })
    expect(plan.geofence.circles[0]!.center).toEqual({ lat: 21.305, lon: -157.865 })

    editor.moveVertex({ kind: 'rally', index: 0 }, to)
    const rallied = editor.getSnapshot().plan
    expect(rallied.rallyPoints[1]).toBe(plan.rallyPoints[1])
    expect(rallied.rallyPoints[0]).toEqual({ ...to, alt: 40 })
    expect(rallied.geofence).toBe(next.geofence)
    expect(rallied.items).toBe(next.items)
    expect(plan.rallyPoints[0]).toEqual({ lat: 21.295, lon: -157.875, alt: 40 })

    editor.moveVertex({ kind: 'waypoint', index: 0 }, to)
    const moved0 = editor.getSnapshot().plan
    expect(moved0.items[0]).toEqual(wp(to.lat, to.lon))
    expect(moved0.items.slice(1)).toEqual(rallied.items.slice(1))
    for (const i of [1, 2, 3]) expect(moved0.items[i]).toBe(rallied.items[i])
    expect(moved0.rallyPoints).toBe(rallied.rallyPoints)
  })

  it('moves home keeping its altitude, and a rally point keeping its own', () => {
    const editor = createPlanEditor(fullPlan())
    expect(editor.moveVertex({ kind: 'home' }, to)).toBe(true)
    expect(editor.getSnapshot().plan.home).toEqual({ ...to, alt: 5 })
    expect(editor.moveVertex({ kind: 'rally', index: 1 }, { lat: 1, lon: 2 })).toBe(true)
    expect(editor.getSnapshot().plan.rallyPoints[1]).toEqual({ lat: 1, lon: 2, alt: 45 })
  })

  it('stores only lat and lon of the point given', () => {
    const editor = createPlanEditor(fullPlan())
    const point = { lat: 1, lon: 2, alt: 999, extra: 'x' }
    editor.moveVertex({ kind: 'fence-circle', fence: 1 }, point)
    const center = editor.getSnapshot().plan.geofence.circles[1]!.center
    expect(center).toEqual({ lat: 1, lon: 2 })
    expect(center).not.toBe(point)
    editor.moveVertex({ kind: 'survey-corner', index: 2, corner: 1 }, point)
    expect((editor.getSnapshot().plan.items[2] as Survey).polygon[1]).toEqual({ lat: 1, lon: 2 })
  })

  it("a survey's lawnmower pattern follows its moved corner", () => {
    const editor = createPlanEditor(fullPlan())
    const before = generateSurveyPattern(editor.getSnapshot().plan.items[1] as Survey).waypoints
    // Pull the north-east corner 1 km further north: the area grows, so the pattern changes.
    editor.moveVertex({ kind: 'survey-corner', index: 1, corner: 2 }, { lat: 21.32, lon: -157.86 })
    const after = generateSurveyPattern(editor.getSnapshot().plan.items[1] as Survey).waypoints
    expect(after).not.toEqual(before)
    expect(Math.max(...after.map((p) => p.lat))).toBeGreaterThan(Math.max(...before.map((p) => p.lat)))
  })

  it('notifies subscribers once per move and not for a refused one', () => {
    const editor = createPlanEditor(fullPlan())
    let calls = 0
    editor.subscribe(() => calls++)
    editor.moveVertex({ kind: 'home' }, to)
    expect(calls).toBe(1)
    editor.moveVertex({ kind: 'home' }, to)
    editor.moveVertex({ kind: 'rally', index: 0 }, { lat: 95, lon: 0 })
    expect(calls).toBe(1)
  })
})

describe('removeVertex', () => {
  it('removes a waypoint, keeping the other items by identity; undo restores it', () => {
    const plan = fullPlan()
    const editor = createPlanEditor(plan)
    expect(editor.removeVertex({ kind: 'waypoint', index: 0 })).toBe(true)
    const next = editor.getSnapshot().plan
    expect(next.items).toHaveLength(3)
    expect(next.items[0]).toBe(plan.items[1])
    expect(next.items[1]).toBe(plan.items[2])
    expect(next.items[2]).toBe(plan.items[3])
    expect(next.geofence).toBe(plan.geofence)
    expect(editor.undo()).toBe(true)
    expect(editor.getSnapshot().plan).toBe(plan)
  })

  it('removes a corner of a survey with more than three, keeping the rest in order', () => {
    const plan = fullPlan()
    const editor = createPlanEditor(plan)
    expect(editor.removeVertex({ kind: 'survey-corner', index: 1, corner: 1 })).toBe(true)
    const next = editor.getSnapshot().plan
    const changed = next.items[1] as Survey
    expect(changed.polygon).toEqual([square[0], square[2], square[3]])
    expect(changed.polygon[0]).toBe(square[0])
    expect(changed).toMatchObject({ kind: 'survey', spacing: 100, heading: 0, alt: 30 })
    expect(next.items[0]).toBe(plan.items[0])
    expect(next.items[2]).toBe(plan.items[2])
    expect((plan.items[1] as Survey).polygon).toHaveLength(4)
    // Now three: the next corner is refused, and no step is added.
    const snapshot = editor.getSnapshot()
    expect(editor.removeVertex({ kind: 'survey-corner', index: 1, corner: 0 })).toBe(false)
    expect(editor.getSnapshot()).toBe(snapshot)
    expect(editor.undo()).toBe(true)
    expect(editor.getSnapshot().plan).toBe(plan)
    expect(editor.undo()).toBe(false)
  })

  it('refuses to take a survey or fence polygon below three corners', () => {
    const editor = createPlanEditor(fullPlan())
    const before = editor.getSnapshot()
    for (const corner of [0, 1, 2]) {
      expect(editor.removeVertex({ kind: 'survey-corner', index: 2, corner })).toBe(false)
      expect(editor.removeVertex({ kind: 'fence-corner', fence: 1, corner })).toBe(false)
    }
    expect(editor.getSnapshot()).toBe(before)
    expect(before.canUndo).toBe(false)
  })

  it('removes a corner of a fence polygon with more than three', () => {
    const plan = fullPlan()
    const editor = createPlanEditor(plan)
    expect(editor.removeVertex({ kind: 'fence-corner', fence: 0, corner: 3 })).toBe(true)
    const next = editor.getSnapshot().plan
    expect(next.geofence.polygons[0]).toEqual({ inclusion: true, polygon: square.slice(0, 3) })
    expect(next.geofence.polygons[1]).toBe(plan.geofence.polygons[1])
    expect(next.geofence.circles).toBe(plan.geofence.circles)
    expect(next.items).toBe(plan.items)
    expect(plan.geofence.polygons[0]!.polygon).toHaveLength(4)
    expect(editor.removeVertex({ kind: 'fence-corner', fence: 0, corner: 0 })).toBe(false)
    editor.undo()
    expect(editor.getSnapshot().plan).toBe(plan)
  })

  it('removes a fence circle whole', () => {
    const plan = fullPlan()
    const editor = createPlanEditor(plan)
    expect(editor.removeVertex({ kind: 'fence-circle', fence: 0 })).toBe(true)
    const next = editor.getSnapshot().plan
    expect(next.geofence.circles).toHaveLength(1)
    expect(next.geofence.circles[0]).toBe(plan.geofence.circles[1])
    expect(next.geofence.polygons).toBe(plan.geofence.polygons)
    editor.undo()
    expect(editor.getSnapshot().plan.geofence.circles).toBe(plan.geofence.circles)
  })

  it('removes a rally point', () => {
    const plan = fullPlan()
    const editor = createPlanEditor(plan)
    expect(editor.removeVertex({ kind: 'rally', index: 1 })).toBe(true)
    const next = editor.getSnapshot().plan
    expect(next.rallyPoints).toEqual([plan.rallyPoints[0]])
    expect(next.rallyPoints[0]).toBe(plan.rallyPoints[0])
    expect(next.items).toBe(plan.items)
    editor.undo()
    expect(editor.getSnapshot().plan).toBe(plan)
  })

  it('removes home; then home is no vertex any more', () => {
    const plan = fullPlan()
    const editor = createPlanEditor(plan)
    expect(editor.removeVertex({ kind: 'home' })).toBe(true)
    expect(editor.getSnapshot().plan.home).toBeUndefined()
    expect('home' in editor.getSnapshot().plan).toBe(false)
    expect(editor.getSnapshot().plan.items).toBe(plan.items)
    const snapshot = editor.getSnapshot()
    expect(editor.removeVertex({ kind: 'home' })).toBe(false)
    expect(editor.moveVertex({ kind: 'home' }, to)).toBe(false)
    expect(editor.getSnapshot()).toBe(snapshot)
    editor.undo()
    expect(editor.getSnapshot().plan.home).toEqual({ lat: 21.29, lon: -157.88, alt: 5 })
  })

  it('answers false for indexes that are not there, adding no step', () => {
    const editor = createPlanEditor(fullPlan())
    const before = editor.getSnapshot()
    const missing: PlanVertex[] = [
      { kind: 'waypoint', index: 4 },
      { kind: 'waypoint', index: 2 }, // a survey
      { kind: 'waypoint', index: -1 },
      { kind: 'waypoint', index: 0.5 },
      { kind: 'survey-corner', index: 3, corner: 0 }, // a waypoint
      { kind: 'survey-corner', index: 1, corner: 4 },
      { kind: 'survey-corner', index: 1, corner: -1 },
      { kind: 'fence-corner', fence: 2, corner: 0 },
      { kind: 'fence-corner', fence: 0, corner: 4 },
      { kind: 'fence-circle', fence: 2 },
      { kind: 'fence-circle', fence: -1 },
      { kind: 'rally', index: 2 },
    ]
    for (const vertex of missing) expect(editor.removeVertex(vertex), JSON.stringify(vertex)).toBe(false)
    expect(editor.getSnapshot()).toBe(before)
    expect(editor.getSnapshot().canUndo).toBe(false)
  })

  it('notifies subscribers once per removal and not for a refused one', () => {
    const editor = createPlanEditor(fullPlan())
    let calls = 0
    editor.subscribe(() => calls++)
    expect(editor.removeVertex({ kind: 'rally', index: 0 })).toBe(true)
    expect(calls).toBe(1)
    expect(editor.removeVertex({ kind: 'fence-corner', fence: 1, corner: 0 })).toBe(false)
    expect(calls).toBe(1)
  })
})

describe('setCheck', () => {
  it('changes what the findings go by, without a step to undo', () => {
    const editor = createPlanEditor({
      ...emptyMissionPlan(),
      items: [{ kind: 'waypoint', lat: 1, lon: 1, alt: 200, frame: 'relative', holdSeconds: 0 }],
    })
    const before = editor.getSnapshot()
    expect(before.findings).toEqual([])
    const seen = vi.fn()
    editor.subscribe(seen)
    editor.setCheck({ altitudeLimits: { min: 0, max: 120 }, isOnLand: (p) => p.lat === 1 })
    const after = editor.getSnapshot()
    expect(seen).toHaveBeenCalledTimes(1)
    expect(after.plan).toBe(before.plan)
    expect(after.canUndo).toBe(false)
    expect(after.findings.map((f) => f.code)).toEqual(['finding/altitude-limits', 'finding/on-land'])
  })
})
