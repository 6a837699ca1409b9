import { describe, expect, it, vi } from 'vitest'
import { createPlanEditor, emptyMissionPlan, type MissionPlan, type Survey, type Waypoint } from '@honu/core/mission'
import { createPlanDrawing, DEFAULT_DRAWING_SETTINGS, drawsPolygon, PLAN_TOOLS, type PlanTool } from './plan-drawing'

// The drawing machine over a real plan editor (issue 25): what placing a point does with each tool.

const wp = (lat: number, lon: number, extra: Partial<Waypoint> = {}): Waypoint => ({
  kind: 'waypoint',
  lat,
  lon,
  alt: 20,
  frame: 'relative',
  holdSeconds: 0,
  ...extra,
})

const corners = [
  { lat: 21.3, lon: -157.87 },
  { lat: 21.3, lon: -157.86 },
  { lat: 21.31, lon: -157.86 },
  { lat: 21.31, lon: -157.87 },
]

function setup(plan: MissionPlan = emptyMissionPlan()) {
  const editor = createPlanEditor(plan)
  const drawing = createPlanDrawing(editor)
  const state = () => drawing.getSnapshot()
  const current = () => editor.getSnapshot().plan
  return { editor, drawing, state, current }
}

describe('createPlanDrawing', () => {
  it('starts with the move tool, no draft, the default settings and no note', () => {
    const { state } = setup()
    expect(state()).toEqual({ tool: 'move', draft: [], settings: DEFAULT_DRAWING_SETTINGS })
    expect(state().note).toBeUndefined()
    expect(DEFAULT_DRAWING_SETTINGS).toEqual({ spacing: 20, heading: 0, radius: 100 })
  })

  it('takes settings of its own', () => {
    const editor = createPlanEditor(emptyMissionPlan())
    const drawing = createPlanDrawing(editor, { spacing: 5, heading: 45, radius: 12 })
    expect(drawing.getSnapshot().settings).toEqual({ spacing: 5, heading: 45, radius: 12 })
  })

  it('lists every tool, and says which draw polygons', () => {
    expect(PLAN_TOOLS).toEqual([
      'move',
      'waypoint',
      'survey',
      'fence-inclusion',
      'fence-exclusion',
      'circle-inclusion',
      'circle-exclusion',
      'rally',
      'home',
    ])
    expect(PLAN_TOOLS.filter(drawsPolygon)).toEqual(['survey', 'fence-inclusion', 'fence-exclusion'])
  })

  it('places nothing with the move tool, and says so', () => {
    const { drawing, state, current, editor } = setup()
    const plan = current()
    expect(drawing.place(corners[0]!)).toBe(false)
    expect(current()).toBe(plan)
    expect(editor.getSnapshot().canUndo).toBe(false)
    expect(state().note).toEqual({ key: 'nothingToPlace' })
    expect(state().draft).toEqual([])
    expect(drawing.finish()).toBe(false)
  })

  it('appends a waypoint with the waypoint tool, numbering it', () => {
    const { drawing, state, current } = setup({ ...emptyMissionPlan(), items: [wp(1, 1, { alt: 55, frame: 'amsl' })] })
    drawing.setTool('waypoint')
    expect(drawing.place({ lat: 2, lon: 2 })).toBe(true)
    expect(drawing.place({ lat: 3, lon: 3 })).toBe(true)
    expect(current().items.map((item) => (item.kind === 'waypoint' ? [item.lat, item.lon] : undefined))).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ])
    // Altitude and frame come from the waypoint before, as the editor's insert does.
    expect(current().items[2]).toMatchObject({ kind: 'waypoint', alt: 55, frame: 'amsl' })
    expect(state().note).toEqual({ key: 'placedWaypoint', values: { number: 3 } })
    expect(state().draft).toEqual([])
  })

  it('keeps only lat and lon of a point placed', () => {
    const { drawing, state, current } = setup()
    drawing.setTool('waypoint')
    drawing.place({ lat: 2, lon: 2, alt: 999 } as { lat: number; lon: number })
    expect(current().items[0]).toMatchObject({ lat: 2, lon: 2, alt: 30 })
    drawing.setTool('survey')
    const point = { lat: 4, lon: 4, extra: true }
    drawing.place(point)
    expect(state().draft[0]).toEqual({ lat: 4, lon: 4 })
    expect(state().draft[0]).not.toBe(point)
  })

  it('says a waypoint the editor refuses was not placed', () => {
    const { drawing, state, current } = setup()
    drawing.setTool('waypoint')
    expect(drawing.place({ lat: 95, lon: 0 })).toBe(false)
    expect(current().items).toEqual([])
    expect(state().note).toEqual({ key: 'notPlaced' })
  })

  it.each<[PlanTool, 'addedSurvey' | 'addedFence']>([
    ['survey', 'addedSurvey'],
    ['fence-inclusion', 'addedFence'],
    ['fence-exclusion', 'addedFence'],
  ])('with %s collects a draft, needs three corners and adds the shape as one step', (tool, added) => {
    const { drawing, state, current, editor } = setup()
    const plan = current()
    drawing.setTool(tool)
    expect(state().tool).toBe(tool)
    expect(drawing.place(corners[0]!)).toBe(true)
    expect(state().note).toEqual({ key: 'placedCorner', values: { count: 1 } })
    expect(drawing.place(corners[1]!)).toBe(true)
    expect(state().draft).toEqual(corners.slice(0, 2))
    expect(state().note).toEqual({ key: 'placedCorner', values: { count: 2 } })
    // Corners are the drawing's own until the shape is finished.
    expect(current()).toBe(plan)

    expect(drawing.finish()).toBe(false)
    expect(state().note).toEqual({ key: 'needThreeCorners' })
    expect(state().draft).toHaveLength(2)
    expect(current()).toBe(plan)

    drawing.place(corners[2]!)
    drawing.place(corners[3]!)
    expect(state().note).toEqual({ key: 'placedCorner', values: { count: 4 } })
    expect(drawing.finish()).toBe(true)
    expect(state().note).toEqual({ key: added })
    expect(state().draft).toEqual([])
    expect(state().tool).toBe(tool)

    const next = current()
    if (tool === 'survey') {
      expect(next.items).toHaveLength(1)
      expect(next.items[0]).toMatchObject({ kind: 'survey', polygon: corners, spacing: 20, heading: 0 })
      expect(next.geofence.polygons).toEqual([])
    } else {
      expect(next.items).toEqual([])
      expect(next.geofence.polygons).toEqual([{ inclusion: tool === 'fence-inclusion', polygon: corners }])
    }
    // One step: a single undo takes the whole shape back.
    expect(editor.undo()).toBe(true)
    expect(current()).toBe(plan)
    expect(editor.getSnapshot().canUndo).toBe(false)
    // Nothing left to finish.
    expect(drawing.finish()).toBe(false)
    expect(state().note).toEqual({ key: 'needThreeCorners' })
  })

  it('adds a survey with the spacing and heading set', () => {
    const { drawing, current } = setup({ ...emptyMissionPlan(), items: [wp(21.29, -157.88, { alt: 42 })] })
    drawing.setTool('survey')
    expect(drawing.setSetting('spacing', 35)).toBe(true)
    expect(drawing.setSetting('heading', 90)).toBe(true)
    for (const corner of corners.slice(0, 3)) drawing.place(corner)
    expect(drawing.finish()).toBe(true)
    const added = current().items[1] as Survey
    expect(added).toMatchObject({ kind: 'survey', polygon: corners.slice(0, 3), spacing: 35, heading: 90, alt: 42, frame: 'relative' })
  })

  it('takes back the last corner, and says how many are left', () => {
    const { drawing, state } = setup()
    expect(drawing.undoCorner()).toBe(false)
    drawing.setTool('survey')
    expect(drawing.undoCorner()).toBe(false)
    drawing.place(corners[0]!)
    drawing.place(corners[1]!)
    expect(drawing.undoCorner()).toBe(true)
    expect(state().draft).toEqual([corners[0]])
    expect(state().note).toEqual({ key: 'placedCorner', values: { count: 1 } })
    expect(drawing.undoCorner()).toBe(true)
    expect(state().draft).toEqual([])
    expect(state().note).toEqual({ key: 'placedCorner', values: { count: 0 } })
    expect(drawing.undoCorner()).toBe(false)
  })

  it('cancels the draft, touching not the plan', () => {
    const { drawing, state, current } = setup()
    const plan = current()
    expect(drawing.cancel()).toBe(false)
    drawing.setTool('fence-exclusion')
    drawing.place(corners[0]!)
    drawing.place(corners[1]!)
    drawing.place(corners[2]!)
    expect(drawing.cancel()).toBe(true)
    expect(state().draft).toEqual([])
    expect(state().note).toEqual({ key: 'draftCancelled' })
    expect(state().tool).toBe('fence-exclusion')
    expect(current()).toBe(plan)
    expect(drawing.cancel()).toBe(false)
    expect(drawing.finish()).toBe(false)
  })

  it.each<[PlanTool, boolean]>([
    ['circle-inclusion', true],
    ['circle-exclusion', false],
  ])('with %s adds a fence circle of the set radius', (tool, inclusion) => {
    const { drawing, state, current, editor } = setup()
    drawing.setTool(tool)
    expect(drawing.place(corners[0]!)).toBe(true)
    expect(current().geofence.circles).toEqual([{ inclusion, center: corners[0], radius: 100 }])
    expect(state().note).toEqual({ key: 'addedCircle' })
    expect(state().draft).toEqual([])
    expect(drawing.setSetting('radius', 250)).toBe(true)
    drawing.place(corners[1]!)
    expect(current().geofence.circles[1]).toEqual({ inclusion, center: corners[1], radius: 250 })
    expect(drawing.finish()).toBe(false)
    editor.undo()
    expect(current().geofence.circles).toHaveLength(1)
    expect(drawing.place({ lat: 0, lon: 200 })).toBe(false)
    expect(state().note).toEqual({ key: 'notPlaced' })
    expect(current().geofence.circles).toHaveLength(1)
  })

  it('gives a rally point 30 m with no items', () => {
    const { drawing, state, current } = setup()
    drawing.setTool('rally')
    expect(drawing.place(corners[0]!)).toBe(true)
    expect(current().rallyPoints).toEqual([{ ...corners[0], alt: 30 }])
    expect(state().note).toEqual({ key: 'addedRally' })
  })

  it("gives a rally point the last item's altitude when it is relative, else 30 m", () => {
    const survey: Survey = { kind: 'survey', polygon: corners, spacing: 50, heading: 0, alt: 64, frame: 'relative' }
    const { drawing, current, editor } = setup({ ...emptyMissionPlan(), items: [wp(1, 1, { alt: 12 }), wp(2, 2, { alt: 70, frame: 'amsl' })] })
    drawing.setTool('rally')
    drawing.place({ lat: 3, lon: 3 })
    // The last item is above mean sea level: not a height above home.
    expect(current().rallyPoints[0]).toEqual({ lat: 3, lon: 3, alt: 30 })
    editor.deleteItem(1)
    drawing.place({ lat: 4, lon: 4 })
    expect(current().rallyPoints[1]).toEqual({ lat: 4, lon: 4, alt: 12 })
    editor.addSurvey(survey)
    drawing.place({ lat: 5, lon: 5 })
    expect(current().rallyPoints[2]).toEqual({ lat: 5, lon: 5, alt: 64 })
    editor.insertWaypoint({ lat: 6, lon: 6, alt: 8, frame: 'terrain' })
    drawing.place({ lat: 6, lon: 6 })
    expect(current().rallyPoints[3]).toEqual({ lat: 6, lon: 6, alt: 30 })
  })

  it('refuses settings out of range, keeping the one set', () => {
    const { drawing, state } = setup()
    const before = state()
    const refused: [keyof typeof DEFAULT_DRAWING_SETTINGS, number][] = [
      ['spacing', 0],
      ['spacing', -5],
      ['spacing', NaN],
      ['spacing', Infinity],
      ['radius', 0],
      ['radius', -1],
      ['radius', NaN],
      ['heading', 360],
      ['heading', -1],
      ['heading', NaN],
      ['heading', Infinity],
    ]
    for (const [key, value] of refused) expect(drawing.setSetting(key, value), `${key} ${value}`).toBe(false)
    expect(state()).toBe(before)
    expect(state().settings).toEqual(DEFAULT_DRAWING_SETTINGS)
  })

  it('accepts settings in range, heading 0 to just under 360', () => {
    const { drawing, state } = setup()
    expect(drawing.setSetting('heading', 359.9)).toBe(true)
    expect(drawing.setSetting('spacing', 0.5)).toBe(true)
    expect(drawing.setSetting('radius', 1)).toBe(true)
    expect(state().settings).toEqual({ spacing: 0.5, heading: 359.9, radius: 1 })
    expect(drawing.setSetting('heading', 0)).toBe(true)
    expect(state().settings.heading).toBe(0)
    // The default settings object is not changed.
    expect(DEFAULT_DRAWING_SETTINGS).toEqual({ spacing: 20, heading: 0, radius: 100 })
  })

  it('drops the draft when the tool changes, even to the same tool', () => {
    const { drawing, state, current } = setup()
    drawing.setTool('survey')
    drawing.place(corners[0]!)
    drawing.place(corners[1]!)
    drawing.setTool('fence-inclusion')
    expect(state()).toMatchObject({ tool: 'fence-inclusion', draft: [] })
    expect(state().note).toBeUndefined()
    drawing.place(corners[0]!)
    drawing.setTool('fence-inclusion')
    expect(state().draft).toEqual([])
    drawing.place(corners[0]!)
    drawing.setTool('waypoint')
    expect(state().draft).toEqual([])
    expect(current().geofence.polygons).toEqual([])
    expect(current().items).toEqual([])
  })

  it('notifies subscribers on every change, with a new snapshot, until unsubscribed', () => {
    const { drawing, state } = setup()
    const listener = vi.fn()
    const stop = drawing.subscribe(listener)
    let seen = state()
    const changed = () => {
      expect(state()).not.toBe(seen)
      seen = state()
    }
    drawing.setTool('survey')
    expect(listener).toHaveBeenCalledTimes(1)
    changed()
    // The same tool with no draft: nothing to tell.
    drawing.setTool('survey')
    expect(listener).toHaveBeenCalledTimes(1)
    expect(state()).toBe(seen)
    drawing.place(corners[0]!)
    expect(listener).toHaveBeenCalledTimes(2)
    changed()
    drawing.setSetting('spacing', 30)
    expect(listener).toHaveBeenCalledTimes(3)
    changed()
    // The same value, and a refused one: no change.
    drawing.setSetting('spacing', 30)
    drawing.setSetting('spacing', 0)
    expect(listener).toHaveBeenCalledTimes(3)
    drawing.finish()
    expect(listener).toHaveBeenCalledTimes(4)
    changed()
    drawing.undoCorner()
    expect(listener).toHaveBeenCalledTimes(5)
    drawing.place(corners[1]!)
    drawing.cancel()
    expect(listener).toHaveBeenCalledTimes(7)
    stop()
    drawing.setTool('waypoint')
    drawing.place(corners[0]!)
    expect(listener).toHaveBeenCalledTimes(7)
  })
})

