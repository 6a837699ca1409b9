import { expect, test } from '@playwright/test'
import { API, markDocument, openAlphaStreams, sameDocument, serverReachable as reachable } from './helpers'

test('the start command brings an exited server back, and an open page stays signed in and loads data without a reload', async ({ page }) => {
  test.setTimeout(90_000)
  await openAlphaStreams(page, 'wes@honu.test')
  // A mark that a reload would wipe: the page after the restart must be this same document.
  await markDocument(page)

  // The real process exits (test control); scripts/serve.mjs restarts it after HONU_RESTART_DELAY_MS (2 s here).
  const exit = await fetch(`${API}/test/exit`, { method: 'POST' })
  expect(exit.status).toBe(202)
  await expect.poll(reachable, { timeout: 5_000, intervals: [100] }).toBe(false)
  await expect.poll(reachable, { timeout: 60_000, intervals: [250] }).toBe(true)

  // The same page, not reloaded: still signed in, and its calls to the new process are answered.
  expect(await sameDocument(page)).toBe(true)
  await expect(page.getByRole('banner')).toContainText('wes@honu.test')
  await page.getByRole('button', { name: /^Tenant: / }).click()
  await page.getByRole('menuitem', { name: 'All tenants…' }).click()
  await expect(page).toHaveURL(/\/tenant$/)
  await page.getByRole('button', { name: /Charlie Survey/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await expect(page.getByRole('banner')).toContainText('Charlie Survey')
  await expect(page.getByRole('list', { name: /Streams/ })).toContainText('Survey drone')
  expect(await sameDocument(page)).toBe(true)
})
