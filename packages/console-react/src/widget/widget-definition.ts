import type { ComponentType } from 'react'
import type { GridWidget, WidgetType, WorkspaceId } from '@honu/core/grid'

/**
 * What every widget component receives. Anything else a widget needs it finds through its own `data` (a stream
 * id, a device id…) and hooks that fetch, never through another screen's store.
 */
export interface WidgetProps<TData = unknown> {
  /** The widget's record: id, type, name, and its `data` as its definition's `parse` answered it. */
  widget: Omit<GridWidget, 'data'> & { data: TData }
  /** The workspace it sits in. */
  workspace: WorkspaceId
  /**
   * Replaces the widget's data (a stream picked, a device chosen). It is kept with the layout: restored on
   * reload, exported and imported with it.
   */
  setData(data: TData): void
}

/** A widget's size in grid cells: columns wide, rows high. */
export interface WidgetSize {
  w: number
  h: number
}

/**
 * What the dashboard knows about a widget type before loading its code: enough for menus, headers and
 * placeholders, plus how to load the component and how to read the widget's stored `data`.
 */
export interface WidgetDefinition<TData = unknown> {
  /** The type stored in the layout (spec §2). */
  type: WidgetType
  /** Human name of the type, shown in the add-widget menu and given to new widgets ("Mission execution 2"). */
  title: string
  /** What the widget shows, for menus and for the placeholder of widgets not built yet. */
  description: string
  /** A single symbol shown before the widget's name in its header (decorative, hidden from screen readers). */
  icon: string
  /**
   * Loads the component on first use, like `React.lazy`: `() => import('./my-widget')` for a module with a
   * default export. A dashboard loads only the types it shows.
   */
  load: () => Promise<{ default: ComponentType<WidgetProps<TData>> }>
  /** Size of a new widget in free layout; without one the spec's default (4 wide, 8 high). Snap mode ignores it. */
  defaultSize?: WidgetSize
  /**
   * Reads the widget's stored `data` (`undefined` for a widget just added) into what the component expects.
   * Throws a `ConsoleError` ({@link invalidWidgetData}) saying which field is wrong and why; the dashboard shows
   * that message in the widget's place.
   */
  parse(data: unknown): TData
}

/** The widget types a console offers: one list of definitions, in menu order (see `@honu/widgets`). */
export type WidgetRegistry = readonly WidgetDefinition[]
