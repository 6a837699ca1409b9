import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { inLightTheme, StoryConsole } from '../../__fixtures__/story-console'

const ada = { uid: 'ada', email: 'ada@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const users = [
  { uid: 'ada', name: 'Ada Admin', email: 'ada@honu.test', permissions: { alpha: ['admin'] }, joined: '2026-11-22T23:59:00Z' },
  { uid: 'wes', name: 'Wes Writer', email: 'wes@honu.test', permissions: { alpha: ['writer'] }, joined: '2026-01-04T10:00:00Z' },
  { uid: 'remy', name: 'Remy Reader', email: 'remy@honu.test', permissions: { alpha: ['reader', 'controller'] }, joined: '2026-02-01T00:00:00Z' },
]
const server = {
  'GET /api/v1/users/ada': { status: 200, body: { email: ada.email, permissions: { alpha: ['admin'] } } },
  'GET /api/v1/users/': { status: 200, body: { data: users, next_cursor: null, total_count: users.length } },
  'GET /api/v1/tenants': {
    status: 200,
    body: { data: [{ tenant_id: 'alpha', name: 'Alpha Harbour', remote_cidr: '10.10.0.0/16', vpn_cidr: '10.200.0.0/24' }] },
  },
  'GET /api/v1/audit': { status: 200, body: { data: [], next_cursor: null } },
}
// Issue 24: a remote-access device with a desktop and its password, a vehicle with a system id and a signing key.
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
const deviceServer = {
  ...server,
  'GET /api/v1/devices': { status: 200, body: { data: [kiosk, rover], total_count: 2 } },
  'POST /api/v1/devices/alpha-uv-1/ingest-token': { status: 201, body: { device_id: 'alpha-uv-1', token: 'honu_dev_9f3kQ2vT7xLmB4wZ' } },
}

/** The admin console (spec §2 `adminconsole`) for Alpha's admin: users, tenants, the audit trail. */
const meta = {
  title: 'Console/Screens/Admin console',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/adminconsole', signedInAs: ada, tenant: alpha, server },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** The tenant's users with their roles and joined dates; the row actions open from the keyboard. */
export const Users: Story = {
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('table', { name: 'Users of Alpha Harbour' }, { timeout: 10_000 })
    await expect(await within(table).findByRole('cell', { name: 'Remy Reader' })).toBeVisible()
    await expect(within(table).getByRole('cell', { name: 'reader, controller' })).toBeVisible()
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Wes Writer' }))
    await expect(await canvas.findByRole('menuitem', { name: 'Change a role…' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
  },
}

export const UsersLight = inLightTheme(Users)

/** Deleting all roles of a user asks first; Cancel is focused. */
export const ConfirmRemoval: Story = {
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('table', { name: 'Users of Alpha Harbour' }, { timeout: 10_000 })
    await userEvent.click(await within(table).findByRole('button', { name: 'Actions for Wes Writer' }))
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Delete all roles…' }))
    const dialog = await canvas.findByRole('alertdialog', { name: 'Delete all roles of Wes Writer in Alpha Harbour?' })
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
  },
}

/** The tenants Ada administers, with their networks. */
export const Tenants: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Tenants' }, { timeout: 10_000 }))
    const table = await canvas.findByRole('table', { name: 'Tenants you administer' })
    await expect(await within(table).findByRole('cell', { name: '10.10.0.0/16 (10.10.0.0 – 10.10.255.255)' })).toBeVisible()
  },
}

/** A writer: no data, only what they need to be. */
export const Forbidden: Story = {
  args: {
    signedInAs: { uid: 'wes', email: 'wes@honu.test' },
    server: { 'GET /api/v1/users/wes': { status: 200, body: { email: 'wes@honu.test', permissions: { alpha: ['writer'] } } } },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You need to be an admin of this tenant', {}, { timeout: 10_000 })).toBeVisible()
    await expect(canvas.queryByRole('table')).toBeNull()
  },
}

/** The tenant's devices (issue 24); the row actions and the edit dialog from the keyboard. */
export const Devices: Story = {
  args: { server: deviceServer },
  play: async ({ canvas, userEvent }) => {
    const tab = await canvas.findByRole('tab', { name: 'Users' }, { timeout: 10_000 })
    await userEvent.click(tab)
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    await expect(canvas.getByRole('tab', { name: 'Devices' })).toHaveFocus()
    const table = await canvas.findByRole('table', { name: 'Devices of Alpha Harbour' })
    await expect(await within(table).findByRole('cell', { name: 'System id 11' })).toBeVisible()
    await expect(within(table).getByRole('cell', { name: '127.0.0.1:5901' })).toBeVisible()
    await expect(within(table).getByRole('cell', { name: 'Password set' })).toBeVisible()
    within(table).getByRole('button', { name: 'Actions for Bridge console' }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByRole('menuitem', { name: 'Edit…' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const dialog = await canvas.findByRole('dialog', { name: 'Edit Bridge console' })
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus())
    await expect(within(dialog).getByLabelText('Desktop password')).toHaveValue('')
  },
}

export const DevicesLight = inLightTheme(Devices)

/** A new ingest token, shown once with its copy button and the warning. */
export const DeviceIngestToken: Story = {
  args: { server: deviceServer },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Devices' }, { timeout: 10_000 }))
    const table = await canvas.findByRole('table', { name: 'Devices of Alpha Harbour' })
    await userEvent.click(await within(table).findByRole('button', { name: 'Actions for Rover One' }))
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Issue ingest token…' }))
    const confirm = await canvas.findByRole('alertdialog', { name: 'Issue a new ingest token for Rover One?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Issue token' }))
    const shown = await canvas.findByRole('alertdialog', { name: 'Ingest token of Rover One' })
    await expect(within(shown).getByLabelText('Ingest token')).toHaveValue('honu_dev_9f3kQ2vT7xLmB4wZ')
    await expect(within(shown).getByRole('button', { name: 'Copy' })).toBeVisible()
  },
}
