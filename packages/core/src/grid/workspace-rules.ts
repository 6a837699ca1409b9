import { ConsoleError } from '../errors/console-error'
import { messages } from '../errors/messages'
import { FREE_LAYOUT_DEFAULTS, GRID, SNAP_LAYOUT_DEFAULTS, clampSize } from './size-scale'
import type { GridSettings, GridWidget } from './grid-model'
import type { LayoutBox } from './layout-engine'

/**
 * The widget rules of spec §4 as pure functions over a workspace's items: each answers a new list and never
 * changes its input, so stores can keep them and React can compare them.
 */

/** What a widget needs to be added: an id, a type and a name; the rest takes defaults. */
export type NewWidget = Pick<GridWidget, 'id' | 'type' | 'name'> & Partial<GridWidget>

/** The column count of the current mode: 12 in free layout, the configured count in snap mode (spec §4). */
export const columnsOf = (settings: Pick<GridSettings, 'snapToGrid' | 'snapToGridColumns'>): number =>
  settings.snapToGrid ? Math.max(1, Math.round(settings.snapToGridColumns)) : GRID.columns

/**
 * A widget's size in snap mode: the grid settings' item width and height (1x1 by default, spec §4), within the
 * columns.
 */
export function snapItemSize(settings: Partial<Pick<GridSettings, 'snapToGridColumns' | 'gridItemWidth' | 'gridItemHeight'>>): {
  w: number
  h: number
} {
  const columns = Math.max(1, Math.round(settings.snapToGridColumns ?? SNAP_LAYOUT_DEFAULTS.columns))
  const size = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isFinite(value) ? Math.max(1, Math.round(value)) : fallback
  return { w: Math.min(size(settings.gridItemWidth, SNAP_LAYOUT_DEFAULTS.w), columns), h: size(settings.gridItemHeight, SNAP_LAYOUT_DEFAULTS.h) }
}

/** Default size of a new widget in the current mode (spec §4, §9). */
export function defaultSize(
  settings: Pick<GridSettings, 'snapToGrid'> & Partial<Pick<GridSettings, 'snapToGridColumns' | 'gridItemWidth' | 'gridItemHeight'>>,
): Pick<GridWidget, 'w' | 'h' | 'minW' | 'minH'> {
  return settings.snapToGrid ? { ...snapItemSize(settings), minW: undefined, minH: undefined } : { ...FREE_LAYOUT_DEFAULTS }
}

/** @throws {ConsoleError} 'widget does not have an id' (spec §5). */
function requireId(widget: Partial<GridWidget>): string {
  if (typeof widget.id !== 'string' || widget.id === '') {
    throw new ConsoleError({ code: 'grid/widget-without-id', message: messages.widgetWithoutId })
  }
  return widget.id
}

/**
 * Clamps a widget's size to its min/max bounds and the column count, and keeps it inside the columns
 * (spec §5). The one clamp of a box: the layout engine clamps its places with it too; sizes go through
 * {@link clampSize}.
 */
export function clampWidget<T extends LayoutBox & Pick<GridWidget, 'minW' | 'maxW' | 'minH' | 'maxH'>>(widget: T, columns: number): T {
  const w = clampSize(widget.w ?? 1, { min: widget.minW, max: widget.maxW, columns })
  const h = clampSize(widget.h ?? 1, { min: widget.minH, max: widget.maxH, columns: Number.MAX_SAFE_INTEGER })
  const x = widget.x === undefined ? undefined : Math.min(Math.max(0, Math.round(widget.x)), columns - w)
  const y = widget.y === undefined ? undefined : Math.max(0, Math.round(widget.y))
  return { ...widget, w, h, x, y }
}

/**
 * Snap mode's layout: widgets in order, row by row, each `size` cells (1x1 unless the grid settings say
 * otherwise); non-minimised first, minimised last (spec §4).
 */
export function snapLayout(items: readonly GridWidget[], columns: number, size: { w: number; h: number } = SNAP_LAYOUT_DEFAULTS): GridWidget[] {
  const ordered = [...items.filter((i) => !i.isMinimised), ...items.filter((i) => i.isMinimised)]
  const w = Math.min(Math.max(1, size.w), columns)
  const perRow = Math.max(1, Math.floor(columns / w))
  return ordered.map((item, index) => ({
    ...item,
    x: (index % perRow) * w,
    y: Math.floor(index / perRow) * size.h,
    w,
    h: size.h,
    autoPosition: false,
  }))
}

