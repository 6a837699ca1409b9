import { expect, test, type Locator, type Page } from '@playwright/test'
import { API, expectNoAxeViolations, mapPixels, signIn } from './helpers'

// Site packs (issue 25): at a seeded harbour's zoom the Map widget shows the real coast, land and water both in its
// pixels, from the reference server's packs (OpenStreetMap land at 10 m) drawn above the world basemap, whose 1:50m
// coast shows open sea there. And a pack that cannot be had leaves the world basemap, with a warning and no error.

/** Signs in as Wes (a writer in Alpha and in Charlie) and opens a tenant's streams, where a map can be added. */
async function openStreams(page: Page, tenant: RegExp) {
  await signIn(page, 'wes@honu.test')
  await page.getByRole('button', { name: tenant }).click()
  await expect(page).toHaveURL(/\/streams$/)
}
const widget = (page: Page, name: string) => page.getByRole('group', { name, exact: true })
async function addMap(page: Page) {
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Map', exact: true }).click()
  const map = widget(page, 'Map 1')
  await expect(map.locator('.honu-map')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 })
  // Fitted to the tenant's four vehicles, which sail within a kilometre or so of the harbour.
  await expect.poll(async () => Number(await map.locator('.honu-map').getAttribute('data-drawn-vehicles')), { timeout: 20_000 }).toBe(4)
  return map
}
/** The shares of the view in the basemap's land and sea colours, once both are there (the pack arrives after the fit). */
async function expectLandAndWater(map: Locator) {
  await expect
    .poll(
      async () => {
        const seen = await mapPixels(map)
        return { land: seen.land > 0.03, water: seen.water > 0.1 }
      },
      { timeout: 20_000 },
    )
    .toEqual({ land: true, water: true })
}

const HARBOURS = [
  { site: 'Honolulu', tenant: /Alpha Harbour/, pack: 'honolulu.geojson' },
  { site: 'Kiel', tenant: /Charlie Survey/, pack: 'kiel.geojson' },
]

for (const { site, tenant, pack } of HARBOURS) {
  test(`at ${site}'s harbour the map shows land and water, from its site pack; axe finds nothing`, async ({ page }) => {
    const fetched: string[] = []
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(`${API}/api/v1/site-packs/`)) fetched.push(request.url().slice(API.length))
    })
    await openStreams(page, tenant)
    const map = await addMap(page)
    // One step out from the fit (which follows wherever the vehicles happen to be): a view some 4 km across, still a
    // harbour's zoom, with the coast in it whatever the fit was.
    await map.getByRole('button', { name: 'Zoom out' }).click()
    await expectLandAndWater(map)
    // The pack of this harbour, and no other site's.
    expect(fetched.filter((url) => url.endsWith('.geojson'))).toEqual([`/api/v1/site-packs/${pack}`])
    // Its data's licence is credited while it is drawn.
    await expect(map.locator('.honu-map__attribution')).toContainText('© OpenStreetMap contributors')
    await expect(map.getByRole('alert')).toHaveCount(0)
    await expectNoAxeViolations(page)
  })
}

test('a site pack the server cannot give leaves the world basemap: a console warning, no error on the map', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await page.route(`${API}/api/v1/site-packs/honolulu.geojson`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/geo+json', body: '{"type":' }),
  )
  await openStreams(page, /Alpha Harbour/)
  const map = await addMap(page)
  await expect.poll(() => warnings.filter((text) => text.includes('site pack honolulu')), { timeout: 20_000 }).toHaveLength(1)
  // The world basemap still draws the sea, and the vehicles on it; nothing is said to the user.
  await expect.poll(async () => (await mapPixels(map)).water, { timeout: 10_000 }).toBeGreaterThan(0.15)
  // Without its pack the harbour is open sea at this zoom (the world basemap's 1:50m coast is kilometres off): the
  // land the first tests see is the pack's.
  expect((await mapPixels(map)).land).toBeLessThan(0.005)
  await expect(map.getByRole('alert')).toHaveCount(0)
  await expect(map.locator('.honu-map__status')).toHaveCount(0)
  await expect(map.locator('.honu-map__attribution')).not.toContainText('OpenStreetMap')
})
