import { expect, test, type Page } from '@playwright/test'
import { API, expectNoAxeViolations, mapPixels, markDocument, openAlphaStreams, sameDocument, serverReachable as reachable } from './helpers'

// The stack (scripts/serve.mjs) runs the simulator, which sends real MAVLink 2 over UDP for every seeded vehicle
// to the reference server's ingest; the console gets it over its one live channel (a real WebSocket). USV Kahu
// (alpha-usv-1) flies a route, so its position changes. The ingest's test control (HONU_MEDIA_TEST_CONTROLS=1)
// drops one vehicle's packets, as if its radio link were cut, and takes them again.
const KAHU = 'alpha-usv-1'

async function telemetryControl(id: string, action: 'stop' | 'resume') {
  const response = await fetch(`${API}/test/telemetry/${id}/${action}`, { method: 'POST' })
  expect(response.status).toBe(204)
}

/** Adds a Vehicle widget from the toolbar and picks the vehicle in its dialog; answers the widget's live region. */
async function addVehicleWidget(page: Page, vehicle: string) {
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Vehicle', exact: true }).click()
  const picker = page.getByRole('dialog', { name: /Choose a vehicle/ })
  await picker.getByRole('radio', { name: vehicle }).check()
  await picker.getByRole('button', { name: 'Show vehicle' }).click()
  await expect(picker).toBeHidden()
  return page.getByRole('group', { name: `Live state of ${vehicle}` })
}

/** The text of one value of the widget's description list. */
const value = (page: Page, term: string) =>
  page
    .locator('.honu-vehicle__row')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd')

test.afterEach(async () => {
  // Never leave a vehicle cut off for the next test (the stack is shared).
  if (await reachable()) await telemetryControl(KAHU, 'resume')
})

test(
  "a Vehicle widget shows live values that change; cutting the vehicle's packets marks it stale and 'Link lost', resuming clears it",
  { tag: '@serial' },
  async ({ page }) => {
    test.setTimeout(90_000)
    await openAlphaStreams(page, 'wes@honu.test')
    const widget = await addVehicleWidget(page, 'USV Kahu')
    await expect(widget).toHaveAttribute('data-state', 'live', { timeout: 30_000 })
    await expect(widget.getByText('Live', { exact: true })).toBeVisible()
    // Live values that change: the vehicle flies its route.
    const position = value(page, 'Position')
    const first = await position.textContent()
    expect(first).toMatch(/^\d+\.\d{5}° [NS], \d+\.\d{5}° [EW]$/)
    await expect.poll(() => position.textContent(), { timeout: 15_000 }).not.toBe(first)
    await expect(value(page, 'Flight mode')).not.toHaveText('Unknown')
    await expectNoAxeViolations(page)

    await telemetryControl(KAHU, 'stop')
    await expect(widget).toHaveAttribute('data-state', 'stale', { timeout: 20_000 })
    await expect(widget.locator('.honu-vehicle__badge')).toHaveText(/^Link lost: last message at \d{1,2}:\d{2}:\d{2}/)
    // Screen readers hear it once, through the polite live region.
    await expect(widget.locator('[aria-live="polite"]')).toHaveText(/^Link lost: last message at /)
    const frozen = await position.textContent()
    expect(frozen).toContain('(stale)')

    await telemetryControl(KAHU, 'resume')
    await expect(widget).toHaveAttribute('data-state', 'live', { timeout: 20_000 })
    await expect(widget.locator('[aria-live="polite"]')).toHaveText('Link to USV Kahu regained')
    await expect(widget.locator('.honu-vehicle__badge')).toHaveText('Live')
    await expect.poll(() => position.textContent(), { timeout: 15_000 }).not.toBe(frozen?.replace(' (stale)', ''))
  },
)

test(
  'killing the reference server shows the live channel’s state, and live data resumes on the same page with no reload',
  { tag: '@serial' },
  async ({ page }) => {
    test.setTimeout(120_000)
    await openAlphaStreams(page, 'wes@honu.test')
    const widget = await addVehicleWidget(page, 'USV Kahu')
    await expect(widget).toHaveAttribute('data-state', 'live', { timeout: 30_000 })
    await markDocument(page)

    // The real process exits (test control); scripts/serve.mjs starts it again after HONU_RESTART_DELAY_MS (2 s).
    const exit = await fetch(`${API}/test/exit`, { method: 'POST' })
    expect(exit.status).toBe(202)
    await expect.poll(reachable, { timeout: 5_000, intervals: [100] }).toBe(false)
    await expect(widget.getByText('Live channel interrupted: reconnecting…')).toBeVisible({ timeout: 15_000 })
    await expect.poll(reachable, { timeout: 60_000, intervals: [250] }).toBe(true)

    // Back by itself: the channel reconnects, re-authenticates and resubscribes; the values move again.
    await expect(widget.getByText('Live channel interrupted: reconnecting…')).toBeHidden({ timeout: 45_000 })
    await expect(widget).toHaveAttribute('data-state', 'live', { timeout: 30_000 })
    const position = value(page, 'Position')
    const after = await position.textContent()
    await expect.poll(() => position.textContent(), { timeout: 15_000 }).not.toBe(after)
    expect(await sameDocument(page)).toBe(true)
  },
)

