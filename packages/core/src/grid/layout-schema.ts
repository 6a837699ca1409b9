import * as v from 'valibot'
import { SCREEN_BANDS, type ScreenBand } from '../constants/breakpoints'
import { ConsoleError } from '../errors/console-error'
import { parseWith } from '../platform/schema'
import {
  WIDGET_TYPE_PATTERN,
  WORKSPACE_IDS,
  defaultGridSettings,
  type BandLayouts,
  type BandPlace,
  type GridSettings,
  type GridWidget,
  type WorkspaceId,
} from './grid-model'
import { clampWidget, columnsOf } from './workspace-rules'

/** Version of the layout document this console writes: 3 added one layout per screen band. */
export const LAYOUT_SCHEMA_VERSION = 3

/** A portable layout: grid settings and every workspace's widgets, as JSON. */
export interface LayoutDocument {
  schemaVersion: typeof LAYOUT_SCHEMA_VERSION
  settings: GridSettings
  /** Every workspace's widgets, placed as they were drawn when the document was made. */
  workspaces: Record<WorkspaceId, GridWidget[]>
  /**
   * Every workspace's band layouts: for each screen band (spec §9) the user arranged it in, the places there. A
   * console draws each workspace for its own band with them (see `band-layouts.ts`).
   */
  layouts: Record<WorkspaceId, BandLayouts>
}

/**
 * Version 2: `{ schemaVersion: 2, settings, workspaces }`, one layout for every screen size. Read and migrated;
 * never written.
 */
interface LayoutDocumentV2 {
  schemaVersion: 2
  settings?: unknown
  workspaces?: Record<string, unknown>
}

/**
 * The band a version 2 document's layout was most likely arranged in. Version 2 consoles ran on operators' desktop
 * monitors, most of them 1920 px wide (full HD), and bands go by the width the grid itself has: there the stream
 * view shares the window with its stream list (a quarter of it by default), which leaves its grid about 1400 px
 * (`md`, 1024 to 1439), while the mission workspaces span the window less its margins, about 1880 px (`lg`,
 * 1440 to 1919).
 */
export const VERSION_2_BANDS: Record<WorkspaceId, ScreenBand> = {
  'stream-view': 'md',
  'mission-operations': 'lg',
  'mission-review': 'lg',
}

/**
 * Version 1: one workspace per document (`{ version: 1, workspace, items }`), the shape of a single workspace as
 * the console kept it in session storage. Read and migrated; never written.
 */
interface LayoutDocumentV1 {
  version: 1
  workspace: WorkspaceId
  items: unknown[]
  settings?: unknown
}

const invalid = (detail: string) =>
  new ConsoleError({ code: 'grid/invalid-layout', message: `This layout cannot be imported: ${detail}. The current layout is kept.` })

/** A layout document of the current grid settings and workspaces. */
export function exportLayout(state: {
  settings: GridSettings
  workspaces: Record<WorkspaceId, { items: GridWidget[]; layouts?: BandLayouts }>
}): LayoutDocument {
  const copyLayouts = (layouts: BandLayouts = {}): BandLayouts =>
    Object.fromEntries(SCREEN_BANDS.filter((band) => layouts[band]).map((band) => [band, layouts[band]!.map((place) => ({ ...place }))]))
  return {
    schemaVersion: LAYOUT_SCHEMA_VERSION,
    settings: { ...state.settings },
    workspaces: Object.fromEntries(WORKSPACE_IDS.map((id) => [id, state.workspaces[id]?.items.map((item) => ({ ...item })) ?? []])) as Record<
      WorkspaceId,
      GridWidget[]
    >,
    layouts: Object.fromEntries(WORKSPACE_IDS.map((id) => [id, copyLayouts(state.workspaces[id]?.layouts)])) as Record<WorkspaceId, BandLayouts>,
  }
}

/**
 * The schema of a layout document of the current version, after migration (the version is checked before). Built
 * on use, not at import, so bundles that share this chunk without importing layouts do not carry it.
 */
