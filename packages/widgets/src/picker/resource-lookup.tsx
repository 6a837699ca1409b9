import type { ComponentType } from 'react'
import { ConsoleError } from '@honu/core'
import { LookupStatus } from '@honu/console-kit'
import type { WidgetPickerProps } from '@honu/console-kit/widget'
import { ChooseResource } from './choose-resource'

/** A widget's lookup of its resource, before it is found: none chosen (`idle`), `loading`, `missing`, `error`. */
export type PendingLookup = ({ status: 'idle' | 'loading' | 'missing' } | { status: 'error'; error: unknown }) & { retry: () => void }

/** Props of {@link ResourceLookup}. */
export interface ResourceLookupProps<D> {
  lookup: PendingLookup
  /** The widget's words: finding, failed (with the server's reason, else `noAnswer`), none chosen, gone, choose. */
  words: {
    finding: string
    failed: (reason: string) => string
    noAnswer: string
    retry: string
    none: string
    gone: string
    choose: string
  }
  /** The class of the none-chosen or gone state. */
  className: string
  /** The widget's name and data, for its picker; the picked data is kept with `setData`. */
  name: string
  current: D
  setData: (data: D) => void
  Picker: ComponentType<WidgetPickerProps<D>>
}

/**
 * What a widget showing one resource of the tenant (a stream, a vehicle, a desktop) shows until it is found: the
 * lookup loading or failed (with a retry), or, with none chosen or one the tenant no longer has, why, and the
 * widget's own picker to point it at one (kept as its data). The Video, Vehicle and Vnc widgets share it.
 */
export function ResourceLookup<D>({ lookup, words, className, name, current, setData, Picker }: ResourceLookupProps<D>) {
  if (lookup.status === 'loading' || lookup.status === 'error')
    return (
      <LookupStatus
        state={lookup}
        loading={words.finding}
        failure={(error) => words.failed(ConsoleError.is(error) ? error.message : words.noAnswer)}
        retryLabel={words.retry}
        onRetry={lookup.retry}
      />
    )
  return (
    <ChooseResource
      className={className}
      message={lookup.status === 'missing' ? words.gone : words.none}
      chooseLabel={words.choose}
      picker={(close) => (
        <Picker
          name={name}
          current={current}
          onPick={(picked) => {
            close()
            setData(picked)
          }}
          onCancel={close}
        />
      )}
    />
  )
}
