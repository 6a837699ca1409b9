import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Where toasts sit is CSS, which jsdom does not lay out: this holds styles.css to it. The console's root is the
 * toasts' containing block (they stay inside the console's area, never fixed over a host's header), and in a host's
 * toastContainer they follow the container's flow.
 */
const css = readFileSync(join(import.meta.dirname, '..', 'styles.css'), 'utf8')

/** The declarations of the rule whose selector list is exactly `selector`. */
function rule(selector: string): string {
  const at = css.indexOf(`${selector} {`)
  if (at < 0) throw new Error(`no rule ${selector}`)
  return css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at))
}

describe('toast placement', () => {
  it('no toast rule is position: fixed', () => {
    const toastRules = [...css.matchAll(/([^{}]*\.honu-toast[^{}]*)\{([^}]*)\}/g)]
    expect(toastRules.length).toBeGreaterThan(3)
    for (const [, selector, body] of toastRules) expect(body, selector!.trim()).not.toMatch(/position:\s*fixed/)
  })

  it("they are placed against the console's root", () => {
    expect(rule('.honu-console .honu-toasts')).toMatch(/position:\s*absolute/)
    // The root's own rule (the one that paints the console's background) makes it their containing block.
    const rootRules = css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split('}')
      .map((chunk) => chunk.split('{'))
      .filter(([selector]) => selector!.split(';').at(-1)!.trim() === '.honu-console')
      .map(([, body]) => body!)
    expect(rootRules.find((body) => body.includes('background: var(--honu-bg)'))).toMatch(/position:\s*relative/)
  })

  it("in a host's container they follow its flow", () => {
    expect(rule('.honu-console.honu-toast-host .honu-toasts')).toMatch(/position:\s*static/)
    expect(rule('.honu-console.honu-toast-host')).toMatch(/min-height:\s*0/)
  })
})
