import { expect, test, type Page } from '@playwright/test'
import { API, expectNoAxeViolations, markDocument, sameDocument, serverReachable, signIn } from './helpers'

// The network topology's list view (issue 16) against the real stack (scripts/serve.mjs): the reference server's
// seed (Alpha's remote network 10.10.0.0/16 holds Bravo's 10.10.128.0/20), device presence over the one live
// channel (the simulator heartbeats the seeded devices; the test control silences one), and the large tenant Delta
// Grid (HONU_SEED_LARGE_TENANT=10000, its reader dana@honu.test).

// Alpha's Stern camera heartbeats steadily; no other spec silences it (the graph's spec uses the Bow camera).
const STERN_CAMERA = 'alpha-cam-2'

async function presenceControl(id: string, action: 'stop' | 'resume') {
  const response = await fetch(`${API}/test/telemetry/${id}/${action}`, { method: 'POST' })
  expect(response.status).toBe(204)
}

/** Signs in, picks the tenant, and opens the topology from the main navigation. */
async function openTopology(page: Page, email: string, tenant: RegExp) {
  await signIn(page, email)
  await expect(page).toHaveURL(/\/tenant$/)
  await page.getByRole('button', { name: tenant }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await page.locator('.honu-nav').getByRole('link', { name: 'Network topology', exact: true }).click()
  await expect(page).toHaveURL(/\/networktopology$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Network topology' })).toBeFocused()
}

/** The row of a device in the list, by its name. */
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Open ${name}`, exact: true }) })

test.afterEach(async () => {
  // Never leave a device silenced for the next test (the stack is shared).
  if (await serverReachable()) await presenceControl(STERN_CAMERA, 'resume')
})

test("the list shows Alpha's seeded networks with their ranges and its devices of every kind with their live states; axe finds nothing", async ({
  page,
}) => {
  await openTopology(page, 'ada@honu.test', /Alpha Harbour/)
  const networks = page.getByRole('region', { name: 'Networks of Alpha Harbour' })
  const remote = networks.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Remote network 10.10.0.0/16' }) })
  await expect(remote).toContainText('10.10.0.0 – 10.10.255.255')
  const vpn = networks.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'VPN 10.200.0.0/24' }) })
  await expect(vpn).toContainText('10.200.0.0 – 10.200.0.255')

  const table = page.getByRole('table', { name: 'Devices of Alpha Harbour' })
  await expect(table).toBeVisible()
  // Every device of the seed's first issue, each of its kind, in its network; the total is the server's.
  await expect(row(page, 'USV Kahu')).toContainText('Vehicle')
  await expect(row(page, 'USV Kahu')).toContainText('10.10.2.1')
  await expect(row(page, 'Bow camera')).toContainText('Camera')
  await expect(row(page, 'Bridge console')).toContainText('Remote access')
  await expect(row(page, 'Side-scan sonar')).toContainText('Unknown')
  await expect(row(page, 'Harbour office desktop')).toContainText('VPN 10.200.0.0/24')
  await expect(row(page, 'Backup NAS')).toContainText(/Offline.*none/)
  const total = Number((await table.getAttribute('aria-rowcount'))!) - 1
  expect(total).toBeGreaterThanOrEqual(15)
  await expect(page.getByRole('status').filter({ hasText: /devices$/ })).toHaveText(`${total} of ${total} devices`)
  // Live states: the simulator's heartbeats make the Stern camera online; the engineer's laptop never reports.
  await expect(row(page, 'Stern camera').locator('[data-state]')).toHaveAttribute('data-state', 'online', { timeout: 20_000 })
  await expect(row(page, 'Stern camera')).toContainText('Online')
  await expect(row(page, 'Engineer laptop')).toContainText('Offline')

  // Filters: kind and state, shared by both views (the graph link keeps them).
  await page.getByRole('group', { name: 'Kind' }).getByRole('checkbox', { name: 'Camera' }).check()
  await expect(row(page, 'USV Kahu')).toHaveCount(0)
  await expect(row(page, 'Stern camera')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('stern')
  await expect(page.getByRole('status').filter({ hasText: /devices$/ })).toHaveText(`1 of ${total} devices`)
  await expectNoAxeViolations(page)

  // The device's panel: its widget from the console's registry (a camera: the Video widget).
  await page.getByRole('button', { name: 'Open Stern camera' }).click()
  const panel = page.getByRole('dialog', { name: 'Stern camera' })
  await expect(panel).toContainText('Camera')
  await expect(panel).toContainText('10.10.1.11')
  await expectNoAxeViolations(page)
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(panel).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open Stern camera' })).toBeFocused()
})

test('the overlap of Alpha and Bravo is flagged for a user who sees both (ada: admin of Alpha, reader in Bravo)', async ({ page }) => {
  await openTopology(page, 'ada@honu.test', /Alpha Harbour/)
  const networks = page.getByRole('region', { name: 'Networks of Alpha Harbour' })
  const remote = networks.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Remote network 10.10.0.0/16' }) })
  await expect(remote.getByRole('listitem')).toHaveText(['Overlaps Remote network 10.10.128.0/20 of Bravo Fleet'])
  await expect(networks.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'VPN 10.200.0.0/24' }) })).toContainText(
    'No overlap with a network you can see.',
  )
})

test('the overlap is not revealed to a user of Alpha alone (remy: reader in Alpha only)', async ({ page }) => {
  await openTopology(page, 'remy@honu.test', /Alpha Harbour/)
  const networks = page.getByRole('region', { name: 'Networks of Alpha Harbour' })
  await expect(networks.getByText('No overlap with a network you can see.')).toHaveCount(2)
  await expect(networks).not.toContainText('Bravo')
  await expect(networks).not.toContainText('10.10.128')
  await expect(page.getByRole('main')).not.toContainText(/Bravo|10\.10\.128\./)
  // Nor does the server give it away: remy's tenant list and Bravo's devices.
  await expect(page.getByRole('table', { name: 'Devices of Alpha Harbour' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a device that goes silent turns stale in the list without a reload, and online again when it resumes', async ({ page }) => {
  test.setTimeout(90_000)
  await openTopology(page, 'ada@honu.test', /Alpha Harbour/)
  const stern = row(page, 'Stern camera')
  await expect(stern.locator('[data-state]')).toHaveAttribute('data-state', 'online', { timeout: 20_000 })
  await markDocument(page)

  await presenceControl(STERN_CAMERA, 'stop')
  // Stale after 5 s without a sign of life, found by the server's sweep (about once a second).
  await expect(stern.locator('[data-state]')).toHaveAttribute('data-state', 'stale', { timeout: 20_000 })
  await expect(stern).toContainText('Stale')
  expect(await sameDocument(page)).toBe(true)

  await presenceControl(STERN_CAMERA, 'resume')
  await expect(stern.locator('[data-state]')).toHaveAttribute('data-state', 'online', { timeout: 20_000 })
  expect(await sameDocument(page)).toBe(true)
})

test('10,000 devices of Delta Grid (dana): only the rows in view are in the page, and the keyboard scrolls to the last', async ({ page }) => {
  // A bound for a hang, not a speed check: the page gathers Delta's live state changes (four model rebuilds a
  // second at most) since 2026-11-28; before, one rebuild per changed device kept it busy past 120 s in a CI run.
  test.setTimeout(150_000)
  await openTopology(page, 'dana@honu.test', /Delta Grid/)
  const table = page.getByRole('table', { name: 'Devices of Delta Grid' })
  await expect(table).toHaveAttribute('aria-rowcount', '10001', { timeout: 30_000 })
  await expect(page.getByRole('status').filter({ hasText: /devices$/ })).toHaveText('10,000 of 10,000 devices')
  expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(40)
  // Delta's networks overlap nobody's.
  await expect(page.getByRole('region', { name: 'Networks of Delta Grid' }).getByText('No overlap with a network you can see.')).toHaveCount(2)

  // Keyboard: from the first row, Page Down a few times, then End reaches the last (rendered once in view). The
  // table's own area scrolls; the page shows that area first, as a user scrolls down to it.
  await page.locator('.honu-topology-devices').scrollIntoViewIfNeeded()
  await table.locator('tbody tr[data-index="0"]').focus()
  for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown')
  await expect(page.locator('tr[data-index]:focus')).not.toHaveAttribute('aria-rowindex', '2')
  await page.keyboard.press('End')
  const last = page.locator('tr[data-index]:focus')
  await expect(last).toHaveAttribute('aria-rowindex', '10001')
  await expect(last).toBeInViewport()
  expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(40)
  // Home goes back to the first.
  await page.keyboard.press('Home')
  await expect(page.locator('tr[data-index]:focus')).toHaveAttribute('aria-rowindex', '2')
  await expectNoAxeViolations(page)
})
