import type { ComponentType } from 'react'
import type { MessageBook } from '@honu/core'
import type { GridWidget, WidgetTypeId, WorkspaceId } from '@honu/core/grid'
import type { IconComponent } from '../parts/icon'

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

/**
 * What a widget type's picker receives: it asks the user for a widget's data (the stream a Video widget shows) in
 * a modal dialog of its own (`Dialog` of `@honu/console-react`), open while it is mounted.
 */
export interface WidgetPickerProps<TData = unknown> {
  /** The widget's name ("Video 2"), for the dialog's title. */
  name: string
  /** The widget's data now, when an existing widget is pointed elsewhere; `undefined` for one being added. */
  current?: TData
  /** Called with the chosen data; the opener closes the picker and adds the widget or saves its data. */
  onPick(data: TData): void
  /** Called when the user closes the picker without choosing: a widget being added is not added. */
  onCancel(): void
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
  /**
   * The type stored in the layout: one of spec §2's nine, or a package's own id, prefixed with its name so it stays
   * unique (`'acme.notes'`; letters, digits, spaces and `._:-`, starting with a letter).
   */
  type: WidgetTypeId
  /** Human name of the type, shown in the add-widget menu and given to new widgets ("Mission execution 2"). */
  title: string
  /**
   * The title in the console's active language: a key of the widget package's message book (`defineMessages` of
   * `@honu/core`), whose US English text is `title`. Without it `title` shows in every language.
   */
  titleMessage?: { book: MessageBook; key: string }
  /** What the widget shows, for menus and for the placeholder of widgets not built yet. */
  description: string
  /**
   * The type's icon, a lucide-react component (`import { Video } from 'lucide-react'`): shown in the add-widget
   * menu and before the widget's name in its header (decorative, hidden from screen readers).
   */
  icon: IconComponent
  /**
   * Loads the component on first use, like `React.lazy`: `() => import('./my-widget')` for a module with a
   * default export. A dashboard loads only the types it shows.
   */
  load: () => Promise<{ default: ComponentType<WidgetProps<TData>> }>
  /**
   * Asks for a new widget's data before it is added (a Video widget's stream), loaded on first use like `load`.
   * The add-widget menu opens it; a widget type without one is added with no data.
   */
  picker?: () => Promise<{ default: ComponentType<WidgetPickerProps<TData>> }>
  /** Size of a new widget in free layout; without one the spec's default (4 wide, 8 high). Snap mode ignores it. */
  defaultSize?: WidgetSize
  /**
   * Reads the widget's stored `data` (`undefined` for a widget just added) into what the component expects.
   * Throws a `ConsoleError` ({@link invalidWidgetData}) saying which field is wrong and why; the dashboard shows
   * that message in the widget's place.
   */
  parse(data: unknown): TData
  /**
   * The version of the data's shape this definition writes and `parse` reads; default 1. Raise it when the shape
   * changes, and give {@link migrate}: layouts already stored (the browser's, exported files) keep the older shape.
   */
  version?: number
  /**
   * Turns data stored by an older `version` (`from`, 1 for data stored before the type had versions) into this
   * version's shape, before `parse` reads it. Throws like `parse` for data it cannot turn. The dashboard migrates on
   * reading; the widget's next `setData` stores the new shape with the new version.
   */
  migrate?(data: unknown, from: number): unknown
}

/** The widget types a console offers: one list of definitions, in menu order (see `@honu/widgets`). */
export type WidgetRegistry = readonly WidgetDefinition[]
