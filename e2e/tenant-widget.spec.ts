import { expect, test, type Page } from '@playwright/test'
import { API, contentOverflow, expectNoAxeViolations, idTokenOf, openAlphaStreams } from './helpers'

// Issue 16, "Done when", the Tenant widget's part: on the stream viewer's dashboard, Alpha's admin adds the Tenant
// widget, sees Alpha's networks with their ranges and the seeded overlap with Bravo's remote network (Ada is a reader
// in Bravo, so she may see it), renames Alpha from the widget and the header follows, then renames it back with the
// keyboard alone; a reader of Alpha alone sees the name with no rename control and no other tenant, and the server
// refuses the rename. axe finds nothing. Real server, real emulator, real database, real live channel.
//
// Other specs find Alpha by the name 'Alpha Harbour' (openAlphaStreams and most others match /Alpha Harbour/), so
// the new name keeps it, and the name is put back at the end of the test and again after it whatever happened.

const ALPHA = 'Alpha Harbour'
const RENAMED = 'Alpha Harbour North'
/** PUT tenants as `email`; answers the status. */
async function renameAs(email: string, name: string): Promise<number> {
  const token = await idTokenOf(email)
  const response = await fetch(`${API}/api/v1/tenants/alpha`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  })
  return response.status
}

/** Alpha's name and device count as the server gives them to Ada. */
async function alphaAsAda(): Promise<{ name: string; devices: number }> {
  const headers = { authorization: `Bearer ${await idTokenOf('ada@honu.test')}` }
  const tenants = (await (await fetch(`${API}/api/v1/tenants`, { headers })).json()) as { data: { tenant_id: string; name: string }[] }
  const devices = (await (await fetch(`${API}/api/v1/devices?tenant_id=alpha`, { headers })).json()) as { data: unknown[] }
  return { name: tenants.data.find((t) => t.tenant_id === 'alpha')!.name, devices: devices.data.length }
}

/** Adds the Tenant widget from the toolbar (it asks nothing); answers the widget's region. */
async function addTenantWidget(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Tenant', exact: true }).click()
  const tile = page.getByRole('group', { name: 'Tenant 1' })
  await expect(tile).toBeVisible()
  return tile.getByRole('group', { name: `Tenant ${name}` })
}

test.afterEach(async () => {
  // Whatever happened, Alpha keeps its name for the specs after this one.
  if ((await alphaAsAda()).name !== ALPHA) expect(await renameAs('ada@honu.test', ALPHA)).toBe(200)
})

test(
  "Alpha's admin sees its networks with the overlap naming Bravo, renames Alpha from the widget and the header follows; back with the keyboard",
  { tag: '@serial' },
  async ({ page }) => {
    await openAlphaStreams(page, 'ada@honu.test')
    const widget = await addTenantWidget(page, ALPHA)
    await expect(widget.getByRole('heading', { level: 4, name: ALPHA })).toBeVisible()

    // Both networks with their first and last address; the remote one overlaps Bravo's, which is named with its tenant.
    const networks = widget.getByRole('list', { name: 'Networks' })
    const remote = networks.getByRole('listitem').filter({ hasText: 'Remote network 10.10.0.0/16' })
    await expect(remote).toContainText('First address10.10.0.0')
    await expect(remote).toContainText('Last address10.10.255.255')
    await expect(remote.getByText('Overlaps the remote network 10.10.128.0/20 of Bravo Fleet.')).toBeVisible()
    const vpn = networks.getByRole('listitem').filter({ hasText: 'VPN 10.200.0.0/24' })
    await expect(vpn).toContainText('Last address10.200.0.255')
    await expect(vpn.getByText('No overlap with a network you can see.')).toBeVisible()

    // Every device of Alpha counted once, as the server lists them; vehicles on their routes come online live.
    const counts = widget.getByRole('table', { name: `Devices of ${ALPHA} by kind and state` })
    const { devices } = await alphaAsAda()
    await expect(
      counts
        .getByRole('row', { name: /^All kinds/ })
        .getByRole('cell')
        .last(),
    ).toHaveText(String(devices))
    const vehiclesOnline = counts
      .getByRole('row', { name: /^Vehicle/ })
      .getByRole('cell')
      .first()
    await expect.poll(async () => Number(await vehiclesOnline.textContent()), { timeout: 30_000 }).toBeGreaterThan(0)
    await expectNoAxeViolations(page)

    // Rename in place: the field replaces the heading, Enter saves, the header follows without a reload.
    await widget.getByRole('button', { name: `Rename ${ALPHA}` }).click()
    const field = widget.getByRole('textbox', { name: 'Tenant name' })
    await expect(field).toBeFocused()
    await expect(field).toHaveValue(ALPHA)
    await expectNoAxeViolations(page)
    await field.fill(RENAMED)
    await field.press('Enter')
    await expect(page.getByRole('button', { name: `Tenant: ${RENAMED}` })).toBeVisible()
    const renamed = page.getByRole('group', { name: `Tenant ${RENAMED}` })
    await expect(renamed.getByRole('heading', { level: 4, name: RENAMED })).toBeVisible()
    await expect(renamed.getByRole('status')).toHaveText(`Tenant renamed to ${RENAMED}.`)
    await expect(renamed.getByRole('table', { name: `Devices of ${RENAMED} by kind and state` })).toBeVisible()
    expect((await alphaAsAda()).name).toBe(RENAMED)

    // Keyboard only: focus came back to Rename; Escape leaves the name, a blank one is refused, Enter saves.
    const rename = renamed.getByRole('button', { name: `Rename ${RENAMED}` })
    await expect(rename).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(renamed.getByRole('textbox', { name: 'Tenant name' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(rename).toBeFocused()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Delete')
    await page.keyboard.press('Enter')
    await expect(renamed.getByRole('alert')).toHaveText('Enter the tenant’s name.')
    await expectNoAxeViolations(page)
    await page.keyboard.type(ALPHA)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: `Tenant: ${ALPHA}`, exact: true })).toBeVisible()
    await expect(page.getByRole('group', { name: `Tenant ${ALPHA}` }).getByRole('button', { name: `Rename ${ALPHA}` })).toBeFocused()
    expect((await alphaAsAda()).name).toBe(ALPHA)
  },
)

