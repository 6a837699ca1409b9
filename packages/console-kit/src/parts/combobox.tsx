import {
  autoUpdate,
  flip,
  FloatingList,
  offset,
  size,
  useDismiss,
  useFloating,
  useId,
  useInteractions,
  useListItem,
  useListNavigation,
} from '@floating-ui/react'
import { useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react'
import { PartsPortal, usePartsText } from './parts-root'

/** One choice of a {@link Combobox}. */
export interface ComboboxOption {
  /** What `onChange` receives. */
  value: string
  /** What the user reads and filters by. */
  label: string
  /** A second, muted line (a stream's address, a tenant's network). */
  description?: string
}

/** Props of {@link Combobox}. */
export interface ComboboxProps {
  /** The visible label of the input. */
  label: string
  /** The choices, in the order shown. */
  options: readonly ComboboxOption[]
  /** The chosen option's value; `undefined` for none. */
  value: string | undefined
  /** Called with the value the user chose (Enter or a click). */
  onChange: (value: string) => void
  /** Hint in the empty input. */
  placeholder?: string
  /** Whether an option matches what was typed. Default: its label or description contains it, ignoring case. */
  filter?: (option: ComboboxOption, query: string) => boolean
  /** The input's id (for a `<label>` elsewhere or `aria-describedby`). Default: generated. */
  id?: string
}

const contains = (option: ComboboxOption, query: string) => {
  const needle = query.trim().toLocaleLowerCase()
  return option.label.toLocaleLowerCase().includes(needle) || (option.description?.toLocaleLowerCase().includes(needle) ?? false)
}

/**
 * A filterable combobox (WAI-ARIA APG combobox with a listbox popup, list autocomplete): typing filters the
 * options; ArrowDown/ArrowUp open the list and move the active option, which `aria-activedescendant` names while
 * focus stays in the input; Enter chooses it, Escape closes the list (and puts back the chosen option's label), a
 * press outside closes it. The input shows the chosen option's label when not typing.
 *
 * @example
 * <Combobox label="Stream" options={streams.map((s) => ({ value: s.video_id, label: s.name }))}
 *   value={streamId} onChange={setStreamId} placeholder="Type to filter" />
 */
export function Combobox({ label, options, value, onChange, placeholder, filter = contains, id }: ComboboxProps) {
  const text = usePartsText()
  const generatedId = useId()
  const inputId = id ?? `${generatedId}-input`
  const listId = `${generatedId}-listbox`
  const optionId = (index: number) => `${generatedId}-option-${index}`
  const chosen = options.find((option) => option.value === value)
  // What the user typed; null while not typing (the input then shows the chosen option).
  const [query, setQuery] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [activeIndex, setActiveIndex] = useState<number | null>(null)
  const listRef = useRef<Array<HTMLElement | null>>([])
  const shown = query ? options.filter((option) => filter(option, query)) : options

  const setOpenAndReset = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setQuery(null)
      setActiveIndex(null)
    }
  }
  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange: setOpenAndReset,
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply: ({ rects, availableHeight, elements }) => {
          elements.floating.style.setProperty('width', `${rects.reference.width}px`)
          elements.floating.style.setProperty('max-height', `${Math.max(availableHeight, 120)}px`)
        },
      }),
    ],
  })
  const dismiss = useDismiss(context)
  const navigation = useListNavigation(context, {
    listRef,
    activeIndex,
    selectedIndex: chosen ? shown.indexOf(chosen) : null,
    onNavigate: setActiveIndex,
    virtual: true,
    loop: true,
  })
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([dismiss, navigation])

  const choose = (option: ComboboxOption) => {
    onChange(option.value)
    setOpenAndReset(false)
  }
  const active = open && activeIndex !== null && activeIndex < shown.length ? activeIndex : null

  return (
    <div className="honu-combobox">
      <label htmlFor={inputId} className="honu-combobox__label">
        {label}
      </label>
      <input
        {...getReferenceProps({
          ref: setReference,
          onChange: (event: ChangeEvent<Element>) => {
            const typed = (event.target as HTMLInputElement).value
            setQuery(typed)
            setOpen(true)
            setActiveIndex(typed ? 0 : null)
          },
          onKeyDown: (event: KeyboardEvent<Element>) => {
            if (event.key === 'Enter' && active !== null) {
              event.preventDefault()
              choose(shown[active]!)
            }
          },
        })}
        id={inputId}
        className="honu-combobox__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open && shown.length > 0 ? listId : undefined}
        aria-activedescendant={active !== null ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={query ?? chosen?.label ?? ''}
      />
      {open && (
        <PartsPortal>
          {shown.length === 0 ? (
            // Not a listbox: a listbox must hold options. Announced as the input's live hint.
            <div ref={setFloating} className="honu-listbox" style={floatingStyles} role="status">
              <p className="honu-listbox__empty">{text.noMatches}</p>
            </div>
          ) : (
            <div
              ref={setFloating}
              id={listId}
              role="listbox"
              aria-label={label}
              className="honu-listbox"
              style={floatingStyles}
              {...getFloatingProps()}
            >
              <FloatingList elementsRef={listRef}>
                {shown.map((option, index) => (
                  <OptionRow
                    key={option.value}
                    id={optionId(index)}
                    selected={option.value === value}
                    active={active === index}
                    itemProps={getItemProps({ onClick: () => choose(option) })}
                  >
                    <span>{option.label}</span>
                    {option.description && <span className="honu-listbox__description">{option.description}</span>}
                  </OptionRow>
                ))}
              </FloatingList>
            </div>
          )}
        </PartsPortal>
      )}
    </div>
  )
}

/** One option, registered with the list (in order) so the arrow keys can reach it. */
function OptionRow({
  id,
  selected,
  active,
  itemProps,
  children,
}: {
  id: string
  selected: boolean
  active: boolean
  itemProps: Record<string, unknown>
  children: ReactNode
}) {
  const { ref } = useListItem()
  return (
    <div {...itemProps} ref={ref} id={id} role="option" aria-selected={selected} data-active={active} className="honu-listbox__option">
      {children}
    </div>
  )
}
