import { expect, test, type Locator, type Page } from '@playwright/test'
import { API, expectNoAxeViolations, markDocument, openAlphaStreams, sameDocument, serverReachable } from './helpers'

// The network graph (issue 16) against the real stack: the reference server's seed (Alpha's remote network
// 10.10.0.0/16 overlaps Bravo's 10.10.128.0/20), device presence over the live channel (the simulator heartbeats for
// the steady devices), the graph drawn by sigma in WebGL with its layout from the module worker under the strict CSP.
// A canvas has no text to read, so the tests read what the graph says: the canvas's name (how many networks and
// devices it shows), the announcements of the keyboard walk, the focused node's details and "Find a node".

const BOW_CAMERA = 'alpha-cam-1'

async function presenceControl(id: string, action: 'stop' | 'resume') {
  const response = await fetch(`${API}/test/telemetry/${id}/${action}`, { method: 'POST' })
  expect(response.status).toBe(204)
}

test.afterEach(async () => {
  // Never leave a device silenced for the next test (the stack is shared).
  if (await serverReachable()) await presenceControl(BOW_CAMERA, 'resume')
})

/** Signs in, picks Alpha Harbour, and opens the topology list from the navigation. */
async function openAlphaTopology(page: Page, email: string) {
  await openAlphaStreams(page, email)
  await page.getByRole('link', { name: 'Network topology' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Network topology' })).toBeVisible()
}

/** The device names in the list (the table is virtual: read, scroll to the end, read again). */
async function listedDeviceNames(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Devices of Alpha Harbour' })
  const buttons = table.getByRole('button', { name: /^Open / })
  await expect(buttons.first()).toBeVisible()
  const names = new Set(await buttons.allTextContents())
  await page.locator('.honu-topology-devices').evaluate((element) => element.scrollTo(0, element.scrollHeight))
  for (const name of await buttons.allTextContents()) names.add(name)
  return [...names].sort()
}

/** Switches to the graph view and waits until sigma has drawn it. */
async function openGraph(page: Page): Promise<{ region: Locator; canvas: Locator; announcement: Locator; details: Locator; find: Locator }> {
  await page.getByRole('link', { name: 'Graph', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Network graph' })).toBeVisible()
  const region = page.getByRole('region', { name: 'Network graph of Alpha Harbour' })
  await expect(region).toHaveAttribute('data-state', 'ready', { timeout: 20_000 })
  return {
    region,
    canvas: region.getByRole('application'),
    announcement: region.getByTestId('graph-announcement'),
    details: region.getByRole('region', { name: 'Focused node' }),
    find: region.getByRole('searchbox', { name: 'Find a node' }),
  }
}

/** Finds the node named `name` (Enter again while another node whose texts contain it comes first). */
async function findNode(graph: { region: Locator; details: Locator; find: Locator }, name: string) {
  await graph.find.fill(name)
  await graph.find.press('Enter')
  const status = graph.region.getByRole('status').filter({ hasText: /: match \d+ of \d+$/ })
  await expect(status).toBeVisible()
  const count = Number((await status.textContent())!.match(/of (\d+)$/)![1])
  const named = graph.details.locator('.honu-graph__name')
  for (let i = 1; i < count && (await named.textContent()) !== name; i++) await graph.find.press('Enter')
  await expect(named).toHaveText(name)
}

test('the graph shows the same networks and devices as the list, and Alpha’s overlap with Bravo for a user who sees both', async ({ page }) => {
  test.setTimeout(90_000)
  await openAlphaTopology(page, 'ada@honu.test')
  const names = await listedDeviceNames(page)
  expect(names.length).toBeGreaterThan(10)
  await expect(page.getByText(`${names.length} of ${names.length} devices`)).toBeVisible()
  const listNetworks = await page.getByRole('main').textContent()
  expect(listNetworks).toContain('10.10.0.0/16')
  expect(listNetworks).toContain('Bravo Fleet')

  const graph = await openGraph(page)
  await expect(graph.canvas).toHaveAccessibleName(`Graph of Alpha Harbour: 2 networks, ${names.length} devices shown`)
  // Every device of the list is a node of the graph (found by its name, its details named the same).
  for (const name of names) await findNode(graph, name)

  // By keyboard: the tenant, its remote network (overlapping Bravo's), and Bravo's network as a node of its own.
  await graph.canvas.focus()
  await page.keyboard.press('Home')
  await expect(graph.announcement).toHaveText(`Alpha Harbour, tenant: 2 networks, ${names.length} devices.`)
  await page.keyboard.press('ArrowDown')
  await expect(graph.announcement).toHaveText(
    /^Alpha Harbour Remote network 10\.10\.0\.0\/16: \d+ devices, overlaps Bravo Fleet Remote network 10\.10\.128\.0\/20\.$/,
  )
  await page.keyboard.press('ArrowDown')
  await expect(graph.announcement).toHaveText(
    'Bravo Fleet Remote network 10.10.128.0/20, network of another tenant, overlaps Alpha Harbour Remote network 10.10.0.0/16.',
  )
  await expect(graph.details.getByText('network of another tenant')).toBeVisible()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowRight')
  await expect(graph.announcement).toHaveText(/^Alpha Harbour VPN 10\.200\.0\.0\/24: \d+ devices\.$/)
  await expectNoAxeViolations(page)
})

test('a user of Alpha alone gets no node of Bravo’s network, nor its name or range', async ({ page }) => {
  test.setTimeout(60_000)
  await openAlphaTopology(page, 'remy@honu.test')
  const graph = await openGraph(page)
  await graph.canvas.focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowDown')
  await expect(graph.announcement).toHaveText(/^Alpha Harbour Remote network 10\.10\.0\.0\/16: \d+ devices\.$/)
  for (const query of ['Bravo', '10.10.128']) {
    await graph.find.fill(query)
    await graph.find.press('Enter')
    await expect(graph.region.getByText(`No node matches “${query}”.`)).toBeVisible()
  }
  await expect(graph.region).not.toContainText('Bravo')
})

test('a device selected in the graph is scrolled into view in the list, marked as the selected one', async ({ page }) => {
  test.setTimeout(60_000)
  await openAlphaTopology(page, 'remy@honu.test')
  // The list's last device: out of view while the list shows its first rows.
  const table = page.getByRole('table', { name: 'Devices of Alpha Harbour' })
  const area = page.locator('.honu-topology-devices')
  await area.evaluate((element) => element.scrollTo(0, element.scrollHeight))
  const last = (await table
    .getByRole('button', { name: /^Open / })
    .last()
    .textContent())!
  await area.evaluate((element) => element.scrollTo(0, 0))
  const lastRow = table.getByRole('row').filter({ has: page.getByRole('button', { name: `Open ${last}`, exact: true }) })
  await expect(lastRow).not.toBeInViewport()

  const graph = await openGraph(page)
  await findNode(graph, last)
  await page.getByRole('link', { name: 'List', exact: true }).click()
  await area.scrollIntoViewIfNeeded()
  await expect(lastRow).toBeInViewport()
  await expect(lastRow.getByRole('button', { name: `Open ${last}`, exact: true })).toHaveAttribute('aria-current', 'true')
  // It is the row Tab reaches in the table.
  await expect(lastRow).toHaveAttribute('tabindex', '0')
})

test('a device going stale changes in the graph without a reload: its state, its shape in the details and what is said', async ({ page }) => {
  test.setTimeout(90_000)
  await openAlphaTopology(page, 'wes@honu.test')
  const graph = await openGraph(page)
  await markDocument(page)
  await findNode(graph, 'Bow camera')
  const state = graph.details.locator('[data-state]')
  // The simulator's heartbeats make it online (the live channel's snapshot).
  await expect(state).toHaveAttribute('data-state', 'online', { timeout: 20_000 })
  await expect(state).toHaveText('Online')

  await presenceControl(BOW_CAMERA, 'stop')
  await expect(state).toHaveAttribute('data-state', 'stale', { timeout: 20_000 })
  await expect(state).toHaveText('Stale')
  await expect(graph.announcement).toHaveText(/^Bow camera, Camera, Stale, 10\.10\.1\.10\./)
  expect(await sameDocument(page)).toBe(true)
  // The label on the canvas says it too: "Find" matches the new label.
  await graph.find.fill('(stale)')
  await graph.find.press('Enter')
  await expect(graph.region.getByText(/^Bow camera \(stale\): match 1 of \d+$/)).toBeVisible()

  await presenceControl(BOW_CAMERA, 'resume')
  await expect(state).toHaveAttribute('data-state', 'online', { timeout: 20_000 })
  expect(await sameDocument(page)).toBe(true)
})

test('the graph is usable by keyboard alone: Tab into it, walk to a device, Enter opens its widget, closing it comes back', async ({ page }) => {
  test.setTimeout(90_000)
  await openAlphaTopology(page, 'wes@honu.test')
  const graph = await openGraph(page)
  // Tab from Find a node past its button and the zoom buttons into the canvas.
  await graph.find.focus()
  for (
    let i = 0;
    i < 8 && !(await graph.canvas.evaluate((element) => element === (element.getRootNode() as Document | ShadowRoot).activeElement));
    i++
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(graph.canvas).toBeFocused()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  // The remote network's first child (wes sees Alpha alone: no other tenant's network comes first): its first
  // device, a camera (grouped by kind), said with its position.
  await expect(graph.announcement).toHaveText(
    /^[^,]+, Camera, (Online|Stale|Offline), 10\.10\.\d+\.\d+\. 1 of \d+ in Alpha Harbour Remote network 10\.10\.0\.0\/16\.$/,
  )
  const name = (await graph.details.locator('.honu-graph__name').textContent())!
  await page.keyboard.press('Enter')
  const panel = page.getByRole('dialog', { name: new RegExp(name) })
  await expect(panel).toBeVisible()
  await expectNoAxeViolations(page)
  // Tab to the panel's Close button and press it.
  const close = panel.getByRole('button', { name: 'Close' })
  for (let i = 0; i < 10 && !(await close.evaluate((element) => element === (element.getRootNode() as Document | ShadowRoot).activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await expect(close).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(panel).toBeHidden()
  // Back on the graph, where the walk goes on.
  await expect(graph.canvas).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(graph.announcement).toHaveText(/^Alpha Harbour Remote network 10\.10\.0\.0\/16: /)
})

// Issue 22.10: the graph view gives the canvas the screen. The filter bar and the network cards pushed it below the
// fold at 1440 × 900; the whole canvas is now in view when the page opens, at 1440 and at 600 px wide.
for (const size of [
  { width: 1440, height: 900 },
  { width: 600, height: 900 },
]) {
  test(`the graph's canvas is in view, whole, at ${size.width} × ${size.height}`, async ({ page }) => {
    // (The stream list, which signing in waits for, is an overlay under 1024 px: the phone's width comes after.)
    await openAlphaTopology(page, 'ada@honu.test')
    await page.setViewportSize(size)
    const graph = await openGraph(page)
    const box = (await graph.canvas.boundingBox())!
    // Its top within the upper half of the screen, its bottom on screen, and most of the screen's height.
    expect(box.y).toBeGreaterThan(0)
    expect(box.y).toBeLessThan(size.height / 2)
    expect(box.y + box.height).toBeLessThanOrEqual(size.height)
    expect(box.height).toBeGreaterThanOrEqual(size.height * 0.5)
    expect(box.x + box.width).toBeLessThanOrEqual(size.width)
    // The filters and networks are still there, a click away.
    await page.getByText('Filters and networks').click()
    await expect(page.getByRole('searchbox', { name: /Search/ })).toBeVisible()
    await expect(page.getByRole('main')).toContainText('10.10.0.0/16')
  })
}
