import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const oda = { uid: 'oda', email: 'oda@honu.test' }

/** The working areas still to be built (spec §2): each says what it will hold, inside its real layout and guards. */
const meta = {
  title: 'Console/Screens/Work areas',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: {
    path: '/networktopology',
    signedInAs: wes,
    tenant: { tenant_id: 'alpha', name: 'Alpha Harbour' },
    server: {
      'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['admin'] } } },
      'GET /api/v1/videos': { status: 200, body: { data: [] } },
    },
  },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** HonuNet's areas: the placeholder with the user's role, and the main navigation moving between areas. */
export const NetworkAreas: Story = {
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Network topology' })
    await waitFor(() => expect(heading).toHaveFocus())
    await expect(canvas.getByText('The tenant’s devices and networks as a list.')).toBeVisible()
    expect(canvas.getByText('Your role here: admin')).toBeInTheDocument()
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await userEvent.click(within(nav).getByRole('link', { name: 'Collaboration' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Collaboration' })).toBeVisible()
    expect(storyConsole().path).toBe('/collaboration')
    expect(within(nav).getByRole('link', { name: 'Collaboration' })).toHaveAttribute('aria-current', 'page')
    await userEvent.click(within(nav).getByRole('link', { name: 'Admin console' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible()
  },
}

/** MissionPlanning's areas for an org-admin: the mission-planning layout with its organisation and navigation. */
export const MissionPlanningAreas: Story = {
  args: {
    path: '/missionreview',
    signedInAs: oda,
    tenant: undefined,
    flags: { mission_planning: true },
    server: {
      'GET /api/v1/users/oda': { status: 200, body: { email: oda.email, permissions: { '*': ['org-admin'] } } },
      'GET /api/v2/user/oda': { status: 200, body: { data: [{ uid: 'oda', email: oda.email }] } },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Mission review' })).toBeVisible()
    expect(canvas.getByRole('button', { name: 'Organisation: None chosen' })).toHaveAttribute('aria-haspopup', 'menu')
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await userEvent.click(within(nav).getByRole('link', { name: 'User management' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'User management' })).toBeVisible()
    expect(storyConsole().path).toBe('/usermanagement')
  },
}

/** NetworkAreas in the light theme (axe checks its contrast too). */
export const NetworkAreasLight: Story = inLightTheme(NetworkAreas)
