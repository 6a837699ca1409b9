import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { ConsoleError } from '@honu/core'
import { Dialog } from '@honu/console-react'
import type { WidgetPickerProps } from '@honu/console-react/widget'
import { useTenantStreams } from './use-tenant-stream'
import type { VideoWidgetData } from './video-widget-data'

// User-facing strings of this file (moved to the message catalogue once it lands).
const TEXT = {
  title: (name: string) => `Choose a stream for ${name}`,
  description: 'The widget plays the stream you pick. Arrow keys move between streams.',
  streams: 'Streams of this tenant',
  loading: 'Loading streams…',
  failed: (reason: string) => `The streams could not be loaded: ${reason}`,
  noAnswer: 'the server did not answer.',
  retry: 'Try again',
  noTenant: 'Choose a tenant first: streams belong to a tenant.',
  empty: 'This tenant has no streams yet. Add one in the stream list, then come back.',
  required: 'Pick a stream first.',
  cancel: 'Cancel',
  show: 'Show stream',
} as const

/**
 * The Video widget's stream picker: the selected tenant's streams (v1 `GET /videos`) as a radio group in a modal
 * dialog. Picking one answers `{ streamId }`, which the dashboard keeps as the widget's data (so it survives a
 * reload and goes with an exported layout). Opened by the add-widget menu, and by a Video widget without a stream.
 */
export function VideoWidgetPicker({ name, current, onPick, onCancel }: WidgetPickerProps<VideoWidgetData>) {
  const streams = useTenantStreams()
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
    setProblem(TEXT.required)
    group.current?.querySelector<HTMLInputElement>('input')?.focus()
  }

  let body
  switch (streams.status) {
    case 'idle':
      body = <p className="honu-muted">{TEXT.noTenant}</p>
      break
    case 'loading':
      body = (
        <p className="honu-muted" role="status">
          {TEXT.loading}
        </p>
      )
      break
    case 'error':
      body = (
        <div role="alert">
          <p className="honu-error">{TEXT.failed(ConsoleError.is(streams.error) ? streams.error.message : TEXT.noAnswer)}</p>
          <button type="button" className="honu-button" onClick={streams.retry}>
            {TEXT.retry}
          </button>
        </div>
      )
      break
    default:
      body =
        streams.streams.length === 0 ? (
          <p className="honu-muted">{TEXT.empty}</p>
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
              <legend>{TEXT.streams}</legend>
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
      title={TEXT.title(name)}
      description={TEXT.description}
      closeOnOutsidePress={false}
      footer={
        <>
          <button type="button" className="honu-button honu-button--quiet" onClick={onCancel}>
            {TEXT.cancel}
          </button>
          {ready && (
            <button type="submit" form={formId} className="honu-button">
              {TEXT.show}
            </button>
          )}
        </>
      }
    >
      {body}
    </Dialog>
  )
}
