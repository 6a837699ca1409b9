import { FloatingFocusManager, FloatingOverlay, useDismiss, useFloating, useId, useInteractions, useRole } from '@floating-ui/react'
import { X } from 'lucide-react'
import { useState, type ReactNode, type RefObject } from 'react'
import { IconButton } from './icon-button'
import { PartsPortal, usePartsText } from './parts-root'
import { wrapTab } from './tab-stops'

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Whether it shows; the dialog is controlled by its opener. */
  open: boolean
  /** Called with `false` on Escape, the close button, a press on the backdrop (unless turned off). */
  onOpenChange: (open: boolean) => void
  /** Its heading; also its accessible name. */
  title: ReactNode
  /** A sentence under the heading; also its accessible description. */
  description?: ReactNode
  /** The content (a form, a list). */
  children?: ReactNode
  /** The actions row at the bottom (buttons). */
  footer?: ReactNode
  /**
   * What gets focus on open: an index among its focusable elements in document order (content, then footer,
   * then the close button, which comes last), or a ref. Default 0: the first field or button.
   */
  initialFocus?: number | RefObject<HTMLElement | null>
  /** `'alertdialog'` for a confirmation that interrupts. Default `'dialog'`. */
  role?: 'dialog' | 'alertdialog'
  /** Whether a press on the backdrop closes it. Default true; turn off for forms that hold typed input. */
  closeOnOutsidePress?: boolean
  /** Width: `'small'` (confirmations), `'medium'` (default, forms), `'large'`. */
  size?: 'small' | 'medium' | 'large'
  /** The close button's name and tooltip. Default: the parts' word for it (see `PartsRootProvider`). */
  closeLabel?: string
}

/**
 * A modal dialog (WAI-ARIA APG dialog pattern): focus moves in on open and is trapped inside (Tab and Shift+Tab
 * cycle), the page behind is inert and does not scroll, Escape and the close button close it, and focus returns to
 * the element that opened it.
 *
 * @example
 * const [open, setOpen] = useState(false)
 * <button type="button" onClick={() => setOpen(true)}>Preferences</button>
 * <Dialog open={open} onOpenChange={setOpen} title="Preferences" description="Saved for your account."
 *   footer={<button type="button" className="honu-button" onClick={() => setOpen(false)}>Done</button>}>
 *   …fields…
 * </Dialog>
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  initialFocus = 0,
  role = 'dialog',
  closeOnOutsidePress = true,
  size = 'medium',
  closeLabel,
}: DialogProps) {
  const text = usePartsText()
  const {
    refs: { setFloating },
    context,
  } = useFloating({ open, onOpenChange })
  const dismiss = useDismiss(context, { outsidePress: closeOnOutsidePress, outsidePressEvent: 'mousedown' })
  const roleProps = useRole(context, { role })
  const { getFloatingProps } = useInteractions([dismiss, roleProps])
  const titleId = useId()
  const descriptionId = useId()
  if (!open) return null
  return (
    <PartsPortal>
      <FloatingOverlay className="honu-dialog-backdrop" lockScroll>
        {/* No focus guards (see wrapTab); with none, Floating UI makes everything outside the dialog inert. */}
        <FloatingFocusManager context={context} initialFocus={initialFocus} returnFocus guards={false}>
          <div
            ref={setFloating}
            className={`honu-dialog honu-dialog--${size}`}
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={description ? descriptionId : undefined}
            {...getFloatingProps({ onKeyDown: (event) => wrapTab(event, event.currentTarget) })}
          >
            <h2 id={titleId} className="honu-dialog__title">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="honu-dialog__description">
                {description}
              </p>
            )}
            {children !== undefined && <div className="honu-dialog__body">{children}</div>}
            {footer && <div className="honu-dialog__footer">{footer}</div>}
            {/* Last in the DOM so the first field gets focus on open; placed top right by CSS. */}
            <IconButton
              className="honu-dialog__close"
              label={closeLabel ?? text.close}
              icon={X}
              onClick={() => onOpenChange(false)}
              tooltipPlacement="left"
            />
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </PartsPortal>
  )
}

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** Whether it shows. */
  open: boolean
  /** Called with `false` on Cancel, Escape, the close button, and after `onConfirm` succeeded. */
  onOpenChange: (open: boolean) => void
  /** The question, e.g. 'Delete Harbour cam?'. */
  title: ReactNode
  /** What happens, e.g. 'Widgets showing it stop playing. This cannot be undone.' */
  description?: ReactNode
  /** The confirming button's text, e.g. 'Delete'. */
  confirmLabel: string
  /** The cancelling button's text. Default: the parts' word for it (see `PartsRootProvider`). */
  cancelLabel?: string
  /** Styles the confirming button as destructive. */
  danger?: boolean
  /**
   * Does the thing. While its promise is pending both buttons are disabled; when it resolves the dialog closes,
   * when it rejects it stays open (the caller shows the failure, e.g. with a toast or `error`).
   */
  onConfirm: () => void | Promise<void>
  /** A failure to show inside the dialog (`role="alert"`). */
  error?: ReactNode
}

/**
 * A confirmation (APG alert dialog): the question, Cancel (focused on open, so Enter never destroys by accident)
 * and the confirming action.
 *
 * @example
 * <ConfirmDialog open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)}
 *   title={`Delete ${deleting?.name}?`} confirmLabel="Delete" danger onConfirm={() => remove(deleting!)} />
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  error,
}: ConfirmDialogProps) {
  const text = usePartsText()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
      onOpenChange(false)
    } catch {
      // The caller reports the failure (its `error`, a toast); the dialog stays for another try or Cancel.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={description}
      role="alertdialog"
      size="small"
      closeOnOutsidePress={false}
      footer={
        <>
          <button type="button" className="honu-button honu-button--quiet" disabled={busy} onClick={() => onOpenChange(false)}>
            {cancelLabel ?? text.cancel}
          </button>
          <button
            type="button"
            className={`honu-button${danger ? ' honu-button--danger' : ''}`}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {error ? (
        <p className="honu-error" role="alert">
          {error}
        </p>
      ) : undefined}
    </Dialog>
  )
}
