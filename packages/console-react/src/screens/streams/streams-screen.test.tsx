import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createWorkspaceActions } from '@honu/core/grid'
import { expectNoAxeViolations } from '../../../../../test/axe'
import { consoleAt } from '../../__fixtures__/console-at'
import type { WidgetDefinition } from '@honu/console-kit'

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

const noVideos = { status: 200, body: { data: [], total_count: 0 } }
/** A Video widget type of its own size, as `@honu/widgets` defines one (console-react cannot import it). */
const videoWidget: WidgetDefinition = {
  type: 'Video',
  title: 'Video',
  description: 'A live video stream.',
  icon: () => null,
  defaultSize: { w: 5, h: 5 },
  load: async () => ({ default: ({ widget }) => <p>Playing {widget.name}</p> }),
  parse: (data) => data,
}

describe('StreamsScreen', () => {
  it("lists the tenant's streams with their count, names as text, and shows one on the dashboard with a press", async () => {
    const { requests, client } = consoleAt('/streams', {
      signedInAs: wes,
      tenant: alpha,
      server: { 'GET /api/v1/users/wes': asRole('reader'), 'GET /api/v1/videos': videos },
    })
    const list = await screen.findByRole('list', { name: /Streams/ })
    expect(screen.getByRole('heading', { name: 'Streams (2)' })).toBeInTheDocument()
    expect(requests).toContain('GET /api/v1/videos?tenant_id=alpha')
    // A name is data: shown as typed, never as markup.
    expect(within(list).getByRole('button', { name: /Reef <b>east<\/b>/ })).toBeInTheDocument()
    // A reader gets no add, edit or delete.
    expect(screen.queryByRole('button', { name: 'Add stream' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument()
    expect(screen.getByText('This console was set up without widgets, so streams cannot be shown here.')).toBeInTheDocument()
    await expectNoAxeViolations(document.body)

    const harbour = within(list).getByRole('button', { name: /Harbour mouth/ })
    expect(harbour).toHaveAttribute('aria-pressed', 'false')
    fireEvent.click(harbour)
    expect(harbour).toHaveAttribute('aria-pressed', 'true')
    expect(client.grid.getState().workspaces['stream-view'].items.map((item) => item.id)).toEqual(['video-v1'])
  })

  it('re-picking the same tenant keeps its streams listed (the switch empties the stream view; the kept list fills it again)', async () => {
    consoleAt('/streams', {
      signedInAs: wes,
      tenant: alpha,
      server: {
        'GET /api/v1/users/wes': asRole('reader'),
        'GET /api/v1/videos': videos,
        'GET /api/v1/tenants': { status: 200, body: { data: [alpha] } },
      },
    })
    expect(await screen.findByRole('heading', { name: 'Streams (2)' })).toBeInTheDocument()
    // From the header, as a user does: the tenant menu, the tenant already chosen.
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Tenant: Alpha Harbour' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'Alpha Harbour' }))
    await waitFor(() => expect(screen.queryByRole('menuitemradio')).not.toBeInTheDocument())
    expect(await screen.findByRole('heading', { name: 'Streams (2)' })).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: /Streams/ })).getByRole('button', { name: /Harbour mouth/ })).toBeInTheDocument()
    expect(screen.queryByText('This tenant has no streams yet.')).not.toBeInTheDocument()
  }, 15_000)

  it('a writer adds a stream: the form posts it and the list reloads with it', async () => {
    const { answers, requests } = consoleAt('/streams', {
      signedInAs: wes,
      tenant: alpha,
      server: { 'GET /api/v1/users/wes': asRole('writer'), 'GET /api/v1/videos': videos, 'POST /api/v1/videos': { status: 201, body: {} } },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Add stream' }))
    const form = screen.getByRole('form', { name: 'Add a stream' })
    await expectNoAxeViolations(document.body)
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Slipway' } })
    fireEvent.change(within(form).getByLabelText('Source address'), { target: { value: 'https://cams.test/slipway.m3u8' } })
    answers['GET /api/v1/videos'] = {
      status: 200,
      body: { data: [...videos.body.data, { video_id: 'v3', name: 'Slipway', source: 'https://cams.test/slipway.m3u8' }], total_count: 3 },
    }
    fireEvent.click(within(form).getByRole('button', { name: 'Add stream' }))
    expect(await screen.findByText('Stream Slipway added.')).toHaveAttribute('role', 'status')
    expect(await screen.findByRole('heading', { name: 'Streams (3)' })).toBeInTheDocument()
    expect(requests).toContain('POST /api/v1/videos?tenant_id=alpha')
    expect(screen.queryByRole('form', { name: 'Add a stream' })).not.toBeInTheDocument()
  })

  it('a writer deletes a stream after confirming in a dialog; Cancel keeps it', async () => {
    const { answers, requests } = consoleAt('/streams', {
      signedInAs: wes,
      tenant: alpha,
      server: { 'GET /api/v1/users/wes': asRole('writer'), 'GET /api/v1/videos': videos, 'DELETE /api/v1/videos/v1': { status: 204 } },
    })
    const remove = await screen.findByRole('button', { name: 'Delete Harbour mouth' })
    fireEvent.click(remove)
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete Harbour mouth?' })
    await expectNoAxeViolations(document.body)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(requests.some((r) => r.startsWith('DELETE'))).toBe(false)

    fireEvent.click(remove)
    dialog = await screen.findByRole('alertdialog', { name: 'Delete Harbour mouth?' })
    answers['GET /api/v1/videos'] = { status: 200, body: { data: [videos.body.data[1]], total_count: 1 } }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Stream Harbour mouth deleted.')).toHaveAttribute('role', 'status')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(requests.some((r) => r.startsWith('DELETE /api/v1/videos/v1'))).toBe(true)
  })

  it('a list that fails to load says so with Try again, which loads it', async () => {
    const { answers } = consoleAt('/streams', {
      signedInAs: wes,
      tenant: alpha,
      server: { 'GET /api/v1/users/wes': asRole('reader'), 'GET /api/v1/videos': { status: 502, body: { message: 'Bad gateway' } } },
    })
    expect(await screen.findByText(/Could not load the streams\./)).toBeInTheDocument()
    await expectNoAxeViolations(document.body)
    answers['GET /api/v1/videos'] = videos
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Streams (2)' })).toBeInTheDocument()
  })

  it('hides and shows the stream list, and fullscreen hides it too', async () => {
    consoleAt('/streams', { signedInAs: wes, tenant: alpha, server: { 'GET /api/v1/users/wes': asRole('reader'), 'GET /api/v1/videos': videos } })
    await screen.findByRole('heading', { name: 'Streams (2)' })
    fireEvent.click(screen.getByRole('button', { name: 'Hide stream list' }))
    expect(screen.queryByRole('complementary', { name: 'Stream list' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Show stream list' })).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(screen.getByRole('button', { name: 'Show stream list' }))
    expect(screen.getByRole('complementary', { name: 'Stream list' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Fullscreen' }))
    expect(screen.queryByRole('complementary', { name: 'Stream list' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Leave fullscreen' })).toHaveAttribute('aria-pressed', 'true')
  })

  it("a stream shown from the list takes the Video widget's own size (snap mode: one cell), and an empty dashboard says to pick one", async () => {
    const { client } = consoleAt('/streams', {
      signedInAs: wes,
      tenant: alpha,
      widgets: [videoWidget],
      server: { 'GET /api/v1/users/wes': asRole('reader'), 'GET /api/v1/videos': videos },
    })
    const list = await screen.findByRole('list', { name: /Streams/ })
    expect(screen.getByText('No widgets here yet.')).toBeInTheDocument()
    expect(screen.getByText('Pick a stream in the stream list to show it here.')).toBeInTheDocument()
    fireEvent.click(within(list).getByRole('button', { name: /Harbour mouth/ }))
    expect(await screen.findByText('Playing Harbour mouth')).toBeInTheDocument()
    expect(screen.queryByText('No widgets here yet.')).not.toBeInTheDocument()
    const items = () => client.grid.getState().workspaces['stream-view'].items
    expect(items()).toMatchObject([{ id: 'video-v1', w: 5, h: 5 }])

    createWorkspaceActions(client.grid).setSnapToGrid(true)
    fireEvent.click(within(list).getByRole('button', { name: /Reef/ }))
    expect(items().find((item) => item.id === 'video-v2')).toMatchObject({ w: 1, h: 1 })
  })

  it('a tenant without streams says what to do next: a writer adds one, a reader waits for one', async () => {
    consoleAt('/streams', { signedInAs: wes, tenant: alpha, server: { 'GET /api/v1/users/wes': asRole('writer'), 'GET /api/v1/videos': noVideos } })
    expect(await screen.findByText('This tenant has no streams yet.')).toBeInTheDocument()
    expect(screen.getByText('Add a stream with Add stream above: give it a name and the address of its video.')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: /Streams/ })).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)
    cleanup()

    consoleAt('/streams', { signedInAs: wes, tenant: alpha, server: { 'GET /api/v1/users/wes': asRole('reader'), 'GET /api/v1/videos': noVideos } })
    expect(await screen.findByText('Streams appear here once a writer or admin of this tenant adds them.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add stream' })).not.toBeInTheDocument()
  })
})
