import { readFile } from 'node:fs/promises'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations, signIn } from './helpers'

// Planning on the map (issue 25) as an org admin with mission_planning on: waypoints placed, dragged, inserted,
// nudged and deleted by mouse and by keyboard on the plan panel's map (the console's Map widget, sharing the plan's
// editor with the table), a survey area drawn by mouse, an inclusion fence drawn from the keyboard, a circle and a
// rally point; the dashboard's Map widget showing the same plan; the .plan exported and imported into a new mission
// with the same items, fences and rally points. In Kai Mapping, on missions of its own.

test.setTimeout(180_000)

/** The plan table's rows: kind and the cells' values (latitude, longitude, altitude, speed, hold). */
async function planRows(page: Page, mission: string): Promise<string[][]> {
  const rows = page.getByRole('table', { name: `Items of ${mission}` }).locator('tbody tr')
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [
      tr.children[1]!.textContent ?? '',
      ...[...tr.querySelectorAll('td[data-column-cell]')].map(
        (td) => (td.querySelector('input') as HTMLInputElement | null)?.value ?? td.textContent ?? '',
      ),
    ]),
  )
}

async function newMission(page: Page, name: string) {
  await page.getByRole('button', { name: 'New mission' }).click()
  const dialog = page.getByRole('dialog', { name: 'New mission' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Campaign').selectOption({ label: 'Coastline mapping' })
  await dialog.getByLabel('Platform').selectOption({ label: 'Drone Iwa' })
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { name: `Plan of ${name}` })).toBeVisible()
}

/** The plan panel's map, drawn. */
async function planMap(page: Page, mission: string): Promise<Locator> {
  const map = page.locator('.honu-missions__map .honu-map')
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 30_000 })
  await expect(map.getByRole('toolbar', { name: `Planning tools for ${mission}` })).toBeVisible()
  return map
}

/** A point of the map's canvas, as a share of its width and height from its top left corner. */
async function at(map: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
  const canvas = map.locator('canvas.maplibregl-canvas')
  await canvas.scrollIntoViewIfNeeded()
  const box = (await canvas.boundingBox())!
  return { x: box.x + box.width * x, y: box.y + box.height * y }
}

/**
 * `count` points of the map's canvas (page coordinates) where a click reaches the map itself: at least 40 px from
 * every handle and from each other, clear of the map's buttons (top right) and the attribution (bottom). Where the
 * handles are depends on how far keyboard pans went, so fixed points could land on one (a click there places nothing).
 */
async function freePoints(map: Locator, count: number): Promise<{ x: number; y: number }[]> {
  const canvas = map.locator('canvas.maplibregl-canvas')
  await canvas.scrollIntoViewIfNeeded()
  const points = await map.evaluate((root, wanted) => {
    const box = root.querySelector('canvas.maplibregl-canvas')!.getBoundingClientRect()
    const taken = [...root.querySelectorAll('.honu-plan-handle')].map((handle) => {
      const r = handle.getBoundingClientRect()
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 }
    })
    const found: { x: number; y: number }[] = []
    for (let j = 1; j < 10 && found.length < wanted; j++) {
      for (let i = 1; i < 8 && found.length < wanted; i++) {
        const p = { x: box.left + (box.width * i) / 10, y: box.top + (box.height * j) / 11 }
        if ([...taken, ...found].every((q) => Math.hypot(q.x - p.x, q.y - p.y) >= 40)) found.push(p)
      }
    }
    return found
  }, count)
  expect(points).toHaveLength(count)
  return points
}

