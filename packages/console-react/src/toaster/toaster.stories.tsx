import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

const wes = { uid: 'wes', email: 'wes@honu.test' }

/** Toasts over a working screen, as the user's notifications preference (spec §3) says to show them. */
const meta = {
  title: 'Console/Toasts',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: {
    path: '/collaboration',
    signedInAs: wes,
    tenant: { tenant_id: 'alpha', name: 'Alpha Harbour' },
    server: {
      'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['writer'] } } },
      'GET /api/v1/videos': { status: 200, body: { data: [] } },
    },
  },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

const show = (message: string, tone: 'positive' | 'negative' | 'neutral') => storyConsole().client.toasts.getState().show({ message, tone })

/** Muted (the default): every toast shows, announced politely, and none takes focus; Dismiss closes one from the keyboard. */
export const Muted: Story = {
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Collaboration' })
    heading.focus()
    show('Error logging in', 'negative')
    show('Stream Slipway added.', 'positive')
    const region = await canvas.findByRole('region', { name: 'Notifications' })
    await expect(
      within(region)
        .getAllByRole('status')
        .map((toast) => toast.textContent),
    ).toEqual(['Error logging in×', 'Stream Slipway added.×'])
    expect(within(region).queryByRole('alert')).toBeNull()
    expect(heading).toHaveFocus()
    const dismiss = canvas.getByRole('button', { name: 'Dismiss: Stream Slipway added.' })
    dismiss.focus()
    await userEvent.keyboard('{Enter}')
    expect(canvas.queryByText('Stream Slipway added.')).toBeNull()
  },
}

/** On: a failure is announced at once (alert); Off: only failures show. */
export const OnAndOff: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Collaboration' })
    const { client } = storyConsole()
    client.preferences.getState().setNotifications('on')
    show('Error deleting user', 'negative')
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error deleting user')
    client.preferences.getState().setNotifications('off')
    show('Saved', 'neutral')
    await expect(await canvas.findByText('Error deleting user')).toBeVisible()
    expect(canvas.queryByText('Saved')).toBeNull()
  },
}

/** The muted toasts in the light theme (axe checks their contrast too). */
export const MutedLight: Story = inLightTheme(Muted)
