import { expect, test, type Locator, type Page } from '@playwright/test'
import { API, expectNoAxeViolations, idTokenOf, signIn } from './helpers'

// Issue 15, "Done when", the admin console's part (the audit trail's is e2e/audit.spec.ts): as Alpha's admin, create
// a user, grant, change and delete roles with spec §8's notifications verbatim; the last admin cannot be removed or
// demoted; writers and readers see no data and the server refuses them; a server failure on each action shows the
// matching §8 error and leaves the table as it was; a name made of HTML and script is text; 10,000 users scroll,
// search and sort (server-paged); axe finds nothing. Real server, real emulator, real database.

/** Signs in, picks the tenant and opens the admin console from the navigation. */
async function openAdminConsole(page: Page, email: string, tenant: RegExp) {
  await signIn(page, email)
  await page.getByRole('button', { name: tenant }).click()
  await expect(page).toHaveURL(/\/streams$/)
  await page.getByRole('link', { name: 'Admin console' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible()
}

const usersOf = (page: Page, tenant: string) => page.getByRole('table', { name: `Users of ${tenant}` })
const rowOf = (table: Locator, email: string) => table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: email, exact: true }) })
const rolesOf = (row: Locator) => row.getByRole('cell').nth(2)

/** Expects a toast saying exactly `message`, then dismisses it (so the next one is the next action's). */
async function expectToast(page: Page, message: string) {
  const toast = page.locator('.honu-toast').filter({ has: page.getByText(message, { exact: true }) })
  await expect(toast).toBeVisible()
  await toast.getByRole('button').click()
  await expect(toast).toHaveCount(0)
}

async function chooseAction(page: Page, row: Locator, name: string, action: string) {
  await row.getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: action }).click()
}

