import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingList,
  offset,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListItem,
  useListNavigation,
  useRole,
  useTypeahead,
  type Placement,
} from '@floating-ui/react'
import { Check, ChevronDown } from 'lucide-react'
import { createContext, useContext, useRef, useState, type ReactNode } from 'react'
import { ICON_SIZE, type IconComponent } from './icon'
import { PartsPortal } from './parts-root'
import { Tooltip } from './tooltip'

interface MenuContextValue {
  activeIndex: number | null
  getItemProps: ReturnType<typeof useInteractions>['getItemProps']
  close: () => void
}

const MenuContext = createContext<MenuContextValue | null>(null)

/** Props of {@link MenuButton}. */
export interface MenuButtonProps {
  /** The button's accessible name; also its visible text unless `button` is given, or its tooltip with `iconOnly`. */
  label: string
  /** What the button shows instead of `label` (an avatar and an address, a tenant's name). */
  button?: ReactNode
  /** A lucide-react icon before the text. */
  icon?: IconComponent
  /** Show only `icon`; `label` becomes the button's name and tooltip. */
  iconOnly?: boolean
  /** The menu's items: {@link MenuItem}, {@link MenuSeparator}. */
  children: ReactNode
  /** Where the menu opens. Default `'bottom-end'`. */
  placement?: Placement
  /** Extra class of the button. */
  className?: string
}

/**
 * A menu button (WAI-ARIA APG menu button pattern). Enter, Space or ArrowDown opens the menu on its first item,
 * ArrowUp on its last; ArrowUp/ArrowDown move (wrapping), Home/End jump, typing a letter moves to the next item
 * that starts with it; Enter or Space chooses, Escape closes and returns focus to the button, Tab closes and moves
 * on, a press outside closes.
 *
 * @example
 * <MenuButton label="Account" button={email} icon={CircleUser}>
 *   <MenuItem label="Preferences" icon={Settings} onSelect={() => setPreferencesOpen(true)} />
 *   <MenuSeparator />
 *   <MenuItem label="Sign out" icon={LogOut} onSelect={signOut} />
 * </MenuButton>
 */
export function MenuButton({ label, button, icon: Icon, iconOnly = false, children, placement = 'bottom-end', className }: MenuButtonProps) {
  const [open, setOpen] = useState(false)
  const [activeIndex, setActiveIndex] = useState<number | null>(null)
  const elementsRef = useRef<Array<HTMLElement | null>>([])
  const labelsRef = useRef<Array<string | null>>([])

  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip(),
      shift({ padding: 8 }),
      // A long menu scrolls inside the viewport rather than running off it.
      size({
        padding: 8,
        apply: ({ availableHeight, elements }) => void elements.floating.style.setProperty('max-height', `${Math.max(availableHeight, 120)}px`),
      }),
    ],
  })
  const click = useClick(context)
  const dismiss = useDismiss(context)
  const role = useRole(context, { role: 'menu' })
  const navigation = useListNavigation(context, { listRef: elementsRef, activeIndex, onNavigate: setActiveIndex, loop: true })
  const typeahead = useTypeahead(context, { listRef: labelsRef, activeIndex, onMatch: open ? setActiveIndex : undefined })
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([click, dismiss, role, navigation, typeahead])

  const trigger = (
    <button
      ref={setReference}
      type="button"
      className={`honu-menu-button${iconOnly ? ' honu-icon-button' : ''}${className ? ` ${className}` : ''}`}
      aria-label={iconOnly || button !== undefined ? label : undefined}
      {...getReferenceProps()}
    >
      {Icon && <Icon size={ICON_SIZE} aria-hidden="true" />}
      {!iconOnly && <span className="honu-menu-button__text">{button ?? label}</span>}
      {!iconOnly && <ChevronDown className="honu-menu-button__chevron" size={16} aria-hidden="true" />}
    </button>
  )

  return (
    <>
      {iconOnly ? (
        <Tooltip content={label} kind="label">
          {trigger}
        </Tooltip>
      ) : (
        trigger
      )}
      {open && (
        <PartsPortal>
          {/* No focus guards: they are focusable yet aria-hidden (an axe violation). Tab closes the menu instead. */}
          <FloatingFocusManager context={context} modal={false} initialFocus={0} guards={false}>
            <div
              ref={setFloating}
              className="honu-menu"
              style={floatingStyles}
              aria-label={label}
              {...getFloatingProps({
                onKeyDown: (event) => {
                  // APG: Tab leaves the menu, which closes; focus goes back to the button, the next Tab moves on.
                  if (event.key === 'Tab') {
                    event.preventDefault()
                    setOpen(false)
                  }
                },
              })}
            >
              <MenuContext.Provider value={{ activeIndex, getItemProps, close: () => setOpen(false) }}>
                <FloatingList elementsRef={elementsRef} labelsRef={labelsRef}>
                  {children}
                </FloatingList>
              </MenuContext.Provider>
            </div>
          </FloatingFocusManager>
        </PartsPortal>
      )}
    </>
  )
}

/** Props of {@link MenuItem}. */
export interface MenuItemProps {
  /** The item's text, also what typeahead matches. */
  label: string
  /** A lucide-react icon before the text. */
  icon?: IconComponent
  /** Runs when the item is chosen (click, Enter, Space); the menu closes first and focus returns to its button. */
  onSelect: () => void
  /** Makes the item a radio item (`menuitemradio`) showing whether it is the current choice. */
  checked?: boolean
  /** Skipped by the arrow keys and cannot be chosen. */
  disabled?: boolean
}

/** One item of a {@link MenuButton}'s menu. */
export function MenuItem({ label, icon: Icon, onSelect, checked, disabled = false }: MenuItemProps) {
  const menu = useContext(MenuContext)
  if (!menu) throw new Error('MenuItem must be inside a MenuButton')
  const { ref: itemRef, index } = useListItem({ label: disabled ? null : label })
  const radio = checked !== undefined
  return (
    <button
      ref={itemRef}
      type="button"
      role={radio ? 'menuitemradio' : 'menuitem'}
      aria-checked={radio ? checked : undefined}
      className="honu-menu__item"
      tabIndex={menu.activeIndex === index ? 0 : -1}
      disabled={disabled}
      {...menu.getItemProps({
        onClick: () => {
          menu.close()
          onSelect()
        },
      })}
    >
      {radio ? (
        <Check className="honu-menu__check" size={ICON_SIZE} aria-hidden="true" data-checked={checked} />
      ) : (
        Icon && <Icon size={ICON_SIZE} aria-hidden="true" />
      )}
      <span>{label}</span>
    </button>
  )
}

/** A line between groups of a menu's items. */
export function MenuSeparator() {
  return <div role="separator" className="honu-menu__separator" />
}
