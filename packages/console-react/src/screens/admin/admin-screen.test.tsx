import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../../../test/axe'
import { consoleAt } from '../../__fixtures__/console-at'

const ada = { uid: 'ada', email: 'ada@honu.test' }
const wes = { uid: 'wes', email: 'wes@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const HTML_NAME = '<img src=x onerror="alert(1)"><script>alert(2)</script>'

const users = [
  { uid: 'ada', name: 'Ada Admin', email: 'ada@honu.test', permissions: { alpha: ['admin'] }, joined: '2026-11-22T23:59:00Z' },
  { uid: 'wes', name: 'Wes Writer', email: 'wes@honu.test', permissions: { alpha: ['writer'] }, joined: '2026-01-04T10:00:00Z' },
  { uid: 'evil', name: HTML_NAME, email: 'evil@honu.test', permissions: { alpha: ['reader'] }, joined: '2026-02-01T00:00:00Z' },
]

const serverFor = (permissions: Record<string, string[]>, email = ada.email) => ({
  [`GET /api/v1/users/${email === ada.email ? 'ada' : 'wes'}`]: { status: 200, body: { email, permissions } },
  'GET /api/v1/users/': { status: 200, body: { data: users, next_cursor: null, total_count: users.length } },
  'GET /api/v1/tenants': {
    status: 200,
    body: {
      data: [
        { tenant_id: 'alpha', name: 'Alpha Harbour', remote_cidr: '10.10.0.0/16', vpn_cidr: '10.200.0.0/24' },
        { tenant_id: 'bravo', name: 'Bravo Fleet', remote_cidr: '10.10.128.0/20', vpn_cidr: null },
      ],
    },
  },
})

const asAdmin = () => consoleAt('/adminconsole', { signedInAs: ada, tenant: alpha, server: serverFor({ alpha: ['admin'], bravo: ['reader'] }) })
const usersTable = () => screen.findByRole('table', { name: 'Users of Alpha Harbour' })
const rowOf = async (name: string) => {
  const table = await usersTable()
  const cell = await within(table).findByRole('cell', { name })
  return cell.closest('tr')!
}
const openAction = async (user: ReturnType<typeof userEvent.setup>, name: string, action: string) => {
  await user.click(within(await rowOf(name)).getByRole('button', { name: `Actions for ${name}` }))
  await user.click(await screen.findByRole('menuitem', { name: action }))
}

describe('AdminScreen', { timeout: 20_000 }, () => {
  it("shows an admin the tenant's users from the paged list: avatar, name, e-mail, roles and joined date, without axe violations", async () => {
    const { requests } = asAdmin()
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin console' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true')
    const row = await rowOf('Ada Admin')
    expect(within(row).getByRole('cell', { name: 'ada@honu.test' })).toBeInTheDocument()
    expect(within(row).getByRole('cell', { name: 'admin' })).toBeInTheDocument()
    // Spec §3: joined shows weekday, day, month and year only, in UTC.
    expect(within(row).getByRole('cell', { name: 'Sun, Nov 22, 2026' })).toBeInTheDocument()
    expect(row.querySelector('.honu-avatar__initials')).toHaveTextContent('AA')
    expect(requests).toContain('GET /api/v1/users/?tenant_id=alpha&limit=100&sort=name')
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('3 of 3 users loaded')
    await expectNoAxeViolations(document.body)
  })

  it('loads the users again in place when the server answers again after a fault', async () => {
    const { client, answers, requests } = asAdmin()
    await rowOf('Wes Writer')
    const newcomer = { uid: 'nia', name: 'Nia New', email: 'nia@honu.test', permissions: { alpha: ['reader'] }, joined: '2026-11-25T08:00:00Z' }
    answers['GET /api/v1/users/'] = { status: 200, body: { data: [...users, newcomer], next_cursor: null, total_count: 4 } }
    const before = requests.filter((r) => r.startsWith('GET /api/v1/users/?')).length
    act(() => client.connection.getState().reportUnreachable())
    act(() => client.connection.getState().reportReachable())
    expect(await rowOf('Nia New')).toBeInTheDocument()
    expect(requests.filter((r) => r.startsWith('GET /api/v1/users/?'))).toHaveLength(before + 1)
  })

  it('shows a pending invitation as Invited, with its roles, and keeps its row actions (issue 22)', async () => {
    const { answers } = asAdmin()
    await rowOf('Wes Writer')
    const invited = {
      uid: 'InvitationInvitationInvitat',
      name: 'Ivy',
      email: 'ivy@honu.test',
      permissions: { alpha: ['reader'] },
      joined: '2026-11-25T08:00:00Z',
      pending: true,
    }
    answers['GET /api/v1/users/'] = { status: 200, body: { data: [...users, invited], next_cursor: null, total_count: 4 } }
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Tenants' }))
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Users' }))
    const table = await usersTable()
    const cell = await within(table).findByText('Ivy')
    const row = cell.closest('tr')!
    // The mark is in the Joined column (it has not joined); the name cell stays the name exactly.
    expect(within(row).getByRole('cell', { name: 'Invited' })).toBeInTheDocument()
    expect(within(row).getByRole('cell', { name: 'Ivy' })).toBeInTheDocument()
    expect(within(row).getByRole('cell', { name: 'reader' })).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Actions for Ivy' })).toBeInTheDocument()
    // A user who is no invitation carries no such mark.
    expect(within(await rowOf('Wes Writer')).queryByText('Invited')).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })

  it('shows a user name made of HTML and script as text', async () => {
    const { container } = asAdmin()
    expect(await rowOf(HTML_NAME)).toBeInTheDocument()
    expect(container.querySelector('script, img[src="x"]')).toBeNull()
  })

  it('tells a writer they need to be an admin of this tenant, and fetches no users', async () => {
    const { requests } = consoleAt('/adminconsole', { signedInAs: wes, tenant: alpha, server: serverFor({ alpha: ['writer'] }, wes.email) })
    expect(await screen.findByText('You need to be an admin of this tenant')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByRole('tab')).toBeNull()
    // (The header's tenant switcher lists tenants; the admin console asks for nothing.)
    expect(requests.filter((r) => r.startsWith('GET /api/v1/users/?'))).toEqual([])
    await expectNoAxeViolations(document.body)
  })

  it("grants a role after the dialog's confirmation, with spec §8's 'User Roles submitted'", async () => {
    const user = userEvent.setup()
    const { requests, answers } = asAdmin()
    answers['POST /api/v1/users/wes/role'] = { status: 201, body: { uid: 'wes', tenant: 'alpha', roles: ['writer', 'controller'] } }
    await openAction(user, 'Wes Writer', 'Grant a role…')
    const dialog = await screen.findByRole('dialog', { name: 'Grant Wes Writer a role' })
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'controller')
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }))
    expect(await screen.findByText('User Roles submitted')).toBeInTheDocument()
    expect(requests).toContain('POST /api/v1/users/wes/role')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('creates a user and grants the picked role: User submitted, then User Roles submitted', async () => {
    const user = userEvent.setup()
    const { requests, answers } = asAdmin()
    answers['POST /api/v1/users'] = { status: 201, body: { uid: 'new-uid' } }
    answers['POST /api/v1/users/new-uid/role'] = { status: 201, body: {} }
    await usersTable()
    await user.click(screen.getByRole('button', { name: 'Create user' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a user' })
    await user.type(within(dialog).getByLabelText('Name'), 'Nia New')
    await user.type(within(dialog).getByLabelText('E-mail'), 'nia@honu.test')
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'writer')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await screen.findByText('User submitted')).toBeInTheDocument()
    expect(await screen.findByText('User Roles submitted')).toBeInTheDocument()
    expect(requests).toContain('POST /api/v1/users?tenant_id=alpha')
    expect(requests).toContain('POST /api/v1/users/new-uid/role')
  })

  it('refuses to delete the last admin in the client, with a clear message, sending nothing', async () => {
    const user = userEvent.setup()
    const { requests, answers } = asAdmin()
    await openAction(user, 'Ada Admin', 'Delete all roles…')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete all roles of Ada Admin in Alpha Harbour?' })
    // The check reads every user of the tenant (the table may hold only some pages).
    answers['GET /api/v1/users/'] = { status: 200, body: { data: users } }
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Alpha Harbour must keep at least one admin: make someone else admin first. Nothing was changed.',
    )
    expect(requests.filter((r) => r.startsWith('DELETE'))).toEqual([])
  })

  it("shows the server's last-admin refusal (409, the backstop) as the same clear sentence, with spec §8's error", async () => {
    const user = userEvent.setup()
    const { answers } = asAdmin()
    // The client's check saw another admin (the list changed meanwhile); the server knows better.
    answers['GET /api/v1/users/'] = {
      status: 200,
      body: { data: [...users, { uid: 'bo', name: 'Bo', email: 'bo@x', permissions: { alpha: ['admin'] } }] },
    }
    answers['DELETE /api/v1/users/ada/role/alpha'] = { status: 409, body: { code: 'last-admin', message: 'A tenant must keep at least one admin.' } }
    await openAction(user, 'Ada Admin', 'Delete all roles…')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete all roles of Ada Admin in Alpha Harbour?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Alpha Harbour must keep at least one admin')
    expect(await screen.findByText('Error deleting user')).toBeInTheDocument()
  })

  it('offers org-admin (for all tenants) only to a super admin, and grants it under *', async () => {
    const user = userEvent.setup()
    const { client, answers } = consoleAt('/adminconsole', { signedInAs: ada, tenant: alpha, server: serverFor({ '*': ['org-admin'] }) })
    answers['POST /api/v1/users/wes/role'] = { status: 201, body: {} }
    const grant = vi.spyOn(client.v1, 'addUserRole')
    await openAction(user, 'Wes Writer', 'Grant a role…')
    const dialog = await screen.findByRole('dialog', { name: 'Grant Wes Writer a role' })
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'org-admin (all tenants)')
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }))
    expect(await screen.findByText('User Roles submitted')).toBeInTheDocument()
    expect(grant).toHaveBeenCalledWith('wes', { tenant: '*', role: 'org-admin' })
  })

  it('offers a tenant admin no org-admin', async () => {
    const user = userEvent.setup()
    asAdmin()
    await openAction(user, 'Wes Writer', 'Grant a role…')
    const dialog = await screen.findByRole('dialog', { name: 'Grant Wes Writer a role' })
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['admin', 'controller', 'reader'])
  })

  it("shows the server's failure as spec §8's error and leaves the table as it was", async () => {
    const user = userEvent.setup()
    const { requests, answers } = asAdmin()
    answers['DELETE /api/v1/users/wes/role/alpha/writer'] = { status: 500, body: { message: 'down' } }
    await openAction(user, 'Wes Writer', 'Delete a role…')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the role writer of Wes Writer?' })
    const before = requests.length
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Error deleting user role(s)')).toBeInTheDocument()
    expect(requests.slice(before)).toEqual(['DELETE /api/v1/users/wes/role/alpha/writer'])
    // The dialog stays for another try; cancelled, the table shows what it showed.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(within(await rowOf('Wes Writer')).getByRole('cell', { name: 'writer' })).toBeInTheDocument()
  })

  it("shows 'Error loading users' when the list cannot be loaded, with a retry", async () => {
    consoleAt('/adminconsole', {
      signedInAs: ada,
      tenant: alpha,
      server: { ...serverFor({ alpha: ['admin'] }), 'GET /api/v1/users/': { status: 500, body: { message: 'down' } } },
    })
    expect(await screen.findByText('Error loading users')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('lists the tenants the user administers with their networks (Tenants tab)', async () => {
    const user = userEvent.setup()
    asAdmin()
    await user.click(await screen.findByRole('tab', { name: 'Tenants' }))
    const table = await screen.findByRole('table', { name: 'Tenants you administer' })
    expect(within(table).getByRole('cell', { name: 'Alpha Harbour' })).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: '10.10.0.0/16 (10.10.0.0 – 10.10.255.255)' })).toBeInTheDocument()
    // Ada is only a reader in Bravo.
    expect(within(table).queryByRole('cell', { name: 'Bravo Fleet' })).toBeNull()
    await expectNoAxeViolations(document.body)
  })

  it('speaks German', async () => {
    consoleAt('/adminconsole', { signedInAs: wes, tenant: alpha, server: serverFor({ alpha: ['writer'] }, wes.email), locale: 'de-DE' })
    expect(await screen.findByText('Sie müssen Admin dieses Mandanten sein')).toBeInTheDocument()
  })
})

