import type { ScreenBand } from '../constants/breakpoints'
import { itemsForBand } from './band-layouts'
import type { GridStore } from './grid-store'
import type { GridSettings, GridWidget, WorkspaceId } from './grid-model'
import { autoPlace, moveInLayout } from './layout-engine'
import { exportLayout, importLayout, type LayoutDocument } from './layout-schema'
import {
  addWidget,
  clampWidget,
  columnsOf,
  minimiseWidget,
  removeWidget,
  restoreWidget,
  setSnapToGrid,
  snapItemSize,
  snapLayout,
  toggleFullscreen,
  toggleWidget,
  type NewWidget,
} from './workspace-rules'

/** The §4 widget rules applied to one console's grid store. */
export interface WorkspaceActions {
  add(workspace: WorkspaceId, widget: NewWidget): void
  toggle(workspace: WorkspaceId, widget: NewWidget): void
  remove(workspace: WorkspaceId, id: string): void
  toggleFullscreen(workspace: WorkspaceId, id: string): void
  minimise(workspace: WorkspaceId, id: string): void
  restore(workspace: WorkspaceId, id: string): void
  /**
   * Replaces a widget's own `data` (a stream id, a device id…), written in its definition's `dataVersion` (none:
   * unversioned); its place and everything else stay.
   */
  setData(workspace: WorkspaceId, id: string, data: unknown, dataVersion?: number): void
  /**
   * Moves or resizes a widget, clamped to the columns and its bounds; the widgets it lands on make way and gaps
   * close (see `moveInLayout`). A noMove widget keeps its cell, a noResize one its size; locked ones never make way.
   */
  place(workspace: WorkspaceId, id: string, place: Pick<GridWidget, 'x' | 'y' | 'w' | 'h'>): void
  /**
   * A keyboard step (a noMove widget stays where it is; a locked one moves, but others never push it): one column sideways, or down/up to the nearest row where the widget really lands (with
   * gravity, one row down is often no move at all). Answers the widget as it now stands.
   */
  nudge(workspace: WorkspaceId, id: string, dx: -1 | 0 | 1, dy: -1 | 0 | 1): GridWidget | undefined
  /** Switches snap-to-grid for every workspace, laying each out again. */
  setSnapToGrid(on: boolean): void
  /**
   * Applies new grid settings (the grid control dialog): switching snap-to-grid, or changing the snap columns or
   * widget size while snapping, lays every workspace out again; the other settings only change how it is drawn.
   */
  applySettings(settings: GridSettings): void
  /**
   * Draws a workspace for another screen band (spec §9): its own layout there, or one derived from the nearest
   * band that has one (see `band-layouts.ts`). The dashboard controller calls it when the grid's width crosses a
   * breakpoint; the layout of the band it leaves stays as it was.
   */
  showBand(workspace: WorkspaceId, band: ScreenBand): void
  /** The layout of every workspace as a portable document. */
  exportLayout(): LayoutDocument
  /**
   * Replaces the layout with an imported document. A bad document throws `grid/invalid-layout` and the current
   * layout stays as it was.
   */
  importLayout(document: unknown): void
}

/**
 * Binds the pure widget rules to a console's grid store (kept out of core's main entry: only dashboards need it).
 *
 * @example const actions = createWorkspaceActions(client.grid); actions.add('stream-view', { id: 'v1', type: 'Video', name: 'Bow' })
 */
