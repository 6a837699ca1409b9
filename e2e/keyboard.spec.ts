import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, PASSWORD } from './helpers'

test('sign in, pick a tenant, move around and sign out with the keyboard alone', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('E-mail')).toBeFocused()
  await page.keyboard.type('wes@honu.test')
  await page.keyboard.press('Tab')
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')

  await expect(page.getByRole('heading', { name: 'Choose a tenant' })).toBeFocused()
  // The list arrives from the server after the heading; a Tab before it would skip past.
  await expect(page.getByRole('button', { name: /Alpha Harbour/ })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: /Alpha Harbour/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/streams$/)

  // Focus starts at the page heading; the screen's controls come next, then (wrapping round) the skip link
  // and the header's links in reading order.
  await expect(page.getByRole('heading', { name: 'Streams', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Hide stream list' })).toBeFocused()
  const skip = page.getByRole('link', { name: 'Skip to content' })
  for (let i = 0; i < 80 && !(await skip.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(skip).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Tenant: Alpha Harbour' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Network topology' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Collaboration' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Collaboration' })).toBeFocused()
  await expectNoAxeViolations(page)

  const account = page.getByRole('button', { name: 'Account: wes@honu.test' })
  for (let i = 0; i < 12; i++) {
    if (await account.evaluate((el) => el === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(account).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Preferences' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/login$/)
})

test('the reset form works from the keyboard', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.type('not-an-address')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Enter a valid e-mail address.')
})
