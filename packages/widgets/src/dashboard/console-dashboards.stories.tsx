/// <reference types="vite/client" />
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, screen, waitFor, within } from 'storybook/test'
import { createConsoleClient, type ConsoleClient } from '@honu/core'
import { createStaticFlagSource } from '@honu/core/flags'
import { createFakeAuthAdapter, createFakeServer, createMemoryStorage, type FakeAnswer } from '@honu/core/testing'
import { Console } from '@honu/console-react'
import clip from '../../../../examples/reference-server/fixtures/clip-360p/clip.mp4?url'
import { widgetDefinitions } from '../registry'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const oda = { uid: 'oda', email: 'oda@honu.test' }
/** The reference server's recorded clip, served by Vite: a stream that really plays, with no server running. */
const clipUrl = new URL(clip, window.location.href).href
const videos = {
  status: 200,
  body: {
    data: [
      { video_id: 'v1', name: 'Harbour mouth', source: clipUrl },
      { video_id: 'v2', name: 'Reef east', source: clipUrl },
    ],
    total_count: 2,
  },
}

let current: ConsoleClient | undefined

/**
 * The whole console with the real widgets (`widgetDefinitions`) in a memory router, against a fake server and
 * identity provider from `@honu/core/testing`: the dashboards as an operator meets them.
 */
function ConsoleWithWidgets({
  path,
  server,
  flags,
  tenant,
  theme,
}: {
  path: string
  server: Record<string, FakeAnswer>
  flags?: Record<string, boolean>
  tenant?: boolean
  theme?: 'light'
}) {
  const [client] = useState(() => {
    const fake = createFakeServer(server)
    const created = createConsoleClient({
      api: { baseUrl: 'http://api.test', fetch: fake.fetch },
      auth: createFakeAuthAdapter({ initialUser: path.startsWith('/mission') ? oda : wes }),
      flags: createStaticFlagSource(flags ?? {}),
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    })
    if (tenant) created.tenant.getState().setTenant({ tenant_id: 'alpha', name: 'Alpha Harbour' })
    if (theme) {
      // Each user's preferences replace the store's on sign-in: keep the story's theme through that.
      const keep = () => created.preferences.getState().theme !== theme && created.preferences.getState().setTheme(theme)
      keep()
      created.preferences.subscribe(keep)
    }
    current = created
    return created
  })
  return <Console client={client} widgets={widgetDefinitions} memoryRouter={{ initialEntries: [path] }} />
}

const meta = {
  title: 'Console/Screens/Dashboards',
  component: ConsoleWithWidgets,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConsoleWithWidgets>
export default meta
type Story = StoryObj<typeof meta>

/**
 * The stream viewer: a stream switched on from the list plays in a Video tile, which then moves with the
 * keyboard (Enter lifts, an arrow moves, Enter drops), each step announced.
 */
export const StreamViewer: Story = {
  args: {
    path: '/streams',
    tenant: true,
    server: {
      'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['reader'] } } },
      'GET /api/v1/videos': videos,
    },
  },
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: /Streams/ })
    await userEvent.click(within(list).getByRole('button', { name: /Harbour mouth/ }))
    const tile = await canvas.findByRole('group', { name: 'Harbour mouth' })
    // The clip really plays: the player reaches its playing state.
    await waitFor(() => expect(tile.querySelector('.honu-video')).toHaveAttribute('data-state', 'playing'), { timeout: 15_000 })
    const before = current!.grid.getState().workspaces['stream-view'].items.find((item) => item.id === 'video-v1')!
    tile.focus()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByText(/Harbour mouth lifted at column/)).toBeInTheDocument()
    await userEvent.keyboard('{ArrowRight}')
    await expect(await canvas.findByText(/Harbour mouth moved to column 2/)).toBeInTheDocument()
    await userEvent.keyboard('{Enter}')
    const after = current!.grid.getState().workspaces['stream-view'].items.find((item) => item.id === 'video-v1')!
    expect(after.x).toBe((before.x ?? 0) + 1)
  },
}

