import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

const oda = { uid: 'oda', email: 'oda@honu.test' }
const organisations = {
  status: 200,
  body: {
    data: [
      { id: 'o2', name: 'Reef Survey' },
      { id: 'o1', name: 'Coral Watch' },
    ],
  },
}
const server = {
  'GET /api/v1/users/oda': { status: 200, body: { email: oda.email, permissions: { '*': ['org-admin'] } } },
  'GET /api/v2/user/oda': { status: 200, body: { data: [{ uid: 'oda', email: oda.email }] } },
  'GET /api/v2/organisation': organisations,
}

/** The organisation choice (spec §2 `orgselection`) of an org-admin with mission planning on. */
const meta = {
  title: 'Console/Screens/Organisation select',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/orgselection', signedInAs: oda, flags: { mission_planning: true }, server },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** Organisations by name; picking one opens mission operations for it, named in the header. */
export const PickOrganisation: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Organisations' })
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Coral Watch', 'Reef Survey'])
    await userEvent.click(within(list).getByRole('button', { name: 'Reef Survey' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Mission operations' })).toBeVisible()
    expect(storyConsole().path).toBe('/missionoperations')
    expect(canvas.getByRole('banner')).toHaveTextContent('Reef Survey')
  },
}

/** The list fails to load: said so, and Try again loads it. */
export const LoadFails: Story = {
  args: { server: { ...server, 'GET /api/v2/organisation': { status: 500, body: { message: 'Database unavailable' } } } },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load your organisations.')
    storyConsole().server.answers['GET /api/v2/organisation'] = organisations
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(await canvas.findByRole('list', { name: 'Organisations' })).toBeVisible()
  },
}

/** LoadFails in the light theme (axe checks its contrast too). */
export const LoadFailsLight: Story = inLightTheme(LoadFails)