/** Snap mode's layout under these settings (their columns and item size). */
const snapOf = (items: readonly GridWidget[], settings: GridSettings) => snapLayout(items, columnsOf(settings), snapItemSize(settings))

/**
 * Adds a widget: auto-positioned, not fullscreen, not minimised, with the mode's default size (spec §4).
 * A widget whose id exists is ignored.
 *
 * @throws {ConsoleError} 'widget does not have an id'.
 */
export function addWidget(items: readonly GridWidget[], widget: NewWidget, settings: GridSettings): GridWidget[] {
  const id = requireId(widget)
  if (items.some((item) => item.id === id)) return [...items]
  const added = clampWidget(
    { ...defaultSize(settings), ...widget, x: undefined, y: undefined, autoPosition: true, isFullscreen: false, isMinimised: false },
    columnsOf(settings),
  )
  const next = [...items, added]
  return settings.snapToGrid ? snapOf(next, settings) : next
}

/** Removes a widget by id. */
export function removeWidget(items: readonly GridWidget[], id: string, settings?: GridSettings): GridWidget[] {
  const next = items.filter((item) => item.id !== id)
  return settings?.snapToGrid ? snapOf(next, settings) : next
}

/** Adds a widget, or removes it when it is already in the workspace (spec §4). */
export function toggleWidget(items: readonly GridWidget[], widget: NewWidget, settings: GridSettings): GridWidget[] {
  const id = requireId(widget)
  return items.some((item) => item.id === id) ? removeWidget(items, id, settings) : addWidget(items, widget, settings)
}

const update = (items: readonly GridWidget[], id: string, change: (item: GridWidget) => GridWidget) =>
  items.map((item) => (item.id === id ? change(item) : item))

/** Toggles fullscreen; fullscreen clears minimised (spec §4). */
export function toggleFullscreen(items: readonly GridWidget[], id: string): GridWidget[] {
  return update(items, id, (item) => ({ ...item, isFullscreen: !item.isFullscreen, isMinimised: false }))
}

/**
 * Minimises a widget; minimising clears fullscreen, and in snap mode moves the widget to the end of the list
 * and lays the grid out again (spec §4).
 */
export function minimiseWidget(items: readonly GridWidget[], id: string, settings: GridSettings): GridWidget[] {
  const target = items.find((item) => item.id === id)
  if (!target) return [...items]
  const minimised = { ...target, isMinimised: true, isFullscreen: false }
  if (!settings.snapToGrid) return update(items, id, () => minimised)
  return snapOf([...items.filter((item) => item.id !== id), minimised], settings)
}

/**
 * Restores a minimised widget; in snap mode it goes back before the first minimised widget and the grid is laid
 * out again (spec §4).
 */
export function restoreWidget(items: readonly GridWidget[], id: string, settings: GridSettings): GridWidget[] {
  const target = items.find((item) => item.id === id)
  if (!target) return [...items]
  const restored = { ...target, isMinimised: false }
  if (!settings.snapToGrid) return update(items, id, () => restored)
  const rest = items.filter((item) => item.id !== id)
  const firstMinimised = rest.findIndex((item) => item.isMinimised)
  const at = firstMinimised < 0 ? rest.length : firstMinimised
  return snapOf([...rest.slice(0, at), restored, ...rest.slice(at)], settings)
}

/**
 * Switches snap-to-grid (spec §4): on, a snap layout of the configured columns with 1x1 widgets and no minimum,
 * resizing off; off, a free 12-column layout with the default sizes and minimums, resizing on. Either way the
 * items are laid out again, non-minimised first, minimised last.
 */
export function setSnapToGrid(items: readonly GridWidget[], on: boolean, settings: GridSettings): GridWidget[] {
  const next = { ...settings, snapToGrid: on }
  const ordered = [...items.filter((i) => !i.isMinimised), ...items.filter((i) => i.isMinimised)]
  if (on)
    return snapOf(
      ordered.map((item) => ({ ...item, minW: undefined, minH: undefined, noResize: true })),
      next,
    )
  return ordered.map((item) =>
    clampWidget({ ...item, ...defaultSize(next), x: undefined, y: undefined, autoPosition: true, noResize: false }, GRID.columns),
  )
}
