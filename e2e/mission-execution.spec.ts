import { expect, test, type Locator, type Page } from '@playwright/test'
import { API, expectNoAxeViolations, idTokenOf, signIn } from './helpers'

// Executing a mission (issue 25) as an org admin with mission_planning on (the stack's default): a plan made in
// the browser and saved, started on Drone Iwa (Charlie's charlie-uav-1, flown by the simulator's autopilot over real
// MAVLink), followed in the MissionExecStatus widget from uploading to running to completed, paused and resumed;
// a second run aborted; another operator of the organisation, not in control, refused by the server naming the holder.
// The vehicle's control lease is kept per tenant (issue 24), so the operator picks Charlie Survey first. In Kai
// Mapping: the other specs (visual.spec.ts's screenshots of the MissionExecStatus widget among them) look at Honu
// Ocean Operations, which runs no execution.

test.describe.configure({ mode: 'serial' })
test.setTimeout(240_000)

async function planMission(page: Page, name: string) {
  await page.getByRole('button', { name: 'New mission' }).click()
  const dialog = page.getByRole('dialog', { name: 'New mission' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Campaign').selectOption({ label: 'Coastline mapping' })
  await dialog.getByLabel('Platform').selectOption({ label: 'Drone Iwa' })
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { name: `Plan of ${name}` })).toBeVisible()
  // Three waypoints over the Kiel fjord, where Iwa flies; fast, so the flight is short.
  const points = [
    ['54.3600', '10.1700', '30', '25'],
    ['54.3608', '10.1700', '30', ''],
    ['54.3616', '10.1700', '30', ''],
  ]
  for (const [i, [lat, lon, alt, speed]] of points.entries()) {
    await page.getByRole('button', { name: 'Add waypoint' }).click()
    const n = i + 1
    await page.getByRole('textbox', { name: `Latitude of item ${n}` }).fill(lat!)
    await page.keyboard.press('Enter')
    await page.getByRole('textbox', { name: `Longitude of item ${n}` }).fill(lon!)
    await page.keyboard.press('Enter')
    await page.getByRole('textbox', { name: `Altitude (m) of item ${n}` }).fill(alt!)
    await page.keyboard.press('Enter')
    if (speed) {
      await page.getByRole('textbox', { name: `Speed (m/s) of item ${n}` }).fill(speed)
      await page.keyboard.press('Enter')
    }
  }
  await page.getByRole('button', { name: 'Save plan' }).click()
  await expect(page.getByText('Plan saved.')).toBeVisible()
}

const stateOf = (widget: Locator) => widget.getByRole('status')

test('an org admin starts a mission on Drone Iwa, takes control, follows it to completed with a pause; aborts a second run; another operator cannot command it', async ({
  page,
  request,
}) => {
  const mission = `E2E run ${Date.now().toString(36)}`
  await signIn(page, 'ops@honu.test')
  await expect(page).toHaveURL(/\/entrypoint$/)
  await page.goto('/tenant')
  await page.getByRole('button', { name: /Charlie Survey/ }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await page.goto('/orgselection')
  await page.getByRole('button', { name: /Kai Mapping/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mission operations' })).toBeVisible()

  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Mission execution', exact: true }).click()
  const widget = page.getByRole('group', { name: 'Mission execution 1' })
  await expect(widget).toBeVisible()

  await planMission(page, mission)
  const execution = page.getByRole('region', { name: `Execution of ${mission}` })
  const start = execution.getByRole('button', { name: 'Start execution' })
  await expect(start).toBeEnabled()

  // Not in control: the server refuses, in its own words.
  await start.click()
  await expect(execution.getByRole('alert')).toContainText(/^Not started: Nobody is in control of Drone Iwa/)
  await execution.getByRole('button', { name: 'Request control of Drone Iwa' }).click()
  await expect(execution.getByText('You are in control of Drone Iwa.')).toBeVisible()
  await start.click()
  await expect(execution.getByText('Execution started: follow it in the Mission execution widget.')).toBeVisible()

  await expect(stateOf(widget)).toHaveText(new RegExp(`${mission}: (Uploading|Running)`), { timeout: 30_000 })
  await expect(stateOf(widget)).toHaveText(`${mission}: Running`, { timeout: 60_000 })
  await expect(widget.getByText('You are in control of Drone Iwa.')).toBeVisible()
  await expect(widget.getByRole('progressbar', { name: `Progress of ${mission}` })).toBeVisible()
  // The plan panel's map draws the plan and the vehicle flying it (Charlie's vehicles: its tenant is chosen).
  const planMap = page.locator('.honu-missions__map .honu-map')
  await expect(planMap.getByRole('button', { name: /^Waypoint 3 at / })).toBeAttached()
  await expect(planMap.getByRole('listitem').filter({ hasText: 'Drone Iwa' })).toBeVisible()
  await expect(planMap).toHaveAttribute('data-drawn-vehicles', /^[1-9]\d*$/, { timeout: 30_000 })

  // Another operator of the organisation (Cal, admin of Charlie, writer of Kai Mapping) without control.
  const cal = await idTokenOf('cal@honu.test')
  const list = await request.get(`${API}/api/v2/execution?organisation_id=org-kai`, { headers: { authorization: `Bearer ${cal}` } })
  const records = ((await list.json()) as { data: { id: string; status: string; mission_id: string }[] }).data
  const running = records.filter((r) => r.status === 'running' || r.status === 'uploading').at(-1)!
  const refused = await request.post(`${API}/api/v2/execution/${running.id}/pause?organisation_id=org-kai`, {
    headers: { authorization: `Bearer ${cal}` },
  })
  expect(refused.status()).toBe(409)
  expect(await refused.json()).toMatchObject({ code: 'not-in-control', message: expect.stringMatching(/^Olu Ops is in control of Drone Iwa/) })

  // Pause and resume from the widget.
  const commands = widget.getByRole('group', { name: `Commands for ${mission}` })
  await commands.getByRole('button', { name: 'Pause' }).click()
  await expect(stateOf(widget)).toHaveText(`${mission}: Paused`, { timeout: 30_000 })
  await expectNoAxeViolations(page)
  await commands.getByRole('button', { name: 'Resume' }).click()
  await expect(stateOf(widget)).toHaveText(`${mission}: Running`, { timeout: 30_000 })
  await expect(stateOf(widget)).toHaveText(`${mission}: Completed`, { timeout: 180_000 })

  // A second run, aborted (confirmed).
  await start.click()
  await expect(stateOf(widget)).toHaveText(`${mission}: Running`, { timeout: 60_000 })
  await commands.getByRole('button', { name: 'Abort' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Abort ${mission}?` })
  await confirm.getByRole('button', { name: 'Abort execution' }).click()
  await expect(stateOf(widget)).toHaveText(`${mission}: Aborted`, { timeout: 30_000 })
  await expectNoAxeViolations(page)
  await widget.getByRole('button', { name: 'Release control' }).click()
  await expect(widget.getByText('Nobody is in control of Drone Iwa.')).toBeVisible()
})
