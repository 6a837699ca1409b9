import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cssTextModule, scopedGridstack } from '../../scripts/build-css.mjs'
import { isScoped, listRules } from '../../scripts/css-tools.mjs'
import { consoleCss, widgetsCss } from './css-text'
import { shadowCss } from './console-style-sheets'

const here = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')

/** Every selector of a stylesheet that could match an element outside the console. */
const unscoped = (css: string) => listRules(css).rules.flatMap((rule) => rule.selectors.filter((s) => !isScoped(s)))

describe('the shipped CSS is scoped to the console', () => {
  it('the generated files are current (run node packages/console-react/scripts/build-css.mjs)', () => {
    expect(here('./gridstack.css')).toBe(scopedGridstack())
    expect(here('./css-text.ts')).toBe(cssTextModule())
  })

  it('styles.css with its imports: every selector starts under a .honu- class', () => {
    const { rules } = listRules(consoleCss)
    expect(rules.length).toBeGreaterThan(200)
    expect(unscoped(consoleCss)).toEqual([])
  })

  it("gridstack's rules are all there, and all under the console's roots", () => {
    const gridstack = listRules(here('./gridstack.css')).rules.flatMap((r) => r.selectors)
    expect(gridstack.filter((s) => /\.(grid-stack|ui-)/.test(s)).length).toBe(gridstack.length)
    expect(gridstack.length).toBeGreaterThan(30)
    for (const selector of gridstack) expect(selector.startsWith(':where(.honu-console, .honu-dashboard) ')).toBe(true)
    // Nothing of gridstack reaches the page through an import of its own.
    expect(listRules(consoleCss).atRules.filter((a) => a.name === 'import')).toEqual([])
    expect(here('../styles.css')).not.toMatch(/@import\s+['"]gridstack/)
  })

  it("@honu/widgets' styles.css and the shadow root's resets: every selector scoped", () => {
    expect(listRules(widgetsCss).rules.length).toBeGreaterThan(5)
    expect(unscoped(widgetsCss)).toEqual([])
    expect(unscoped(shadowCss)).toEqual([])
  })

  it('no global at-rule: no @font-face, and keyframes only under honu- names', () => {
    const atRules = [...listRules(consoleCss).atRules, ...listRules(widgetsCss).atRules]
    expect(atRules.filter((a) => a.name === 'font-face' || a.name === 'import')).toEqual([])
    expect(atRules.filter((a) => a.name === 'keyframes' && !a.prelude.startsWith('honu-'))).toEqual([])
  })
})

describe('isScoped', () => {
  it.each([
    ['.honu-console h1', true],
    ['.honu-console', true],
    ['.honu-dashboard .honu-grid-item[data-state="lifted"] .x', true],
    [':host', true],
    [':host([hidden])', true],
    [':where(.honu-console, .honu-dashboard) .grid-stack > .grid-stack-item', true],
    ['.honu-console :is(input, select)', true],
    ['.grid-stack > .grid-stack-item', false],
    ['.ui-resizable-resizing', false],
    ['h1', false],
    ['* ', false],
    ['div.honu-console', true],
    ['a .honu-console', false],
    [':where(.honu-console, div) p', false],
    ['.not-honu-console', false],
    [':not(.honu-console) p', false],
  ])('%s → %s', (selector, scoped) => {
    expect(isScoped(selector)).toBe(scoped)
  })
})
