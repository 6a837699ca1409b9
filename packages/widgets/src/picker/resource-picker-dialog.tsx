import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { ConsoleError } from '@honu/core'
import { Dialog } from '@honu/console-kit'

/** One thing to pick: its id (what the widget keeps) and the name a user sees. */
export interface PickerOption {
  id: string
  label: string
}

/** Where the list of the selected tenant's things stands, as the widgets' `useTenant…s()` hooks answer. */
export type PickerListState =
  { status: 'idle' | 'loading' } | { status: 'ready'; options: readonly PickerOption[] } | { status: 'error'; error: unknown }

/** The words every picker's message book has under these same keys (its own wording: 'Show stream', 'Show vehicle'). */
export type PickerWord = 'pickerTitle' | 'pickerDescription' | 'noAnswer' | 'retry' | 'noTenant' | 'pickFirst' | 'cancel' | 'show'

/** Props of {@link ResourcePickerDialog}. */
export interface ResourcePickerDialogProps {
  /** The widget's name, for the title ('Choose a stream for Video 1'). */
  name: string
  /** The tenant's things, already sorted for the list. */
  list: PickerListState
  /** Asks for the list again (the retry button after an error). */
  retry: () => void
  /** The id checked on open: the widget's current one, if any. */
  initial: string | undefined
  /** Called with the chosen id, which is one of the list's. */
  onPick: (id: string) => void
  /** Cancel, Escape and the close button. */
  onCancel: () => void
  /** The picker's message book (`useMessages(book)`), for the words all pickers share. */
  t: (key: PickerWord, values?: { name: string }) => string
  /** The words naming the picker's things: the group's legend, loading, failed (with the reason), none. */
  words: { legend: string; loading: string; failed: (reason: string) => string; none: string }
  /** The radio group's class; each option's label gets `${className}__option`. */
  className: string
}

/**
 * A widget's picker: the selected tenant's streams, vehicles… as a radio group in a modal dialog, for a widget
 * that shows one of them (the Video and Vehicle widgets' pickers are thin users of it). The arrow keys pick and
 * Enter shows; a submit without a choice says to pick one first; while the list loads, fails (with a retry) or is
 * empty it says so, and only a list with something in it offers the show button.
 */
export function ResourcePickerDialog({ name, list, retry, initial, onPick, onCancel, t, words, className }: ResourcePickerDialogProps) {
  const [chosen, setChosen] = useState(initial)
  const [problem, setProblem] = useState<string>()
  const group = useRef<HTMLFieldSetElement>(null)
  const id = useId()
  const formId = `${id}-form`

  // The dialog focuses its first control on open, which is Cancel while the list loads: once the list is there,
  // focus goes to the chosen one (or the first), where the arrow keys pick.
  const ready = list.status === 'ready' && list.options.length > 0
  useEffect(() => {
    if (!ready) return
    const radios = [...(group.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [])]
    ;(radios.find((radio) => radio.checked) ?? radios[0])?.focus()
  }, [ready])

  const submit = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault()
    if (list.status === 'ready' && chosen && list.options.some((option) => option.id === chosen)) return onPick(chosen)
    setProblem(t('pickFirst'))
    group.current?.querySelector<HTMLInputElement>('input')?.focus()
  }

  let body
  switch (list.status) {
    case 'idle':
      body = <p className="honu-muted">{t('noTenant')}</p>
      break
    case 'loading':
      body = (
        <p className="honu-muted" role="status">
          {words.loading}
        </p>
      )
      break
    case 'error':
      body = (
        <div role="alert">
          <p className="honu-error">{words.failed(ConsoleError.is(list.error) ? list.error.message : t('noAnswer'))}</p>
          <button type="button" className="honu-button" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      )
      break
    default:
      body =
        list.options.length === 0 ? (
          <p className="honu-muted">{words.none}</p>
        ) : (
          <form id={formId} className="honu-form" noValidate onSubmit={submit}>
            <fieldset
              ref={group}
              className={className}
              aria-describedby={problem ? `${id}-problem` : undefined}
              // Enter on an option shows it (the form's button sits in the dialog's footer, outside the form).
              onKeyDown={(event) => {
                if (event.key === 'Enter') submit(event)
              }}
            >
              <legend>{words.legend}</legend>
              {list.options.map((option) => (
                <label key={option.id} className={`${className}__option`}>
                  <input
                    type="radio"
                    name={`${id}-option`}
                    value={option.id}
                    checked={chosen === option.id}
                    onChange={() => {
                      setChosen(option.id)
                      setProblem(undefined)
                    }}
                  />{' '}
                  {option.label}
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
