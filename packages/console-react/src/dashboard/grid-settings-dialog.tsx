import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { createGridSettingsEditor, GRID_SETTING_FIELDS, type GridSettingField } from '@honu/core/grid'
import { useConsoleClient, useMessages, Dialog } from '@honu/console-kit'
import { dashboardMessages } from '../messages/dashboard'
import { useWorkspaceActions } from '../ui/use-workspace-actions'

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
  const t = useMessages(dashboardMessages)
  // Core answers the range a wrong field accepts; the message names the field in the active language.
  const problemOf = (field: GridSettingField) => {
    const range = errors[field]
    if (!range) return undefined
    return t(field === 'gridItemWidth' ? 'widthOutOfRange' : 'outOfRange', { field: t(`${field}Name`), min: range.min, max: range.max })
  }
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
      title={t('gridSettings')}
      description={t('gridDescription')}
      closeOnOutsidePress={false}
      footer={
        <>
          <button type="button" className="honu-button honu-button--quiet" onClick={cancel}>
            {t('cancel')}
          </button>
          <button type="submit" form={formId} className="honu-button">
            {t('save')}
          </button>
        </>
      }
    >
      <form id={formId} className="honu-form honu-grid-settings" noValidate onSubmit={save}>
        <label className="honu-checkbox">
          <input
            type="checkbox"
            checked={draft.snapToGrid}
            aria-describedby={`${id}-snap-help`}
            onChange={(e) => editor.change({ snapToGrid: e.target.checked })}
          />{' '}
          {t('snapToGrid')}
        </label>
        <p id={`${id}-snap-help`} className="honu-muted">
          {t('snapHelp')}
        </p>
        {GRID_SETTING_FIELDS.map((field) => {
          const error = problemOf(field)
          return (
            <div key={field} className="honu-field">
              <label htmlFor={`${id}-${field}`}>{t(field)}</label>
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
          {invalid ? t('settingsInvalid') : ''}
        </p>
      </form>
    </Dialog>
  )
}
