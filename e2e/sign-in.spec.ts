import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, signIn } from './helpers'

test('a writer signs in, picks a tenant and lands on streams', async ({ page }) => {
  await signIn(page, 'wes@honu.test')
  await expect(page).toHaveURL(/\/tenant$/)
  await expect(page.getByRole('heading', { name: 'Choose a tenant' })).toBeVisible()
  await page.screenshot({ path: 'test-results/tenant.png' })
  await page.getByRole('button', { name: /Alpha Harbour/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await expect(page.getByRole('heading', { name: 'Streams' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/streams.png' })
})
