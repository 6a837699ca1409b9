import { useId } from 'react'
import type { DeviceKind } from '@honu/core'
import { topologyWords, DEVICE_KINDS, DEVICE_STATES, type DeviceState, type TopologyFilter } from '@honu/core/topology'
import { useMessages } from '@honu/console-kit'
import { topologyMessages } from './topology-messages'

/** Props of {@link FilterBar}. */
export interface FilterBarProps {
  /** The shared filter (the store's): the list and the graph show the devices it lets through. */
  filter: TopologyFilter
  /** Changes part of the filter (`store.setFilter`). */
  onChange: (patch: Partial<TopologyFilter>) => void
}

/** `values` with `value` added or removed, in `order`'s order (so the same choice is always the same array). */
function toggled<T>(values: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  return order.filter((item) => (item === value ? on : values.includes(item)))
}

/**
 * The filter the list and the graph share: a search (name, address, kind or network), and the kinds and states to
 * show as check boxes (none ticked: every one). Changes go to the store at once, so switching view keeps them.
 */
export function FilterBar({ filter, onChange }: FilterBarProps) {
  const t = useMessages(topologyMessages)
  const w = useMessages(topologyWords)
  const id = useId()
  const active = filter.query !== '' || filter.kinds.length > 0 || filter.states.length > 0
  return (
    <form className="honu-topology-filters" role="search" aria-label={t('filters')} onSubmit={(event) => event.preventDefault()}>
      <div className="honu-topology-filters__search">
        <label htmlFor={`${id}-search`}>{t('search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={filter.query}
          onChange={(event) => onChange({ query: event.target.value })}
          aria-describedby={`${id}-help`}
          autoComplete="off"
        />
        <span id={`${id}-help`} className="honu-muted">
          {t('searchHelp')}
        </span>
      </div>
      <fieldset className="honu-topology-filters__group">
        <legend>{t('kind')}</legend>
        {DEVICE_KINDS.map((kind: DeviceKind) => (
          <label key={kind} className="honu-checkbox honu-topology-chip" data-kind={kind}>
            <input
              type="checkbox"
              checked={filter.kinds.includes(kind)}
              onChange={(event) => onChange({ kinds: toggled(filter.kinds, kind, event.target.checked, DEVICE_KINDS) })}
            />
            {w(`kind_${kind}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="honu-topology-filters__group">
        <legend>{t('state')}</legend>
        {DEVICE_STATES.map((state: DeviceState) => (
          <label key={state} className="honu-checkbox honu-topology-chip" data-state={state}>
            <input
              type="checkbox"
              checked={filter.states.includes(state)}
              onChange={(event) => onChange({ states: toggled(filter.states, state, event.target.checked, DEVICE_STATES) })}
            />
            <span className="honu-topology-state__dot" aria-hidden="true" />
            {w(`state_${state}`)}
          </label>
        ))}
      </fieldset>
      {active && (
        <button type="button" className="honu-button honu-button--quiet" onClick={() => onChange({ query: '', kinds: [], states: [] })}>
          {t('clearFilters')}
        </button>
      )}
    </form>
  )
}
