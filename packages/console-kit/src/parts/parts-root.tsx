import { FloatingPortal } from '@floating-ui/react'
import { createContext, useContext, useMemo, type ReactNode } from 'react'

/** The few words the parts say themselves, in the console's language (English without a provider). */
export interface PartsText {
  /** A dialog's close button. */
  close: string
  /** A confirmation's cancel button. */
  cancel: string
  /** A combobox whose filter matches nothing. */
  noMatches: string
}

const ENGLISH: PartsText = { close: 'Close', cancel: 'Cancel', noMatches: 'No matches' }

interface PartsRootValue {
  root: HTMLElement | ShadowRoot | null
  text: PartsText
}

/**
 * Where the floating parts (menus, popovers, tooltips, dialogs) put their layer, and their words. `root: null`
 * means Floating UI's own default, `document.body`. The console provides an element inside its themed root, so a
 * layer keeps the console's custom properties and theme; inside a shadow root (the custom element) it must be an
 * element of that root, since `document.body` is outside the shadow tree's styles.
 */
export const PartsRootContext = createContext<PartsRootValue>({ root: null, text: ENGLISH })

/** Props of {@link PartsRootProvider}. */
export interface PartsRootProviderProps {
  /** The element (or shadow root) the parts' layers are appended to; `null` until it is mounted. */
  root: HTMLElement | ShadowRoot | null
  /** The parts' own words in the active language. Default English. */
  text?: PartsText
  children?: ReactNode
}

/**
 * Sets where the floating parts below it render their layers.
 *
 * @example
 * const [layer, setLayer] = useState<HTMLElement | null>(null)
 * <PartsRootProvider root={layer}>{children}<div ref={setLayer} /></PartsRootProvider>
 */
export function PartsRootProvider({ root, text = ENGLISH, children }: PartsRootProviderProps) {
  const value = useMemo(() => ({ root, text }), [root, text])
  return <PartsRootContext.Provider value={value}>{children}</PartsRootContext.Provider>
}

/** The parts' words from the nearest {@link PartsRootProvider}. */
export const usePartsText = (): PartsText => useContext(PartsRootContext).text

/**
 * A portal into the configured parts root (see {@link PartsRootProvider}), `document.body` without one. Without
 * Floating UI's tab-order guards: they are focusable elements marked aria-hidden (axe: aria-hidden-focus), so each
 * part handles Tab itself (a menu closes, a popover closes at its ends, a dialog wraps round).
 */
export function PartsPortal({ children }: { children?: ReactNode }) {
  const { root } = useContext(PartsRootContext)
  return (
    <FloatingPortal root={root ?? undefined} preserveTabOrder={false}>
      {children}
    </FloatingPortal>
  )
}
