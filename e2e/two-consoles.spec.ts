import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, PASSWORD, signOut } from './helpers'

test('two ConsoleProviders on one page keep their state apart', async ({ page }) => {
  await page.goto('/two-consoles.html')
  const a = page.getByRole('region', { name: 'Console A' })
  const b = page.getByRole('region', { name: 'Console B' })
  await expect(a.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(b.getByRole('heading', { name: 'Sign in' })).toBeVisible()

  await a.getByLabel('E-mail').fill('wes@honu.test')
  await a.getByLabel('Password').fill(PASSWORD)
  await a.getByRole('button', { name: 'Sign in' }).click()
  await expect(a.getByRole('heading', { name: 'Choose a tenant' })).toBeVisible()
  await expect(b.getByRole('heading', { name: 'Sign in' })).toBeVisible()

  await b.getByLabel('E-mail').fill('bea@honu.test')
  await b.getByLabel('Password').fill(PASSWORD)
  await b.getByRole('button', { name: 'Sign in' }).click()
  await expect(b.getByRole('button', { name: /Bravo Fleet/ })).toBeVisible()
  await expect(b.getByRole('button', { name: /Alpha Harbour/ })).toHaveCount(0)
  await expect(a.getByRole('button', { name: /Alpha Harbour/ })).toBeVisible()

  await a.getByRole('button', { name: /Charlie Survey/ }).click()
  await b.getByRole('button', { name: /Bravo Fleet/ }).click()
  await expect(a.locator('.honu-header')).toContainText('Charlie Survey')
  await expect(b.locator('.honu-header')).toContainText('Bravo Fleet')

  const stored = await page.evaluate(() => ({
    a: JSON.parse(localStorage.getItem('console-a:selectedTenant') ?? 'null')?.tenant_id,
    b: JSON.parse(localStorage.getItem('console-b:selectedTenant') ?? 'null')?.tenant_id,
  }))
  expect(stored).toEqual({ a: 'charlie', b: 'bravo' })

  await signOut(a)
  await expect(a.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(b.locator('.honu-header')).toContainText('Bravo Fleet')
  await expectNoAxeViolations(page)
})