test('a reader of Alpha alone sees the name with no rename control and no other tenant; the server refuses the rename', async ({ page }) => {
  await openAlphaStreams(page, 'remy@honu.test')
  const widget = await addTenantWidget(page, ALPHA)
  await expect(widget.getByRole('heading', { level: 4, name: ALPHA })).toBeVisible()
  await expect(widget.getByRole('table', { name: `Devices of ${ALPHA} by kind and state` })).toBeVisible()
  await expect(widget.getByRole('list', { name: 'Networks' }).getByText('No overlap with a network you can see.')).toHaveCount(2)
  await expect(widget.getByRole('button')).toHaveCount(0)
  await expect(widget.getByRole('textbox')).toHaveCount(0)
  await expect(widget).not.toContainText('Bravo')
  await expectNoAxeViolations(page)
  expect(await renameAs('remy@honu.test', 'Taken by Remy')).toBe(403)
  expect((await alphaAsAda()).name).toBe(ALPHA)
})

// Issue 22.9: each widget fits its default tile (spec §9: 4 wide, 8 high) with nothing cut off or to scroll to, and
// reflows when made smaller (to the least size, 2 wide and 4 high, or on a phone): it may scroll down, never sideways.
// Ada is Alpha's admin and a reader of Bravo: the longest Tenant widget (the rename button, the overlap naming Bravo).
test('the Tenant and Vehicle widgets fit their default tile at 1440 px and reflow when resized smaller and at 600 px', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await openAlphaStreams(page, 'ada@honu.test')
  const tenant = await addTenantWidget(page, ALPHA)
  await expect(tenant.getByRole('table')).toContainText('All kinds')
  await page.getByRole('button', { name: 'Add widget' }).click()
  await page.getByRole('menuitem', { name: 'Vehicle', exact: true }).click()
  const picker = page.getByRole('dialog', { name: /Choose a vehicle/ })
  await picker.getByRole('radio', { name: 'USV Kahu' }).check()
  await picker.getByRole('button', { name: 'Show vehicle' }).click()
  const vehicle = page.getByRole('group', { name: 'Live state of USV Kahu' })
  await expect(vehicle).toHaveAttribute('data-state', 'live', { timeout: 30_000 })
  const tiles = { tenant: page.getByRole('group', { name: 'Tenant 1' }), vehicle: page.getByRole('group', { name: 'Vehicle 1' }) }
  const fits = { right: 0, bottom: 0, scrollX: 0, scrollY: 0 }

  // The default tile: every value and column in view (the tile's frame is the group; the widget's root scrolls).
  for (const [name, root] of [
    ['tenant', tenant],
    ['vehicle', vehicle],
  ] as const) {
    expect(await contentOverflow(root), `${name} in its 4 × 8 tile at 1440 px`).toEqual(fits)
    expect(await contentOverflow(tiles[name]), `${name}'s tile at 1440 px`).toEqual(fits)
  }

  // Resized from the keyboard to the least size: narrower and lower, the content reflows and may scroll down only.
  for (const [name, tile] of Object.entries(tiles)) {
    await tile.focus()
    await page.keyboard.press('Enter')
    for (let step = 0; step < 2; step++) await page.keyboard.press('Shift+ArrowLeft')
    for (let step = 0; step < 4; step++) await page.keyboard.press('Shift+ArrowUp')
    await page.keyboard.press('Enter')
    await expect(page.getByText(new RegExp(`${tile === tiles.tenant ? 'Tenant 1' : 'Vehicle 1'} dropped`))).toBeAttached()
    expect(await tile.evaluate((el) => [el.parentElement!.getAttribute('gs-w'), el.parentElement!.getAttribute('gs-h')]), name).toEqual(['2', '4'])
  }
  for (const [name, root] of [
    ['tenant', tenant],
    ['vehicle', vehicle],
  ] as const) {
    await expect.poll(async () => (await contentOverflow(root)).right, `${name} at 2 × 4`).toBe(0)
    expect((await contentOverflow(root)).scrollX, `${name} at 2 × 4`).toBe(0)
    expect(await contentOverflow(tiles[name]), `${name}'s tile at 2 × 4: nothing beyond the tile's own edges`).toMatchObject({ right: 0, scrollX: 0 })
  }

  // On a phone (600 px): nothing sideways.
  await page.setViewportSize({ width: 600, height: 900 })
  for (const [name, root] of [
    ['tenant', tenant],
    ['vehicle', vehicle],
  ] as const) {
    await expect.poll(async () => (await contentOverflow(root)).right, `${name} at 600 px`).toBe(0)
    expect((await contentOverflow(root)).scrollX, `${name} at 600 px`).toBe(0)
  }
  await expectNoAxeViolations(page)
})