/** Presses Tab until `target` has focus (keyboard only), failing after 60 presses. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

async function fault(method: string, url: string, status = 500) {
  const response = await fetch(`${API}/test/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method, url, status, count: 1 }),
  })
  expect(response.ok).toBe(true)
}

test("an admin creates a user, grants writer, changes it to reader, deletes roles: spec §8's notifications verbatim, axe clean", async ({ page }) => {
  const email = `nia-${Date.now()}@honu.test`
  await openAdminConsole(page, 'ada@honu.test', /Alpha Harbour/)
  const table = usersOf(page, 'Alpha Harbour')
  await expect(rowOf(table, 'ada@honu.test')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Create user' }).click()
  const create = page.getByRole('dialog', { name: 'Create a user' })
  await create.getByLabel('Name').fill('Nia New')
  await create.getByLabel('E-mail').fill(email)
  await create.getByLabel('Role').selectOption('writer')
  await expectNoAxeViolations(page)
  await create.getByRole('button', { name: 'Create' }).click()
  await expectToast(page, 'User submitted')
  await expectToast(page, 'User Roles submitted')
  const nia = rowOf(table, email)
  await expect(rolesOf(nia)).toHaveText('writer')

  await chooseAction(page, nia, 'Nia New', 'Change a role…')
  const change = page.getByRole('dialog', { name: 'Change a role of Nia New' })
  await change.getByLabel('New role').selectOption('reader')
  await expect(change).toContainText('Change the role writer of Nia New to reader?')
  await change.getByRole('button', { name: 'Change' }).click()
  await expectToast(page, 'User Roles submitted')
  await expect(rolesOf(nia)).toHaveText('reader')

  await chooseAction(page, nia, 'Nia New', 'Grant a role…')
  const grant = page.getByRole('dialog', { name: 'Grant Nia New a role' })
  await grant.getByLabel('Role').selectOption('controller')
  await grant.getByRole('button', { name: 'Grant' }).click()
  await expectToast(page, 'User Roles submitted')
  await expect(rolesOf(nia)).toHaveText('reader, controller')

  await chooseAction(page, nia, 'Nia New', 'Delete a role…')
  const remove = page.getByRole('alertdialog', { name: /^Delete the role reader of Nia New\?$/ })
  await remove.getByLabel('Role').selectOption('controller')
  await expect(page.getByRole('alertdialog', { name: 'Delete the role controller of Nia New?' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'User Roles deleted')
  await expect(rolesOf(nia)).toHaveText('reader')

  await chooseAction(page, nia, 'Nia New', 'Delete all roles…')
  const removeAll = page.getByRole('alertdialog', { name: 'Delete all roles of Nia New in Alpha Harbour?' })
  await expect(removeAll.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await removeAll.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'User deleted')
  // No role left in Alpha: no longer one of its users.
  await expect(nia).toHaveCount(0)
})

test('removing or demoting the last admin is refused with a clear message and changes nothing', async ({ page }) => {
  await openAdminConsole(page, 'ada@honu.test', /Alpha Harbour/)
  const table = usersOf(page, 'Alpha Harbour')
  const ada = rowOf(table, 'ada@honu.test')
  const refusal = 'Alpha Harbour must keep at least one admin: make someone else admin first. Nothing was changed.'
  const writes: string[] = []
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/v1/users')) writes.push(`${request.method()} ${request.url()}`)
  })

  await chooseAction(page, ada, 'Ada Admin', 'Change a role…')
  const change = page.getByRole('dialog', { name: 'Change a role of Ada Admin' })
  await change.getByLabel('New role').selectOption('reader')
  await change.getByRole('button', { name: 'Change' }).click()
  await expect(change.getByRole('alert')).toHaveText(refusal)
  await change.getByRole('button', { name: 'Cancel' }).click()

  await chooseAction(page, ada, 'Ada Admin', 'Delete all roles…')
  const removeAll = page.getByRole('alertdialog', { name: 'Delete all roles of Ada Admin in Alpha Harbour?' })
  await removeAll.getByRole('button', { name: 'Delete' }).click()
  await expect(removeAll.getByRole('alert')).toHaveText(refusal)
  await removeAll.getByRole('button', { name: 'Cancel' }).click()

  expect(writes).toEqual([])
  await expect(rolesOf(ada)).toHaveText('admin')
  // The server is the backstop: asked directly, it refuses too (409) and Ada stays admin.
  const token = await idTokenOf('ada@honu.test')
  const direct = await fetch(`${API}/api/v1/users/demo-ada/role/alpha`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
  expect(direct.status).toBe(409)
  await page.reload()
  await expect(rolesOf(rowOf(usersOf(page, 'Alpha Harbour'), 'ada@honu.test'))).toHaveText('admin')
})

for (const [who, email] of [
  ['a writer', 'wes@honu.test'],
  ['a reader', 'remy@honu.test'],
] as const) {
  test(`${who} never sees the admin console's data, and the server refuses them anyway`, async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/v1/users/' || url.pathname.startsWith('/api/v1/audit')) asked.push(url.pathname)
    })
    await openAdminConsole(page, email, /Alpha Harbour/)
    await expect(page.getByText('You need to be an admin of this tenant')).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
    await expect(page.getByRole('tab')).toHaveCount(0)
    await expectNoAxeViolations(page)
    expect(asked).toEqual([])
    const token = await idTokenOf(email)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    expect((await fetch(`${API}/api/v1/users/?tenant_id=alpha`, { headers })).status).toBe(403)
    expect((await fetch(`${API}/api/v1/users/?tenant_id=alpha&limit=10`, { headers })).status).toBe(403)
    const grant = await fetch(`${API}/api/v1/users/demo-remy/role`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ tenant: 'alpha', role: 'admin' }),
    })
    expect(grant.status).toBe(403)
  })
}

test("a server failure on each action shows spec §8's matching error and the table stays as it was", { tag: '@serial' }, async ({ page }) => {
  await openAdminConsole(page, 'ada@honu.test', /Alpha Harbour/)
  const table = usersOf(page, 'Alpha Harbour')
  const wes = rowOf(table, 'wes@honu.test')
  await expect(rolesOf(wes)).toHaveText('writer')
  const rowsBefore = await table.getByRole('row').allInnerTexts()
  // The faults are the server's, for every request that matches: cleared however this test ends, and it runs in
  // the serial project (playwright.config.ts), so no other test meets them.
  try {
    await fault('POST', '/api/v1/users')
    await page.getByRole('button', { name: 'Create user' }).click()
    const create = page.getByRole('dialog', { name: 'Create a user' })
    await create.getByLabel('Name').fill('Never Made')
    await create.getByLabel('E-mail').fill(`never-${Date.now()}@honu.test`)
    await create.getByRole('button', { name: 'Create' }).click()
    await expectToast(page, 'Error creating user')
    await create.getByRole('button', { name: 'Cancel' }).click()

    await fault('POST', '/api/v1/users/:uid/role')
    await chooseAction(page, wes, 'Wes Writer', 'Grant a role…')
    const grant = page.getByRole('dialog', { name: 'Grant Wes Writer a role' })
    await grant.getByRole('button', { name: 'Grant' }).click()
    await expectToast(page, 'Error updating user roles')
    await grant.getByRole('button', { name: 'Cancel' }).click()

    await fault('PUT', '/api/v1/users/:uid/role')
    await chooseAction(page, wes, 'Wes Writer', 'Change a role…')
    const change = page.getByRole('dialog', { name: 'Change a role of Wes Writer' })
    await change.getByRole('button', { name: 'Change' }).click()
    await expectToast(page, 'Error updating user roles')
    await change.getByRole('button', { name: 'Cancel' }).click()

    await fault('DELETE', '/api/v1/users/:uid/role/:tenant_id/:role')
    await chooseAction(page, wes, 'Wes Writer', 'Delete a role…')
    const remove = page.getByRole('alertdialog', { name: 'Delete the role writer of Wes Writer?' })
    await remove.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Error deleting user role(s)')
    await remove.getByRole('button', { name: 'Cancel' }).click()

    await fault('DELETE', '/api/v1/users/:uid/role/:tenant_id')
    await chooseAction(page, wes, 'Wes Writer', 'Delete all roles…')
    const removeAll = page.getByRole('alertdialog', { name: 'Delete all roles of Wes Writer in Alpha Harbour?' })
    await removeAll.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Error deleting user')
    await removeAll.getByRole('button', { name: 'Cancel' }).click()

    expect(await table.getByRole('row').allInnerTexts()).toEqual(rowsBefore)

    // Loading the list fails: 'Error loading users', and a way to try again that works.
    await fault('GET', '/api/v1/users/')
    await page.getByRole('searchbox', { name: 'Search users' }).fill('wes')
    await expectToast(page, 'Error loading users')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(rolesOf(rowOf(usersOf(page, 'Alpha Harbour'), 'wes@honu.test'))).toHaveText('writer')
  } finally {
    await fetch(`${API}/test/faults`, { method: 'DELETE' })
  }
})

test('a user name made of HTML and script shows as text', async ({ page }) => {
  const name = `<img src=x onerror="window.honuOwned=1"><script>window.honuOwned=2</script><b>Bold</b>`
  const email = `html-${Date.now()}@honu.test`
  page.on('dialog', (dialog) => void dialog.dismiss())
  await openAdminConsole(page, 'ada@honu.test', /Alpha Harbour/)
  await page.getByRole('button', { name: 'Create user' }).click()
  const create = page.getByRole('dialog', { name: 'Create a user' })
  await create.getByLabel('Name').fill(name)
  await create.getByLabel('E-mail').fill(email)
  await create.getByRole('button', { name: 'Create' }).click()
  await expectToast(page, 'User submitted')
  const row = rowOf(usersOf(page, 'Alpha Harbour'), email)
  // The cell's name is the user's name exactly (the avatar's initials beside it are hidden from assistive technology).
  await expect(row.getByRole('cell', { name, exact: true })).toBeVisible()
  await expect(row.locator('.honu-user-cell__name')).toHaveText(name)
  await expect(row.locator('img[src="x"], script, b')).toHaveCount(0)
  expect(await page.evaluate(() => (window as unknown as { honuOwned?: number }).honuOwned)).toBeUndefined()
  // The dialogs name the user as text too.
  await chooseAction(page, row, name, 'Delete all roles…')
  await expect(page.getByRole('alertdialog', { name: `Delete all roles of ${name} in Alpha Harbour?` })).toBeVisible()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'User deleted')
})

test(
  '10,000 users: the server pages them as the table scrolls, searches and sorts; the keyboard reaches the last',
  { tag: '@serial' },
  async ({ page }) => {
    const filled = await fetch(`${API}/test/users/fill`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenant_id: 'charlie', count: 10_000 }),
    })
    expect(filled.status).toBe(201)
    const { batch } = (await filled.json()) as { batch: string }
    const pages: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/v1/users/') pages.push(url.search)
    })
    // Charlie's own users (Cal, Wes, …) and the 10,000, as the server counts them.
    const token = await idTokenOf('cal@honu.test')
    const first = await fetch(`${API}/api/v1/users/?tenant_id=charlie&limit=1`, { headers: { authorization: `Bearer ${token}` } })
    const total = ((await first.json()) as { total_count: number }).total_count
    expect(total).toBeGreaterThanOrEqual(10_000)
    const of = (n: number) => `${n.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} users loaded`
    await openAdminConsole(page, 'cal@honu.test', /Charlie Survey/)
    const table = usersOf(page, 'Charlie Survey')
    await expect(table).toHaveAttribute('aria-rowcount', String(total + 1))
    await expect(page.getByText(of(100))).toBeVisible()
    // Only the rows in view are in the page.
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(40)
    expect(pages.every((search) => /limit=100\b/.test(search))).toBe(true)

    // Keyboard: End goes to the last loaded row; the pages that follow load as it comes into view.
    await table.locator('tbody tr[data-index]').first().focus()
    for (let loaded = 100; loaded < 300; loaded += 100) {
      await page.keyboard.press('End')
      await expect(page.getByText(of(loaded + 100))).toBeVisible()
    }
    // Focus is on the last row of the second page (row 200, after the header row).
    await expect(page.locator('tr[data-index]:focus')).toHaveAttribute('aria-rowindex', '201')
    expect(pages.some((search) => search.includes('cursor='))).toBe(true)

    // Sorted by joined date, newest first, on the server: the last filled user (joined now) first.
    await table.getByRole('button', { name: 'Joined' }).click()
    await expect(table.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'ascending')
    await table.getByRole('button', { name: 'Joined' }).click()
    await expect(table.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'descending')
    await expect(table.locator('tbody tr[data-index="0"]')).toContainText(`fill-${batch}-010000@honu.test`)
    expect(pages.at(-1)).toContain('sort=-joined')

    // Search on the server: one user of the 10,000.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`${batch}-004242`)
    await expect(page.getByText('1 of 1 users loaded')).toBeVisible()
    await expect(table.locator('tbody tr[data-index]')).toHaveCount(1)
    await expect(table.locator('tbody tr[data-index="0"]')).toContainText(`Test User ${batch} 004242`)
    await expectNoAxeViolations(page)
    // A search that matches nobody says so, axe clean too.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('no-such-user-anywhere')
    await expect(table.getByRole('cell', { name: 'No user matches “no-such-user-anywhere”.' })).toBeVisible()
    await expectNoAxeViolations(page)
  },
)

test('keyboard only: search, reach a row, open its actions and grant a role', { tag: '@serial' }, async ({ page }) => {
  await openAdminConsole(page, 'ada@honu.test', /Alpha Harbour/)
  const table = usersOf(page, 'Alpha Harbour')
  await expect(rowOf(table, 'ada@honu.test')).toBeVisible()
  const search = page.getByRole('searchbox', { name: 'Search users' })
  await tabTo(page, search)
  await page.keyboard.type('wes@')
  const wes = rowOf(table, 'wes@honu.test')
  await expect(table.locator('tbody tr[data-index]')).toHaveCount(1)
  // Past the sortable headers to the table's one row in the tab order, then into its actions.
  await tabTo(page, wes)
  await page.keyboard.press('Tab')
  await expect(wes.getByRole('button', { name: 'Actions for Wes Writer' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Grant a role…' })).toBeFocused()
  await page.keyboard.press('Enter')
  const grant = page.getByRole('dialog', { name: 'Grant Wes Writer a role' })
  const role = grant.getByLabel('Role')
  await expect(role).toBeFocused()
  await page.keyboard.press('ArrowDown') // admin → controller
  await expect(role).toHaveValue('controller')
  await page.keyboard.press('Tab')
  await expect(grant.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(grant.getByRole('button', { name: 'Grant' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expectToast(page, 'User Roles submitted')
  await expect(grant).toHaveCount(0)
  await expect(rolesOf(wes)).toHaveText('writer, controller')
  // Back as it was, for the specs after this one.
  const token = await idTokenOf('ada@honu.test')
  const back = await fetch(`${API}/api/v1/users/demo-wes/role/alpha/controller`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
  expect(back.status).toBe(204)
})

test('the tenants tab lists the tenants an admin manages with their networks, and renames one', { tag: '@serial' }, async ({ page }) => {
  await openAdminConsole(page, 'bea@honu.test', /Bravo Fleet/)
  await page.getByRole('tab', { name: 'Tenants' }).click()
  const tenants = page.getByRole('table', { name: 'Tenants you administer' })
  await expect(tenants.getByRole('cell', { name: 'Bravo Fleet', exact: true })).toBeVisible()
  await expect(tenants.getByRole('cell', { name: '10.10.128.0/20 (10.10.128.0 – 10.10.143.255)' })).toBeVisible()
  await expect(tenants.getByRole('cell', { name: 'Alpha Harbour', exact: true })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await tenants.getByRole('button', { name: 'Rename Bravo Fleet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rename Bravo Fleet' })
  await dialog.getByLabel('New name').fill('Bravo Fleet Renamed')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Tenant renamed to Bravo Fleet Renamed.' })).toBeVisible()
  await expect(tenants.getByRole('cell', { name: 'Bravo Fleet Renamed', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Tenant: Bravo Fleet Renamed' })).toBeVisible()
  // Back as it was, for the specs after this one.
  const token = await idTokenOf('bea@honu.test')
  const back = await fetch(`${API}/api/v1/tenants/bravo`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bravo Fleet' }),
  })
  expect(back.ok).toBe(true)
})

// Issue 24: the tenant's devices, managed by its admins, against the real server (its admin view in one request).
test(
  'an admin registers a vehicle, issues its ingest token once, and removes it; devices the product does not manage show as Other',
  { tag: '@serial' },
  async ({ page }) => {
    await openAdminConsole(page, 'ada@honu.test', /Alpha Harbour/)
    const reads: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (request.method() === 'GET' && url.pathname.startsWith('/api/v1/devices')) reads.push(`${url.pathname}${url.search}`)
    })
    await page.getByRole('tab', { name: 'Devices' }).click()
    const table = page.getByRole('table', { name: 'Devices of Alpha Harbour' })
    const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })
    await expect(row('Bridge console').getByRole('cell', { name: 'Remote access' })).toBeVisible()
    await expect(row('Side-scan sonar').getByRole('cell', { name: 'Other' })).toBeVisible()
    await expect(row('USV Kahu').getByRole('cell', { name: 'System id 1' })).toBeVisible()
    // The whole table from one answer, not one request per device.
    expect(reads).toEqual(['/api/v1/devices?tenant_id=alpha&view=admin'])

    const name = `Rover ${Date.now()}`
    await page.getByRole('button', { name: 'Register device' }).click()
    const dialog = page.getByRole('dialog', { name: 'Register a device' })
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Kind').selectOption('vehicle')
    // System id 1 is Kahu's: the server's words in the dialog, what was typed kept.
    await dialog.getByLabel('MAVLink system id').fill('1')
    await dialog.getByRole('button', { name: 'Register' }).click()
    await expect(dialog.getByText('That MAVLink system id is taken on this server: pick another.')).toBeVisible()
    await expect(dialog.getByLabel('Name')).toHaveValue(name)
    await dialog.getByLabel('MAVLink system id').fill('201')
    await dialog.getByRole('button', { name: 'Register' }).click()
    await expectToast(page, `Device ${name} registered.`)
    await expect(row(name).getByRole('cell', { name: 'System id 201' })).toBeVisible()

    await chooseAction(page, row(name), name, 'Issue ingest token…')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Issue token' }).click()
    const token = page.getByRole('textbox', { name: /token/i })
    await expect(token).toHaveValue(/^honu_dev_/)
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
    await expect(token).toHaveCount(0)

    await chooseAction(page, row(name), name, 'Remove…')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click()
    await expectToast(page, `Device ${name} removed.`)
    await expect(row(name)).toHaveCount(0)
  },
)