test('the Vehicle widget links to the vehicle page, which shows its live telemetry, its map and its cameras (the streams whose device_id names it)', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await openAlphaStreams(page, 'wes@honu.test')
  await markDocument(page)
  // The page is lazily loaded and has no link in the navigation: the Vehicle widget links to it.
  const widget = await addVehicleWidget(page, 'USV Kahu')
  await widget.getByRole('link', { name: 'Open the page of USV Kahu' }).click()
  await expect(page).toHaveURL(/\/vehicles\/alpha-usv-1$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicle USV Kahu' })).toBeVisible()
  const telemetry = page.getByRole('region', { name: 'Telemetry' })
  await expect(telemetry.getByRole('group', { name: 'Live state of USV Kahu' })).toHaveAttribute('data-state', 'live', { timeout: 30_000 })
  const mapSection = page.getByRole('region', { name: 'Map', exact: true })
  await expect(mapSection).toBeVisible()
  const map = mapSection.locator('.honu-map')
  await expect(map).toHaveAttribute('data-basemap', 'drawn', { timeout: 30_000 })
  // Seen, not only said: the attributes held while the map's view had no height and nothing showed. The sea fills
  // much of a usable view, and the followed vehicle is drawn in the middle of it (within a sixth of each side).
  await expect
    .poll(
      async () => {
        const seen = await mapPixels(map)
        const centre = seen.vehicleBox && {
          x: (seen.vehicleBox.left + seen.vehicleBox.right) / 2,
          y: (seen.vehicleBox.top + seen.vehicleBox.bottom) / 2,
        }
        return {
          usable: seen.width >= 300 && seen.height >= 240,
          water: seen.water > 0.2,
          vehicle: seen.vehicles >= 20,
          centred: !!centre && Math.abs(centre.x - seen.width / 2) < seen.width / 6 && Math.abs(centre.y - seen.height / 2) < seen.height / 6,
        }
      },
      { timeout: 20_000 },
    )
    .toEqual({ usable: true, water: true, vehicle: true, centred: true })
  const streams = page.getByRole('region', { name: 'Streams' })
  for (const camera of ['Bow camera', 'Stern camera', 'Mast camera']) await expect(streams.getByLabel(camera)).toBeVisible()
  await expect(streams.getByText('Dock overview')).toHaveCount(0)
  expect(await sameDocument(page)).toBe(true)
  await expectNoAxeViolations(page)
})

// Issue 22.8: the vehicle page's streams are tiles that fit the page (not a bulleted list of full-width players),
// side by side at 1440 px, one per row at 600 px, each no wider than the page and a 16:9 picture under its name.
test("the vehicle page's streams are tiles that fit the page at 1440 and 600 px", async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await openAlphaStreams(page, 'wes@honu.test')
  const widget = await addVehicleWidget(page, 'USV Kahu')
  await widget.getByRole('link', { name: 'Open the page of USV Kahu' }).click()
  const streams = page.getByRole('region', { name: 'Streams' })
  const tiles = streams.getByRole('listitem')
  await expect(tiles).toHaveCount(3)
  const boxes = async () => Promise.all((await tiles.all()).map(async (tile) => (await tile.boundingBox())!))
  const section = async () => (await streams.boundingBox())!

  // No bullets; side by side, a row of three, each a tile of its own (not the page's width).
  expect(await streams.getByRole('list').evaluate((list) => getComputedStyle(list).listStyleType)).toBe('none')
  let placed = await boxes()
  expect(new Set(placed.map((box) => Math.round(box.y))).size).toBe(1)
  for (const box of placed) {
    expect(box.width).toBeLessThan((await section()).width / 2)
    expect(box.x + box.width).toBeLessThanOrEqual((await section()).x + (await section()).width + 0.5)
    // The picture's frame is 16:9 (the name above it adds a line).
    expect(box.height).toBeLessThan(box.width * 0.85)
  }
  // On screen, the cameras play: no black box saying "Paused while hidden".
  await streams.scrollIntoViewIfNeeded()
  await expect(streams.getByText('Paused while hidden')).toHaveCount(0, { timeout: 15_000 })

  // A phone: one tile a row, each within the page; the page does not scroll sideways.
  await page.setViewportSize({ width: 600, height: 900 })
  await expect.poll(async () => new Set((await boxes()).map((box) => Math.round(box.x))).size).toBe(1)
  placed = await boxes()
  for (const box of placed) {
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(600)
    expect(box.height).toBeLessThan(900 * 0.6)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(600)
  await expectNoAxeViolations(page)
})
