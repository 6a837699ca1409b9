import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BREAKPOINTS } from '@honu/core'

/**
 * CSS cannot import the breakpoints of spec §9, so this test holds the style sheets to them: every width a media
 * (or container) query compares with must be one of BREAKPOINTS, in px. Changing a figure in core without the CSS,
 * or writing another width in the CSS (1023.98px, 64em, 768px), fails here.
 */

const root = join(import.meta.dirname, '..', '..', '..')
const roots = ['packages', 'examples'].map((dir) => join(root, dir))

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'storybook-static', '.data'].includes(entry.name)) return []
    const path = join(dir, entry.name)
    return entry.isDirectory() ? cssFiles(path) : entry.name.endsWith('.css') ? [path] : []
  })
}

/** Each width a query compares with: its number and unit, and the condition it came from. */
function queryWidths(css: string): { value: number; unit: string; condition: string }[] {
  const found: { value: number; unit: string; condition: string }[] = []
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '')
  for (const [, prelude] of withoutComments.matchAll(/@(?:media|container)([^{]*)\{/g)) {
    // The conditions in parentheses that test a width: (min-width: 600px), (width < 1024px), (600px <= width < 1440px).
    for (const [condition] of prelude!.matchAll(/\([^()]*width[^()]*\)/g)) {
      for (const [, value, unit] of condition.matchAll(/(-?\d*\.?\d+)\s*([a-z%]*)/g)) found.push({ value: Number(value), unit: unit!, condition })
    }
  }
  return found
}

const allowed = new Set<number>(Object.values(BREAKPOINTS))
const offBreakpoint = (css: string) => queryWidths(css).filter((w) => w.unit !== 'px' || !allowed.has(w.value))

describe('the CSS uses the breakpoints of spec §9 and no other widths', () => {
  const files = roots.flatMap(cssFiles)

  it('finds the style sheets', () => {
    expect(files.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining(['packages/console-react/src/styles.css', 'packages/widgets/src/styles.css']),
    )
  })

  it.each(files.map((file) => [relative(root, file), file]))('%s', (_name, file) => {
    const css = readFileSync(file, 'utf8')
    expect(offBreakpoint(css).map((w) => `${w.condition} uses ${w.value}${w.unit}`)).toEqual([])
  })

  it('the console styles use the breakpoints the code relies on: 600 (touch targets) and 1024 (stream list overlay)', () => {
    const used = new Set(queryWidths(readFileSync(join(root, 'packages/console-react/src/styles.css'), 'utf8')).map((w) => w.value))
    expect(used).toContain(BREAKPOINTS.sm)
    expect(used).toContain(BREAKPOINTS.md)
  })

  it('catches widths that are not breakpoints, in every syntax', () => {
    expect(offBreakpoint('@media (max-width: 1023.98px) { a { b: c } }')).toHaveLength(1)
    expect(offBreakpoint('@media screen and (min-width: 64em) { }')).toHaveLength(1)
    expect(offBreakpoint('@media (768px <= width < 1024px) { }').map((w) => w.value)).toEqual([768])
    expect(offBreakpoint('@container (inline-size > 600px), (width > 601px) { }').map((w) => w.value)).toEqual([601])
    expect(offBreakpoint('@media (pointer: coarse), (width < 1024px) { } /* @media (width: 5px) { */')).toEqual([])
  })
})
