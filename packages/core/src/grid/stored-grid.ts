import { SCREEN_BANDS, type ScreenBand } from '../constants/breakpoints'
import { restoreSlice } from '../platform/schema'
import type { StorageAdapter } from '../platform/storage-adapter'
import { GRID_SETTINGS_KEY, WORKSPACES_KEY } from './grid-store'
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

// The checks of what the grid store keeps in session storage, loaded when it restores (the console client calls
// `restore()` when a user signs in), so the sign-in page carries none of them.

/** Stored grid settings: each field of the wrong type takes its default; not an object, none. */
function asSettings(value: unknown): GridSettings | undefined {
  if (!value || typeof value !== 'object') return undefined
  const v = value as Record<string, unknown>
  const merged: Record<string, unknown> = { ...defaultGridSettings }
  for (const [key, fallback] of Object.entries(defaultGridSettings)) {
    if (typeof v[key] === typeof fallback) merged[key] = v[key]
  }
  return merged as unknown as GridSettings
}

const isPlace = (place: unknown): place is BandPlace => {
  const p = place as Record<string, unknown> | null
  return !!p && typeof p === 'object' && typeof p.id === 'string' && ['x', 'y', 'w', 'h'].every((key) => Number.isInteger(p[key]))
}

/** The band layouts kept in storage, each band's places checked; a workspace stored before bands has none. */
function asLayouts(value: unknown): BandLayouts | undefined {
  if (!value || typeof value !== 'object') return undefined
  const v = value as Record<string, unknown>
  const entries = SCREEN_BANDS.filter((band) => Array.isArray(v[band])).map((band) => [band, (v[band] as unknown[]).filter(isPlace)])
  return entries.length > 0 ? Object.fromEntries(entries) : undefined
}

/** Stored workspaces: widgets without an id and places that are not whole numbers are dropped. */
function asWorkspaces(value: unknown): Record<WorkspaceId, Workspace> | undefined {
  if (!value || typeof value !== 'object') return undefined
  const v = value as Record<string, { items?: unknown; band?: unknown; layouts?: unknown } | undefined>
  const result = emptyWorkspaces()
  for (const id of WORKSPACE_IDS) {
    const items = v[id]?.items
    // Widgets without an id cannot be loaded (spec §5); drop them rather than break the dashboard.
    if (Array.isArray(items)) {
      result[id].items = items.filter(
        (item): item is GridWidget => !!item && typeof item === 'object' && typeof item.id === 'string' && item.id !== '',
      )
    }
    const band = v[id]?.band
    if ((SCREEN_BANDS as readonly unknown[]).includes(band)) result[id].band = band as ScreenBand
    const layouts = asLayouts(v[id]?.layouts)
    if (layouts) result[id].layouts = layouts
  }
  return result
}

/** The stored grid settings and workspaces, each left out when none is usable. */
export function readGrid(session: StorageAdapter): Partial<{ settings: GridSettings; workspaces: Record<WorkspaceId, Workspace> }> {
  const settings = restoreSlice(GRID_SETTINGS_KEY, [session], asSettings)
  const workspaces = restoreSlice(WORKSPACES_KEY, [session], asWorkspaces)
  return { ...(settings && { settings }), ...(workspaces && { workspaces }) }
}