describe('AdminScreen audit tab', { timeout: 20_000 }, () => {
  it("shows AUDIT-UI's trail of the selected tenant in the Audit trail tab (arrow keys move between tabs)", async () => {
    const user = userEvent.setup()
    const { requests, answers } = asAdmin()
    answers['GET /api/v1/audit'] = { status: 200, body: { data: [], next_cursor: null } }
    const tab = await screen.findByRole('tab', { name: 'Users' })
    act(() => tab.focus())
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Audit trail' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'Audit trail' })).toHaveFocus()
    await waitFor(() => expect(requests.some((r) => r.startsWith('GET /api/v1/audit?') && r.includes('tenant_id=alpha'))).toBe(true))
    expect(screen.getByRole('tabpanel', { name: 'Audit trail' })).toBeInTheDocument()
  })
})

// Issue 24: the tenant's devices, managed by its admins (examples/reference-server/src/routes/v1-devices.ts).
describe('AdminScreen devices tab', { timeout: 20_000 }, () => {
  const KEY = 'a1'.repeat(32)
  const kiosk = {
    device_id: 'alpha-ra-1',
    tenant_id: 'alpha',
    name: 'Bridge console',
    kind: 'remote_access',
    address: '10.10.3.9',
    mavlink_system_id: null,
    has_signing_key: false,
    desktop: { host: '127.0.0.1', port: 5901, has_password: true },
  }
  const rover = {
    device_id: 'alpha-uv-1',
    tenant_id: 'alpha',
    name: 'Rover One',
    kind: 'vehicle',
    address: null,
    mavlink_system_id: 11,
    has_signing_key: true,
    desktop: null,
  }
  // The admin view of every device in one answer (`view=admin`).
  const listed = (devices: object[]) => ({ status: 200, body: { data: devices, total_count: devices.length } })
  const withDevices = () => {
    const console = asAdmin()
    Object.assign(console.answers, { 'GET /api/v1/devices': listed([kiosk, rover]) })
    return console
  }
  const openDevices = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('tab', { name: 'Devices' }))
    return screen.findByRole('table', { name: 'Devices of Alpha Harbour' })
  }
  const deviceRow = async (name: string) =>
    (await within(await screen.findByRole('table', { name: 'Devices of Alpha Harbour' })).findByRole('cell', { name })).closest('tr')!
  const deviceAction = async (user: ReturnType<typeof userEvent.setup>, name: string, action: string) => {
    await user.click(within(await deviceRow(name)).getByRole('button', { name: `Actions for ${name}` }))
    await user.click(await screen.findByRole('menuitem', { name: action }))
  }

  it('lists the devices with kind, address, system id or desktop, and which secrets are set, without axe violations', async () => {
    const user = userEvent.setup()
    const { answers, requests } = withDevices()
    const sonar = { ...rover, device_id: 'alpha-sonar', name: 'Side-scan sonar', kind: 'sonar', mavlink_system_id: null, has_signing_key: false }
    answers['GET /api/v1/devices'] = listed([kiosk, rover, sonar])
    await openDevices(user)
    // A kind the product does not manage is shown as Other, with nothing to manage but its name and address.
    expect(within(await deviceRow('Side-scan sonar')).getByRole('cell', { name: 'Other' })).toBeInTheDocument()
    const kioskRow = await deviceRow('Bridge console')
    expect(within(kioskRow).getByRole('cell', { name: 'Remote access' })).toBeInTheDocument()
    expect(within(kioskRow).getByRole('cell', { name: '10.10.3.9' })).toBeInTheDocument()
    expect(within(kioskRow).getByRole('cell', { name: '127.0.0.1:5901' })).toBeInTheDocument()
    expect(within(kioskRow).getByRole('cell', { name: 'Password set' })).toBeInTheDocument()
    const roverRow = await deviceRow('Rover One')
    expect(within(roverRow).getByRole('cell', { name: 'Vehicle' })).toBeInTheDocument()
    expect(within(roverRow).getByRole('cell', { name: 'System id 11' })).toBeInTheDocument()
    expect(within(roverRow).getByRole('cell', { name: 'Signing key set' })).toBeInTheDocument()
    expect(screen.getByText('3 devices')).toBeInTheDocument()
    // One request for the whole table, not one per device.
    expect(requests.filter((r) => r.startsWith('GET /api/v1/devices'))).toEqual(['GET /api/v1/devices?tenant_id=alpha&view=admin'])
    await expectNoAxeViolations(document.body)
  })

  it('registers a vehicle with a system id and a signing key, from the keyboard, and lists it', async () => {
    const user = userEvent.setup()
    const { answers, requests, client } = withDevices()
    const create = vi.spyOn(client.v1, 'createDevice')
    await openDevices(user)
    const created = { ...rover, device_id: 'dev-new', name: 'Rover Two', mavlink_system_id: 12 }
    answers['POST /api/v1/devices'] = { status: 201, body: created }
    await user.click(screen.getByRole('button', { name: 'Register device' }))
    const dialog = await screen.findByRole('dialog', { name: 'Register a device' })
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus())
    await user.keyboard('Rover Two')
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Vehicle')
    // Only a remote-access device has a desktop; only a vehicle a system id and a key.
    expect(within(dialog).queryByLabelText('Desktop host')).toBeNull()
    await user.type(within(dialog).getByLabelText('MAVLink system id'), '300')
    await user.type(within(dialog).getByLabelText('MAVLink signing key'), 'not hex')
    await user.click(within(dialog).getByRole('button', { name: 'Register' }))
    expect(within(dialog).getByText('Enter a whole number from 1 to 255.')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter exactly 64 hexadecimal digits (0–9, a–f).')).toBeInTheDocument()
    expect(create).not.toHaveBeenCalled()
    await user.clear(within(dialog).getByLabelText('MAVLink system id'))
    await user.type(within(dialog).getByLabelText('MAVLink system id'), '12')
    await user.clear(within(dialog).getByLabelText('MAVLink signing key'))
    await user.type(within(dialog).getByLabelText('MAVLink signing key'), KEY)
    answers['GET /api/v1/devices'] = listed([kiosk, rover, created])
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Device Rover Two registered.')).toBeInTheDocument()
    expect(create).toHaveBeenCalledWith('alpha', { name: 'Rover Two', kind: 'vehicle', mavlink_system_id: 12, mavlink_signing_key: KEY })
    expect(requests).toContain('POST /api/v1/devices?tenant_id=alpha')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await deviceRow('Rover Two')).toBeInTheDocument()
  })

  it("shows the server's words for a taken system id (409) in the dialog, keeping what was typed", async () => {
    const user = userEvent.setup()
    const { answers } = withDevices()
    await openDevices(user)
    answers['POST /api/v1/devices'] = {
      status: 409,
      body: { code: 'conflict', message: 'That MAVLink system id is taken on this server: pick another.' },
    }
    await user.click(screen.getByRole('button', { name: 'Register device' }))
    const dialog = await screen.findByRole('dialog', { name: 'Register a device' })
    await user.type(within(dialog).getByLabelText('Name'), 'Copy')
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Vehicle')
    await user.type(within(dialog).getByLabelText('MAVLink system id'), '11')
    await user.click(within(dialog).getByRole('button', { name: 'Register' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That MAVLink system id is taken on this server: pick another.')
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Copy')
  })

  it("edits a remote-access device: empty password keeps it, a desktop host outside the allowed hosts shows the server's 400", async () => {
    const user = userEvent.setup()
    const { answers, client } = withDevices()
    const update = vi.spyOn(client.v1, 'updateDevice')
    await openDevices(user)
    const outside = 'Invalid request: The desktop host 10.0.0.5 is outside the hosts this server may reach (HONU_VNC_ALLOWED_HOSTS).'
    answers['PATCH /api/v1/devices/alpha-ra-1'] = { status: 400, body: { code: 'invalid-request', message: outside } }
    await deviceAction(user, 'Bridge console', 'Edit…')
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bridge console' })
    expect(within(dialog).getByLabelText('Desktop password')).toHaveValue('')
    expect(within(dialog).getByLabelText('Desktop password')).toHaveAccessibleDescription(
      'A password is set: leave empty to keep it, or enter a new one.',
    )
    // The kind is fixed once registered.
    expect(within(dialog).queryByLabelText('Kind')).toBeNull()
    await user.clear(within(dialog).getByLabelText('Desktop host'))
    await user.type(within(dialog).getByLabelText('Desktop host'), '10.0.0.5')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(outside)
    expect(update).toHaveBeenLastCalledWith('alpha', 'alpha-ra-1', {
      name: 'Bridge console',
      address: '10.10.3.9',
      desktop: { host: '10.0.0.5', port: 5901 },
    })

    answers['PATCH /api/v1/devices/alpha-ra-1'] = { status: 200, body: { ...kiosk, desktop: { host: 'localhost', port: 5901, has_password: false } } }
    await user.clear(within(dialog).getByLabelText('Desktop host'))
    await user.type(within(dialog).getByLabelText('Desktop host'), 'localhost')
    await user.click(within(dialog).getByLabelText('Remove the password'))
    expect(within(dialog).getByLabelText('Desktop password')).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Device Bridge console saved.')).toBeInTheDocument()
    expect(update).toHaveBeenLastCalledWith('alpha', 'alpha-ra-1', {
      name: 'Bridge console',
      address: '10.10.3.9',
      desktop: { host: 'localhost', port: 5901, password: null },
    })
  })

  it('removes a device after a confirmation naming it (Cancel focused)', async () => {
    const user = userEvent.setup()
    const { answers, requests } = withDevices()
    await openDevices(user)
    answers['DELETE /api/v1/devices/alpha-uv-1'] = { status: 204 }
    await deviceAction(user, 'Rover One', 'Remove…')
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Rover One?' })
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    answers['GET /api/v1/devices'] = listed([kiosk])
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Device Rover One removed.')).toBeInTheDocument()
    expect(requests).toContain('DELETE /api/v1/devices/alpha-uv-1?tenant_id=alpha')
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Devices of Alpha Harbour' })).queryByText('Rover One')).toBeNull())
    // Its row is gone: focus goes to the tab's heading, not to the page.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Devices of Alpha Harbour' })).toHaveFocus())
  })

  it('issues an ingest token after a confirmation and shows it once, with a copy button and the warning', async () => {
    const user = userEvent.setup()
    const { answers, requests } = withDevices()
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await openDevices(user)
    answers['POST /api/v1/devices/alpha-uv-1/ingest-token'] = { status: 201, body: { device_id: 'alpha-uv-1', token: 'honu_dev_s3cr3t' } }
    await deviceAction(user, 'Rover One', 'Issue ingest token…')
    const confirm = await screen.findByRole('alertdialog', { name: 'Issue a new ingest token for Rover One?' })
    expect(confirm).toHaveAccessibleDescription('A token issued before for Rover One stops working at once: update the device with the new one.')
    await user.click(within(confirm).getByRole('button', { name: 'Issue token' }))
    const shown = await screen.findByRole('alertdialog', { name: 'Ingest token of Rover One' })
    expect(shown).toHaveAccessibleDescription('Copy it now: it will not be shown again. The server keeps only a hash of it.')
    expect(within(shown).getByLabelText('Ingest token')).toHaveValue('honu_dev_s3cr3t')
    await user.click(within(shown).getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith('honu_dev_s3cr3t')
    expect(await within(shown).findByText('Copied to the clipboard.')).toBeInTheDocument()
    expect(requests.filter((r) => r.includes('ingest-token'))).toEqual(['POST /api/v1/devices/alpha-uv-1/ingest-token?tenant_id=alpha'])
    await expectNoAxeViolations(document.body)
    await user.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByText('honu_dev_s3cr3t')).toBeNull())
    // Focus goes back to the row's actions, where it came from.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Rover One' })).toHaveFocus())
    expect(screen.queryByDisplayValue('honu_dev_s3cr3t')).toBeNull()
  })

  it('speaks German', async () => {
    const user = userEvent.setup()
    const { answers } = consoleAt('/adminconsole', { signedInAs: ada, tenant: alpha, server: serverFor({ alpha: ['admin'] }), locale: 'de-DE' })
    Object.assign(answers, { 'GET /api/v1/devices': listed([rover]), 'GET /api/v1/devices/alpha-uv-1': { status: 200, body: rover } })
    await user.click(await screen.findByRole('tab', { name: 'Geräte' }))
    const table = await screen.findByRole('table', { name: 'Geräte von Alpha Harbour' })
    expect(await within(table).findByRole('cell', { name: 'Fahrzeug' })).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: 'Signaturschlüssel gesetzt' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Gerät registrieren' }))
    expect(await screen.findByRole('dialog', { name: 'Ein Gerät registrieren' })).toBeInTheDocument()
  })

  it("shows a refused token issue in the confirmation, in the server's words", async () => {
    const user = userEvent.setup()
    const { answers } = withDevices()
    await openDevices(user)
    answers['POST /api/v1/devices/alpha-uv-1/ingest-token'] = { status: 403, body: { message: 'You need to be an admin of this tenant.' } }
    await deviceAction(user, 'Rover One', 'Issue ingest token…')
    const confirm = await screen.findByRole('alertdialog', { name: 'Issue a new ingest token for Rover One?' })
    await user.click(within(confirm).getByRole('button', { name: 'Issue token' }))
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('You need to be an admin of this tenant.')
  })
})
