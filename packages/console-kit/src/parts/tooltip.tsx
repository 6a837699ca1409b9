import {
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useMergeRefs,
  useRole,
  type Placement,
} from '@floating-ui/react'
import { cloneElement, useState, type HTMLProps, type ReactElement, type ReactNode } from 'react'
import { elementRef } from './element-ref'
import { PartsPortal } from './parts-root'

/** Props of {@link Tooltip}. */
export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode
  /** The one focusable element it describes (a button, a link); it receives the handlers and the ref. */
  children: ReactElement
  /** Where it shows beside the element. Default `'top'` (flips when there is no room). */
  placement?: Placement
  /**
   * `'description'` (default): the element is described by the tooltip (`aria-describedby` while shown).
   * `'label'`: the tooltip repeats the element's accessible name (an icon-only button's `aria-label`), so it is
   * not announced a second time.
   */
  kind?: 'description' | 'label'
  /** Hover delay before showing, in ms; keyboard focus shows it at once. Default 400. */
  openDelayMs?: number
}

/**
 * A tooltip (WAI-ARIA APG tooltip pattern): shows while its element is hovered or has keyboard focus, hides on
 * Escape, blur, pointer leave or a press elsewhere. It never holds anything interactive; use a popover for that.
 *
 * @example
 * <Tooltip content="Sorted by name"><button type="button">Sort</button></Tooltip>
 */
export function Tooltip({ content, children, placement = 'top', kind = 'description', openDelayMs = 400 }: TooltipProps) {
  const [open, setOpen] = useState(false)
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
  const hover = useHover(context, { move: false, delay: { open: openDelayMs, close: 0 } })
  const focus = useFocus(context)
  // Escape hides the tooltip and goes on to whatever holds its element: one Escape on a dialog's close button closes
  // the dialog, instead of only the tooltip (Floating UI stops the key at the first layer unless it bubbles).
  const dismiss = useDismiss(context, { bubbles: { escapeKey: true } })
  // As a label the text is the element's name already: no aria-describedby repeating it.
  const role = useRole(context, { role: 'tooltip', enabled: kind === 'description' })
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss, role])
  const ref = useMergeRefs([setReference, elementRef<Element>(children)])
  const childProps = children.props as HTMLProps<Element>

  return (
    <>
      {cloneElement(children, getReferenceProps({ ...childProps, ref } as HTMLProps<Element>))}
      {open && (
        <PartsPortal>
          <div
            ref={setFloating}
            className="honu-tooltip"
            style={floatingStyles}
            {...getFloatingProps(kind === 'label' ? { role: 'tooltip', 'aria-hidden': true } : {})}
          >
            {content}
          </div>
        </PartsPortal>
      )}
    </>
  )
}
