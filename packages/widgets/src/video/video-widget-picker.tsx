import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { ConsoleError } from '@honu/core'
import { Dialog, useMessages } from '@honu/console-kit'
import type { WidgetPickerProps } from '@honu/console-kit/widget'
import { useTenantStreams } from './use-tenant-stream'
import type { VideoWidgetData } from './video-widget-data'
import { videoMessages } from '../messages/video'

/**
 * The Video widget's stream picker: the selected tenant's streams (v1 `GET /videos`) as a radio group in a modal
 * dialog. Picking one answers `{ streamId }`, which the dashboard keeps as the widget's data (so it survives a
 * reload and goes with an exported layout). Opened by the add-widget menu, and by a Video widget without a stream.
 */
export function VideoWidgetPicker({ name, current, onPick, onCancel }: WidgetPickerProps<VideoWidgetData>) {
  const streams = useTenantStreams()
  const t = useMessages(videoMessages)
  const [chosen, setChosen] = useState(current?.streamId)
  const [problem, setProblem] = useState<string>()
  const group = useRef<HTMLFieldSetElement>(null)
  const id = useId()
  const formId = `${id}-form`

  // The dialog focuses its first control on open, which is Cancel while the list loads: once the streams are
  // there, focus goes to the chosen one (or the first), where the arrow keys pick.
  const ready = streams.status === 'ready' && streams.streams.length > 0
  useEffect(() => {
    if (!ready) return
    const radios = [...(group.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [])]
    ;(radios.find((radio) => radio.checked) ?? radios[0])?.focus()
  }, [ready])

  const submit = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault()
    if (streams.status === 'ready' && chosen && streams.streams.some((s) => s.video_id === chosen)) return onPick({ streamId: chosen })
    setProblem(t('pickFirst'))
    group.current?.querySelector<HTMLInputElement>('input')?.focus()
  }

  let body
  switch (streams.status) {
    case 'idle':
      body = <p className="honu-muted">{t('noTenant')}</p>
      break
    case 'loading':
      body = (
        <p className="honu-muted" role="status">
          {t('loadingStreams')}
        </p>
      )
      break
    case 'error':
      body = (
        <div role="alert">
          <p className="honu-error">{t('streamsFailed', { reason: ConsoleError.is(streams.error) ? streams.error.message : t('noAnswer') })}</p>
          <button type="button" className="honu-button" onClick={streams.retry}>
            {t('retry')}
          </button>
        </div>
      )
      break
    default:
      body =
        streams.streams.length === 0 ? (
          <p className="honu-muted">{t('noStreams')}</p>
        ) : (
          <form id={formId} className="honu-form" noValidate onSubmit={submit}>
            <fieldset
              ref={group}
              className="honu-stream-picker"
              aria-describedby={problem ? `${id}-problem` : undefined}
              // Enter on a stream shows it (the form's button sits in the dialog's footer, outside the form).
              onKeyDown={(event) => {
                if (event.key === 'Enter') submit(event)
              }}
            >
              <legend>{t('streams')}</legend>
              {streams.streams.map((stream) => (
                <label key={stream.video_id} className="honu-stream-picker__option">
                  <input
                    type="radio"
                    name={`${id}-stream`}
                    value={stream.video_id}
                    checked={chosen === stream.video_id}
                    onChange={() => {
                      setChosen(stream.video_id)
                      setProblem(undefined)
                    }}
                  />{' '}
                  {stream.name}
                </label>
              ))}
            </fieldset>
            {problem && (
              <p id={`${id}-problem`} className="honu-error" role="alert">
                {problem}
              </p>
            )}
          </form>
        )
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t('pickerTitle', { name })}
      description={t('pickerDescription')}
      closeOnOutsidePress={false}
      footer={
        <>
          <button type="button" className="honu-button honu-button--quiet" onClick={onCancel}>
            {t('cancel')}
          </button>
          {ready && (
            <button type="submit" form={formId} className="honu-button">
              {t('show')}
            </button>
          )}
        </>
      }
    >
      {body}
    </Dialog>
  )
}
