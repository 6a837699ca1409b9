import axe from 'axe-core'
import { expect } from 'vitest'

/** Runs axe on a rendered container and fails with the violations listed by rule and target. */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  // jsdom cannot compute colour contrast; that rule runs in the browser tests.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  const violations = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(violations).toEqual([])
}
