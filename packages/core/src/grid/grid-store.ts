import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  WORKSPACE_IDS,
  defaultGridSettings,
  emptyWorkspaces,
  type BandLayouts,
  type BandPlace,
  type GridSettings,
  type GridWidget,
  type Workspace,
  type WorkspaceId,
} from './grid-model'
import type { StorageAdapter } from '../platform/storage-adapter'
import { persistSlices, type RestoredStore } from '../platform/persist'

/** Grid settings and the workspaces' widgets (spec §3). */
export interface GridState {
  settings: GridSettings
  workspaces: Record<WorkspaceId, Workspace>
  setSettings(changes: Partial<GridSettings>): void
  /**
   * Replaces a workspace's widgets. The layout of the workspace's band is saved with them when the user
   * `arranged` them (moved or resized one), when the band owns a layout already, or when no band owns one yet (the
   * first layout is the one it was made in); a band that only shows a derived layout keeps deriving it until then.
   */
  setWorkspaceItems(id: WorkspaceId, items: GridWidget[], arranged?: boolean): void
  /** Changes a workspace's band, widgets or band layouts at once, as they are given (switching bands, imports). */
  setWorkspace(id: WorkspaceId, changes: Partial<Omit<Workspace, 'id'>>): void
  /** Empties every workspace (tenant change, sign-out); each keeps the band it is drawn in. */
  resetWorkspaces(): void
  reset(): void
}

/**
 * The grid store; it names its storage keys, stops mirroring on `destroy()` and reads the stored settings and
 * workspaces on `restore()`.
 */
export type GridStore = StoreApi<GridState> & RestoredStore

/** Storage key of the grid settings. */
export const GRID_SETTINGS_KEY = 'gridSettings'
/** Storage key of the workspaces' widgets. */
export const WORKSPACES_KEY = 'workspaces'

/** The places of the widgets that have one. */
const placesOf = (items: readonly GridWidget[]): BandPlace[] =>
  items
    .filter((item) => item.x !== undefined && item.y !== undefined)
    .map((item) => ({ id: item.id, x: item.x!, y: item.y!, w: item.w ?? 1, h: item.h ?? 1 }))

/**
 * The band layouts after the workspace's widgets became `items` (the rule is on `setWorkspaceItems`). Widgets that
 * are gone leave every band's layout. Snap mode places widgets by order alone, so it saves no band layout.
 */
function savedLayouts(workspace: Workspace, items: readonly GridWidget[], arranged: boolean, snap: boolean): BandLayouts | undefined {
  const ids = new Set(items.map((item) => item.id))
  let layouts = workspace.layouts
  if (layouts && Object.values(layouts).some((places) => places.some((place) => !ids.has(place.id)))) {
    layouts = Object.fromEntries(Object.entries(layouts).map(([band, places]) => [band, places.filter((place) => ids.has(place.id))]))
  }
  const band = workspace.band
  if (snap || !band) return layouts
  const noneYet = !layouts || Object.keys(layouts).length === 0
  if (arranged || layouts?.[band] || (noneYet && items.length > 0)) return { ...layouts, [band]: placesOf(items) }
  return layouts
}

/**
 * Creates the grid store; settings and workspaces live in session storage (spec §3). It starts from the defaults;
 * `restore()` reads what is stored (the console client calls it when a user signs in).
 */
export function createGridStore(session: StorageAdapter): GridStore {
  const store = createStore<GridState>()((set) => ({
    settings: { ...defaultGridSettings },
    workspaces: emptyWorkspaces(),
    setSettings: (changes) => set((state) => ({ settings: { ...state.settings, ...changes } })),
    setWorkspaceItems: (id, items, arranged = false) =>
      set((state) => {
        const workspace = state.workspaces[id]
        const layouts = savedLayouts(workspace, items, arranged, state.settings.snapToGrid)
        return { workspaces: { ...state.workspaces, [id]: { ...workspace, items, layouts } } }
      }),
    setWorkspace: (id, changes) => set((state) => ({ workspaces: { ...state.workspaces, [id]: { ...state.workspaces[id], ...changes, id } } })),
    resetWorkspaces: () =>
      set((state) => {
        const workspaces = emptyWorkspaces()
        for (const id of WORKSPACE_IDS) if (state.workspaces[id].band) workspaces[id].band = state.workspaces[id].band
        return { workspaces }
      }),
    reset: () => set({ settings: { ...defaultGridSettings }, workspaces: emptyWorkspaces() }),
  }))
  return Object.assign(
    store,
    persistSlices(
      store,
      [
        { key: GRID_SETTINGS_KEY, storages: [session], pick: (s) => s.settings },
        { key: WORKSPACES_KEY, storages: [session], pick: (s) => s.workspaces },
      ],
      // The checks load with the restore: the sign-in page needs no grid (issue 12's budget).
      () => import('./stored-grid').then((m) => m.readGrid(session)),
    ),
  )
}
