import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations, signIn } from './helpers'

/** axe on the header alone (its menus' layer is in the main landmark, checked with the whole page). */
async function expectHeaderClean(page: Page) {
  const results = await new AxeBuilder({ page }).include('.honu-header').analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press(key)
  }
  await expect(target).toBeFocused()
}

test('the header from the keyboard alone: user menu, a dialog closed with Escape, the theme, a tenant switch, the folded navigation', async ({
  page,
}) => {
  await signIn(page, 'wes@honu.test')
  await expect(page.getByRole('heading', { name: 'Choose a tenant' })).toBeFocused()
  await expect(page.getByRole('button', { name: /Alpha Harbour/ })).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Streams', exact: true })).toBeFocused()
  const theme = page.locator('.honu-console').first()
  await expect(theme).toHaveAttribute('data-theme', 'dark')
  await expectHeaderClean(page)

  // The user menu: opens on its first item; arrows, End and Home move; the open menu passes axe.
  const account = page.getByRole('button', { name: 'Account: wes@honu.test' })
  await tabTo(page, account)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Preferences' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused()
  await page.keyboard.press('Home')
  await expect(page.getByRole('menuitem', { name: 'Preferences' })).toBeFocused()
  await expectNoAxeViolations(page)

  // Preferences: a modal dialog; the light theme chosen with the arrow keys; Escape closes, focus back on the menu.
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Preferences' })
  await expect(dialog).toBeVisible()
  await tabTo(page, dialog.getByRole('radio', { name: 'Dark' }))
  await page.keyboard.press('ArrowDown')
  await expect(dialog.getByRole('radio', { name: 'Light' })).toBeChecked()
  await expect(theme).toHaveAttribute('data-theme', 'light')
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(account).toBeFocused()
  await expectHeaderClean(page)

  // The tenant switcher: typeahead to Charlie Survey, Enter switches and opens its streams.
  const switcher = page.getByRole('button', { name: 'Tenant: Alpha Harbour' })
  await tabTo(page, switcher, 'Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitemradio', { name: 'Alpha Harbour' })).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('c')
  await expect(page.getByRole('menuitemradio', { name: 'Charlie Survey' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Tenant: Charlie Survey' })).toBeVisible()
  await expect(page).toHaveURL(/\/streams$/)
  await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Survey drone')

  // Under 1024 px the tabs fold into the Navigation menu.
  await page.setViewportSize({ width: 800, height: 800 })
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  const navigation = page.getByRole('button', { name: 'Navigation' })
  await tabTo(page, navigation, 'Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitemradio', { name: 'Streams' })).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('n')
  await expect(page.getByRole('menuitemradio', { name: 'Network topology' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Network topology' })).toBeFocused()
  await expectHeaderClean(page)
})
