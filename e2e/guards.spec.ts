import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, PASSWORD, serveFlags, signIn, signOut, storageKeys } from './helpers'

async function pickTenant(page: Page, name: RegExp) {
  await expect(page).toHaveURL(/\/tenant$/)
  await page.getByRole('button', { name }).click()
  await expect(page).toHaveURL(/\/streams$/)
}

test('the tenant pick survives a reload', async ({ page }) => {
  await signIn(page, 'wes@honu.test')
  await pickTenant(page, /Charlie Survey/)
  await page.reload()
  await expect(page).toHaveURL(/\/streams$/)
  await expect(page.getByRole('banner')).toContainText('Charlie Survey')
})

test('step 3: a signed-out deep link goes to login, and opens after sign-in and the tenant choice', async ({ page }) => {
  await page.goto('/networktopology/networkgraph')
  await expect(page).toHaveURL(/\/login$/)
  // The form where the guard put it (a fresh visit to /login would forget the link).
  await page.getByLabel('E-mail').fill('wes@honu.test')
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // Step 4 on the way: no tenant yet. The choice then opens the page the user came for, not the streams.
  await expect(page).toHaveURL(/\/tenant$/)
  await page.getByRole('button', { name: /Alpha Harbour/ }).click()
  await expect(page).toHaveURL(/\/networktopology\/networkgraph$/)
  await expect(page.getByRole('heading', { name: 'Network graph' })).toBeVisible()
})

test('step 4: signed in without a tenant, any protected page goes to tenant select', async ({ page }) => {
  await signIn(page, 'remy@honu.test')
  await expect(page).toHaveURL(/\/tenant$/)
  await page.goto('/adminconsole')
  await expect(page).toHaveURL(/\/tenant$/)
})

test.describe('step 5: the login route while signed in', () => {
  test('goes to streams for a tenant user', async ({ page }) => {
    await signIn(page, 'wes@honu.test')
    await pickTenant(page, /Alpha Harbour/)
    await page.goto('/login')
    await expect(page).toHaveURL(/\/streams$/)
  })

  test('goes to the entry point for an org-admin with mission_planning on', async ({ page }) => {
    await signIn(page, 'ops@honu.test')
    await expect(page).toHaveURL(/\/entrypoint$/)
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: /MissionPlanning/ }).click()
    await expect(page).toHaveURL(/\/orgselection$/)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Honu Ocean Operations' }).click()
    await expect(page).toHaveURL(/\/missionoperations$/)
    await expect(page.getByRole('banner')).toContainText('Honu Ocean Operations')
    // The working screens load on first visit; check the screen, not its loading line.
    await expect(page.getByRole('heading', { level: 1, name: 'Mission operations' })).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('goes to streams (through tenant select) for an org-admin with the flag off', async ({ page }) => {
    await serveFlags(page, '{"features":{"mission_planning":false}}')
    await signIn(page, 'ops@honu.test')
    await expect(page).toHaveURL(/\/tenant$/)
  })

  test('treats a malformed flag map as every flag off', async ({ page }) => {
    const warnings: string[] = []
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()))
    await serveFlags(page, '{"features":"{not json"}')
    await signIn(page, 'ops@honu.test')
    await expect(page).toHaveURL(/\/tenant$/)
    expect(warnings.join('\n')).toContain('every flag is off')
  })
})

test.describe('mission-planning guard', () => {
  test('sends a tenant admin to login, who lands where a tenant admin belongs', async ({ page }) => {
    await signIn(page, 'ada@honu.test')
    await pickTenant(page, /Alpha Harbour/)
    await page.goto('/missionoperations')
    await expect(page).toHaveURL(/\/streams$/)
    await page.goto('/orgselection')
    await expect(page).toHaveURL(/\/streams$/)
  })

  test('sends an org-admin away when the flag is off', async ({ page }) => {
    await serveFlags(page, '{"features":{"mission_planning":false}}')
    await signIn(page, 'ops@honu.test')
    await pickTenant(page, /Bravo Fleet/)
    await page.goto('/usermanagement')
    await expect(page).toHaveURL(/\/streams$/)
    await page.goto('/entrypoint')
    await expect(page).toHaveURL(/\/streams$/)
  })
})

test('sign-out clears local and session storage', async ({ page }) => {
  await signIn(page, 'wes@honu.test')
  await pickTenant(page, /Alpha Harbour/)
  const before = await storageKeys(page)
  expect([...before.local, ...before.session].some((k) => k.startsWith('honu:'))).toBe(true)
  await signOut(page)
  await expect(page).toHaveURL(/\/login$/)
  const after = await storageKeys(page)
  expect(after).toEqual({ local: [], session: [] })
  await page.goto('/streams')
  await expect(page).toHaveURL(/\/login$/)
})

test('any other path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/place')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Go to the console' }).click()
  await expect(page).toHaveURL(/\/login$/)
})
