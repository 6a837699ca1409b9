import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, signIn } from './helpers'

// Mission operations (issue 25) as an org admin with mission_planning on (the stack's default): campaigns and
// missions made in the browser, a plan typed from the keyboard, its .plan out and into another mission. In Kai
// Mapping: the other specs (visual.spec.ts's screenshots among them) look at Honu Ocean Operations, whose lists
// stay as seeded.

/** Values of the plan table's cells, row by row (latitude, longitude, altitude, speed, hold). */
async function planCells(page: Page, mission: string): Promise<string[][]> {
  const rows = page.getByRole('table', { name: `Items of ${mission}` }).locator('tbody tr')
  const out: string[][] = []
  for (let i = 0; i < (await rows.count()); i++)
    out.push(
      await rows
        .nth(i)
        .locator('input')
        .evaluateAll((inputs) => inputs.map((el) => (el as HTMLInputElement).value)),
    )
  return out
}

async function newMission(page: Page, name: string, campaign: string) {
  await page.getByRole('button', { name: 'New mission' }).click()
  const dialog = page.getByRole('dialog', { name: 'New mission' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Campaign').selectOption({ label: campaign })
  await dialog.getByLabel('Platform').selectOption({ label: 'Drone Iwa' })
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { name: `Plan of ${name}` })).toBeVisible()
}

test('an org admin plans a mission by keyboard, exports its .plan and imports it into a new mission; a malformed file is refused', async ({
  page,
}) => {
  const stamp = Date.now().toString(36)
  const campaign = `E2E campaign ${stamp}`
  const first = `E2E mission ${stamp}`
  const second = `E2E copy ${stamp}`

  await signIn(page, 'ops@honu.test')
  await expect(page).toHaveURL(/\/entrypoint$/)
  await page.goto('/orgselection')
  await page.getByRole('button', { name: 'Kai Mapping' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mission operations' })).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Missions of Kai Mapping' }).getByRole('cell', { name: 'Bay photogrammetry', exact: true }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'New campaign' }).click()
  const dialog = page.getByRole('dialog', { name: 'New campaign' })
  await dialog.getByLabel('Name').fill(campaign)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('table', { name: 'Campaigns of Kai Mapping' }).getByRole('cell', { name: campaign, exact: true })).toBeVisible()
  await newMission(page, first, campaign)

  // From the keyboard: the first waypoint has nothing to go by (no home): it is typed in.
  await page.getByRole('button', { name: 'Add waypoint' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Latitude of item 1' })).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('21.3')
  await page.keyboard.press('Tab')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('-157.86')
  await page.keyboard.press('Tab')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('12')
  await page.keyboard.press('Enter')
  // Two more, each on along the leg before it; the second with a speed and a hold.
  await page.getByRole('button', { name: 'Add waypoint' }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Add waypoint' }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('textbox', { name: 'Speed (m/s) of item 2' }).fill('2.5')
  await page.keyboard.press('Enter')
  await page.getByRole('textbox', { name: 'Hold (s) of item 2' }).fill('4')
  await page.keyboard.press('Enter')
  // Undo and redo from the keyboard.
  await page.keyboard.press('ControlOrMeta+z')
  await expect(page.getByRole('textbox', { name: 'Hold (s) of item 2' })).toHaveValue('0')
  await page.keyboard.press('ControlOrMeta+Shift+z')
  await expect(page.getByRole('textbox', { name: 'Hold (s) of item 2' })).toHaveValue('4')
  const planned = await planCells(page, first)
  expect(planned).toHaveLength(3)
  expect(planned[0]).toEqual(['21.3', '-157.86', '12', '', '0'])
  await page.getByRole('button', { name: 'Save plan' }).click()
  await expect(page.getByText('Plan saved.')).toBeVisible()
  await expectNoAxeViolations(page)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export .plan' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`${first}.plan`)
  const text = await readFile(await file.path(), 'utf8')
  expect(JSON.parse(text)).toMatchObject({ fileType: 'Plan' })

  await newMission(page, second, campaign)
  const input = page.getByLabel('Import a plan file')
  await input.setInputFiles({ name: 'broken.plan', mimeType: 'application/json', buffer: Buffer.from('{"fileType": "Plan", "version": 1,') })
  await expect(page.getByRole('alert').filter({ hasText: 'broken.plan was not imported' })).toHaveText(
    'broken.plan was not imported, and the plan is unchanged: The file is not valid JSON.',
  )
  await expect(page.getByText('The plan has no items yet: add a waypoint, or import a plan file.')).toBeVisible()
  await input.setInputFiles({ name: `${first}.plan`, mimeType: 'application/json', buffer: Buffer.from(text) })
  await expect(page.getByText(`${first}.plan imported.`)).toBeVisible()
  expect(await planCells(page, second)).toEqual(planned)
  await page.getByRole('button', { name: 'Save plan' }).click()
  await expect(page.getByText('Plan saved.')).toBeVisible()
  await expectNoAxeViolations(page)
})
