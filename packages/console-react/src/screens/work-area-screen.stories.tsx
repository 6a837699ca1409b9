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
    path: '/collaboration',
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
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Collaboration' })
    await waitFor(() => expect(heading).toHaveFocus())
    await expect(canvas.getByText('Messages and shared views between operators.')).toBeVisible()
    expect(canvas.getByText('Your role here: admin')).toBeInTheDocument()
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Collaboration' })).toHaveAttribute('aria-current', 'page')
    await userEvent.click(within(nav).getByRole('link', { name: 'Admin console' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible()
    expect(storyConsole().path).toBe('/adminconsole')
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

/** At 600 px (spec §9) the navigation folds into a menu: opened and used from the keyboard. */
export const NarrowScreen: Story = {
  globals: { viewport: { value: 'sm' } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Collaboration' })
    expect(window.innerWidth).toBe(600)
    expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull()
    const menuButton = canvas.getByRole('button', { name: 'Navigation' })
    menuButton.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await canvas.findByRole('menu')
    await expect(within(menu).getByRole('menuitemradio', { name: 'Collaboration' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.keyboard('{End}{Enter}')
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible()
    expect(storyConsole().path).toBe('/adminconsole')
  },
}

/** NetworkAreas in the light theme (axe checks its contrast too). */
export const NetworkAreasLight: Story = inLightTheme(NetworkAreas)
