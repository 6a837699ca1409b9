import { useId, useState, type FormEvent } from 'react'
import type { Stream } from '@honu/core'
import { useErrorText, useMessages } from '@honu/console-kit'
import { streamMessages } from '../../messages/streams'

/** What the form submits: spec §7's name, source and proxy. */
export interface StreamFields {
  name: string
  source: string
  proxy: string | null
}

/**
 * Adds or edits a stream. Nothing typed is lost on a failure: the fields stay and the server's reason is shown.
 */
export function StreamForm({
  stream,
  onSubmit,
  onCancel,
}: {
  stream?: Stream
  onSubmit: (fields: StreamFields) => Promise<void>
  onCancel: () => void
}) {
  const id = useId()
  const t = useMessages(streamMessages)
  const errorText = useErrorText()
  const [name, setName] = useState(stream?.name ?? '')
  const [source, setSource] = useState(stream?.source ?? '')
  const [proxy, setProxy] = useState(stream?.proxy ?? '')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [touched, setTouched] = useState(false)
  const missing = !name.trim() ? 'name' : !source.trim() ? 'source' : undefined

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (missing) return
    setBusy(true)
    setError(undefined)
    try {
      await onSubmit({ name: name.trim(), source: source.trim(), proxy: proxy.trim() || null })
    } catch (failure) {
      setError(errorText(failure, t('saveFailed')))
      setBusy(false)
    }
  }

  const label = stream ? t('edit', { name: stream.name }) : t('addAStream')
  return (
    <form className="honu-form honu-stream-form" onSubmit={(e) => void submit(e)} aria-label={label} noValidate>
      <h3>{label}</h3>
      <label htmlFor={`${id}-name`}>{t('name')}</label>
      <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={touched && !name.trim()} autoComplete="off" />
      <label htmlFor={`${id}-source`}>{t('source')}</label>
      <input
        id={`${id}-source`}
        value={source}
        onChange={(e) => setSource(e.target.value)}
        aria-invalid={touched && !source.trim()}
        aria-describedby={`${id}-source-help`}
        autoComplete="off"
        inputMode="url"
      />
      <p id={`${id}-source-help`} className="honu-muted">
        {t('sourceHelp')}
      </p>
      <label htmlFor={`${id}-proxy`}>{t('proxy')}</label>
      <input id={`${id}-proxy`} value={proxy} onChange={(e) => setProxy(e.target.value)} autoComplete="off" inputMode="url" />
      {touched && missing && (
        <p className="honu-error" role="alert">
          {t('missing', { field: missing })}
        </p>
      )}
      {error && (
        <p className="honu-error" role="alert">
          {error}
        </p>
      )}
      <div className="honu-form__actions">
        <button type="submit" className="honu-button" disabled={busy}>
          {stream ? t('save') : t('addStream')}
        </button>
        <button type="button" className="honu-button honu-button--quiet" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}
