import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Dialog, useMessages } from '@honu/console-kit'
import { missionsMessages } from './missions-messages'

/** An option of a dialog's picker: a campaign or a platform. */
export interface PickOption {
  id: string
  name: string
}

/** What the record dialog asks for: a name, and for a new mission its campaign and platform. */
export interface RecordFields {
  name: string
  campaignId?: string
  platformId?: string
}

/** Props of {@link RecordDialog}. */
export interface RecordDialogProps {
  title: string
  submitLabel: string
  /** The name to start from (a rename). */
  initialName?: string
  /** Given for a new mission: the campaigns it may join and the platforms it may name. */
  campaigns?: readonly PickOption[]
  platforms?: readonly PickOption[]
  /** The campaign to start from. */
  initialCampaignId?: string
  onClose: () => void
  /** Does it; a rejection is shown in the dialog (`failedText`) and the dialog stays. */
  onSubmit: (fields: RecordFields) => Promise<void>
  failedText: (error: unknown) => string
  /** A note above the fields (why something cannot be picked). */
  note?: ReactNode
}

/**
 * The dialog that creates or renames a campaign or mission: a name, and for a new mission the campaign it belongs to
 * and the platform that flies it, each picked from the organisation's list. Every field is checked before anything
 * is sent; a failure keeps the dialog with the reason.
 */
export function RecordDialog(props: RecordDialogProps) {
  const { title, submitLabel, campaigns, platforms, onClose, onSubmit, failedText, note } = props
  const t = useMessages(missionsMessages)
  const id = useId()
  const [name, setName] = useState(props.initialName ?? '')
  const [campaignId, setCampaignId] = useState(props.initialCampaignId ?? '')
  const [platformId, setPlatformId] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [touched, setTouched] = useState(false)
  const missingName = !name.trim()
  const missingCampaign = !!campaigns && !campaignId
  const missingPlatform = !!platforms && !platformId

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (missingName || missingCampaign || missingPlatform) return
    setBusy(true)
    setError(undefined)
    try {
      await onSubmit({ name: name.trim(), ...(campaigns ? { campaignId } : {}), ...(platforms ? { platformId } : {}) })
      onClose()
    } catch (failure) {
      setError(failedText(failure))
    } finally {
      setBusy(false)
    }
  }

  const picker = (
    key: string,
    label: string,
    options: readonly PickOption[],
    value: string,
    set: (value: string) => void,
    missing: boolean,
    missingText: string,
  ) => (
    <>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select
        id={`${id}-${key}`}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={touched && missing}
        aria-describedby={touched && missing ? `${id}-${key}-error` : undefined}
      >
        <option value="">{t('choose')}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      {touched && missing && (
        <p className="honu-error" id={`${id}-${key}-error`}>
          {missingText}
        </p>
      )}
    </>
  )

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()} title={title} closeOnOutsidePress={false}>
      <form className="honu-form" onSubmit={(e) => void submit(e)} noValidate>
        {note && <p className="honu-muted">{note}</p>}
        <label htmlFor={`${id}-name`}>{t('nameLabel')}</label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          maxLength={200}
          aria-invalid={touched && missingName}
          aria-describedby={touched && missingName ? `${id}-name-error` : undefined}
        />
        {touched && missingName && (
          <p className="honu-error" id={`${id}-name-error`}>
            {t('missingName')}
          </p>
        )}
        {campaigns && picker('campaign', t('campaignLabel'), campaigns, campaignId, setCampaignId, missingCampaign, t('missingCampaign'))}
        {platforms && picker('platform', t('platformLabel'), platforms, platformId, setPlatformId, missingPlatform, t('missingPlatform'))}
        {error && (
          <p className="honu-error" role="alert">
            {error}
          </p>
        )}
        <div className="honu-dialog__footer">
          <button type="button" className="honu-button honu-button--quiet" disabled={busy} onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="honu-button" disabled={busy} aria-busy={busy || undefined}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
