import { expect, test, type Locator, type Page } from '@playwright/test'
import { API, expectNoAxeViolations, mapPixels, signIn } from './helpers'
import { AUTH } from './stack'

// The Map widget over the running stack: the reference server ingests the simulator's real MAVLink 2 over UDP and
// sends it on the live channel; the console draws it with MapLibre (WebGL through SwiftShader in headless Chromium).

const ALPHA = ['alpha-usv-1', 'alpha-usv-2', 'alpha-usv-3', 'alpha-usv-4']

async function openStreams(page: Page) {
  await signIn(page, 'wes@honu.test')
  await page.getByRole('button', { name: /Alpha Harbour/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
}
const widget = (page: Page, name: string) => page.getByRole('group', { name, exact: true })
async function addMap(page: Page) {
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Map', exact: true }).click()
  const map = widget(page, 'Map 1')
  await expect(map.locator('.honu-map')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 })
  return map
}
/**
 * What the map shows on screen (its view's pixels, not its attributes, which said "drawn" over a view of no height):
 * the sea in a good share of it, and at least `vehicles` vehicles' worth of their colour (an arrow is some 60 px).
 */
async function expectSeen(map: Locator, vehicles: number) {
  await expect
    .poll(
      async () => {
        const seen = await mapPixels(map)
        return { water: seen.water > 0.15, vehicles: seen.vehicles >= vehicles * 25 }
      },
      { timeout: 20_000 },
    )
    .toEqual({ water: true, vehicles: true })
}
const listed = (page: Page) =>
  widget(page, 'Map 1')
    .locator('li[data-device-id]')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.deviceId).sort())

test("the map shows Alpha's simulated vehicles moving and none of Bravo's; choosing one opens its Vehicle widget", async ({ page }) => {
  await openStreams(page)
  const map = await addMap(page)

  // Alpha's four vehicles, and only those (Bravo's and Charlie's fly on the same server at the same time).
  await expect.poll(() => listed(page), { timeout: 20_000 }).toEqual(ALPHA)
  // Drawn by MapLibre too, not only listed: fitted into view on arrival, every one with a position is drawn.
  await expect.poll(async () => Number(await map.locator('.honu-map').getAttribute('data-drawn-vehicles')), { timeout: 20_000 }).toBe(4)
  await expectSeen(map, 4)

  // Moving: the route-flying vehicle's position changes.
  const position = () => map.locator('li[data-device-id="alpha-usv-1"] [data-position]').getAttribute('data-position')
  const first = await position()
  expect(first).toMatch(/^21\.\d+,-157\.\d+$/)
  await expect.poll(position, { timeout: 15_000 }).not.toBe(first)
  expect(await listed(page)).toEqual(ALPHA)

  // The low-battery vehicle is a warning, said in words in the list.
  await expect(map.locator('li[data-device-id="alpha-usv-3"]')).toHaveAttribute('data-status', 'warning')
  await expect(map.locator('li[data-device-id="alpha-usv-3"]')).toContainText('Warning')
  await expectNoAxeViolations(page)

  // Choosing from the keyboard opens the vehicle's Vehicle widget and moves focus to it.
  await map.getByRole('button', { name: /^USV Kahu/ }).focus()
  await page.keyboard.press('Enter')
  const vehicle = widget(page, 'USV Kahu')
  await expect(vehicle).toBeFocused()
  await expect(vehicle).toContainText(/USV Kahu/)

  // Choosing it again focuses the same widget: no second one.
  await map.getByRole('button', { name: /^USV Kahu/ }).click()
  await expect(vehicle).toBeFocused()
  await expect(page.getByRole('group', { name: 'USV Kahu', exact: true })).toHaveCount(1)
})

test('with every request beyond the console and its server aborted, the map draws its offline basemap', async ({ page, baseURL }) => {
  const own = new Set([new URL(baseURL!).origin, new URL(API).origin, AUTH])
  const elsewhere: string[] = []
  await page.route('**/*', (route) => {
    const url = route.request().url()
    if (url.startsWith('data:') || own.has(new URL(url).origin)) return route.continue()
    elsewhere.push(url)
    return route.abort()
  })
  await openStreams(page)
  const map = await addMap(page)
  // MapLibre's worker ran (it tiles the GeoJSON) and land was drawn in WebGL.
  await expect(map.locator('.honu-map')).toHaveAttribute('data-basemap', 'drawn', { timeout: 20_000 })
  await expect.poll(() => listed(page), { timeout: 20_000 }).toEqual(ALPHA)
  // Seen on screen: the sea and the vehicles on it; zoomed out, Oahu's land (only MapLibre draws that colour).
  await expectSeen(map, 4)
  for (let step = 0; step < 5; step++) await map.getByRole('button', { name: 'Zoom out' }).click()
  await expect.poll(async () => (await mapPixels(map)).land, { timeout: 10_000 }).toBeGreaterThan(0.01)
  // Nothing was even asked of another origin (no tiles, glyphs, sprites or fonts).
  expect(elsewhere).toEqual([])
})
