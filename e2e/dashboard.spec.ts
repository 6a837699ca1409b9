import { readFileSync } from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations, mapPixels, signIn } from './helpers'

async function openStreams(page: Page) {
  await signIn(page, 'wes@honu.test')
  await page.getByRole('button', { name: /Alpha Harbour/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
}
const widget = (page: Page, name: string) => page.getByRole('group', { name, exact: true })
const gridItem = (page: Page, name: string) => widget(page, name).locator('xpath=..')
async function place(item: Locator) {
  return item.evaluate((el) => ({
    x: Number(el.getAttribute('gs-x') ?? 0),
    y: Number(el.getAttribute('gs-y') ?? 0),
    w: Number(el.getAttribute('gs-w') ?? 1),
    h: Number(el.getAttribute('gs-h') ?? 1),
  }))
}
/** Adds a widget from the toolbar's menu by its type's title; a Video widget is pointed at the Bow camera. */
async function addWidget(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: title, exact: true }).click()
  if (title === 'Vehicle') {
    const picker = page.getByRole('dialog', { name: /Choose a vehicle/ })
    await picker.getByRole('radio', { name: 'USV Kahu' }).check()
    await picker.getByRole('button', { name: 'Show vehicle' }).click()
    await expect(picker).toBeHidden()
    return
  }
  if (title !== 'Video') return
  const picker = page.getByRole('dialog', { name: /Choose a stream/ })
  await picker.getByRole('radio', { name: 'Bow camera' }).check()
  await picker.getByRole('button', { name: 'Show stream' }).click()
  await expect(picker).toBeHidden()
}

test('every widget is added at spec §9’s default size in free layout: 4 columns wide, 8 rows high', async ({ page }) => {
  await openStreams(page)
  for (const [title, name] of [
    ['Video', 'Video 1'],
    ['Vehicle', 'Vehicle 1'],
    ['Map', 'Map 1'],
    ['Tenant', 'Tenant 1'],
  ] as const) {
    await addWidget(page, title)
    await expect(widget(page, name)).toBeVisible()
    expect(await place(gridItem(page, name)), title).toMatchObject({ w: 4, h: 8 })
    // 8 rows of 70 px with the 10 px margin: the tile is drawn that tall, not only said so.
    const box = (await gridItem(page, name).boundingBox())!
    expect(Math.round(box.height), title).toBe(8 * 70)
  }
})

test('drag and resize with the mouse; the layout survives a reload', async ({ page }) => {
  await openStreams(page)
  await addWidget(page, 'Video')
  await addWidget(page, 'Map')
  await expect(widget(page, 'Map 1')).toBeVisible()
  await expectNoAxeViolations(page)
  const map = gridItem(page, 'Map 1')
  const start = await place(map)

  // Drag the map onto the video's column, a little way down: it lands below the video (gravity closes the gap).
  const handle = widget(page, 'Map 1').locator('.honu-grid-item__handle')
  const box = (await handle.boundingBox())!
  const videoBox = (await widget(page, 'Video 1').boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(videoBox.x + box.width / 2, box.y + 300, { steps: 15 })
  await page.mouse.up()
  const videoHeight = (await place(gridItem(page, 'Video 1'))).h
  await expect.poll(async () => (await place(map)).y).toBe(videoHeight)
  expect((await place(map)).x).toBeLessThan(start.x)
  expect(start.y).toBe(0)

  const resize = map.locator('.ui-resizable-se')
  await map.hover()
  const corner = (await resize.boundingBox())!
  await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2)
  await page.mouse.down()
  await page.mouse.move(corner.x + 250, corner.y + 10, { steps: 15 })
  await page.mouse.up()
  await expect.poll(async () => (await place(map)).w).toBeGreaterThan(start.w)

  const before = await place(map)
  await page.reload()
  await expect(widget(page, 'Map 1')).toBeVisible()
  expect(await place(gridItem(page, 'Map 1'))).toEqual(before)
})

