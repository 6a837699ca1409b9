import type { ScreenBand } from '../constants/breakpoints'
import { SNAP_LAYOUT_DEFAULTS } from './size-scale'

/** Widget types of spec §2. */
export const WIDGET_TYPES = [
  'Vehicle',
  'Vnc',
  'Map',
  'Video',
  'Tenant',
  'Remote Access',
  'MissionExecStatus',
  'MissionReviewInformation',
  'CollectedDataInformation',
] as const

/** One of the widget types of spec §2. */
export type WidgetType = (typeof WIDGET_TYPES)[number]

/**
 * A widget's type as layouts store it: one of spec §2's nine built-ins, or another package's own (`'acme.notes'`,
 * declared with `defineWidget` and given to the console, e.g. by an area). Letters, digits, spaces and `._:-`, up to
 * 64, starting with a letter ({@link WIDGET_TYPE_PATTERN}).
 */
export type WidgetTypeId = WidgetType | (string & {})

/** What a widget type id may be: a letter, then up to 63 letters, digits, spaces or `._:-`. */
export const WIDGET_TYPE_PATTERN = /^[A-Za-z][\w .:-]{0,63}$/

/** Workspaces of spec §2. */
export const WORKSPACE_IDS = ['stream-view', 'mission-operations', 'mission-review'] as const

/** One of the workspace ids of spec §2. */
export type WorkspaceId = (typeof WORKSPACE_IDS)[number]

/** A widget on a dashboard grid (spec §3). */
export interface GridWidget {
  id: string
  type: WidgetTypeId
  name: string
  /** Widget-specific data (a stream id, a device id…). */
  data?: unknown
  /**
   * The version of `data`'s shape, as the widget's definition (`version`) had it when the data was written; none
   * for data written before its type had versions (read as 1). A newer definition `migrate`s older data on reading.
   */
  dataVersion?: number
  x?: number
  y?: number
  w?: number
  h?: number
  minW?: number
  minH?: number
  maxW?: number
  maxH?: number
  isFullscreen?: boolean
  isMinimised?: boolean
  autoPosition?: boolean
  locked?: boolean
  noMove?: boolean
  noResize?: boolean
}

/** A widget's place in one band's layout, in cells. */
export interface BandPlace {
  id: string
  x: number
  y: number
  w: number
  h: number
}

/**
 * The layouts that bands own: for each screen band (spec §9 breakpoints) in which the user arranged the
 * workspace, the places of its widgets there. A band not in here has no layout of its own; it is derived from the
 * nearest band that has one (see `band-layouts.ts`).
 */
export type BandLayouts = Partial<Record<ScreenBand, BandPlace[]>>

/** A workspace: an id and its widgets (spec §3), laid out for one band at a time. */
export interface Workspace {
  id: WorkspaceId
  /** The widgets, placed as they are drawn now: in the layout of {@link Workspace.band}. */
  items: GridWidget[]
  /** The band the items are laid out for: the one the dashboard was last drawn in (unset until it is). */
  band?: ScreenBand
  /** The layouts bands own; the items' band is kept in step with its own entry while it has one. */
  layouts?: BandLayouts
}

/** Grid settings (spec §3). */
export interface GridSettings {
  snapToGrid: boolean
  snapToGridColumns: number
  snapToGridHeight: number
  gridItemWidth: number
  gridItemHeight: number
  minGridWidth: number
  minGridHeight: number
}

/** Default grid settings: free layout; snap mode with 2 columns and height 600 when switched on (spec §9). */
export const defaultGridSettings: GridSettings = {
  snapToGrid: false,
  snapToGridColumns: SNAP_LAYOUT_DEFAULTS.columns,
  snapToGridHeight: SNAP_LAYOUT_DEFAULTS.height,
  gridItemWidth: SNAP_LAYOUT_DEFAULTS.w,
  gridItemHeight: SNAP_LAYOUT_DEFAULTS.h,
  minGridWidth: 0,
  minGridHeight: 0,
}

/** The default map widget: name `map`, type `Map`, id `map` (spec §3). */
export const defaultMapWidget: GridWidget = { id: 'map', type: 'Map', name: 'map' }

/** Empty workspaces, one per id. */
export function emptyWorkspaces(): Record<WorkspaceId, Workspace> {
  return {
    'stream-view': { id: 'stream-view', items: [] },
    'mission-operations': { id: 'mission-operations', items: [] },
    'mission-review': { id: 'mission-review', items: [] },
  }
}