/**
 * A working area's dashboard: "Add widget" from the keyboard offers the types by their titles; a Map tile is
 * added, minimised to the tray and restored.
 */
export const MissionOperations: Story = {
  args: {
    path: '/missionoperations',
    flags: { mission_planning: true },
    server: {
      'GET /api/v1/users/oda': { status: 200, body: { email: oda.email, permissions: { '*': ['org-admin'] } } },
      'GET /api/v2/user/oda': { status: 200, body: { data: [{ uid: 'oda', email: oda.email }] } },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Mission operations' })
    const add = canvas.getByRole('button', { name: 'Add widget' })
    add.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await screen.findByRole('menu', { name: 'Add widget' })
    expect(within(menu).getByRole('menuitem', { name: /Mission execution/ })).toBeInTheDocument()
    await userEvent.click(within(menu).getByRole('menuitem', { name: /^Map/ }))
    const tile = await canvas.findByRole('group', { name: 'Map 1' })
    await userEvent.click(within(tile).getByRole('button', { name: 'Minimise: Map 1' }))
    const tray = await canvas.findByRole('list', { name: 'Minimised widgets' })
    await userEvent.click(within(tray).getByRole('button', { name: 'Restore Map 1' }))
    await expect(await canvas.findByRole('group', { name: 'Map 1' })).toBeVisible()
  },
}

/** A Video widget added from the toolbar asks which stream to play; the pick is made with the keyboard. */
export const AddVideoWidget: Story = {
  args: StreamViewer.args,
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: /Streams/ })
    await userEvent.click(canvas.getByRole('button', { name: 'Add widget' }))
    await userEvent.click(within(await screen.findByRole('menu', { name: 'Add widget' })).getByRole('menuitem', { name: /^Video/ }))
    const picker = await screen.findByRole('dialog', { name: 'Choose a stream for Video 1' })
    const harbour = await within(picker).findByRole('radio', { name: 'Harbour mouth' })
    harbour.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(within(picker).getByRole('radio', { name: 'Reef east' })).toBeChecked()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(picker).not.toBeInTheDocument())
    const widget = current!.grid.getState().workspaces['stream-view'].items.find((item) => item.type === 'Video')
    expect(widget?.data).toMatchObject({ streamId: 'v2' })
    const tile = await canvas.findByRole('group', { name: 'Video 1' })
    await waitFor(() => expect(tile.querySelector('.honu-video')).toHaveAttribute('data-state', 'playing'), { timeout: 15_000 })
  },
}

/** The stream viewer playing, in the light theme (axe checks its contrast too). */
export const StreamViewerLight: Story = {
  ...StreamViewer,
  args: { ...StreamViewer.args, theme: 'light' },
  play: async (context) => {
    await StreamViewer.play!(context)
    await expect(context.canvasElement.querySelector('.honu-console')).toHaveAttribute('data-theme', 'light')
  },
}

/**
 * The grid control dialog (spec §2) from the toolbar: a wrong value is named on its field and keeps the dialog
 * open; a valid one is saved and the dashboard snaps to the new columns.
 */
export const GridSettings: Story = {
  args: MissionOperations.args,
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Mission operations' })
    await userEvent.click(canvas.getByRole('button', { name: 'Grid settings' }))
    const dialog = await screen.findByRole('dialog', { name: 'Grid settings' })
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Snap to grid' }))
    const columns = within(dialog).getByLabelText('Snap columns')
    await userEvent.clear(columns)
    await userEvent.type(columns, '13')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(columns).toHaveFocus())
    expect(columns).toHaveAttribute('aria-invalid', 'true')
    expect(columns).toHaveAccessibleDescription('Snap columns must be a whole number from 1 to 12.')
    await userEvent.clear(columns)
    await userEvent.type(columns, '3')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(current!.grid.getState().settings).toMatchObject({ snapToGrid: true, snapToGridColumns: 3 })
  },
}
