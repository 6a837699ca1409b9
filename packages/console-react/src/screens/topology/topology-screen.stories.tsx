import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { MemoryRouter } from 'react-router'
import { expect, waitFor, within } from 'storybook/test'
import { createConsoleClient, type Theme } from '@honu/core'
import type { DevicePresence } from '@honu/core/live'
import { createFakeAuthAdapter, createFakeServer, createMemoryStorage, type FakeAnswer } from '@honu/core/testing'
import { ConsoleProvider, type WidgetDefinition } from '@honu/console-kit'
import { ConsoleRoutes } from '../../routes/create-console-routes'
import { alpha, alphaDevices, bravo } from './__fixtures__/fake-topology'
import { fakeLiveServer } from './__fixtures__/fake-live-server'

const ada = { uid: 'ada', email: 'ada@honu.test' }
const now = Date.now()
const presence: DevicePresence[] = [
  { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online', lastSeen: now },
  { deviceId: 'alpha-cam-1', tenantId: 'alpha', state: 'online', lastSeen: now },
  { deviceId: 'alpha-usv-2', tenantId: 'alpha', state: 'stale', lastSeen: now - 20_000 },
]
const server: Record<string, FakeAnswer> = {
  'GET /api/v1/users/ada': { status: 200, body: { email: ada.email, permissions: { alpha: ['admin'], bravo: ['reader'] } } },
  'GET /api/v1/tenants': { status: 200, body: { data: [alpha, bravo], total_count: 2 } },
  'GET /api/v1/devices': { status: 200, body: { data: alphaDevices, total_count: alphaDevices.length } },
  'GET /api/v1/videos': { status: 200, body: { data: [], total_count: 0 } },
}

/** Widget types standing in for `@honu/widgets` (console-react cannot import it): each says what it was given. */
const shows = (type: string): WidgetDefinition => ({
  type: type as WidgetDefinition['type'],
  title: type,
  description: type,
  icon: () => null,
  load: async () => ({ default: ({ widget }) => <p>{`${type} widget for ${widget.name}: ${JSON.stringify(widget.data)}`}</p> }),
  parse: (data) => data,
})
const widgets = [shows('Vehicle'), shows('Video'), shows('Vnc')]

/**
 * The whole console at a topology route, on a fake server and a fake live channel speaking the real protocol (so
 * the devices' states come through core's live client, devices store and topology store).
 */
function TopologyConsole({ path, theme, locale }: { path: string; theme?: Theme; locale?: string }) {
  const [client] = useState(() => {
    const live = fakeLiveServer(presence)
    const created = createConsoleClient({
      api: { baseUrl: 'http://api.test', fetch: createFakeServer(server).fetch },
      auth: createFakeAuthAdapter({ initialUser: ada }),
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
      createLiveSocket: live.createSocket,
    })
    created.tenant.getState().setTenant(alpha)
    if (theme) {
      // Each user's preferences replace the store's on sign-in: keep the story's theme through that.
      const keep = () => created.preferences.getState().theme !== theme && created.preferences.getState().setTheme(theme)
      keep()
      created.preferences.subscribe(keep)
    }
    return created
  })
  return (
    <ConsoleProvider client={client} locale={locale}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes widgets={widgets} />
      </MemoryRouter>
    </ConsoleProvider>
  )
}

/** The network topology (spec §2 `networktopology`, issue 16) for Alpha's admin, who also reads Bravo. */
const meta = {
  title: 'Console/Screens/Network topology',
  component: TopologyConsole,
  parameters: { layout: 'fullscreen' },
  args: { path: '/networktopology' },
} satisfies Meta<typeof TopologyConsole>
export default meta
type Story = StoryObj<typeof meta>

/**
 * The list: Alpha's networks with their ranges, the remote one flagged for overlapping Bravo's; devices with their
 * live states (word and colour); the state filter from the keyboard; a device opened in its panel.
 */
export const List: Story = {
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Network topology' }, { timeout: 10_000 })
    await waitFor(() => expect(heading).toHaveFocus())
    const networks = await canvas.findByRole('region', { name: 'Networks of Alpha Harbour' }, { timeout: 10_000 })
    await expect(within(networks).getByText('Overlaps Remote network 10.10.128.0/20 of Bravo Fleet')).toBeVisible()
    await expect(within(networks).getByText('10.10.0.0 – 10.10.255.255')).toBeVisible()
    const table = canvas.getByRole('table', { name: 'Devices of Alpha Harbour' })
    const kahu = () => within(table).getByRole('button', { name: 'Open USV Kahu' }).closest('tr')!
    await waitFor(() => expect(kahu().querySelector('[data-state]')).toHaveAttribute('data-state', 'online'))
    await expect(within(table).getByRole('button', { name: 'Open USV Manu' }).closest('tr')!).toHaveTextContent('Stale')

    // Only the stale ones, from the keyboard.
    within(canvas.getByRole('group', { name: 'State' }))
      .getByRole('checkbox', { name: 'Stale' })
      .focus()
    await userEvent.keyboard(' ')
    await expect(canvas.getByRole('status')).toHaveTextContent('1 of 5 devices')
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }))

    await userEvent.click(within(table).getByRole('button', { name: 'Open USV Kahu' }))
    const panel = await canvas.findByRole('dialog', { name: 'USV Kahu' })
    await expect(await within(panel).findByText('Vehicle widget for USV Kahu: {"deviceId":"alpha-usv-1"}')).toBeVisible()
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }))
    // Focus back on the name that opened it (the same button: selecting does not re-create it).
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Open USV Kahu' })).toHaveFocus())
    await expect(within(table).getByRole('button', { name: 'Open USV Kahu' })).toHaveAttribute('aria-current', 'true')
  },
}

