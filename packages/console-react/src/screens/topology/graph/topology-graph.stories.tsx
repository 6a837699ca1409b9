import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, useSyncExternalStore } from 'react'
import { expect, waitFor, within } from 'storybook/test'
import { createConsoleClient, type Device } from '@honu/core'
import type { DevicePresence } from '@honu/core/live'
import { createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { alpha, bravo, fakeTopology, manyDevices, type FakeTopology } from '../__fixtures__/fake-topology'
import type { GraphSigma } from './graph-renderer'
import { TopologyGraph } from './topology-graph'

const now = Date.now()
const online = (deviceId: string, tenantId = 'alpha'): DevicePresence => ({ deviceId, tenantId, state: 'online', lastSeen: now })
const alphaPresence = Object.fromEntries(['alpha-usv-1', 'alpha-cam-1', 'alpha-ra-1'].map((id) => [id, online(id)]))

let current: FakeTopology | undefined
let drawnBy: GraphSigma | undefined

/** A console of its own (no server) and core's topology store over fixed answers; the story can change states. */
function GraphStory({ devices, theme, kinds }: { devices?: Device[]; theme: 'dark' | 'light'; kinds?: Device['kind'][] }) {
  const [setup] = useState(() => {
    const client = createConsoleClient({
      api: { baseUrl: 'http://127.0.0.1:8080' },
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    })
    const topology = fakeTopology({ tenant: alpha, visibleTenants: [alpha, bravo], devices, presence: devices ? {} : alphaPresence })
    if (kinds) topology.store.setFilter({ kinds })
    current = topology
    return { client, topology }
  })
  const { store } = setup.topology
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const [opened, setOpened] = useState<string>()
  const [shownTheme, setShownTheme] = useState(theme)
  return (
    <ConsoleProvider client={setup.client}>
      <div className="honu-console" data-theme={shownTheme} style={{ padding: 16 }}>
        <button type="button" onClick={() => setShownTheme(shownTheme === 'dark' ? 'light' : 'dark')}>
          Switch theme
        </button>
        {state.model ? (
          <TopologyGraph
            model={state.model}
            filter={state.filter}
            selectedId={state.selectedId}
            onSelect={(id) => store.select(id)}
            onOpen={setOpened}
            onRendered={(sigma) => (drawnBy = sigma)}
          />
        ) : (
          <p>Loading…</p>
        )}
        <p>Opened: {opened ?? 'nothing'}</p>
      </div>
    </ConsoleProvider>
  )
}

const meta = {
  title: 'Screens/Topology/Graph',
  component: GraphStory,
  parameters: { layout: 'fullscreen' },
  args: { theme: 'dark' },
} satisfies Meta<typeof GraphStory>

export default meta
type Story = StoryObj<typeof meta>

const drawn = async (canvasElement: HTMLElement) => {
  const region = await within(canvasElement).findByRole('region', { name: /^Network graph of/ })
  await waitFor(() => expect(region).toHaveAttribute('data-state', 'ready'))
  return region
}
const announced = (canvasElement: HTMLElement) => within(canvasElement).getByTestId('graph-announcement')

/**
 * Alpha as an admin of Alpha and Bravo sees it: Alpha's remote network overlaps Bravo's, which is drawn as a node of
 * its own. Walked with the keyboard: Home, down into the remote network, down to Bravo's network, right to the first
 * device, Enter opens it; a device going stale is said again and its details change.
 */
export const WalkedByKeyboard: Story = {
  play: async ({ canvasElement, canvas, userEvent }) => {
    await drawn(canvasElement)
    const graph = canvas.getByRole('application', { name: 'Graph of Alpha Harbour: 2 networks, 5 devices shown' })
    graph.focus()
    await userEvent.keyboard('{Home}')
    await waitFor(() => expect(announced(canvasElement)).toHaveTextContent('Alpha Harbour, tenant: 2 networks, 5 devices.'))
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() =>
      expect(announced(canvasElement)).toHaveTextContent(
        'Alpha Harbour Remote network 10.10.0.0/16: 3 devices, overlaps Bravo Fleet Remote network 10.10.128.0/20.',
      ),
    )
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() =>
      expect(announced(canvasElement)).toHaveTextContent(
        'Bravo Fleet Remote network 10.10.128.0/20, network of another tenant, overlaps Alpha Harbour Remote network 10.10.0.0/16.',
      ),
    )
    await userEvent.keyboard('{ArrowRight}')
    // The remote network's devices: the camera first (grouped by kind), then the vehicles.
    await waitFor(() =>
      expect(announced(canvasElement)).toHaveTextContent(
        'Bow camera, Camera, Online, 10.10.1.10. 1 of 3 in Alpha Harbour Remote network 10.10.0.0/16.',
      ),
    )
    const details = canvas.getByTestId('graph-details')
    await expect(within(details).getByText('Bow camera')).toBeVisible()
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(announced(canvasElement)).toHaveTextContent('USV Kahu, Vehicle, Online, 10.10.2.1.'))
    await expect(within(details).getByText('Online')).toBeVisible()
    // What sigma draws: the focus and its network in their colours, a device of the other network dimmed.
    const dim = getComputedStyle(canvasElement.querySelector('.honu-graph')!).getPropertyValue('--honu-border').trim()
    await waitFor(() => expect(drawnBy!.getNodeDisplayData('d:alpha-ra-1')?.color).toBe(dim))
    expect(drawnBy!.getNodeDisplayData('n:alpha/remote')?.color).not.toBe(dim)
    expect(drawnBy!.getNodeDisplayData('d:alpha-usv-1')?.color).not.toBe(dim)
    // It falls silent: stale, in the details and said again, without a reload.
    current!.setPresence({ ...alphaPresence, 'alpha-usv-1': { ...online('alpha-usv-1'), state: 'stale' } })
    await waitFor(() => expect(within(details).getByText('Stale')).toBeVisible())
    await waitFor(() => expect(announced(canvasElement)).toHaveTextContent('USV Kahu, Vehicle, Stale, 10.10.2.1.'))
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByText('Opened: alpha-usv-1')).toBeVisible()
    await userEvent.keyboard('{ArrowUp}')
    await waitFor(() => expect(announced(canvasElement)).toHaveTextContent(/^Alpha Harbour Remote network/))
    await userEvent.keyboard('{Escape}')
    await expect(within(details).getByText(/No node focused/)).toBeVisible()
  },
}

