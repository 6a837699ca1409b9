import type { GridStore } from '../stores/grid-store'
import type { GridSettings, GridWidget, WorkspaceId } from './grid-model'
import { exportLayout, importLayout, type LayoutDocument } from './layout-schema'
import {
  addWidget,
  clampWidget,
  columnsOf,
  minimiseWidget,
  removeWidget,
  restoreWidget,
  setSnapToGrid,
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
  /** Moves or resizes a widget, clamped to the columns and its bounds. */
  place(workspace: WorkspaceId, id: string, place: Pick<GridWidget, 'x' | 'y' | 'w' | 'h'>): void
  /** Switches snap-to-grid for every workspace, laying each out again. */
  setSnapToGrid(on: boolean): void
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
  const change = (workspace: WorkspaceId, next: (items: GridWidget[], s: GridSettings) => GridWidget[]) =>
    grid.getState().setWorkspaceItems(workspace, next(grid.getState().workspaces[workspace].items, settings()))

  return {
    add: (workspace, widget) => change(workspace, (items, s) => addWidget(items, widget, s)),
    toggle: (workspace, widget) => change(workspace, (items, s) => toggleWidget(items, widget, s)),
    remove: (workspace, id) => change(workspace, (items, s) => removeWidget(items, id, s)),
    toggleFullscreen: (workspace, id) => change(workspace, (items) => toggleFullscreen(items, id)),
    minimise: (workspace, id) => change(workspace, (items, s) => minimiseWidget(items, id, s)),
    restore: (workspace, id) => change(workspace, (items, s) => restoreWidget(items, id, s)),
    place: (workspace, id, place) =>
      change(workspace, (items, s) =>
        items.map((item) => (item.id === id ? clampWidget({ ...item, ...place, autoPosition: false }, columnsOf(s)) : item)),
      ),
    setSnapToGrid(on) {
      const current = settings()
      const state = grid.getState()
      for (const [id, workspace] of Object.entries(state.workspaces) as [WorkspaceId, { items: GridWidget[] }][]) {
        state.setWorkspaceItems(id, setSnapToGrid(workspace.items, on, current))
      }
      state.setSettings({ snapToGrid: on })
    },
    exportLayout: () => exportLayout(grid.getState()),
    importLayout(document) {
      // Validate everything first: a refused document changes nothing.
      const layout = importLayout(document)
      const state = grid.getState()
      state.setSettings(layout.settings)
      for (const [id, items] of Object.entries(layout.workspaces) as [WorkspaceId, GridWidget[]][]) state.setWorkspaceItems(id, items)
    },
  }
}