/** List in the light theme (axe checks the state colours' contrast there too). */
export const ListLight: Story = {
  ...List,
  args: { ...List.args, theme: 'light' },
  play: async (context) => {
    await List.play!(context)
    await expect(context.canvasElement.querySelector('.honu-console')).toHaveAttribute('data-theme', 'light')
  },
}

/** In German: the headings, the kinds and states, the overlap warning. */
export const German: Story = {
  args: { locale: 'de-DE' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Netzwerktopologie' }, { timeout: 10_000 })
    const networks = await canvas.findByRole('region', { name: 'Netzwerke von Alpha Harbour' }, { timeout: 10_000 })
    // The network kinds and the overlap warning come from a message book that can arrive after the screen's own (a
    // CI run found the region in German and its kinds still in English): wait for them, as for the rest.
    await expect(
      await within(networks).findByText('Überschneidet sich mit dem Remote-Netzwerk 10.10.128.0/20 von Bravo Fleet', {}, { timeout: 10_000 }),
    ).toBeVisible()
    const table = canvas.getByRole('table', { name: 'Geräte von Alpha Harbour' })
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Name', 'Art', 'Zustand', 'Adresse', 'Netzwerk', 'Zuletzt gesehen']),
    )
    await waitFor(() => expect(within(table).getByRole('button', { name: 'USV Manu öffnen' }).closest('tr')!).toHaveTextContent('Veraltet'))
  },
}

/** At 600 px (spec §9): the bar, the filters and the networks wrap; the table scrolls inside its own area. */
export const NarrowScreen: Story = {
  globals: { viewport: { value: 'sm' } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('table', { name: 'Devices of Alpha Harbour' }, { timeout: 10_000 })
    expect(window.innerWidth).toBe(600)
    const page = canvasElement.ownerDocument.scrollingElement!
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth)
  },
}

/** The Graph link opens the graph view with the same filter (the store keeps it across the views). */
export const SwitchToGraph: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table', { name: 'Devices of Alpha Harbour' }, { timeout: 10_000 })
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search devices' }), 'usv')
    await userEvent.click(within(canvas.getByRole('navigation', { name: 'Views' })).getByRole('link', { name: 'Graph' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Network graph' })).toBeVisible()
    await expect(canvas.getByRole('searchbox', { name: 'Search devices' })).toHaveValue('usv')
    await expect(within(canvas.getByRole('navigation', { name: 'Views' })).getByRole('link', { name: 'Graph' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // GRAPH's graph draws the same model under the same filter (axe then checks the screen with it).
    const graph = await canvas.findByRole('region', { name: 'Network graph of Alpha Harbour' }, { timeout: 15_000 })
    await waitFor(() => expect(graph).toHaveAttribute('data-state', 'ready'), { timeout: 15_000 })
  },
}
