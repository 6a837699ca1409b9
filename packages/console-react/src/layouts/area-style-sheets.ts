import { useEffect } from 'react'
import type { ConsoleArea } from '../navigation/console-area'

// One constructable sheet per area's CSS text and document, shared by every console on the page.
const sheets = /* @__PURE__ */ new WeakMap<Document, Map<string, CSSStyleSheet>>()

function sheetOf(doc: Document, css: string): CSSStyleSheet {
  let byText = sheets.get(doc)
  if (!byText) sheets.set(doc, (byText = new Map()))
  let sheet = byText.get(css)
  if (!sheet) {
    const View = doc.defaultView?.CSSStyleSheet ?? CSSStyleSheet
    sheet = new View()
    sheet.replaceSync(css)
    byText.set(css, sheet)
  }
  return sheet
}

/**
 * Adopts the areas' style sheets where `inside` renders: by the console's shadow root when it is isolated, else by the
 * page; while the working layout is mounted. Constructable sheets, never a `<style>` element, so a CSP without
 * `unsafe-inline` holds. A sheet another console on the page adopted already is not adopted twice.
 */
export function useAreaStyleSheets(inside: Element | null, areas: readonly ConsoleArea[]): void {
  useEffect(() => {
    const css = areas.flatMap((area) => (area.styleSheet ? [area.styleSheet] : []))
    if (!inside || !css.length) return
    const root = inside.getRootNode() as Document | ShadowRoot
    if (!('adoptedStyleSheets' in root)) return
    const added = css.map((text) => sheetOf(inside.ownerDocument, text)).filter((sheet) => !root.adoptedStyleSheets.includes(sheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...added]
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !added.includes(sheet))
    }
  }, [inside, areas])
}
