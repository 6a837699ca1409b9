import { ConsoleError } from '../errors/console-error'
import {
  WIDGET_TYPES,
  WORKSPACE_IDS,
  defaultGridSettings,
  emptyWorkspaces,
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

const BOOLEAN_FIELDS = ['isFullscreen', 'isMinimised', 'autoPosition', 'locked', 'noMove', 'noResize'] as const
const POSITION_FIELDS = ['x', 'y'] as const
const SIZE_FIELDS = ['w', 'h', 'minW', 'minH', 'maxW', 'maxH'] as const

function readWidget(value: unknown, where: string, columns: number): GridWidget {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid(`${where} is not a widget`)
  const v = value as Record<string, unknown>
  if (typeof v.id !== 'string' || v.id === '') throw invalid(`${where} has no id`)
  if (!(WIDGET_TYPES as readonly unknown[]).includes(v.type)) throw invalid(`${where} has an unknown type "${String(v.type)}"`)
  if (typeof v.name !== 'string') throw invalid(`${where}.name must be text`)
  const widget: GridWidget = { id: v.id, type: v.type as GridWidget['type'], name: v.name }
  if (v.data !== undefined) widget.data = v.data
  for (const key of POSITION_FIELDS) {
    if (v[key] === undefined) continue
    if (!Number.isInteger(v[key]) || (v[key] as number) < 0) throw invalid(`${where}.${key} must be a whole number from 0`)
    widget[key] = v[key] as number
  }
  for (const key of SIZE_FIELDS) {
    if (v[key] === undefined || v[key] === null) continue
    if (!Number.isInteger(v[key]) || (v[key] as number) < 1) throw invalid(`${where}.${key} must be a whole number from 1`)
    widget[key] = v[key] as number
  }
  for (const key of BOOLEAN_FIELDS) {
    if (v[key] === undefined) continue
    if (typeof v[key] !== 'boolean') throw invalid(`${where}.${key} must be true or false`)
    widget[key] = v[key] as boolean
  }
  return clampWidget(widget, columns)
}

function readSettings(value: unknown): GridSettings {
  if (value === undefined) return { ...defaultGridSettings }
  if (!value || typeof value !== 'object') throw invalid('settings is not an object')
  const v = value as Record<string, unknown>
  const settings: Record<string, unknown> = { ...defaultGridSettings }
  for (const [key, fallback] of Object.entries(defaultGridSettings)) {
    if (v[key] === undefined) continue
    if (typeof v[key] !== typeof fallback || (typeof fallback === 'number' && !(Number.isFinite(v[key]) && (v[key] as number) >= 0))) {
      throw invalid(`settings.${key} must be ${typeof fallback === 'number' ? 'a number from 0' : 'true or false'}`)
    }
    settings[key] = v[key]
  }
  if ((settings.snapToGridColumns as number) < 1) throw invalid('settings.snapToGridColumns must be at least 1')
  return settings as unknown as GridSettings
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
  const settings = readSettings(migrated.settings)
  const source = migrated.workspaces
  if (!source || typeof source !== 'object' || Array.isArray(source)) throw invalid('workspaces is missing')
  const unknown = Object.keys(source).filter((id) => !(WORKSPACE_IDS as readonly string[]).includes(id))
  if (unknown.length) throw invalid(`workspace "${unknown[0]}" is not known`)
  const columns = columnsOf(settings)
  const workspaces = Object.fromEntries(Object.entries(emptyWorkspaces()).map(([id]) => [id, [] as GridWidget[]])) as Record<
    WorkspaceId,
    GridWidget[]
  >
  for (const id of WORKSPACE_IDS) {
    const items = (source as Record<string, unknown>)[id]
    if (items === undefined) continue
    if (!Array.isArray(items)) throw invalid(`workspaces.${id} is not a list`)
    const seen = new Set<string>()
    workspaces[id] = items.map((item, index) => {
      const widget = readWidget(item, `workspaces.${id}[${index}]`, columns)
      if (seen.has(widget.id)) throw invalid(`workspaces.${id} has the id "${widget.id}" twice`)
      seen.add(widget.id)
      return widget
    })
  }
  return { schemaVersion: LAYOUT_SCHEMA_VERSION, settings, workspaces }
}
