import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Pencil } from 'lucide-react'
import { IconButton, useErrorText, useMessages } from '@honu/console-kit'
import { tenantMessages } from './tenant-messages'
import { TENANT_NAME_MAX_LENGTH, tenantNameProblem } from './tenant-name-rules'

/** Props of {@link TenantName}. */
export interface TenantNameProps {
  /** The tenant's name now (the tenant store's: the header shows the same). */
  name: string
  /** Whether the user may rename it (an admin of the tenant or a super admin); readers get no control at all. */
  canRename: boolean
  /** Saves a new (already checked, trimmed) name; resolves with the saved name, rejects with the console's error. */
  onRename(name: string): Promise<string>
}

/**
 * The tenant's name as the widget's heading, renamed in place by admins: "Rename" turns the heading into a field
 * (focused, its text selected); Enter or Save checks the name as the server will (`tenantNameProblem`) and saves it,
 * Escape or Cancel leaves it as it was, and focus comes back to "Rename" either way. A refusal or no answer shows
 * "Error renaming tenant: <why>" beside the field, which keeps what was typed. A saved name is announced politely.
 */
export function TenantName({ name, canRename, onRename }: TenantNameProps) {
  const t = useMessages(tenantMessages)
  const errorText = useErrorText()
  const id = useId()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [announcement, setAnnouncement] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const renameButton = useRef<HTMLButtonElement>(null)
  // Focus goes back to "Rename" only after an edit the user ended, not on first render.
  const returnFocus = useRef(false)

  useEffect(() => {
    if (editing) {
      input.current?.focus()
      input.current?.select()
    } else if (returnFocus.current) {
      returnFocus.current = false
      renameButton.current?.focus()
    }
  }, [editing])

  const start = () => {
    setDraft(name)
    setError(undefined)
    setAnnouncement('')
    setEditing(true)
  }
  const stop = () => {
    returnFocus.current = true
    setEditing(false)
    setError(undefined)
  }

  const problemText = (value: string) => {
    switch (tenantNameProblem(value)) {
      case 'missing':
        return t('missingName')
      case 'too-long':
        return t('nameTooLong', { max: TENANT_NAME_MAX_LENGTH, count: [...value.trim()].length })
      case 'invalid':
        return t('nameInvalid')
      default:
        return undefined
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const problem = problemText(draft)
    if (problem) {
      setError(problem)
      input.current?.focus()
      return
    }
    const next = draft.trim()
    // Nothing changed: nothing to send.
    if (next === name) return stop()
    setBusy(true)
    setError(undefined)
    try {
      const saved = await onRename(next)
      setAnnouncement(t('renamed', { name: saved }))
      stop()
    } catch (failure) {
      setError(t('renameFailed', { reason: errorText(failure, t('noAnswer')) }))
      input.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return
    // The field's own Escape: neither the dashboard tile nor a dialog around it should act on it too.
    event.preventDefault()
    event.stopPropagation()
    if (!busy) stop()
  }

  const editable = editing && canRename
  return (
    <div className="honu-tenant__head">
      {editable ? (
        <form
          className="honu-tenant__rename"
          aria-label={t('renameTitle')}
          aria-busy={busy || undefined}
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <label htmlFor={`${id}-name`}>{t('newName')}</label>
          <input
            ref={input}
            id={`${id}-name`}
            className="honu-tenant__input"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            readOnly={busy}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
          />
          <div className="honu-tenant__actions">
            <button type="submit" className="honu-button honu-button--small" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('saving') : t('save')}
            </button>
            <button type="button" className="honu-button honu-button--quiet honu-button--small" disabled={busy} onClick={stop}>
              {t('cancel')}
            </button>
          </div>
          <p id={`${id}-help`} className="honu-tenant__help">
            {t('renameHelp')}
          </p>
          {error && (
            <p id={`${id}-error`} className="honu-tenant__error" role="alert">
              {error}
            </p>
          )}
        </form>
      ) : (
        <>
          {/* Text, never HTML: a name is whatever an admin typed. */}
          <h4 className="honu-tenant__name">{name}</h4>
          {canRename && (
            <IconButton ref={renameButton} className="honu-tenant__rename-button" icon={Pencil} label={t('rename', { name })} onClick={start} />
          )}
        </>
      )}
      <p className="honu-tenant__sr" role="status">
        {announcement}
      </p>
    </div>
  )
}