function layoutSchema() {
  const wholeFrom = (min: 0 | 1) => {
    const why = `{path} must be a whole number from ${min}`
    return v.pipe(v.number(why), v.integer(why), v.minValue(min, why))
  }
  const flag = v.boolean('{path} must be true or false')
  // A bound left empty (`null`) is the same as one left out.
  const size = v.pipe(
    v.nullish(wholeFrom(1)),
    v.transform((value) => value ?? undefined),
  )

  /** A widget in a layout document; unknown fields are dropped. */
  const widgetSchema = v.object(
    {
      id: v.pipe(v.string('{parent} has no id'), v.nonEmpty('{parent} has no id')),
      // Open: another package's widget types too. A type this console does not offer shows as unknown, with Remove.
      type: v.pipe(
        v.string('{parent} has no type'),
        v.regex(WIDGET_TYPE_PATTERN, (issue) => `{parent} has a type that is not a widget type id: "${String(issue.input).slice(0, 80)}"`),
      ),
      name: v.string('{path} must be text'),
      data: v.optional(v.unknown()),
      dataVersion: v.optional(wholeFrom(1)),
      x: v.optional(wholeFrom(0)),
      y: v.optional(wholeFrom(0)),
      w: size,
      h: size,
      minW: size,
      minH: size,
      maxW: size,
      maxH: size,
      isFullscreen: v.optional(flag),
      isMinimised: v.optional(flag),
      autoPosition: v.optional(flag),
      locked: v.optional(flag),
      noMove: v.optional(flag),
      noResize: v.optional(flag),
    },
    // A missing field: the message names it.
    (issue) => (issue.expected?.startsWith('"') ? `{parent} has no ${issue.expected.slice(1, -1)}` : '{path} is not a widget'),
  )

  /** One workspace's widgets: a list, each id once. */
  const itemsSchema = v.pipe(
    v.array(widgetSchema, '{path} is not a list'),
    v.check(
      (items) => new Set(items.map((item) => item.id)).size === items.length,
      (issue) => {
        const ids = (issue.input as { id: string }[]).map((item) => item.id)
        return `{path} has the id "${ids.find((id, i) => ids.indexOf(id) !== i)}" twice`
      },
    ),
  )

  const fromZero = '{path} must be a number from 0'
  const settingNumber = v.pipe(v.number(fromZero), v.finite(fromZero), v.minValue(0, fromZero))

  /** Grid settings in a layout document: every field optional (defaults fill in), unknown fields dropped. */
  const settingsSchema = v.optional(
    v.object(
      {
        snapToGrid: v.optional(v.boolean('{path} must be true or false'), defaultGridSettings.snapToGrid),
        snapToGridColumns: v.optional(v.pipe(settingNumber, v.minValue(1, '{path} must be at least 1')), defaultGridSettings.snapToGridColumns),
        snapToGridHeight: v.optional(settingNumber, defaultGridSettings.snapToGridHeight),
        gridItemWidth: v.optional(settingNumber, defaultGridSettings.gridItemWidth),
        gridItemHeight: v.optional(settingNumber, defaultGridSettings.gridItemHeight),
        minGridWidth: v.optional(settingNumber, defaultGridSettings.minGridWidth),
        minGridHeight: v.optional(settingNumber, defaultGridSettings.minGridHeight),
      } satisfies Record<keyof GridSettings, unknown>,
      '{path} is not an object',
    ),
    () => ({ ...defaultGridSettings }),
  )

  /** A widget's place in one band's layout. */
  const placeSchema = v.object(
    {
      id: v.pipe(v.string('{parent} has no id'), v.nonEmpty('{parent} has no id')),
      x: wholeFrom(0),
      y: wholeFrom(0),
      w: wholeFrom(1),
      h: wholeFrom(1),
    },
    (issue) => (issue.expected?.startsWith('"') ? `{parent} has no ${issue.expected.slice(1, -1)}` : '{path} is not a place'),
  )
  /** One workspace's band layouts: a list of places per known band. */
  const bandLayoutsSchema = v.strictObject(
    Object.fromEntries(SCREEN_BANDS.map((band) => [band, v.optional(v.array(placeSchema, '{path} is not a list'))])) as Record<
      ScreenBand,
      v.OptionalSchema<v.ArraySchema<typeof placeSchema, string>, undefined>
    >,
    (issue) => (issue.expected === 'never' ? `screen band "${String(issue.input)}" is not known` : '{path} is not an object'),
  )

  const documentSchema = v.object(
    {
      settings: settingsSchema,
      workspaces: v.strictObject(
        Object.fromEntries(WORKSPACE_IDS.map((id) => [id, v.optional(itemsSchema, () => [])])) as Record<
          WorkspaceId,
          v.OptionalSchema<typeof itemsSchema, () => never[]>
        >,
        // An unknown workspace is an unexpected key; anything else means there is no workspaces map.
        (issue) => (issue.expected === 'never' ? `workspace "${String(issue.input)}" is not known` : '{path} is missing'),
      ),
      // Optional: a hand-made document may leave the band layouts out; each workspace is then drawn as it is.
      layouts: v.optional(
        v.strictObject(
          Object.fromEntries(WORKSPACE_IDS.map((id) => [id, v.optional(bandLayoutsSchema, () => ({}))])) as Record<
            WorkspaceId,
            v.OptionalSchema<typeof bandLayoutsSchema, () => object>
          >,
          (issue) => (issue.expected === 'never' ? `workspace "${String(issue.input)}" is not known` : '{path} is not an object'),
        ),
        () => ({}),
      ),
    },
    (issue) => (issue.expected?.startsWith('"') ? '{path} is missing' : 'it is not a layout document'),
  )
  return documentSchema
}

