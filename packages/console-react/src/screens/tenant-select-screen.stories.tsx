import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

const ada = { uid: 'ada', email: 'ada@honu.test' }
const record = { status: 200, body: { email: ada.email, permissions: { alpha: ['writer'], bravo: ['reader'] } } }
const tenants = {
  status: 200,
  body: {
    data: [
      { tenant_id: 'bravo', name: 'Bravo Bay', remote_cidr: '10.1.128.0/17', vpn_cidr: '' },
      { tenant_id: 'alpha', name: 'Alpha Harbour', remote_cidr: '10.1.0.0/16', vpn_cidr: '' },
      { tenant_id: 'charlie', name: 'Charlie Cove' },
    ],
  },
}

/** The tenant choice (spec §2 `tenant`) after sign-in. */
const meta = {
  title: 'Console/Screens/Tenant select',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: {
    path: '/tenant',
    signedInAs: ada,
    server: { 'GET /api/v1/users/ada': record, 'GET /api/v1/tenants': tenants, 'GET /api/v1/videos': { status: 200, body: { data: [] } } },
  },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** Tenants by name with their networks and overlaps; Tab to one and Enter opens its streams. */
export const PickTenant: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Tenants' })
    const choices = within(list).getAllByRole('button')
    expect(choices.map((c) => c.querySelector('.honu-choice__title')?.textContent)).toEqual(['Alpha Harbour', 'Bravo Bay', 'Charlie Cove'])
    expect(choices[0]).toHaveTextContent('Network overlaps another tenant')
    expect(choices[2]).toHaveTextContent('No network')
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Choose a tenant' })).toHaveFocus())
    while (document.activeElement !== choices[0]) await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByRole('heading', { name: /^Streams/ })).toBeVisible()
    expect(storyConsole().path).toBe('/streams')
    expect(storyConsole().client.tenant.getState().tenant?.tenant_id).toBe('alpha')
  },
}

/** The list fails to load: said so, and Try again loads it once the server answers. */
export const LoadFails: Story = {
  args: {
    server: { 'GET /api/v1/users/ada': record, 'GET /api/v1/tenants': { status: 503, body: { message: 'Down for maintenance' } } },
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load your tenants.')
    storyConsole().server.answers['GET /api/v1/tenants'] = tenants
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(await canvas.findByRole('list', { name: 'Tenants' })).toBeVisible()
    expect(canvas.queryByRole('alert')).not.toBeInTheDocument()
  },
}

/** A user in no tenant is told to ask an admin. */
export const NoTenant: Story = {
  args: { server: { 'GET /api/v1/users/ada': record, 'GET /api/v1/tenants': { status: 200, body: { data: [] } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You belong to no tenant yet. Ask an admin to add you.')).toBeVisible()
    expect(canvas.queryByRole('list', { name: 'Tenants' })).not.toBeInTheDocument()
  },
}

/** LoadFails in the light theme (axe checks its contrast too). */
export const LoadFailsLight: Story = inLightTheme(LoadFails)
