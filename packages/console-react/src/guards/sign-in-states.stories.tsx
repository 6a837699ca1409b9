import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }

/**
 * What the sign-in route shows instead of the sign-in form: when the host signs users in (embedding), and when the
 * console's server cannot be reached or refuses this page's origin.
 */
const meta = {
  title: 'Console/Screens/Sign-in states',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/streams', server: { 'GET /api/v1/tenants': { status: 200, body: { data: [alpha] } } } },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** The host signs users in: a signed-out deep link is handed to it with the path wanted; no form of the console's. */
export const HostSignIn: Story = {
  args: { host: { onSignInRequired: fn() } },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(canvas.getByText('Sign in through the host application.')).toBeVisible()
    expect(canvas.queryByLabelText('E-mail')).toBeNull()
    await waitFor(() => expect(args.host!.onSignInRequired).toHaveBeenCalledWith('/streams'))
    expect(storyConsole().path).toBe('/login')
  },
}

/** The host's sign-in page as a link too (`signInUrl`), here with `onSignInRequired` so the story stays on the page. */
export const HostSignInWithLink: Story = {
  args: { host: { onSignInRequired: fn(), signInUrl: 'https://portal.example.com/signin' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Go to sign-in' })).toHaveAttribute(
      'href',
      'https://portal.example.com/signin?returnTo=%2Fstreams',
    )
  },
}

/** The server cannot be reached (or refuses this origin): said in place, with the address tried and a Retry. */
export const ServerUnreachable: Story = {
  args: { server: { 'GET /health': 'no answer', 'GET /api/v1/tenants': 'no answer' } },
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Ping to API failed.' })
    await waitFor(() => expect(heading).toHaveFocus())
    await expect(canvas.getByRole('alert')).toHaveTextContent('http://api.test/health')
    expect(canvas.queryByLabelText('E-mail')).toBeNull()
    // The server answers again: Retry brings the sign-in form.
    Object.assign(storyConsole().server.answers, {
      'GET /health': { status: 200, body: { status: 'ok' } },
      'GET /api/v1/tenants': { status: 200, body: { data: [alpha] } },
    })
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(await canvas.findByLabelText('E-mail')).toBeVisible()
  },
}

export const HostSignInLight = inLightTheme(HostSignIn)
export const ServerUnreachableLight = inLightTheme(ServerUnreachable)
