import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { StoryConsole, storyConsole } from '../__fixtures__/story-console'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const server = {
  'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['writer'], bravo: ['reader'] } } },
  'GET /api/v1/videos': { status: 200, body: { data: [], total_count: 0 } },
  'GET /api/v1/tenants': {
    status: 200,
    body: {
      data: [
        { tenant_id: 'bravo', name: 'Bravo Bay' },
        { tenant_id: 'alpha', name: 'Alpha Harbour' },
      ],
    },
  },
}

/** The working layout's header: tenant switcher, navigation tabs, user menu (helper B's parts). */
const meta = {
  title: 'Console/Layouts/Main header',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/adminconsole', signedInAs: wes, tenant: { tenant_id: 'alpha', name: 'Alpha Harbour' }, server },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** The user menu from the keyboard: Preferences opens its dialog, Escape closes it and focus returns to the menu. */
export const UserMenu: Story = {
  play: async ({ canvas, userEvent }) => {
    // The first story waits for the lazy screen's module to be transformed.
    await canvas.findByRole('heading', { level: 1, name: 'Admin console' }, { timeout: 10_000 })
    const account = canvas.getByRole('button', { name: 'Account: wes@honu.test' })
    account.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    // The dialog's code loads on first open.
    await expect(await canvas.findByRole('dialog', { name: 'Preferences' }, { timeout: 10_000 })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(account).toHaveFocus())
  },
}

/** The tenant switcher: the tenants by name, the current one checked; choosing another opens its streams. */
export const SwitchTenant: Story = {
  play: async ({ canvas, userEvent }) => {
    // The first story waits for the lazy screen's module to be transformed.
    await canvas.findByRole('heading', { level: 1, name: 'Admin console' }, { timeout: 10_000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Tenant: Alpha Harbour' }))
    const menu = await canvas.findByRole('menu')
    await expect(within(menu).getByRole('menuitemradio', { name: 'Alpha Harbour' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Bravo Bay' }))
    await expect(await canvas.findByRole('button', { name: 'Tenant: Bravo Bay' })).toBeVisible()
    await waitFor(() => expect(storyConsole().path).toBe('/streams'))
  },
}

/** Signing out from the user menu leads to the sign-in form. */
export const SignOut: Story = {
  play: async ({ canvas, userEvent }) => {
    // The first story waits for the lazy screen's module to be transformed.
    await canvas.findByRole('heading', { level: 1, name: 'Admin console' }, { timeout: 10_000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Account: wes@honu.test' }))
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Sign out' }))
    await expect(await canvas.findByRole('heading', { name: 'Sign in' })).toBeVisible()
  },
}
