import { expect, test } from '@playwright/test'
import { IDP, PASSWORD, deleteAccount, expectNoAxeViolations, signIn } from './helpers'

// Issue 22, item 2: an invitation waits for its invitee's consent. Ada invites a person who already has a sign-in
// account; the users list shows them as Invited (not a user yet); they sign in, see the invitation above their
// tenants, accept it, and only then can pick Alpha.
test('an invited account accepts on the tenant screen, then picks Alpha', async ({ page }) => {
  const email = `invitee-${Date.now()}@honu.test`
  const signedUp = await fetch(`${IDP}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  })
  expect(signedUp.ok).toBe(true)
  const { localId } = (await signedUp.json()) as { localId: string }

  try {
    await signIn(page, 'ada@honu.test')
    await page.getByRole('button', { name: /Alpha Harbour/ }).click()
    await expect(page).toHaveURL(/\/streams$/)
    await page.getByRole('link', { name: 'Admin console' }).click()
    await page.getByRole('button', { name: 'Create user' }).click()
    const create = page.getByRole('dialog', { name: 'Create a user' })
    await create.getByLabel('Name').fill('Ivy Invitee')
    await create.getByLabel('E-mail').fill(email)
    await create.getByLabel('Role').selectOption('reader')
    await create.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'User submitted' }).first()).toBeVisible()
    const table = page.getByRole('table', { name: 'Users of Alpha Harbour' })
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) })
    await expect(row.getByRole('cell', { name: 'Invited' })).toBeVisible()
    await expect(row.getByRole('cell').nth(2)).toHaveText('reader')
    await page.getByRole('button', { name: /^Account: / }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()

    // The invitee signs in: no console record yet, but an invitation, so no 'Error logging in'.
    await signIn(page, email)
    const invitations = page.getByRole('list', { name: 'Invitations' })
    await expect(invitations).toBeVisible()
    await expect(invitations).toContainText('Invitation to Alpha Harbour')
    await expect(page.getByText('Error logging in')).toHaveCount(0)
    await expectNoAxeViolations(page)
    // Keyboard: the accept button is reached and pressed from the keyboard.
    const accept = invitations.getByRole('button', { name: 'Accept invitation to Alpha Harbour' })
    await accept.focus()
    await page.keyboard.press('Enter')
    await expect(invitations).toHaveCount(0)
    await page
      .getByRole('list', { name: 'Tenants' })
      .getByRole('button', { name: /Alpha Harbour/ })
      .click()
    await expect(page).toHaveURL(/\/streams$/)
  } finally {
    await deleteAccount(localId)
  }
})