export function createWorkspaceActions(grid: GridStore): WorkspaceActions {
  const settings = (): GridSettings => grid.getState().settings
  // `arranged`: the user moved or resized a widget, which gives the band its own layout (see setWorkspaceItems).
  const change = (workspace: WorkspaceId, next: (items: GridWidget[], s: GridSettings) => GridWidget[], arranged = false) => {
    const s = settings()
    const before = grid.getState().workspaces[workspace].items
    let after = next(before, s)
    if (after === before) return
    // Auto-positioned newcomers get their spot here, so the store always holds the whole layout.
    for (const item of after) if (!item.isMinimised && (item.x === undefined || item.y === undefined)) after = autoPlace(after, item.id, columnsOf(s))
    grid.getState().setWorkspaceItems(workspace, after, arranged)
  }

  return {
    add: (workspace, widget) => change(workspace, (items, s) => addWidget(items, widget, s)),
    toggle: (workspace, widget) => change(workspace, (items, s) => toggleWidget(items, widget, s)),
    remove: (workspace, id) => change(workspace, (items, s) => removeWidget(items, id, s)),
    toggleFullscreen: (workspace, id) => change(workspace, (items) => toggleFullscreen(items, id)),
    minimise: (workspace, id) => change(workspace, (items, s) => minimiseWidget(items, id, s)),
    restore: (workspace, id) => change(workspace, (items, s) => restoreWidget(items, id, s)),
    setData: (workspace, id, data, dataVersion) =>
      change(workspace, (items) =>
        items.some((item) => item.id === id) ? items.map((item) => (item.id === id ? { ...item, data, dataVersion } : item)) : items,
      ),
    place: (workspace, id, place) =>
      change(
        workspace,
        (items, s) => {
          const target = items.find((item) => item.id === id)
          if (!target) return items
          // A noMove widget keeps its cell and a noResize one its size (spec §3), whoever asks: mouse or keyboard.
          const asked = {
            ...(target.noMove ? {} : { x: place.x, y: place.y }),
            ...(target.noResize ? {} : { w: place.w, h: place.h }),
          }
          // Within the widget's own bounds first; then the layout engine makes room and closes gaps.
          const bounded = clampWidget({ ...target, ...asked }, columnsOf(s))
          const moved = moveInLayout(items, id, { x: bounded.x, y: bounded.y, w: bounded.w, h: bounded.h }, columnsOf(s))
          return moved.map((item) => (item.id === id && item.autoPosition ? { ...item, autoPosition: false } : item))
        },
        true,
      ),
    nudge(workspace, id, dx, dy) {
      const items = grid.getState().workspaces[workspace].items
      const item = items.find((i) => i.id === id)
      if (!item) return undefined
      if (item.noMove) return item
      const columns = columnsOf(settings())
      const x = item.x ?? 0
      const y = item.y ?? 0
      const bottom = items.reduce((max, i) => Math.max(max, (i.y ?? 0) + (i.h ?? 1)), 0)
      let next = items
      for (let step = 1; step <= Math.max(1, bottom); step++) {
        next = moveInLayout(items, id, { x: x + dx, y: Math.max(0, y + dy * step) }, columns)
        const moved = next.find((i) => i.id === id)!
        if (dy === 0 || moved.x !== x || moved.y !== y || y + dy * step <= 0) break
      }
      // The engine keeps unmoved widgets' objects: nothing new means no store write (and no storage write).
      if (next.some((item, i) => item !== items[i])) grid.getState().setWorkspaceItems(workspace, next, true)
      return next.find((i) => i.id === id)
    },
    setSnapToGrid(on) {
      const current = settings()
      const state = grid.getState()
      // As in applySettings: the snap layout is written while snap mode is on, so no band keeps it as its own.
      if (on) state.setSettings({ snapToGrid: on })
      for (const [id, workspace] of Object.entries(state.workspaces) as [WorkspaceId, { items: GridWidget[] }][]) {
        state.setWorkspaceItems(id, setSnapToGrid(workspace.items, on, current))
      }
      if (!on) state.setSettings({ snapToGrid: on })
    },
    applySettings(next) {
      const current = settings()
      const state = grid.getState()
      const relay =
        next.snapToGrid !== current.snapToGrid ||
        (next.snapToGrid &&
          (next.snapToGridColumns !== current.snapToGridColumns ||
            next.gridItemWidth !== current.gridItemWidth ||
            next.gridItemHeight !== current.gridItemHeight))
      // Snap layouts are written while snap mode is on (settings first when switching it on, last when switching
      // it off): the store keeps no band layout of a snap layout (see savedLayouts in grid-store.ts).
      if (next.snapToGrid) state.setSettings(next)
      if (relay) {
        for (const [id, workspace] of Object.entries(state.workspaces) as [WorkspaceId, { items: GridWidget[] }][]) {
          const items =
            next.snapToGrid === current.snapToGrid
              ? snapLayout(workspace.items, columnsOf(next), snapItemSize(next))
              : setSnapToGrid(workspace.items, next.snapToGrid, next)
          state.setWorkspaceItems(id, items)
        }
      }
      if (!next.snapToGrid) state.setSettings(next)
    },
    showBand(workspace, band) {
      const state = grid.getState()
      const current = state.workspaces[workspace]
      if (current.band === band) return
      state.setWorkspace(workspace, { band, items: itemsForBand(current, band, state.settings) })
    },
    exportLayout: () => exportLayout(grid.getState()),
    importLayout(document) {
      // Validate everything first: a refused document changes nothing.
      const layout = importLayout(document)
      const state = grid.getState()
      state.setSettings(layout.settings)
      for (const [id, items] of Object.entries(layout.workspaces) as [WorkspaceId, GridWidget[]][]) {
        // Each workspace is drawn for the band it is in here: the document's layout for that band, or one derived.
        const layouts = Object.keys(layout.layouts[id]).length > 0 ? layout.layouts[id] : undefined
        const imported = { ...state.workspaces[id], items, layouts }
        const band = imported.band
        state.setWorkspace(id, { items: band ? itemsForBand(imported, band, layout.settings) : items, layouts })
      }
    },
  }
}
