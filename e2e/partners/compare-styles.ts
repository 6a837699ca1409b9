import type { Page } from '@playwright/test'

/**
 * Computed styles of every element under a root, property by property, to prove that a page's CSS does not reach
 * the console (or the console's the page). Shared by the partner fixtures' specs (SHADOW owns it; PACK's React 18
 * fixture uses it too).
 *
 * @example
 * const before = await collectStyles(page, 'honu-console', { includeRoot: false }) // inside its shadow root
 * await page.evaluate(() => toggleSheet('portal.css', false))
 * expect(styleDifferences(before, await collectStyles(page, 'honu-console'))).toEqual([])
 */

/** Element key (its path from the root: `tag.class1.class2:nth`) → property → computed value. */
export type StyleMap = Record<string, Record<string, string>>

export interface CollectOptions {
  /** Properties left out (e.g. `['width', 'height']` when two pages lay out differently). Default none. */
  exclude?: readonly string[]
  /** Only these properties. Default every one the browser computes (custom properties excluded). */
  only?: readonly string[]
  /** Skip elements matching this selector and their subtrees (e.g. a playing video's changing figures). */
  skip?: string
  /** Also `::before` and `::after` of each element. Default true. */
  pseudo?: boolean
  /** The root element's own styles too. Default true; false for a shadow host, whose styles are the page's. */
  includeRoot?: boolean
}

/**
 * The computed styles under the first element matching `root` (a CSS selector; `honu-console` or any element
 * with an open shadow root is walked inside it, and so is every open shadow root below).
 */
export async function collectStyles(page: Page, root: string, options: CollectOptions = {}): Promise<StyleMap> {
  return page.evaluate(
    ({ root, exclude, only, skip, pseudo, includeRoot }) => {
      const start = document.querySelector(root)
      if (!start) throw new Error(`collectStyles: no element matches ${root}`)
      const out: Record<string, Record<string, string>> = {}
      const excluded = new Set(exclude)
      const read = (style: CSSStyleDeclaration) => {
        const values: Record<string, string> = {}
        const names = only ?? Array.from(style).filter((name) => !name.startsWith('--'))
        for (const name of names) if (!excluded.has(name)) values[name] = style.getPropertyValue(name)
        return values
      }
      const key = (element: Element, parentKey: string, index: number) =>
        `${parentKey} > ${element.localName}${[...element.classList].map((c) => `.${c}`).join('')}:${index}`
      const walk = (element: Element, parentKey: string, index: number) => {
        if (skip && element.matches(skip)) return
        const k = key(element, parentKey, index)
        if (element !== start || includeRoot) out[k] = read(getComputedStyle(element))
        if (pseudo && (element !== start || includeRoot)) {
          for (const p of ['::before', '::after'] as const) {
            const style = getComputedStyle(element, p)
            if (style.content !== 'none' && style.content !== 'normal') out[`${k}${p}`] = read(style)
          }
        }
        const children = [...(element.shadowRoot?.children ?? []), ...element.children].filter(
          (c) => c.localName !== 'style' && c.localName !== 'script',
        )
        children.forEach((child, i) => walk(child, k, i))
      }
      walk(start, '', 0)
      return out
    },
    {
      root,
      exclude: options.exclude ?? [],
      only: options.only,
      skip: options.skip,
      pseudo: options.pseudo ?? true,
      includeRoot: options.includeRoot ?? true,
    },
  )
}

/**
 * Every difference between two collections, one line each (`element: property a → b`), and the elements found in
 * only one of them. Empty when they match property by property.
 */
export function styleDifferences(a: StyleMap, b: StyleMap, { limit = 50 }: { limit?: number } = {}): string[] {
  const lines: string[] = []
  for (const k of Object.keys(a)) {
    if (!(k in b)) lines.push(`${k}: only in the first`)
    else for (const [name, value] of Object.entries(a[k]!)) if (b[k]![name] !== value) lines.push(`${k}: ${name} ${value} → ${b[k]![name]}`)
  }
  for (const k of Object.keys(b)) if (!(k in a)) lines.push(`${k}: only in the second`)
  return lines.length > limit ? [...lines.slice(0, limit), `… and ${lines.length - limit} more`] : lines
}

/** How many elements a collection holds (so a test can say its comparison covered the screen). */
export const elementCount = (styles: StyleMap) => Object.keys(styles).filter((k) => !k.endsWith('::before') && !k.endsWith('::after')).length
