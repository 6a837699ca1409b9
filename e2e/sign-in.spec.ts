import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, latestResetCode, latestSmsCode, PASSWORD, restorePassword, signIn, storageKeys } from './helpers'

test('a writer signs in, picks a tenant and lands on streams', async ({ page }) => {
  await page.goto('/login')
  await expectNoAxeViolations(page)
  await signIn(page, 'wes@honu.test')
  await expect(page).toHaveURL(/\/tenant$/)
  await expect(page.getByRole('heading', { name: 'Choose a tenant' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: /Alpha Harbour/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await expect(page.getByRole('heading', { name: 'Streams', exact: true })).toBeVisible()
  // A writer gets the controls to change streams.
  await expect(page.getByRole('button', { name: 'Add stream' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a wrong password shows an error and stores nothing', async ({ page }) => {
  await signIn(page, 'wes@honu.test', 'not-the-password')
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' })).toBeVisible()
  // A toast, announced politely: notifications are muted by default (spec §3).
  await expect(page.locator('.honu-toast[role="status"]').filter({ hasText: 'Error logging in' })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('Password')).toHaveValue('')
  const keys = await storageKeys(page)
  expect([...keys.local, ...keys.session].filter((k) => k.startsWith('honu:') || k.startsWith('firebase:'))).toEqual([])
  await expectNoAxeViolations(page)
})

test('an empty form says what is missing without calling anyone', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Enter your e-mail and password.')
})

test.describe('second factor', () => {
  test('signs in with the SMS code read from the emulator', async ({ page }) => {
    await signIn(page, 'mia@honu.test')
    await expect(page).toHaveURL(/\/mfasignin$/)
    await expect(page.getByText(/one-time code by SMS/)).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Send code' }).click()
    const input = page.getByLabel('One-time code')
    await expect(input).toBeVisible()
    // Spaces around the code are trimmed before submission (spec §5).
    await input.fill(`  ${await latestSmsCode('+15555550100')}  `)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/tenant$/)
  })

  test("a wrong code says 'Invalid or expired OTP Code' and lets the user try again", async ({ page }) => {
    await signIn(page, 'mia@honu.test')
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByLabel('One-time code').fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid or expired OTP Code')
    await expectNoAxeViolations(page)
    await page.getByLabel('One-time code').fill(await latestSmsCode('+15555550100'))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/tenant$/)
  })

  test('without a pending challenge the page says so', async ({ page }) => {
    await page.goto('/mfasignin')
    await expect(page.getByRole('alert')).toHaveText('No mfa signin required error to resolve')
    await expectNoAxeViolations(page)
  })
})

test('password reset through the code from the emulator, then sign-in with the new password', { tag: '@serial' }, async ({ page }) => {
  const email = 'cora@honu.test'
  try {
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await expect(page).toHaveURL(/\/auth\/action$/)
    await expectNoAxeViolations(page)
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toContainText('we sent it a link')
    const code = await latestResetCode(email)
    // Firebase's e-mail links to its default handler path; a start-up step redirects it to /auth/action.
    await page.goto(`/__/auth/action?mode=resetPassword&oobCode=${code}`)
    await expect(page).toHaveURL(/\/auth\/action\?mode=resetPassword/)
    await expect(page.getByText(`For ${email}`)).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-7')
    await page.getByLabel('Repeat the new password').fill('brand-new-pass-7')
    await page.getByRole('button', { name: 'Save password' }).click()
    await expect(page.getByRole('status')).toHaveText(/password has been changed/)
    // The link works once.
    await page.goto(`/auth/action?mode=resetPassword&oobCode=${code}`)
    await expect(page.getByRole('alert')).toContainText('invalid, expired or already used')
    await signIn(page, email, PASSWORD)
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' })).toBeVisible()
    await signIn(page, email, 'brand-new-pass-7')
    await expect(page).toHaveURL(/\/tenant$/)
  } finally {
    await restorePassword(email)
  }
})
