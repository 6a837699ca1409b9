import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

const oda = { uid: 'oda', email: 'oda@honu.test', password: 'correct horse' }
const server = {
  'GET /api/v1/users/oda': { status: 200, body: { email: oda.email, permissions: { '*': ['org-admin'] } } },
  'GET /api/v2/user/oda': { status: 200, body: { data: [{ uid: 'oda', email: oda.email }] } },
  'GET /api/v1/tenants': { status: 200, body: { data: [{ tenant_id: 'alpha', name: 'Alpha Harbour' }] } },
  'GET /api/v2/organisation': { status: 200, body: { data: [{ id: 'o1', name: 'Coral Watch' }] } },
}

/** The entry point (spec §2 `entrypoint`): where an org-admin with mission planning on chooses a product. */
const meta = {
  title: 'Console/Screens/Entry point',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/entrypoint', signedInAs: oda, accounts: [oda], flags: { mission_planning: true }, server },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** Signing in as an org-admin lands here, with the heading focused. */
export const AfterSignIn: Story = {
  args: { path: '/login', signedInAs: undefined },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('E-mail'), oda.email)
    await userEvent.type(canvas.getByLabelText('Password'), `${oda.password}{Enter}`)
    const heading = await canvas.findByRole('heading', { name: 'Where to?' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(storyConsole().path).toBe('/entrypoint')
  },
}

/** HonuNet, from the keyboard, leads to the tenant choice. */
export const ToHonuNet: Story = {
  play: async ({ canvas, userEvent }) => {
    const link = await canvas.findByRole('link', { name: /HonuNet/ })
    while (document.activeElement !== link) await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByRole('heading', { name: 'Choose a tenant' })).toBeVisible()
    expect(storyConsole().path).toBe('/tenant')
  },
}

/** MissionPlanning leads to the organisation choice. */
export const ToMissionPlanning: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('link', { name: /MissionPlanning/ }))
    await expect(await canvas.findByRole('heading', { name: 'Choose an organisation' })).toBeVisible()
    expect(storyConsole().path).toBe('/orgselection')
  },
}

/** ToHonuNet in the light theme (axe checks its contrast too). */
export const ToHonuNetLight: Story = inLightTheme(ToHonuNet)
