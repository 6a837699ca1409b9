import { useEffect } from 'react'
import type { ConsoleArea } from '../navigation/console-area'

// One constructable sheet per area's CSS text and document, shared by every console on the page.
const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>()

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

// How many mounted working layouts adopted each sheet into each root: the last to unmount takes it out.
const users = new WeakMap<Document | ShadowRoot, Map<CSSStyleSheet, number>>()

/**
 * Adopts the areas' style sheets where `inside` renders: by the console's shadow root when it is isolated, else by the
 * page; while the working layout is mounted. Constructable sheets, never a `<style>` element, so a CSP without
 * `unsafe-inline` holds. Two consoles on one page share one sheet, adopted once and kept while either shows.
 */
export function useAreaStyleSheets(inside: Element | null, areas: readonly ConsoleArea[]): void {
  useEffect(() => {
    const css = areas.flatMap((area) => (area.styleSheet ? [area.styleSheet] : []))
    if (!inside || !css.length) return
    const root = inside.getRootNode() as Document | ShadowRoot
    if (!('adoptedStyleSheets' in root)) return
    let counts = users.get(root)
    if (!counts) users.set(root, (counts = new Map()))
    const mine = css.map((text) => sheetOf(inside.ownerDocument, text))
    for (const sheet of mine) counts.set(sheet, (counts.get(sheet) ?? 0) + 1)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...mine.filter((sheet) => !root.adoptedStyleSheets.includes(sheet))]
    return () => {
      for (const sheet of mine) counts.set(sheet, counts.get(sheet)! - 1)
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !(counts.get(sheet)! <= 0))
    }
  }, [inside, areas])
}
