import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../__fixtures__/story-console'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const record = { status: 200, body: { email: wes.email, permissions: { alpha: ['writer'] } } }
const videos = { status: 200, body: { data: [{ video_id: 'v1', name: 'Bow camera', source: 'https://cams.test/bow.m3u8' }], total_count: 1 } }

/**
 * The console meeting a server that does not answer or fails (see docs/when-the-server-fails.md): the
 * connection banner, lists in their error state, and 'Error logging in'. The session the server ended is in the
 * login screen's stories.
 */
const meta = {
  title: 'Console/Recovery',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/streams', signedInAs: wes, tenant: { tenant_id: 'alpha', name: 'Alpha Harbour' } },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** The stream list cannot load: the banner says so once; Retry now, once the server is back, brings the list. */
export const ServerUnreachable: Story = {
  args: { server: { 'GET /api/v1/users/wes': record, 'GET /api/v1/videos': 'no answer', 'GET /health': 'no answer' } },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(/Could not load the streams/)).toBeVisible()
    const banner = await canvas.findByText(/The server cannot be reached/)
    expect(banner.closest('[aria-live="polite"]')).not.toBeNull()
    expect(canvas.getAllByText(/The server cannot be reached/)).toHaveLength(1)
    const { answers } = storyConsole().server
    answers['GET /health'] = { status: 200, body: { status: 'ok' } }
    answers['GET /api/v1/videos'] = videos
    await userEvent.click(canvas.getByRole('button', { name: 'Retry now' }))
    await expect(await canvas.findByRole('button', { name: /^Bow camera/ })).toBeVisible()
    await waitFor(() => expect(canvas.queryByText(/The server cannot be reached/)).not.toBeInTheDocument())
    expect(canvas.queryByText(/Could not load the streams/)).not.toBeInTheDocument()
  },
}

/** Signed in with the provider, but the user record fails: 'Error logging in' with Retry, which then signs in. */
export const ErrorLoggingIn: Story = {
  args: {
    path: '/login',
    tenant: undefined,
    server: {
      'GET /api/v1/users/wes': { status: 500, body: { message: 'The server failed to handle this request.' } },
      'GET /api/v1/tenants': { status: 200, body: { data: [{ tenant_id: 'alpha', name: 'Alpha Harbour' }] } },
    },
  },
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { name: 'Error logging in' })
    await waitFor(() => expect(heading).toHaveFocus())
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to fetch user data')
    expect(canvas.queryByLabelText('Password')).not.toBeInTheDocument()
    storyConsole().server.answers['GET /api/v1/users/wes'] = record
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(await canvas.findByRole('heading', { name: 'Choose a tenant' })).toBeVisible()
    expect(storyConsole().path).toBe('/tenant')
  },
}

/** 'Error logging in' on a deep link: Sign out leads to the sign-in form. */
export const ErrorLoggingInSignOut: Story = {
  args: { server: { 'GET /api/v1/users/wes': { status: 500, body: { message: 'Database unavailable' } } } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: 'Error logging in' })
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }))
    await expect(await canvas.findByRole('heading', { name: 'Sign in' })).toBeVisible()
    expect(await storyConsole().auth.getCurrentUser()).toBeUndefined()
  },
}

/** The session expired while working: the page stays as it is, says so, and "Sign in again" leads to sign-in. */
export const SessionExpired: Story = {
  args: { path: '/collaboration', server: { 'GET /api/v1/users/wes': record, 'GET /api/v1/videos': videos } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Collaboration' })
    storyConsole().client.session.getState().requestReauthentication()
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Your session has expired.')
    expect(canvas.getByRole('heading', { level: 1, name: 'Collaboration' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in again' }))
    await expect(await canvas.findByRole('heading', { name: 'Sign in' })).toBeVisible()
    expect(storyConsole().path).toBe('/login')
  },
}

/** An org-admin's mission-planning account cannot load: not a refusal; it says so, and Try again opens the entry point. */
export const MissionPlanningAccountFails: Story = {
  args: {
    path: '/entrypoint',
    signedInAs: { uid: 'oda', email: 'oda@honu.test' },
    tenant: undefined,
    flags: { mission_planning: true },
    server: {
      'GET /api/v1/users/oda': { status: 200, body: { email: 'oda@honu.test', permissions: { '*': ['org-admin'] } } },
      'GET /api/v2/user/oda': { status: 503, body: { message: 'Unavailable' } },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(/Could not load your mission-planning account/)).toBeVisible()
    expect(storyConsole().path).toBe('/entrypoint')
    storyConsole().server.answers['GET /api/v2/user/oda'] = { status: 200, body: { data: [{ uid: 'oda', email: 'oda@honu.test' }] } }
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(await canvas.findByRole('heading', { name: 'Where to?' })).toBeVisible()
  },
}

/** ServerUnreachable in the light theme (axe checks its contrast too). */
export const ServerUnreachableLight: Story = inLightTheme(ServerUnreachable)

/** ErrorLoggingIn in the light theme (axe checks its contrast too). */
export const ErrorLoggingInLight: Story = inLightTheme(ErrorLoggingIn)