/** "Find a node": the first match is focused and its details shown; Enter again steps to the next match. */
export const FindANode: Story = {
  play: async ({ canvasElement, canvas, userEvent }) => {
    await drawn(canvasElement)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find a node' }), 'USV{Enter}')
    await expect(await canvas.findByText('USV Kahu: match 1 of 2')).toBeVisible()
    await expect(within(canvas.getByTestId('graph-details')).getByText('USV Kahu')).toBeVisible()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByText('USV Manu (offline): match 2 of 2')).toBeVisible()
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Find a node' }))
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find a node' }), '10.10.128{Enter}')
    await expect(await canvas.findByText('Bravo Fleet Remote network 10.10.128.0/20: match 1 of 1')).toBeVisible()
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Find a node' }))
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find a node' }), 'nothing like it{Enter}')
    await expect(await canvas.findByText('No node matches “nothing like it”.')).toBeVisible()
  },
}

/** The shared filter hides the devices it does not pass: only the vehicles show. */
export const Filtered: Story = {
  args: { kinds: ['vehicle'] },
  play: async ({ canvasElement, canvas, userEvent }) => {
    await drawn(canvasElement)
    await expect(canvas.getByRole('application', { name: 'Graph of Alpha Harbour: 2 networks, 2 devices shown' })).toBeVisible()
    // Not drawn: the devices the filter hides; drawn: the vehicles and the networks.
    expect(drawnBy!.getNodeDisplayData('d:alpha-cam-1')?.visibility).toBe('hidden')
    expect(drawnBy!.getNodeDisplayData('d:alpha-usv-1')?.visibility).toBe('visible')
    expect(drawnBy!.getNodeDisplayData('n:alpha/vpn')?.visibility).toBe('visible')
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find a node' }), 'Bow{Enter}')
    await expect(await canvas.findByText('No node matches “Bow”.')).toBeVisible()
  },
}

/**
 * The legend says what each colour and shape means, in the light theme too; switching the theme with the graph open
 * redraws it in the new theme's colours.
 */
export const LegendInLightTheme: Story = {
  args: { theme: 'light' },
  play: async ({ canvasElement, canvas, userEvent }) => {
    await drawn(canvasElement)
    const legend = canvas.getByRole('region', { name: 'Legend' })
    for (const text of ['Online', 'Stale', 'Offline', 'Tenant', 'Network of this tenant', 'Network of another tenant that overlaps']) {
      await expect(within(legend).getByText(text)).toBeVisible()
    }
    const text = () => getComputedStyle(canvasElement.querySelector('.honu-graph')!).getPropertyValue('--honu-text').trim()
    const light = text()
    await waitFor(() => expect(drawnBy!.getNodeDisplayData('t:alpha')?.color).toBe(light))
    await userEvent.click(canvas.getByRole('button', { name: 'Switch theme' }))
    const dark = text()
    expect(dark).not.toBe(light)
    await waitFor(() => expect(drawnBy!.getNodeDisplayData('t:alpha')?.color).toBe(dark))
  },
}

/** 5,000 devices lay out (off the main thread) and draw; the keyboard reaches the last device of a network. */
export const FiveThousandDevices: Story = {
  args: {
    devices: manyDevices(5000).map((device) => ({ ...device, tenant_id: 'alpha', address: (device.address ?? '').replace(/^10\.64\./, '10.10.') })),
  },
  play: async ({ canvasElement, canvas, userEvent }) => {
    await drawn(canvasElement)
    canvas.getByRole('application', { name: 'Graph of Alpha Harbour: 2 networks, 5,000 devices shown' }).focus()
    await userEvent.keyboard('{Home}{ArrowDown}{ArrowDown}{ArrowRight}{PageDown}')
    await waitFor(() => expect(announced(canvasElement)).toHaveTextContent(/5,000 of 5,000 in Alpha Harbour Remote network/))
  },
}

/**
 * A browser without WebGL (or out of contexts): the graph says so in words instead of a blank area, and the rest of
 * the view (find, legend) stays.
 */
export const WithoutWebGL: Story = {
  beforeEach: () => {
    const original = HTMLCanvasElement.prototype.getContext
    // Every WebGL context refused, as a browser without it does; 2D canvases still work.
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      return type.startsWith('webgl') ? null : (original as (type: string, ...rest: unknown[]) => RenderingContext | null).call(this, type, ...rest)
    } as typeof original
    return () => {
      HTMLCanvasElement.prototype.getContext = original
    }
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This browser cannot draw the graph (WebGL is not available). The list shows the same devices.',
    )
    await expect(canvas.getByRole('region', { name: 'Legend' })).toBeVisible()
  },
}