/** Older documents to the current version, one version at a time (1 → 2 → 3). */
export function migrateLayout(document: unknown): unknown {
  let current = document
  const v1 = current as Partial<LayoutDocumentV1> | undefined
  if (v1 && typeof v1 === 'object' && v1.version === 1) {
    if (!(WORKSPACE_IDS as readonly unknown[]).includes(v1.workspace)) throw invalid(`workspace "${String(v1.workspace)}" is not known`)
    const workspaces: Record<string, unknown[]> = Object.fromEntries(WORKSPACE_IDS.map((id) => [id, []]))
    workspaces[v1.workspace!] = Array.isArray(v1.items) ? v1.items : []
    current = { schemaVersion: 2, settings: v1.settings, workspaces }
  }
  const v2 = current as Partial<LayoutDocumentV2> | undefined
  if (v2 && typeof v2 === 'object' && v2.schemaVersion === 2) {
    // The one layout becomes the layout of the band it was most likely made in (VERSION_2_BANDS); the other bands
    // derive theirs from it. Widgets without a place (auto-positioned) get theirs when first drawn.
    const workspaces = v2.workspaces && typeof v2.workspaces === 'object' ? v2.workspaces : {}
    const layouts = Object.fromEntries(
      Object.entries(workspaces).map(([id, items]) => {
        const places = Array.isArray(items)
          ? items.filter(hasPlace).map(({ id: widget, x, y, w, h }) => ({ id: widget, x, y, w: w ?? 1, h: h ?? 1 }))
          : []
        const band = VERSION_2_BANDS[id as WorkspaceId]
        return [id, band && places.length > 0 ? { [band]: places } : {}]
      }),
    )
    current = { ...v2, schemaVersion: 3, layouts }
  }
  return current
}

/**
 * A v2 widget with a place that can be taken as it is. Anything else is left out here: the schema then checks the
 * widget itself and refuses it with a message about the widget, not about a layout the document never had.
 */
function hasPlace(item: unknown): item is { id: string; x: number; y: number; w?: number; h?: number } {
  const i = item as Record<string, unknown> | null
  const size = (value: unknown) => value === undefined || Number.isInteger(value)
  return !!i && typeof i.id === 'string' && Number.isInteger(i.x) && Number.isInteger(i.y) && size(i.w) && size(i.h)
}

/**
 * Reads a layout document (JSON text or parsed), migrating older versions and checking every field. The
 * answer is safe to apply; anything wrong is refused whole with a message naming the problem.
 *
 * @throws {ConsoleError} `grid/invalid-layout`.
 */
export function importLayout(input: unknown): LayoutDocument {
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch {
      throw invalid('it is not valid JSON')
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid('it is not a layout document')
  const migrated = migrateLayout(value) as Record<string, unknown>
  const version = migrated.schemaVersion
  if (version !== LAYOUT_SCHEMA_VERSION) {
    throw invalid(
      typeof version === 'number' && version > LAYOUT_SCHEMA_VERSION
        ? `it was made by a newer console (version ${version})`
        : 'it has no known schema version',
    )
  }
  const parsed = parseWith(layoutSchema(), migrated)
  if (!parsed.ok) throw invalid(parsed.problem)
  const settings = parsed.value.settings as GridSettings
  const columns = columnsOf(settings)
  const workspaces = Object.fromEntries(
    WORKSPACE_IDS.map((id) => [id, (parsed.value.workspaces[id] as GridWidget[]).map((widget) => clampWidget(stripUndefined(widget), columns))]),
  ) as Record<WorkspaceId, GridWidget[]>
  const layouts = Object.fromEntries(
    WORKSPACE_IDS.map((id) => [id, bandLayoutsOf(id, workspaces[id], parsed.value.layouts[id] as BandLayouts, columns)]),
  ) as Record<WorkspaceId, BandLayouts>
  return { schemaVersion: LAYOUT_SCHEMA_VERSION, settings, workspaces, layouts }
}

/**
 * A workspace's band layouts, each place checked against the workspace's widgets (it names one, once) and clamped
 * to the columns and that widget's bounds, as the widgets themselves are.
 */
function bandLayoutsOf(workspace: WorkspaceId, widgets: readonly GridWidget[], layouts: BandLayouts, columns: number): BandLayouts {
  const byId = new Map(widgets.map((widget) => [widget.id, widget]))
  const result: BandLayouts = {}
  for (const band of SCREEN_BANDS) {
    const places = layouts[band]
    if (!places) continue
    const seen = new Set<string>()
    result[band] = places.map((place, i): BandPlace => {
      const where = `layouts.${workspace}.${band}[${i}]`
      const widget = byId.get(place.id)
      if (!widget) throw invalid(`${where} places the widget "${place.id}", which is not in the workspace`)
      if (seen.has(place.id)) throw invalid(`${where} places the widget "${place.id}" twice`)
      seen.add(place.id)
      const { x, y, w, h } = clampWidget({ ...widget, x: place.x, y: place.y, w: place.w, h: place.h }, columns)
      return { id: place.id, x: x!, y: y!, w, h }
    })
  }
  return result
}

/** Drops the fields a document left out (the parser answers them as `undefined`), so round trips stay equal. */
function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T
}