describe('createPlanDrawing: corners', () => {
  it('refuses a corner off the globe at once, keeping the draft as it was', () => {
    const drawing = createPlanDrawing(createPlanEditor(emptyMissionPlan()))
    drawing.setTool('fence-inclusion')
    expect(drawing.place({ lat: 54, lon: 10 })).toBe(true)
    expect(drawing.place({ lat: 95, lon: 10 })).toBe(false)
    expect(drawing.getSnapshot().draft).toEqual([{ lat: 54, lon: 10 }])
    expect(drawing.getSnapshot().note).toEqual({ key: 'notPlaced' })
  })
})

describe('createPlanDrawing: home', () => {
  it('sets the planned home where placed, at 0 m the first time and keeping its altitude after, one step each', () => {
    const editor = createPlanEditor(emptyMissionPlan())
    const drawing = createPlanDrawing(editor)
    drawing.setTool('home')
    expect(drawing.place({ lat: 54.3, lon: 10.1 })).toBe(true)
    expect(editor.getSnapshot().plan.home).toEqual({ lat: 54.3, lon: 10.1, alt: 0 })
    expect(drawing.getSnapshot().note).toEqual({ key: 'setHome' })
    editor.setHome({ lat: 54.3, lon: 10.1, alt: 12 })
    drawing.place({ lat: 54.31, lon: 10.11 })
    expect(editor.getSnapshot().plan.home).toEqual({ lat: 54.31, lon: 10.11, alt: 12 })
    editor.undo()
    expect(editor.getSnapshot().plan.home).toEqual({ lat: 54.3, lon: 10.1, alt: 12 })
  })
})
