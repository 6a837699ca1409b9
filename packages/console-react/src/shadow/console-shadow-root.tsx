import { useCallback, useState, type CSSProperties, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { consoleStyleSheets } from '../styles/console-style-sheets'

/** Props of {@link ConsoleShadowRoot}. */
export interface ConsoleShadowRootProps {
  /** The console (`<Console …/>`, `<ConsoleRoutes …/>` or a console route's element). */
  children?: ReactNode
  /** Class of the host element (a `div` in the page), which the page places and sizes. */
  className?: string
  /** Style of the host element; `--honu-*` custom properties set here (or on any ancestor) theme the console. */
  style?: CSSProperties
  /**
   * The sheets adopted by the shadow root. Default {@link consoleStyleSheets} (the console's and the widgets'
   * styles and the shadow root's resets); pass `[...consoleStyleSheets(), yours]` to add a sheet of your own.
   */
  styleSheets?: readonly CSSStyleSheet[]
}

/**
 * Renders its children in an open shadow root, so the host page's CSS cannot change the console and the console's
 * cannot reach the page: the console's styles are adopted as constructable stylesheets (no `<style>` element, so a
 * CSP without `unsafe-inline` holds), and inheritance from the page stops at the shadow root's inner element. The
 * theme's `--honu-*` custom properties and the page's fonts cross by design. Menus, dialogs, tooltips, popovers
 * and toasts render inside the console's root, so inside the shadow root too. React's events, context and
 * keyboard focus work as outside.
 *
 * @example
 * <ConsoleShadowRoot style={{ minHeight: '100vh' }}>
 *   <Console client={client} basename="/ops" embedded />
 * </ConsoleShadowRoot>
 */
export function ConsoleShadowRoot({ children, className, style, styleSheets }: ConsoleShadowRootProps) {
  const [container, setContainer] = useState<HTMLElement | null>(null)
  const attach = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return
      setContainer(attachConsoleShadow(host, styleSheets))
    },
    [styleSheets],
  )
  return (
    <div ref={attach} className={className} style={style} data-honu-shadow-host="">
      {container && createPortal(children, container)}
    </div>
  )
}

/**
 * Gives `host` an open shadow root (or takes the one it has) with the console's sheets adopted and an inner root
 * element that resets inheritance; returns that inner element, the place to render the console in.
 */
export function attachConsoleShadow(host: HTMLElement, styleSheets?: readonly CSSStyleSheet[]): HTMLElement {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  shadow.adoptedStyleSheets = [...(styleSheets ?? consoleStyleSheets(host.ownerDocument))]
  let inner = shadow.querySelector<HTMLElement>(':scope > .honu-shadow-root')
  if (!inner) {
    inner = host.ownerDocument.createElement('div')
    inner.className = 'honu-shadow-root'
    shadow.append(inner)
  }
  return inner
}
