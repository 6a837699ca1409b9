import { FloatingPortal } from '@floating-ui/react'
import { createContext, useContext, type ReactNode } from 'react'

/**
 * Where the floating parts (menus, popovers, tooltips, dialogs) put their layer. `null` means Floating UI's own
 * default, `document.body`. The console provides an element inside its themed root, so a layer keeps the console's
 * custom properties and theme; inside a shadow root (the custom element) it must be an element of that root,
 * since `document.body` is outside the shadow tree's styles.
 */
export const PartsRootContext = createContext<HTMLElement | ShadowRoot | null>(null)

/** Props of {@link PartsRootProvider}. */
export interface PartsRootProviderProps {
  /** The element (or shadow root) the parts' layers are appended to; `null` until it is mounted. */
  root: HTMLElement | ShadowRoot | null
  children?: ReactNode
}

/**
 * Sets where the floating parts below it render their layers.
 *
 * @example
 * const [layer, setLayer] = useState<HTMLElement | null>(null)
 * <PartsRootProvider root={layer}>{children}<div ref={setLayer} /></PartsRootProvider>
 */
export function PartsRootProvider({ root, children }: PartsRootProviderProps) {
  return <PartsRootContext.Provider value={root}>{children}</PartsRootContext.Provider>
}

/** A portal into the configured parts root (see {@link PartsRootProvider}), `document.body` without one. */
export function PartsPortal({ children }: { children?: ReactNode }) {
  const root = useContext(PartsRootContext)
  return <FloatingPortal root={root ?? undefined}>{children}</FloatingPortal>
}
