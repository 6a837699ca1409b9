import { createWorkspaceActions, type WorkspaceActions } from './create-workspace-actions'
import type { GridState, GridStore } from './grid-store'
import { draftOf, validateGridSettings, type GridSettingField, type GridSettingsDraft, type GridSettingsErrors } from './grid-settings'

/** What the grid control dialog shows: the draft as typed and the problems to show with it. */
export interface GridSettingsEditorState {
  draft: GridSettingsDraft
  /** Problems of the fields the user has changed, or of every field once Save was pressed. */
  errors: GridSettingsErrors
}

/** One visit to the grid control dialog, framework-free: edits previewed live, then kept or put back. */
export interface GridSettingsEditor {
  /** Calls `listener` whenever {@link GridSettingsEditor.getSnapshot} changes. Answers the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** The current state; stable between changes (for `useSyncExternalStore`). */
  getSnapshot(): GridSettingsEditorState
  /**
   * Changes fields of the draft. When the whole draft is valid it is applied at once, so the dashboard behind
   * the dialog shows it (live preview); while a field is wrong, the grid stays as last valid.
   */
  change(patch: Partial<GridSettingsDraft>): void
  /** Keeps what is applied when the draft is valid (answers true); else shows every problem and answers false. */
  save(): boolean
  /** Puts the grid back as it was when the editor was created: settings and every workspace's layout. */
  cancel(): void
}

/** The data of the grid state (no actions), as it stood: what Cancel puts back, whatever fields the store has. */
const dataOf = (state: GridState): Partial<GridState> =>
  Object.fromEntries(Object.entries(state).filter(([, value]) => typeof value !== 'function')) as Partial<GridState>

/**
 * Starts editing the grid settings of a console's grid store (spec §3 grid settings). The grid as it stands now
 * is what {@link GridSettingsEditor.cancel} restores. Settings are persisted with the rest of the grid state.
 *
 * @example
 * const editor = createGridSettingsEditor(client.grid)
 * editor.change({ snapToGrid: true, snapToGridColumns: '3' }) // the dashboard shows three columns at once
 * if (!editor.save()) showProblems(editor.getSnapshot().errors)
 */
export function createGridSettingsEditor(grid: GridStore, actions: WorkspaceActions = createWorkspaceActions(grid)): GridSettingsEditor {
  const before = dataOf(grid.getState())
  const listeners = new Set<() => void>()
  const touched = new Set<GridSettingField>()
  let submitted = false
  let draft = draftOf(grid.getState().settings)
  let state: GridSettingsEditorState = { draft, errors: {} }

  const publish = () => {
    const { errors } = validateGridSettings(draft)
    const shown = Object.fromEntries(
      Object.entries(errors).filter(([field]) => submitted || touched.has(field as GridSettingField)),
    ) as GridSettingsErrors
    state = { draft, errors: shown }
    for (const listener of [...listeners]) listener()
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getSnapshot: () => state,
    change(patch) {
      draft = { ...draft, ...patch }
      for (const field of Object.keys(patch)) if (field !== 'snapToGrid') touched.add(field as GridSettingField)
      const { settings } = validateGridSettings(draft)
      if (settings) actions.applySettings(settings)
      publish()
    },
    save() {
      submitted = true
      const { settings } = validateGridSettings(draft)
      if (settings) actions.applySettings(settings)
      publish()
      return settings !== undefined
    },
    cancel() {
      grid.setState(before)
    },
  }
}
