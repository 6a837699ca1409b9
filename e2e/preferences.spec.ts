import { expect, test, type Locator, type Page } from '@playwright/test'
import { API, createThrowawayReader, deleteAccount, expectNoAxeViolations, openAlphaStreams, signIn } from './helpers'

// Preferences (spec §3: notifications on, off, muted; dark theme by default) and the password change (spec §1, §7),
// on throwaway accounts made for each test: the shared demo users keep their passwords.

const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account: / })

/** Opens an item of the user menu by mouse. */
async function openFromAccountMenu(page: Page, item: 'Preferences' | 'Change password') {
  await accountMenu(page).click()
  await page.getByRole('menuitem', { name: item }).click()
  return page.getByRole('dialog', { name: item })
}

/** Changes the password through the dialog; answers the dialog. */
async function changePassword(page: Page, password: string) {
  const dialog = await openFromAccountMenu(page, 'Change password')
  await dialog.getByLabel('New password', { exact: true }).fill(password)
  await dialog.getByLabel('Confirm new password').fill(password)
  await dialog.getByRole('button', { name: 'Change password' }).click()
  return dialog
}

/** The user record fails once for real (a 500 from the reference server), while re-picking Alpha: a failure toast. */
async function failToSwitchTenant(page: Page) {
  const fault = await fetch(`${API}/test/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'GET', url: '/api/v1/users/:uid', status: 500, count: 1 }),
  })
  expect(fault.ok).toBe(true)
  await page.getByRole('button', { name: /^Tenant: / }).click()
  await page.getByRole('menuitemradio', { name: /Alpha Harbour/ }).click()
}

/**
 * Clears the toasts shown: a toast closes by itself 5 s after it shows, so on a slow machine (an axe pass in
 * between) it may be gone before Dismiss is pressed. Pressed while it is there; gone either way.
 */
async function dismissToasts(toasts: Locator) {
  const dismiss = toasts.getByRole('button', { name: /^Dismiss/ })
  if ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined)
  await expect(toasts).toHaveCount(0)
}

/** Presses Tab until `target` has focus (keyboard only), failing after 40 presses. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('Tab never reached the target')
}

test('notifications: muted by default shows every toast politely; off shows failures only', { tag: '@serial' }, async ({ page }) => {
  const email = `notify-${Date.now()}@honu.test`
  const localId = await createThrowawayReader(email)
  try {
    await openAlphaStreams(page, email)
    const toasts = page.locator('.honu-toast')

    // Muted (the default): a failure shows, announced politely, and focus stays where the user was.
    await failToSwitchTenant(page)
    await expect(toasts.filter({ hasText: 'Failed to fetch user data' })).toHaveAttribute('role', 'status')
    await expect(page.locator('.honu-toast[role="alert"]')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^Tenant: / })).toBeFocused()
    await expectNoAxeViolations(page)
    await dismissToasts(toasts)
    // A success shows too, politely.
    await changePassword(page, 'second-pass-1')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(toasts).toHaveText(['Your password was changed.×'])
    await expect(toasts).toHaveAttribute('role', 'status')
    await dismissToasts(toasts)

    // Off: the success is not shown; a failure still is.
    const preferences = await openFromAccountMenu(page, 'Preferences')
    await expect(preferences.getByRole('radio', { name: 'Muted' })).toBeChecked()
    await preferences.getByRole('radio', { name: 'Off' }).check()
    await preferences.getByRole('button', { name: 'Done' }).click()
    await changePassword(page, 'third-pass-1')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(toasts).toHaveCount(0)
    await failToSwitchTenant(page)
    await expect(toasts).toHaveCount(1)
    await expect(toasts).toContainText('Failed to fetch user data')
    await expect(toasts).toHaveAttribute('role', 'status')
  } finally {
    await fetch(`${API}/test/faults`, { method: 'DELETE' })
    await deleteAccount(localId)
  }
})

test('the theme a user picks survives a reload and is theirs alone', async ({ page }) => {
  const email = `theme-${Date.now()}@honu.test`
  const localId = await createThrowawayReader(email)
  const root = page.locator('.honu-console')
  try {
    await openAlphaStreams(page, email)
    await expect(root).toHaveAttribute('data-theme', 'dark')
    const preferences = await openFromAccountMenu(page, 'Preferences')
    await preferences.getByRole('radio', { name: 'Light' }).check()
    await expect(root).toHaveAttribute('data-theme', 'light')
    await expectNoAxeViolations(page)
    await preferences.getByRole('button', { name: 'Done' }).click()
    await expectNoAxeViolations(page)

    await page.reload()
    await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Bow camera')
    await expect(root).toHaveAttribute('data-theme', 'light')

    // Signed out, and another user: the default, dark.
    await accountMenu(page).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(root).toHaveAttribute('data-theme', 'dark')
    await openAlphaStreams(page, 'wes@honu.test')
    await expect(root).toHaveAttribute('data-theme', 'dark')
    await accountMenu(page).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    // Back again: their own choice.
    await openAlphaStreams(page, email)
    await expect(root).toHaveAttribute('data-theme', 'light')
  } finally {
    await deleteAccount(localId)
  }
})

test('a password change from the user menu, keyboard only, then sign-in with the new password', async ({ page }) => {
  const email = `password-${Date.now()}@honu.test`
  const localId = await createThrowawayReader(email)
  try {
    await openAlphaStreams(page, email)
    const menu = accountMenu(page)
    await tabTo(page, menu)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: 'Preferences' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeFocused()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Change password' })
    await expect(dialog.getByLabel('New password', { exact: true })).toBeFocused()
    await expectNoAxeViolations(page)
    // Two that differ are caught before anything is sent.
    await page.keyboard.type('changed-pass-9')
    await page.keyboard.press('Tab')
    await page.keyboard.type('changed-pass-8')
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('alert')).toHaveText('The two passwords differ.')
    await expect(dialog.getByLabel('Confirm new password')).toBeFocused()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('changed-pass-9')
    await page.keyboard.press('Enter')
    await expect(dialog).toHaveCount(0)
    await expect(page.locator('.honu-toast')).toContainText('Your password was changed.')
    // Focus is back on the menu button: sign out from the keyboard too.
    await expect(menu).toBeFocused()
    await page.keyboard.press('Enter')
    // Focus reaches the first item a frame after the menu opens; a key pressed before that lands on the button.
    await expect(page.getByRole('menuitem', { name: 'Preferences' })).toBeFocused()
    await page.keyboard.press('End')
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/login$/)

    await signIn(page, email)
    await expect(page.getByText('Wrong e-mail or password.')).toBeVisible()
    await signIn(page, email, 'changed-pass-9')
    await expect(page).toHaveURL(/\/tenant$/)
  } finally {
    await deleteAccount(localId)
  }
})