const centreOf = async (handle: Locator) => {
  await handle.scrollIntoViewIfNeeded()
  const box = (await handle.boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

test('an org admin plans waypoints, a survey and fences on the map by mouse and keyboard; the .plan goes out and into a new mission the same', async ({
  page,
}) => {
  const stamp = Date.now().toString(36)
  const first = `E2E map plan ${stamp}`
  const second = `E2E map copy ${stamp}`
  await signIn(page, 'ops@honu.test')
  await expect(page).toHaveURL(/\/entrypoint$/)
  await page.goto('/orgselection')
  await page.getByRole('button', { name: 'Kai Mapping' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mission operations' })).toBeVisible()
  await newMission(page, first)
  const map = await planMap(page, first)
  const tool = page.getByLabel('What a click on the map places')

  // A first waypoint typed into the table (the Kiel fjord): the map fits the plan as soon as it has a point.
  await page.getByRole('button', { name: 'Add waypoint' }).click()
  await page.getByRole('textbox', { name: 'Latitude of item 1' }).fill('54.36')
  await page.keyboard.press('Enter')
  await page.getByRole('textbox', { name: 'Longitude of item 1' }).fill('10.17')
  await page.keyboard.press('Enter')
  const one = map.getByRole('button', { name: /^Waypoint 1 at 54\.36, 10\.17, 30 m$/ })
  await expect(one).toBeVisible()

  // By mouse: two waypoints clicked onto the map, one dragged, one inserted between two.
  await tool.selectOption({ label: 'Add waypoints' })
  await expect(map).toHaveAttribute('data-tool', 'waypoint')
  const p2 = await at(map, 0.8, 0.2)
  await page.mouse.click(p2.x, p2.y)
  await expect(map.getByRole('button', { name: /^Waypoint 2 at / })).toBeVisible()
  const p3 = await at(map, 0.8, 0.8)
  await page.mouse.click(p3.x, p3.y)
  await expect(page.getByRole('status').filter({ hasText: 'Waypoint 3 placed.' })).toBeVisible()
  let rows = await planRows(page, first)
  expect(rows).toHaveLength(3)
  // North-east, then south-east of the first: the map's y grows southwards.
  expect(Number(rows[1]![1])).toBeGreaterThan(54.36)
  expect(Number(rows[1]![2])).toBeGreaterThan(10.17)
  expect(Number(rows[2]![1])).toBeLessThan(54.36)

  const two = map.getByRole('button', { name: /^Waypoint 2 at / })
  const from = await centreOf(two)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x - 40, from.y + 10, { steps: 5 })
  await page.mouse.move(from.x - 80, from.y + 20, { steps: 5 })
  await page.mouse.up()
  await expect.poll(async () => Number((await planRows(page, first))[1]![2])).toBeLessThan(Number(rows[1]![2]))
  // One drag, one step to undo.
  await page.getByRole('button', { name: 'Undo' }).first().click()
  await expect.poll(async () => (await planRows(page, first))[1]![2]).toBe(rows[1]![2])
  await page.getByRole('button', { name: 'Redo' }).first().click()
  await expect.poll(async () => (await planRows(page, first))[1]![2]).not.toBe(rows[1]![2])

  await map.getByRole('button', { name: 'Insert a waypoint between 2 and 3' }).click()
  await expect.poll(async () => (await planRows(page, first)).length).toBe(4)
  rows = await planRows(page, first)

  // By keyboard: waypoint 4 nudged 10 m north, then deleted; the focus stays on the map.
  const four = map.getByRole('button', { name: /^Waypoint 4 at / })
  await four.focus()
  await page.keyboard.press('ArrowUp')
  await expect.poll(async () => Number((await planRows(page, first))[3]![1]) - Number(rows[3]![1])).toBeCloseTo(10 / 111_195, 6)
  await expect(four).toBeFocused()
  await page.keyboard.press('Delete')
  await expect.poll(async () => (await planRows(page, first)).length).toBe(3)

  // A survey area by mouse: lines 15 m apart, four corners, finished.
  await tool.selectOption({ label: 'Draw a survey area' })
  await page.getByLabel('Line spacing (m)').fill('15')
  await page.getByLabel('Line spacing (m)').press('Enter')
  for (const [x, y] of [
    [0.3, 0.3],
    [0.45, 0.3],
    [0.45, 0.45],
    [0.3, 0.45],
  ] as const) {
    const p = await at(map, x, y)
    await page.mouse.click(p.x, p.y)
  }
  await expect(page.getByRole('status').filter({ hasText: '4 corners placed.' })).toBeVisible()
  await page.getByRole('button', { name: 'Finish shape' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Survey area added.' })).toBeVisible()
  rows = await planRows(page, first)
  expect(rows.map((row) => row[0])).toEqual(['Waypoint', 'Waypoint', 'Waypoint', 'Survey'])
  await expect(map.getByRole('button', { name: /^Survey 4, corner \d$/ })).toHaveCount(4)

  // An inclusion fence from the keyboard: the tool chosen, the map focused, panned with the arrow keys and a
  // corner placed at the cross with Enter, three times; finished with the keyboard. The plan's waypoints now lie
  // outside it, and the checks say so.
  await tool.focus()
  await tool.selectOption({ label: 'Draw an inclusion fence' })
  const canvas = map.locator('canvas.maplibregl-canvas')
  await canvas.focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: '3 corners placed.' })).toBeVisible()
  await page.getByRole('button', { name: 'Finish shape' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Fence added.' })).toBeVisible()
  await expect(map.getByRole('button', { name: /^Inclusion fence 1, corner \d$/ })).toHaveCount(3)
  await expect(page.getByRole('list', { name: 'Checks' })).toContainText('Item 1: point 1 is outside inclusion fence polygon 1.')

  // A fence circle by mouse, then removed from the keyboard; a rally point placed at the centre by keyboard.
  await tool.selectOption({ label: 'Add an exclusion circle' })
  await page.getByLabel('Circle radius (m)').fill('50')
  await page.getByLabel('Circle radius (m)').press('Enter')
  const [c] = await freePoints(map, 1)
  await page.mouse.click(c!.x, c!.y)
  const circle = map.getByRole('button', { name: 'Exclusion circle 1, 50 m' })
  await expect(circle).toBeVisible()
  await tool.selectOption({ label: 'Add rally points' })
  await page.getByRole('button', { name: 'Place at the centre' }).focus()
  await page.keyboard.press('Enter')
  await expect(map.getByRole('button', { name: 'Rally point 1' })).toBeVisible()
  await expectNoAxeViolations(page)

  // The dashboard's Map widget shows the same plan, and an edit made there shows in the table.
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Map', exact: true }).click()
  const widget = page.getByRole('group', { name: 'Map 1' })
  await expect(widget.getByRole('button', { name: 'Rally point 1' })).toBeAttached()
  await expect(widget.getByRole('button', { name: /^Waypoint 3 at / })).toBeAttached()

  await page.getByRole('button', { name: 'Save plan' }).click()
  await expect(page.getByText('Plan saved.')).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export .plan' }).click()
  const text = await readFile(await (await download).path(), 'utf8')
  const exported = JSON.parse(text) as {
    mission: { items: { type: string; complexItemType?: string }[] }
    geoFence: { polygons: { inclusion: boolean; polygon: unknown[] }[]; circles: { inclusion: boolean; circle: { radius: number } }[] }
    rallyPoints: { points: unknown[] }
  }
  expect(exported.mission.items.filter((item) => item.type === 'ComplexItem').map((item) => item.complexItemType)).toEqual(['survey'])
  expect(exported.geoFence.polygons).toMatchObject([{ inclusion: true }])
  expect(exported.geoFence.polygons[0]!.polygon).toHaveLength(3)
  expect(exported.geoFence.circles).toMatchObject([{ inclusion: false, circle: { radius: 50 } }])
  expect(exported.rallyPoints.points).toHaveLength(1)
  const planned = await planRows(page, first)

  // Into a new mission: the same items, fences and rally point, on its map too.
  await newMission(page, second)
  const copy = await planMap(page, second)
  await page.getByLabel('Import a plan file').setInputFiles({ name: `${first}.plan`, mimeType: 'application/json', buffer: Buffer.from(text) })
  await expect(page.getByText(`${first}.plan imported.`)).toBeVisible()
  expect(await planRows(page, second)).toEqual(planned)
  await expect(copy.getByRole('button', { name: /^Inclusion fence 1, corner \d$/ })).toHaveCount(3)
  await expect(copy.getByRole('button', { name: 'Exclusion circle 1, 50 m' })).toBeVisible()
  await expect(copy.getByRole('button', { name: 'Rally point 1' })).toBeVisible()
  // Removed from the keyboard: one step, undone with the table's shortcut.
  await copy.getByRole('button', { name: 'Exclusion circle 1, 50 m' }).focus()
  await page.keyboard.press('Delete')
  await expect(copy.getByRole('button', { name: 'Exclusion circle 1, 50 m' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Undo' }).first().click()
  await expect(copy.getByRole('button', { name: 'Exclusion circle 1, 50 m' })).toBeVisible()

  // From the keyboard alone: a waypoint placed at the cross, then a survey area drawn corner by corner, the map
  // panned between them with the arrow keys, and finished.
  const copyTool = copy.getByLabel('What a click on the map places')
  await copyTool.focus()
  await copyTool.selectOption({ label: 'Add waypoints' })
  const copyCanvas = copy.locator('canvas.maplibregl-canvas')
  await copyCanvas.focus()
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await planRows(page, second)).length).toBe(planned.length + 1)
  await copyTool.focus()
  await copyTool.selectOption({ label: 'Draw a survey area' })
  await copyCanvas.focus()
  for (const pan of ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp']) {
    await page.keyboard.press(pan)
    await page.keyboard.press('Enter')
  }
  await expect(page.getByRole('status').filter({ hasText: '4 corners placed.' })).toBeVisible()
  await copy.getByRole('button', { name: 'Finish shape' }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await planRows(page, second)).map((row) => row[0]).at(-1)).toBe('Survey')
  await expect(copy.getByRole('button', { name: new RegExp(`^Survey ${planned.length + 2}, corner \\d$`) })).toHaveCount(4)

  // An exclusion fence by mouse: three corners clicked, finished.
  await copyTool.selectOption({ label: 'Draw an exclusion fence' })
  for (const [i, p] of (await freePoints(copy, 3)).entries()) {
    await page.mouse.click(p.x, p.y)
    await expect(page.getByRole('status').filter({ hasText: `${i + 1} corner${i ? 's' : ''} placed.` })).toBeVisible()
  }
  await copy.getByRole('button', { name: 'Finish shape' }).click()
  await expect(copy.getByRole('button', { name: /^Exclusion fence 2, corner \d$/ })).toHaveCount(3)
  await expectNoAxeViolations(page)
})

test("a surface vehicle's waypoint on land is found from the site packs, and at sea it is not", async ({ page }) => {
  const mission = `E2E boat plan ${Date.now().toString(36)}`
  await signIn(page, 'ops@honu.test')
  await expect(page).toHaveURL(/\/entrypoint$/)
  await page.goto('/orgselection')
  await page.getByRole('button', { name: 'Kai Mapping' }).click()
  await page.getByRole('button', { name: 'New mission' }).click()
  const dialog = page.getByRole('dialog', { name: 'New mission' })
  await dialog.getByLabel('Name').fill(mission)
  await dialog.getByLabel('Campaign').selectOption({ label: 'Coastline mapping' })
  await dialog.getByLabel('Platform').selectOption({ label: 'Barge Moana' })
  await dialog.getByRole('button', { name: 'Create' }).click()
  await planMap(page, mission)
  // Barge Moana is a boat: a waypoint typed in downtown Honolulu is on the site pack's land.
  await page.getByRole('button', { name: 'Add waypoint' }).click()
  await page.getByRole('textbox', { name: 'Latitude of item 1' }).fill('21.3069')
  await page.keyboard.press('Enter')
  await page.getByRole('textbox', { name: 'Longitude of item 1' }).fill('-157.8583')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('list', { name: 'Checks' })).toContainText('Item 1: point 1 is on land.')
  // Out in Mamala Bay: at sea, and nothing stands in the way.
  await page.getByRole('textbox', { name: 'Latitude of item 1' }).fill('21.28')
  await page.keyboard.press('Enter')
  await page.getByRole('textbox', { name: 'Longitude of item 1' }).fill('-157.88')
  await page.keyboard.press('Enter')
  await expect(page.getByText('No problems found.')).toBeVisible()
  // Its battery share is known (the barge's ten hours).
  await expect(page.getByText(/^\d+ % of a full battery$/)).toBeVisible()
})
