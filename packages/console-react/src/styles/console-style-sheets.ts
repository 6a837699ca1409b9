import { consoleCss, widgetsCss } from './css-text'

/**
 * Inside a shadow root: the host element is the host page's to place and size (`display: block` unless it says
 * otherwise); the inner root drops everything inherited from the page (`all: initial`: colour, font, line height,
 * letter spacing, text transform…), so a host's `h1 {}`, `button { all: unset }`, Tailwind's preflight or link and
 * paragraph resets cannot reach the console (its selectors do not cross the boundary, and inheritance stops here).
 * Custom properties are not part of `all`: the `--honu-*` theme a host sets on the element (or above) crosses by
 * design, and so do the page's @font-face fonts. The inner root is the containing block of the console's positioned
 * parts, so where the page puts the element does not change them.
 */
export const shadowCss = `:host {
  display: block;
}
:host([hidden]) {
  display: none;
}
.honu-shadow-root {
  all: initial;
  display: block;
  position: relative;
  min-height: 100%;
}
`

const sheets = new WeakMap<Document, CSSStyleSheet[]>()

/**
 * The console's styles as constructable stylesheets, for `shadowRoot.adoptedStyleSheets` (no `<style>` element,
 * so a CSP without `unsafe-inline` holds): the shadow root's resets, `@honu/console-react/styles.css` (its imports
 * included, gridstack's rules scoped) and `@honu/widgets/styles.css`. Built once per document and shared by every
 * shadow root in it.
 *
 * @example shadowRoot.adoptedStyleSheets = [...consoleStyleSheets(), myOverrides]
 */
export function consoleStyleSheets(doc: Document = document): CSSStyleSheet[] {
  let list = sheets.get(doc)
  if (!list) {
    const View = doc.defaultView?.CSSStyleSheet ?? CSSStyleSheet
    list = [shadowCss, consoleCss, widgetsCss].map((text) => {
      const sheet = new View()
      sheet.replaceSync(text)
      return sheet
    })
    sheets.set(doc, list)
  }
  return list
}
