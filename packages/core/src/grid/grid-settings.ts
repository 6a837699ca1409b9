import type { GridSettings } from './grid-model'
import { GRID } from './size-scale'

/** The numeric grid settings a user can type, in the order the grid control dialog shows them. */
export const GRID_SETTING_FIELDS = [
  'snapToGridColumns',
  'snapToGridHeight',
  'gridItemWidth',
  'gridItemHeight',
  'minGridWidth',
  'minGridHeight',
] as const

/** One numeric grid setting. */
export type GridSettingField = (typeof GRID_SETTING_FIELDS)[number]

/** What the grid control dialog edits: the switch, and each number as typed (text until it is checked). */
export type GridSettingsDraft = { snapToGrid: boolean } & Record<GridSettingField, string | number>

/**
 * A problem per field: the whole numbers it accepts, `min` to `max`. The dialog words it with the field's name
 * ("Snap columns must be a whole number from 1 to 12.") in the active language.
 */
export type GridSettingsErrors = Partial<Record<GridSettingField, { min: number; max: number }>>

/**
 * The bounds of each setting. Spec §3 names the settings and §9 gives the defaults (2 columns, 600 px) but no
 * field rules (§5: "not shown"); these are ours: a snap layout has at most the free layout's 12 columns, a row
 * is at least the free layout's 70 px, and a widget spans at most the snap columns.
 */
export const GRID_SETTING_BOUNDS: Record<GridSettingField, { min: number; max: (s: { snapToGridColumns: number }) => number }> = {
  snapToGridColumns: { min: 1, max: () => GRID.columns },
  snapToGridHeight: { min: GRID.cellHeight, max: () => 2000 },
  gridItemWidth: { min: 1, max: (s) => s.snapToGridColumns },
  gridItemHeight: { min: 1, max: () => 4 },
  minGridWidth: { min: 0, max: () => 10_000 },
  minGridHeight: { min: 0, max: () => 10_000 },
}

const whole = (value: string | number): number | undefined => {
  const text = typeof value === 'number' ? String(value) : value.trim()
  return /^\d+$/.test(text) ? Number(text) : undefined
}

/**
 * Checks a draft of the grid settings. Answers the settings when every field holds, else the accepted range of
 * each field that does not; the widget width is checked against the snap columns of the same draft.
 *
 * @example validateGridSettings({ ...draftOf(defaultGridSettings), snapToGridColumns: '0' }).errors
 * // { snapToGridColumns: { min: 1, max: 12 } }
 */
export function validateGridSettings(draft: GridSettingsDraft): { settings?: GridSettings; errors: GridSettingsErrors } {
  const errors: GridSettingsErrors = {}
  const values: Partial<Record<GridSettingField, number>> = {}
  for (const field of GRID_SETTING_FIELDS) values[field] = whole(draft[field])
  const columns = values.snapToGridColumns ?? GRID.columns
  for (const field of GRID_SETTING_FIELDS) {
    const { min, max } = GRID_SETTING_BOUNDS[field]
    const upper = max({ snapToGridColumns: Math.min(Math.max(columns, 1), GRID.columns) })
    const value = values[field]
    if (value === undefined || value < min || value > upper) errors[field] = { min, max: upper }
  }
  if (Object.keys(errors).length > 0) return { errors }
  return { settings: { snapToGrid: draft.snapToGrid, ...(values as Record<GridSettingField, number>) }, errors }
}

/** The settings as a draft the dialog can edit. */
export function draftOf(settings: GridSettings): GridSettingsDraft {
  const draft = { snapToGrid: settings.snapToGrid } as GridSettingsDraft
  for (const field of GRID_SETTING_FIELDS) draft[field] = String(settings[field])
  return draft
}
