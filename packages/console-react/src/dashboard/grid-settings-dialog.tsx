import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { createGridSettingsEditor, GRID_SETTING_FIELDS, gridSettingLabels, type GridSettingField } from '@honu/core/grid'
import { useConsoleClient } from '../hooks/use-console-client'
import { useWorkspaceActions } from '../hooks/use-workspace-actions'
import { Dialog } from '../parts/dialog'

// User-facing strings of this file (moved to the message catalogue once it lands). The field labels and their
// messages come from core's grid settings, which word the validation.
const TEXT = {
  title: 'Grid settings',
  description: 'Changes show on the dashboard at once. Save keeps them; Cancel puts the grid back as it was.',
  snapToGrid: 'Snap to grid',
  snapHelp: 'Widgets sit in cells of the snap columns and row height, each the widget size below.',
  save: 'Save',
  cancel: 'Cancel',
  invalid: 'Some settings are not valid; the dashboard shows the last valid ones.',
} as const

/** Props of {@link GridSettingsDialog}. */
export interface GridSettingsDialogProps {
  /** Called when the dialog closes, after Save kept the settings or Cancel put the grid back. */
  onClose: () => void
}

/**
 * The grid control dialog (spec §2, loaded on first use; spec §3 grid settings): snap to grid, the snap columns and
 * row height, a widget's size in snap mode, and the grid's minimum width and height. Every valid change shows on
 * the dashboard behind it at once (live preview); a wrong field says what it accepts, and the dashboard keeps the
 * last valid settings. Save keeps them (persisted with the grid state); Cancel, Escape and the close button put
 * the grid back as it was when the dialog opened. Mounted while open.
 */
export default function GridSettingsDialog({ onClose }: GridSettingsDialogProps) {
  const client = useConsoleClient()
  const actions = useWorkspaceActions()
  // One editor per visit: what the grid was on open is what Cancel restores.
  const [editor] = useState(() => createGridSettingsEditor(client.grid, actions))
  const { draft, errors } = useSyncExternalStore(editor.subscribe, editor.getSnapshot, editor.getSnapshot)
  const fields = useRef<Partial<Record<GridSettingField, HTMLInputElement | null>>>({})
  const id = useId()
  const cancel = () => {
    editor.cancel()
    onClose()
  }
  const save = (event: FormEvent) => {
    event.preventDefault()
    if (editor.save()) return onClose()
    // Focus the first wrong field; its message is its description.
    const first = GRID_SETTING_FIELDS.find((field) => editor.getSnapshot().errors[field])
    if (first) fields.current[first]?.focus()
  }
  const formId = `${id}-form`
  const invalid = Object.keys(errors).length > 0

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && cancel()}
      title={TEXT.title}
      description={TEXT.description}
      closeOnOutsidePress={false}
      footer={
        <>
          <button type="button" className="honu-button honu-button--quiet" onClick={cancel}>
            {TEXT.cancel}
          </button>
          <button type="submit" form={formId} className="honu-button">
            {TEXT.save}
          </button>
        </>
      }
    >
      <form id={formId} className="honu-form honu-grid-settings" noValidate onSubmit={save}>
        <label className="honu-checkbox">
          <input type="checkbox" checked={draft.snapToGrid} aria-describedby={`${id}-snap-help`} onChange={(e) => editor.change({ snapToGrid: e.target.checked })} />{' '}
          {TEXT.snapToGrid}
        </label>
        <p id={`${id}-snap-help`} className="honu-muted">
          {TEXT.snapHelp}
        </p>
        {GRID_SETTING_FIELDS.map((field) => {
          const error = errors[field]
          return (
            <div key={field} className="honu-field">
              <label htmlFor={`${id}-${field}`}>{gridSettingLabels[field]}</label>
              <input
                ref={(el) => {
                  fields.current[field] = el
                }}
                id={`${id}-${field}`}
                name={field}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={draft[field]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${field}-error` : undefined}
                onChange={(e) => editor.change({ [field]: e.target.value })}
              />
              {error && (
                <p id={`${id}-${field}-error`} className="honu-error">
                  {error}
                </p>
              )}
            </div>
          )
        })}
        {/* Announced once per change of validity, not per keystroke. */}
        <p className="honu-visually-hidden" role="status">
          {invalid ? TEXT.invalid : ''}
        </p>
      </form>
    </Dialog>
  )
}
