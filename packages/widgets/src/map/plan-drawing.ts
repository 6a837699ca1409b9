// Drawing a plan on the map (issue 25): the tool chosen, the shape being drawn, the settings new shapes take, and
// what placing a point means for each tool. Framework- and MapLibre-free: the map hands it points (a click, or the
// map's centre from the keyboard) and it hands them to core's plan editor, the one controller of the plan.
import { isValidLatLon, type LatLon, type PlanEditor } from '@honu/core/mission'

/** What a point placed on the map makes. */
export type PlanTool =
  'move' | 'waypoint' | 'survey' | 'fence-inclusion' | 'fence-exclusion' | 'circle-inclusion' | 'circle-exclusion' | 'rally' | 'home'

/** Every tool, in the toolbar's order. */
export const PLAN_TOOLS: readonly PlanTool[] = [
  'move',
  'waypoint',
  'survey',
  'fence-inclusion',
  'fence-exclusion',
  'circle-inclusion',
  'circle-exclusion',
  'rally',
  'home',
]

/** Settings new shapes take; each > 0 but the heading (0 ≤ heading < 360). */
export interface PlanDrawingSettings {
  /** Survey line spacing in metres. */
  spacing: number
  /** Survey line heading in degrees clockwise from north. */
  heading: number
  /** Fence circle radius in metres. */
  radius: number
}

/** What the drawing holds now (a new object on every change). */
export interface PlanDrawingState {
  tool: PlanTool
  /** The corners placed so far of a survey or fence polygon being drawn. */
  draft: readonly LatLon[]
  settings: PlanDrawingSettings
  /** What the last action did or why it did nothing, for the toolbar's live region. */
  note?: PlanDrawingNote
}

/** A note of the last action: a message key of the map's book and its values. */
export type PlanDrawingNote =
  | { key: 'placedWaypoint'; values: { number: number } }
  | { key: 'placedCorner'; values: { count: number } }
  | { key: 'addedSurvey' | 'addedFence' | 'addedCircle' | 'addedRally' | 'setHome' | 'draftCancelled' }
  | { key: 'needThreeCorners' | 'nothingToPlace' | 'notPlaced' }

/** The drawing machine: see {@link createPlanDrawing}. */
export interface PlanDrawing {
  getSnapshot(): PlanDrawingState
  subscribe(listener: () => void): () => void
  /** Chooses a tool; a shape being drawn is dropped. */
  setTool(tool: PlanTool): void
  /** Changes a setting for the shapes drawn next (a value out of range is refused: false). */
  setSetting<K extends keyof PlanDrawingSettings>(key: K, value: number): boolean
  /**
   * Places a point with the tool: a waypoint at the end of the plan, a corner of the shape being drawn, a fence
   * circle of the set radius, a rally point, the planned home (its altitude above sea level kept, else 0). With `move`
   * nothing is placed (false).
   */
  place(point: LatLon): boolean
  /** Ends the survey or fence polygon being drawn (three corners at least) and adds it to the plan as one step. */
  finish(): boolean
  /** Takes back the last corner placed of the shape being drawn. */
  undoCorner(): boolean
  /** Drops the shape being drawn. */
  cancel(): boolean
}

/** The settings a new drawing starts with: lines 20 m apart running north, circles of 100 m. */
export const DEFAULT_DRAWING_SETTINGS: PlanDrawingSettings = { spacing: 20, heading: 0, radius: 100 }

/** Tools that draw a polygon corner by corner. */
export const drawsPolygon = (tool: PlanTool) => tool === 'survey' || tool === 'fence-inclusion' || tool === 'fence-exclusion'

/**
 * Makes the drawing machine over `editor`. Every shape reaches the plan as one editor command, so one undo takes
 * a whole survey or fence back; corners placed of a shape not finished are the drawing's own until then.
 *
 * @example
 * const drawing = createPlanDrawing(editor)
 * drawing.setTool('survey'); corners.forEach(drawing.place); drawing.finish()
 */
export function createPlanDrawing(editor: PlanEditor, settings: PlanDrawingSettings = DEFAULT_DRAWING_SETTINGS): PlanDrawing {
  let state: PlanDrawingState = { tool: 'move', draft: [], settings }
  const listeners = new Set<() => void>()
  const set = (patch: Partial<PlanDrawingState>) => {
    state = { ...state, ...patch }
    for (const listener of [...listeners]) listener()
  }
  const done = (ok: boolean, note: PlanDrawingNote, patch: Partial<PlanDrawingState> = {}) => {
    set({ ...patch, note: ok ? note : { key: 'notPlaced' } })
    return ok
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setTool(tool) {
      if (tool === state.tool && state.draft.length === 0) return
      set({ tool, draft: [], note: undefined })
    },
    setSetting(key, value) {
      const ok = Number.isFinite(value) && (key === 'heading' ? value >= 0 && value < 360 : value > 0)
      if (ok && value !== state.settings[key]) set({ settings: { ...state.settings, [key]: value } })
      return ok
    },
    place(point) {
      const { tool, settings: s } = state
      const at = { lat: point.lat, lon: point.lon }
      switch (tool) {
        case 'move':
          set({ note: { key: 'nothingToPlace' } })
          return false
        case 'waypoint': {
          const ok = editor.insertWaypoint(at)
          return done(ok, { key: 'placedWaypoint', values: { number: editor.getSnapshot().plan.items.length } })
        }
        case 'circle-inclusion':
        case 'circle-exclusion':
          return done(editor.addFenceCircle(at, s.radius, tool === 'circle-inclusion'), { key: 'addedCircle' })
        case 'rally': {
          const { items } = editor.getSnapshot().plan
          // Rally altitudes are above home, as the items' relative ones: the last item's, else 30 m.
          const last = items[items.length - 1]
          const alt = last && last.frame === 'relative' ? last.alt : 30
          return done(editor.addRallyPoint({ ...at, alt }), { key: 'addedRally' })
        }
        case 'home': {
          const alt = editor.getSnapshot().plan.home?.alt ?? 0
          return done(editor.setHome({ ...at, alt }), { key: 'setHome' })
        }
        default: {
          // A corner the shape could not be made of is refused now, not when the shape is finished.
          if (!isValidLatLon(at.lat, at.lon)) return done(false, { key: 'notPlaced' })
          const draft = [...state.draft, at]
          set({ draft, note: { key: 'placedCorner', values: { count: draft.length } } })
          return true
        }
      }
    },
    finish() {
      const { tool, draft, settings: s } = state
      if (!drawsPolygon(tool)) return false
      if (draft.length < 3) {
        set({ note: { key: 'needThreeCorners' } })
        return false
      }
      const ok =
        tool === 'survey'
          ? editor.addSurvey({ polygon: [...draft], spacing: s.spacing, heading: s.heading })
          : editor.addFencePolygon([...draft], tool === 'fence-inclusion')
      return done(ok, { key: tool === 'survey' ? 'addedSurvey' : 'addedFence' }, ok ? { draft: [] } : {})
    },
    undoCorner() {
      if (state.draft.length === 0) return false
      const draft = state.draft.slice(0, -1)
      set({ draft, note: { key: 'placedCorner', values: { count: draft.length } } })
      return true
    },
    cancel() {
      if (state.draft.length === 0) return false
      set({ draft: [], note: { key: 'draftCancelled' } })
      return true
    },
  }
}
