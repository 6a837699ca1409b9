import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  WORKSPACE_IDS,
  defaultGridSettings,
  emptyWorkspaces,
  type GridSettings,
  type GridWidget,
  type Workspace,
  type WorkspaceId,
} from './grid-model'
import type { StorageAdapter } from '../platform/storage-adapter'
import { persistSlices, restoreSlice, type PersistedStore } from '../platform/persist'

/** Grid settings and the workspaces' widgets (spec §3). */
export interface GridState {
  settings: GridSettings
  workspaces: Record<WorkspaceId, Workspace>
  setSettings(changes: Partial<GridSettings>): void
  setWorkspaceItems(id: WorkspaceId, items: GridWidget[]): void
  /** Empties every workspace (tenant change, sign-out). */
  resetWorkspaces(): void
  reset(): void
}

/** The grid store; it names its storage keys and stops mirroring on `destroy()`. */
export type GridStore = StoreApi<GridState> & PersistedStore

/** Storage key of the grid settings. */
export const GRID_SETTINGS_KEY = 'gridSettings'
/** Storage key of the workspaces' widgets. */
export const WORKSPACES_KEY = 'workspaces'

function asSettings(value: unknown): GridSettings | undefined {
  if (!value || typeof value !== 'object') return undefined
  const v = value as Record<string, unknown>
  const merged: Record<string, unknown> = { ...defaultGridSettings }
  for (const [key, fallback] of Object.entries(defaultGridSettings)) {
    if (typeof v[key] === typeof fallback) merged[key] = v[key]
  }
  return merged as unknown as GridSettings
}

function asWorkspaces(value: unknown): Record<WorkspaceId, Workspace> | undefined {
  if (!value || typeof value !== 'object') return undefined
  const v = value as Record<string, { items?: unknown } | undefined>
  const result = emptyWorkspaces()
  for (const id of WORKSPACE_IDS) {
    const items = v[id]?.items
    // Widgets without an id cannot be loaded (spec §5); drop them rather than break the dashboard.
    if (Array.isArray(items)) {
      result[id].items = items.filter(
        (item): item is GridWidget => !!item && typeof item === 'object' && typeof item.id === 'string' && item.id !== '',
      )
    }
  }
  return result
}

/** Creates the grid store; settings and workspaces live in session storage (spec §3). */
export function createGridStore(session: StorageAdapter): GridStore {
  const store = createStore<GridState>()((set) => ({
    settings: restoreSlice(GRID_SETTINGS_KEY, [session], asSettings) ?? { ...defaultGridSettings },
    workspaces: restoreSlice(WORKSPACES_KEY, [session], asWorkspaces) ?? emptyWorkspaces(),
    setSettings: (changes) => set((state) => ({ settings: { ...state.settings, ...changes } })),
    setWorkspaceItems: (id, items) =>
      set((state) => ({ workspaces: { ...state.workspaces, [id]: { id, items } } })),
    resetWorkspaces: () => set({ workspaces: emptyWorkspaces() }),
    reset: () => set({ settings: { ...defaultGridSettings }, workspaces: emptyWorkspaces() }),
  }))
  return Object.assign(
    store,
    persistSlices(store, [
      { key: GRID_SETTINGS_KEY, storages: [session], pick: (s) => s.settings },
      { key: WORKSPACES_KEY, storages: [session], pick: (s) => s.workspaces },
    ]),
  )
}
