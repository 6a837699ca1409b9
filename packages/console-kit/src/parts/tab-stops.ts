const CANDIDATES =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * The elements Tab stops at inside `container`, in document order: one radio per group (the checked one, else the
 * first), nothing inert, hidden or with a negative tabindex.
 */
export function tabStopsIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(CANDIDATES)).filter((element) => {
    if (element.tabIndex < 0 || element.closest('[inert], [aria-hidden="true"], [hidden]')) return false
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true
    const group = Array.from(container.querySelectorAll<HTMLInputElement>('input[type="radio"]')).filter((radio) => radio.name === element.name)
    const checked = group.find((radio) => radio.checked)
    return checked ? checked === element : group[0] === element
  })
}

/**
 * Keeps Tab and Shift+Tab inside `container` (the APG dialog's wrap-around): from the last stop Tab goes to the
 * first, from the first (or the container itself) Shift+Tab to the last. We do this ourselves rather than with
 * Floating UI's focus guards, which are focusable elements marked aria-hidden, an axe violation
 * (aria-hidden-focus) whenever a dialog is open.
 */
export function wrapTab(event: { key: string; shiftKey: boolean; preventDefault(): void }, container: HTMLElement): void {
  if (event.key !== 'Tab') return
  const stops = tabStopsIn(container)
  const first = stops[0]
  const last = stops[stops.length - 1]
  if (!first || !last) {
    event.preventDefault()
    return
  }
  const active = container.ownerDocument.activeElement
  if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  } else if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault()
    last.focus()
  }
}
