import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

/** One tab of {@link Tabs}. */
export interface Tab<K extends string> {
  key: K
  label: string
  /** The panel, rendered only while its tab is selected. */
  panel: () => ReactNode
}

/** Props of {@link Tabs}. */
export interface TabsProps<K extends string> {
  /** The tab list's accessible name. */
  label: string
  tabs: readonly Tab<K>[]
  selected: K
  onSelect: (key: K) => void
}

/**
 * Tabs (WAI-ARIA APG tabs, automatic activation): the selected tab is the one tab stop of the list; ArrowLeft and
 * ArrowRight (wrapping), Home and End select and focus another; Tab moves on into the panel.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect }: TabsProps<K>) {
  const id = useId()
  const refs = useRef(new Map<K, HTMLButtonElement | null>())
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === selected),
  )
  const current = tabs[index]
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = tabs[(target + tabs.length) % tabs.length]
    if (!next) return
    onSelect(next.key)
    refs.current.get(next.key)?.focus()
  }
  return (
    <div className="honu-tabs">
      <div role="tablist" aria-label={label} className="honu-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => void refs.current.set(tab.key, element)}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === current?.key}
            aria-controls={tab.key === current?.key ? `${id}-panel-${tab.key}` : undefined}
            tabIndex={tab.key === current?.key ? 0 : -1}
            className="honu-tabs__tab"
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`${id}-panel-${current.key}`} aria-labelledby={`${id}-tab-${current.key}`} className="honu-tabs__panel">
          {current.panel()}
        </div>
      )}
    </div>
  )
}
