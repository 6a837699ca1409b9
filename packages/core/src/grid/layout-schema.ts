import * as v from 'valibot'
import { ConsoleError } from '../errors/console-error'
import { parseWith } from '../platform/schema'
import {
  WIDGET_TYPES,
  WORKSPACE_IDS,
  defaultGridSettings,
  type GridSettings,
  type GridWidget,
  type WorkspaceId,
} from './grid-model'
import { clampWidget, columnsOf } from './workspace-rules'

/** Version of the layout document this console writes. */
export const LAYOUT_SCHEMA_VERSION = 2

/** A portable layout: grid settings and every workspace's widgets, as JSON. */
export interface LayoutDocument {
  schemaVersion: typeof LAYOUT_SCHEMA_VERSION
  settings: GridSettings
  workspaces: Record<WorkspaceId, GridWidget[]>
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
export function exportLayout(state: { settings: GridSettings; workspaces: Record<WorkspaceId, { items: GridWidget[] }> }): LayoutDocument {
  return {
    schemaVersion: LAYOUT_SCHEMA_VERSION,
    settings: { ...state.settings },
    workspaces: Object.fromEntries(WORKSPACE_IDS.map((id) => [id, state.workspaces[id]?.items.map((item) => ({ ...item })) ?? []])) as Record<
      WorkspaceId,
      GridWidget[]
    >,
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
  const size = v.pipe(v.nullish(wholeFrom(1)), v.transform((value) => value ?? undefined))

  /** A widget in a layout document; unknown fields are dropped. */
  const widgetSchema = v.object(
    {
      id: v.pipe(v.string('{parent} has no id'), v.nonEmpty('{parent} has no id')),
      type: v.picklist(WIDGET_TYPES, (issue) => `{parent} has an unknown type "${String(issue.input)}"`),
      name: v.string('{path} must be text'),
      data: v.optional(v.unknown()),
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
        snapToGridColumns: v.optional(
          v.pipe(settingNumber, v.minValue(1, '{path} must be at least 1')),
          defaultGridSettings.snapToGridColumns,
        ),
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
    },
    (issue) => (issue.expected?.startsWith('"') ? '{path} is missing' : 'it is not a layout document'),
  )
  return documentSchema
}

/** Older documents to the current version. */
export function migrateLayout(document: unknown): unknown {
  const v = document as Partial<LayoutDocumentV1> | undefined
  if (v && typeof v === 'object' && v.version === 1) {
    if (!(WORKSPACE_IDS as readonly unknown[]).includes(v.workspace)) throw invalid(`workspace "${String(v.workspace)}" is not known`)
    const workspaces: Record<string, unknown[]> = Object.fromEntries(WORKSPACE_IDS.map((id) => [id, []]))
    workspaces[v.workspace!] = Array.isArray(v.items) ? v.items : []
    return { schemaVersion: 2, settings: v.settings, workspaces }
  }
  return document
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
  return { schemaVersion: LAYOUT_SCHEMA_VERSION, settings, workspaces }
}

/** Drops the fields a document left out (the parser answers them as `undefined`), so round trips stay equal. */
function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T
}