test('snap mode: minimise moves to the end, restore goes before the first minimised', async ({ page }) => {
  await openStreams(page)
  for (const type of ['Video', 'Map', 'Tenant']) await addWidget(page, type)
  await page.getByLabel('Snap to grid').check()
  await expect.poll(async () => (await place(gridItem(page, 'Tenant 1'))).x).toBe(0)
  const tray = page.getByRole('list', { name: 'Minimised widgets' })
  // One at a time, as a user does: each minimise reflows the grid (and the tray appearing moves it) before the next.
  await page.getByRole('button', { name: 'Minimise: Video 1' }).click()
  await expect(tray.getByRole('button')).toHaveText(['Restore Video 1'])
  await page.getByRole('button', { name: 'Minimise: Map 1' }).click()
  await expect(tray.getByRole('button')).toHaveText(['Restore Video 1', 'Restore Map 1'])
  expect(await place(gridItem(page, 'Tenant 1'))).toMatchObject({ x: 0, y: 0, w: 1, h: 1 })
  await tray.getByRole('button', { name: 'Restore Map 1' }).click()
  // Map goes back before the first minimised widget (Video): after Tenant.
  await expect.poll(async () => place(gridItem(page, 'Map 1'))).toMatchObject({ x: 1, y: 0 })
  await expectNoAxeViolations(page)
})

test('fullscreen and back', async ({ page }) => {
  await openStreams(page)
  await addWidget(page, 'Map')
  await page.getByRole('button', { name: 'Fullscreen: Map 1' }).click()
  const box = (await widget(page, 'Map 1').boundingBox())!
  const viewport = page.viewportSize()!
  expect(box.width).toBeGreaterThan(viewport.width * 0.95)
  await page.getByRole('button', { name: 'Leave fullscreen: Map 1' }).click()
  expect((await widget(page, 'Map 1').boundingBox())!.width).toBeLessThan(viewport.width * 0.6)
})

test('move and resize with the keyboard only, each change announced', async ({ page }) => {
  await openStreams(page)
  await addWidget(page, 'Map')
  const map = widget(page, 'Map 1')
  await map.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Map 1 lifted' })).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(/Map 1 moved to column 3, row 1/)).toBeAttached()
  await page.keyboard.press('Shift+ArrowDown')
  await expect(page.getByText(/Map 1 resized to column 3, row 1, 4 wide by 9 high/)).toBeAttached()
  await page.keyboard.press('Enter')
  await expect(page.getByText(/Map 1 dropped/)).toBeAttached()
  expect(await place(gridItem(page, 'Map 1'))).toMatchObject({ x: 2, w: 4, h: 9 })
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Escape')
  await expect(page.getByText(/Cancelled. Map 1 is back at column 3, row 1/)).toBeAttached()
})

test('export a layout and import it into a fresh session', async ({ page, browser }) => {
  await openStreams(page)
  await addWidget(page, 'Video')
  await addWidget(page, 'Vehicle')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export layout' }).click()
  const file = await (await download).path()
  const layout = JSON.parse(readFileSync(file, 'utf8'))
  expect(layout.schemaVersion).toBe(3)
  // The Video widget's own data (its stream) goes with the layout, and the Vehicle widget's (its vehicle).
  expect(layout.workspaces['stream-view']).toContainEqual(expect.objectContaining({ id: 'Video-1', data: { streamId: 'alpha-bow' } }))
  expect(layout.workspaces['stream-view']).toContainEqual(expect.objectContaining({ type: 'Vehicle', data: { deviceId: 'alpha-usv-1' } }))

  const fresh = await (await browser.newContext()).newPage()
  await openStreams(fresh)
  await expect(fresh.getByText('No widgets here yet.')).toBeVisible()
  await fresh
    .getByLabel('Import layout')
    .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"schemaVersion":7}') })
  await expect(fresh.getByRole('alert')).toContainText('made by a newer console')
  await fresh.getByLabel('Import layout').setInputFiles(file)
  await expect(widget(fresh, 'Video 1')).toBeVisible()
  await expect(widget(fresh, 'Video 1').getByLabel('Bow camera')).toBeVisible()
  await expect(widget(fresh, 'Vehicle 1')).toBeVisible()
  expect(await place(gridItem(fresh, 'Vehicle 1'))).toEqual(await place(gridItem(page, 'Vehicle 1')))
})

test('one widget throwing leaves the others working', async ({ page }) => {
  await page.goto('/dashboard-lab.html')
  await expect(page.getByText('Broken vehicle stopped working.')).toBeVisible()
  // The map beside it still draws (its list of vehicles is there, empty on this page without a tenant).
  await expect(widget(page, 'Harbour map').locator('.honu-map')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 })
  // Drawn on screen, not only said: the world's sea and land (the colour only MapLibre draws) in its view.
  await expect
    .poll(async () => {
      const seen = await mapPixels(widget(page, 'Harbour map'))
      return seen.water > 0.15 && seen.land > 0.01
    })
    .toBe(true)
  await page.getByRole('button', { name: 'Minimise: Harbour map' }).click()
  await page.getByRole('button', { name: 'Restore Harbour map' }).click()
  await expect(widget(page, 'Harbour map')).toBeVisible()
  await expectNoAxeViolations(page)
})
