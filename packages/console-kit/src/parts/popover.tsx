import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useMergeRefs,
  useRole,
  type Placement,
} from '@floating-ui/react'
import { cloneElement, useState, type HTMLProps, type ReactElement, type ReactNode } from 'react'
import { elementRef } from './element-ref'
import { PartsPortal } from './parts-root'
import { tabStopsIn } from './tab-stops'

/** Props of {@link Popover}. */
export interface PopoverProps {
  /** The button that opens and closes it; it receives `aria-expanded`, `aria-controls`, the handlers and the ref. */
  trigger: ReactElement
  /** The popover's accessible name (it is a non-modal dialog). */
  label: string
  /** Its content; a function receives `close` (for a Done button). */
  children: ReactNode | ((close: () => void) => ReactNode)
  /** Where it opens. Default `'bottom-start'`. */
  placement?: Placement
  /** Controlled open state (optional; uncontrolled otherwise). */
  open?: boolean
  /** Called when it opens or closes. */
  onOpenChange?: (open: boolean) => void
}

/**
 * A popover: a non-modal dialog anchored to its button. Click, Enter or Space on the button toggles it; focus moves
 * into it on open; Escape or a press outside closes it and focus returns to the button; Tab past its end closes it.
 *
 * @example
 * <Popover label="Stream details" trigger={<button type="button">Details</button>}>
 *   {(close) => <><p>…</p><button type="button" onClick={close}>Done</button></>}
 * </Popover>
 */
export function Popover({ trigger, label, children, placement = 'bottom-start', open: controlled, onOpenChange }: PopoverProps) {
  const [uncontrolled, setUncontrolled] = useState(false)
  const open = controlled ?? uncontrolled
  const setOpen = (next: boolean) => {
    setUncontrolled(next)
    onOpenChange?.(next)
  }
  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(6), flip(), shift({ padding: 8 })],
  })
  const click = useClick(context)
  const dismiss = useDismiss(context)
  const role = useRole(context, { role: 'dialog' })
  const { getReferenceProps, getFloatingProps } = useInteractions([click, dismiss, role])
  const ref = useMergeRefs([setReference, elementRef<Element>(trigger)])
  const close = () => setOpen(false)

  return (
    <>
      {cloneElement(trigger, getReferenceProps({ ...(trigger.props as HTMLProps<Element>), ref } as HTMLProps<Element>))}
      {open && (
        <PartsPortal>
          {/* No focus guards (focusable yet aria-hidden: an axe violation); Tab past either end closes it instead. */}
          <FloatingFocusManager context={context} modal={false} guards={false}>
            <div
              ref={setFloating}
              className="honu-popover"
              style={floatingStyles}
              aria-label={label}
              {...getFloatingProps({
                onKeyDown: (event) => {
                  if (event.key !== 'Tab') return
                  const stops = tabStopsIn(event.currentTarget)
                  const active = event.currentTarget.ownerDocument.activeElement
                  if (stops.length === 0 || (event.shiftKey ? active === stops[0] : active === stops[stops.length - 1])) {
                    event.preventDefault()
                    close()
                  }
                },
              })}
            >
              {typeof children === 'function' ? children(close) : children}
            </div>
          </FloatingFocusManager>
        </PartsPortal>
      )}
    </>
  )
}
