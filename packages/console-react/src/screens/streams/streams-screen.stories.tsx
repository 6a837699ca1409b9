import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { inLightTheme, StoryConsole, storyConsole } from '../../__fixtures__/story-console'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const asRole = (role: string) => ({ status: 200, body: { email: wes.email, permissions: { alpha: [role] } } })
const videos = {
  status: 200,
  body: {
    data: [
      { video_id: 'v1', name: 'Harbour mouth', source: 'https://cams.test/harbour.m3u8' },
      { video_id: 'v2', name: 'Reef <b>east</b>', source: 'https://cams.test/reef.m3u8' },
    ],
    total_count: 2,
  },
}

/**
 * The stream viewer (spec §2 `streams`) in the network layout, in a console without widgets (the widgets package
 * has the same screen with its Video widget).
 */
const meta = {
  title: 'Console/Screens/Streams',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/streams', signedInAs: wes, tenant: alpha, server: { 'GET /api/v1/users/wes': asRole('reader'), 'GET /api/v1/videos': videos } },
} satisfies Meta<typeof StoryConsole>
export default meta
type Story = StoryObj<typeof meta>

/** A reader sees the list with its count, names as text, no edit buttons, and switches a stream on from the keyboard. */
export const Reader: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: /Streams/ })
    await expect(canvas.getByRole('heading', { name: 'Streams (2)' })).toBeVisible()
    expect(within(list).getByRole('button', { name: /Reef <b>east<\/b>/ })).toBeInTheDocument()
    expect(canvas.queryByRole('button', { name: 'Add stream' })).not.toBeInTheDocument()
    const harbour = within(list).getByRole('button', { name: /Harbour mouth/ })
    expect(harbour).toHaveAttribute('aria-pressed', 'false')
    harbour.focus()
    await userEvent.keyboard(' ')
    expect(harbour).toHaveAttribute('aria-pressed', 'true')
    expect(
      storyConsole()
        .client.grid.getState()
        .workspaces['stream-view'].items.map((item) => item.id),
    ).toEqual(['video-v1'])
  },
}

/** A writer adds a stream with the form: posted, announced, and the list reloads with it. */
export const WriterAddsStream: Story = {
  args: {
    server: { 'GET /api/v1/users/wes': asRole('writer'), 'GET /api/v1/videos': videos, 'POST /api/v1/videos': { status: 201, body: {} } },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add stream' }))
    const form = canvas.getByRole('form', { name: 'Add a stream' })
    await userEvent.type(within(form).getByLabelText('Name'), 'Slipway')
    await userEvent.type(within(form).getByLabelText('Source address'), 'https://cams.test/slipway.m3u8')
    const { server } = storyConsole()
    server.answers['GET /api/v1/videos'] = {
      status: 200,
      body: { data: [...videos.body.data, { video_id: 'v3', name: 'Slipway', source: 'https://cams.test/slipway.m3u8' }], total_count: 3 },
    }
    await userEvent.click(within(form).getByRole('button', { name: 'Add stream' }))
    await expect(await canvas.findByText('Stream Slipway added.')).toHaveAttribute('role', 'status')
    await expect(await canvas.findByRole('heading', { name: 'Streams (3)' })).toBeVisible()
    expect(server.requests).toContain('POST /api/v1/videos?tenant_id=alpha')
  },
}

/** A writer deletes a stream from the keyboard: the confirmation is an alert dialog; Escape keeps it, Delete removes it. */
export const WriterDeletesStream: Story = {
  args: {
    server: { 'GET /api/v1/users/wes': asRole('writer'), 'GET /api/v1/videos': videos, 'DELETE /api/v1/videos/v1': { status: 204 } },
  },
  play: async ({ canvas, userEvent }) => {
    const remove = await canvas.findByRole('button', { name: 'Delete Harbour mouth' })
    remove.focus()
    await userEvent.keyboard('{Enter}')
    await canvas.findByRole('alertdialog', { name: 'Delete Harbour mouth?' })
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).not.toBeInTheDocument())
    await waitFor(() => expect(remove).toHaveFocus())
    const { server } = storyConsole()
    expect(server.requests.some((r) => r.startsWith('DELETE'))).toBe(false)
    await userEvent.keyboard('{Enter}')
    const dialog = await canvas.findByRole('alertdialog', { name: 'Delete Harbour mouth?' })
    server.answers['GET /api/v1/videos'] = { status: 200, body: { data: [videos.body.data[1]], total_count: 1 } }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await expect(await canvas.findByText('Stream Harbour mouth deleted.')).toHaveAttribute('role', 'status')
    await expect(await canvas.findByRole('heading', { name: 'Streams (1)' })).toBeVisible()
    expect(server.requests).toContain('DELETE /api/v1/videos/v1?tenant_id=alpha')
  },
}

/** The list fails to load: said so, and Try again loads it. */
export const LoadFails: Story = {
  args: { server: { 'GET /api/v1/users/wes': asRole('reader'), 'GET /api/v1/videos': { status: 502, body: { message: 'Bad gateway' } } } },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(/Could not load the streams\./)).toBeVisible()
    storyConsole().server.answers['GET /api/v1/videos'] = videos
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(await canvas.findByRole('heading', { name: 'Streams (2)' })).toBeVisible()
  },
}

/** The stream list hides and shows again; fullscreen hides it too. */
export const HideList: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: 'Streams (2)' })
    await userEvent.click(canvas.getByRole('button', { name: 'Hide stream list' }))
    expect(canvas.queryByRole('complementary', { name: 'Stream list' })).not.toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Show stream list' }))
    await expect(canvas.getByRole('complementary', { name: 'Stream list' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Fullscreen' }))
    expect(canvas.queryByRole('complementary', { name: 'Stream list' })).not.toBeInTheDocument()
    expect(canvas.getByRole('button', { name: 'Leave fullscreen' })).toHaveAttribute('aria-pressed', 'true')
  },
}

/** At 600 px (spec §9) the stream list is an overlay: closed on arrival, opened by its button, closed by Escape with focus back. */
export const NarrowScreen: Story = {
  globals: { viewport: { value: 'sm' } },
  play: async ({ canvas, userEvent }) => {
    const show = await canvas.findByRole('button', { name: 'Show stream list' })
    expect(canvas.queryByRole('complementary', { name: 'Stream list' })).not.toBeInTheDocument()
    show.focus()
    await userEvent.keyboard('{Enter}')
    const list = canvas.getByRole('complementary', { name: 'Stream list' })
    expect(list).toHaveClass('honu-streams__sidebar--overlay')
    await waitFor(() => expect(list).toHaveFocus())
    await canvas.findByRole('list', { name: /Streams/ })
    await userEvent.keyboard('{Escape}')
    expect(canvas.queryByRole('complementary', { name: 'Stream list' })).not.toBeInTheDocument()
    expect(canvas.getByRole('button', { name: 'Show stream list' })).toHaveFocus()
  },
}

/** WriterAddsStream in the light theme (axe checks its contrast too). */
export const WriterAddsStreamLight: Story = inLightTheme(WriterAddsStream)
