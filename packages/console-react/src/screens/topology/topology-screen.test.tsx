import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createFakeAuthAdapter, createFakeServer, createManualScheduler, createMemoryStorage, type FakeAnswer } from '@honu/core/testing'
import { ConsoleProvider, WidgetRegistryContext, type WidgetDefinition } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../../test/axe'
import { alpha, bravo, fakeTopology, manyDevices, type FakeTopology } from './__fixtures__/fake-topology'
import { TopologyContent } from './topology-screen'

/** Widget types as `@honu/widgets` defines them (console-react cannot import it): each says what it was given. */
const shows = (type: string): WidgetDefinition => ({
  type: type as WidgetDefinition['type'],
  title: type,
  description: type,
  icon: () => null,
  load: async () => ({ default: ({ widget }) => <p>{`${type} widget ${widget.name}: ${JSON.stringify(widget.data)}`}</p> }),
  parse: (data) => data,
})
const widgets = [shows('Vehicle'), shows('Video'), shows('Vnc')]

/** The screen's content over a fake topology source, in a console on a fake server (for the panel's streams). */
function renderTopology(fake: FakeTopology, { view = 'list', server = {} }: { view?: 'list' | 'graph'; server?: Record<string, FakeAnswer> } = {}) {
  const { fetch, requests } = createFakeServer(server)
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch },
    auth: createFakeAuthAdapter({ initialUser: { uid: 'ada', email: 'ada@honu.test' } }),
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  client.tenant.getState().setTenant(alpha)
  const element = (
    <ConsoleProvider client={client}>
      <WidgetRegistryContext.Provider value={widgets}>
        <MemoryRouter initialEntries={[view === 'list' ? '/networktopology' : '/networktopology/networkgraph']}>
          <Routes>
            <Route path="/networktopology" element={<TopologyContent view="list" store={fake.store} />} />
            <Route path="/networktopology/networkgraph" element={<p>graph route</p>} />
          </Routes>
        </MemoryRouter>
      </WidgetRegistryContext.Provider>
    </ConsoleProvider>
  )
  return { ...render(element), requests }
}

const rowOf = (name: string) => screen.getByRole('button', { name: `Open ${name}` }).closest('tr')!

describe('TopologyContent (list)', () => {
  it("shows the tenant's networks with their ranges and the devices with kind, state, address and network, axe clean", async () => {
    const fake = fakeTopology({
      presence: { 'alpha-usv-1': { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online', lastSeen: Date.UTC(2026, 10, 26, 6, 0, 0) } },
    })
    const { container } = renderTopology(fake)
    const heading = await screen.findByRole('heading', { level: 1, name: 'Network topology' })
    await waitFor(() => expect(heading).toHaveFocus())
    const views = screen.getByRole('navigation', { name: 'Views' })
    expect(within(views).getByRole('link', { name: 'List' })).toHaveAttribute('aria-current', 'page')
    expect(within(views).getByRole('link', { name: 'Graph' })).toHaveAttribute('href', '/networktopology/networkgraph')

    const networks = await screen.findByRole('region', { name: 'Networks of Alpha Harbour' })
    const [remote, vpn] = within(networks)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('honu-topology-network'))
    expect(remote).toHaveTextContent('Remote network 10.10.0.0/16')
    expect(remote).toHaveTextContent('10.10.0.0 – 10.10.255.255')
    expect(remote).toHaveTextContent('3 devices')
    expect(vpn).toHaveTextContent('VPN 10.200.0.0/24')
    expect(vpn).toHaveTextContent('10.200.0.0 – 10.200.0.255')
    expect(vpn).toHaveTextContent('1 device')
    expect(remote).toHaveTextContent('No overlap with a network you can see.')

    const table = screen.getByRole('table', { name: 'Devices of Alpha Harbour' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Kind', 'State', 'Address', 'Network', 'Last seen'])
    expect(screen.getByRole('status')).toHaveTextContent('5 of 5 devices')
    const kahu = rowOf('USV Kahu')
    expect(
      within(kahu)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['USV Kahu', 'Vehicle', 'Online', '10.10.2.1', 'Remote network 10.10.0.0/16', expect.stringMatching(/^Nov 26, \d{1,2}:00:00\s[AP]M$/)])
    expect(kahu.querySelector('[data-state="online"]')).toHaveTextContent('Online')
    expect(
      within(rowOf('Bridge console'))
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Bridge console', 'Remote access', 'Offline', '10.200.0.5', 'VPN 10.200.0.0/24', 'never'])
    expect(within(rowOf('Side-scan sonar')).getAllByRole('cell')[4]).toHaveTextContent('none')
    await expectNoAxeViolations(container)
  })

  it("flags a network that overlaps another tenant's, naming that network and its tenant", async () => {
    renderTopology(fakeTopology({ visibleTenants: [alpha, bravo] }))
    const networks = await screen.findByRole('region', { name: 'Networks of Alpha Harbour' })
    expect(within(networks).getByText('Overlaps Remote network 10.10.128.0/20 of Bravo Fleet')).toBeInTheDocument()
    expect(networks.querySelectorAll('[data-overlap]')).toHaveLength(1)
  })

  it('names no other network when the user sees only this tenant', async () => {
    renderTopology(fakeTopology({ visibleTenants: [alpha] }))
    const networks = await screen.findByRole('region', { name: 'Networks of Alpha Harbour' })
    expect(networks).not.toHaveTextContent(/Bravo|10\.10\.128/)
    expect(within(networks).getAllByText('No overlap with a network you can see.')).toHaveLength(2)
  })

  it('a device whose state changes on the live channel changes in the list without a reload', async () => {
    const live = (state: 'online' | 'stale') => ({ 'alpha-usv-2': { deviceId: 'alpha-usv-2', tenantId: 'alpha', state, lastSeen: 1_000 } })
    const fake = fakeTopology({ presence: live('online') })
    renderTopology(fake)
    await screen.findByRole('table', { name: 'Devices of Alpha Harbour' })
    const table = screen.getByRole('table')
    expect(rowOf('USV Manu').querySelector('[data-state]')).toHaveAttribute('data-state', 'online')
    act(() => fake.setPresence(live('stale')))
    expect(rowOf('USV Manu').querySelector('[data-state]')).toHaveAttribute('data-state', 'stale')
    expect(rowOf('USV Manu')).toHaveTextContent('Stale')
    expect(screen.getByRole('table')).toBe(table)
  })

  it('search, kind and state filters narrow the list and live in the store (shared with the graph)', async () => {
    const fake = fakeTopology({ presence: { 'alpha-cam-1': { deviceId: 'alpha-cam-1', tenantId: 'alpha', state: 'stale', lastSeen: 1 } } })
    renderTopology(fake)
    await screen.findByRole('table')
    const search = screen.getByRole('searchbox', { name: 'Search devices' })
    fireEvent.change(search, { target: { value: 'usv' } })
    expect(screen.getByRole('status')).toHaveTextContent('2 of 5 devices')
    expect(fake.store.getSnapshot().filter.query).toBe('usv')
    fireEvent.change(search, { target: { value: '10.200' } })
    expect(screen.getByRole('button', { name: 'Open Bridge console' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('1 of 5 devices')
    fireEvent.change(search, { target: { value: '' } })

    const kinds = screen.getByRole('group', { name: 'Kind' })
    fireEvent.click(within(kinds).getByRole('checkbox', { name: 'Camera' }))
    fireEvent.click(within(kinds).getByRole('checkbox', { name: 'Vehicle' }))
    expect(fake.store.getSnapshot().filter.kinds).toEqual(['camera', 'vehicle'])
    expect(screen.getByRole('status')).toHaveTextContent('3 of 5 devices')
    fireEvent.click(within(screen.getByRole('group', { name: 'State' })).getByRole('checkbox', { name: 'Stale' }))
    expect(screen.getByRole('status')).toHaveTextContent('1 of 5 devices')
    expect(screen.getByRole('button', { name: 'Open Bow camera' })).toBeInTheDocument()

    fireEvent.click(within(screen.getByRole('group', { name: 'State' })).getByRole('checkbox', { name: 'Stale' }))
    fireEvent.click(within(screen.getByRole('group', { name: 'State' })).getByRole('checkbox', { name: 'Online' }))
    expect(fake.store.getSnapshot().filter.states).toEqual(['online'])
    expect(screen.getByRole('table')).toHaveTextContent('No device matches the filters.')
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(fake.store.getSnapshot().filter).toEqual({ query: '', kinds: [], states: [] })
    expect(screen.getByRole('status')).toHaveTextContent('5 of 5 devices')
  })

  it('sorts by a header: state, online first', async () => {
    const fake = fakeTopology({
      presence: {
        'alpha-usv-2': { deviceId: 'alpha-usv-2', tenantId: 'alpha', state: 'online', lastSeen: 5 },
        'alpha-cam-1': { deviceId: 'alpha-cam-1', tenantId: 'alpha', state: 'stale', lastSeen: 4 },
      },
    })
    renderTopology(fake)
    const table = await screen.findByRole('table')
    fireEvent.click(within(table).getByRole('button', { name: 'State' }))
    const names = () =>
      within(table)
        .getAllByRole('button', { name: /^Open / })
        .map((b) => b.textContent)
    expect(names().slice(0, 2)).toEqual(['USV Manu', 'Bow camera'])
    expect(within(table).getByRole('columnheader', { name: 'State' })).toHaveAttribute('aria-sort', 'ascending')
  })

  it('sorted by state, a live change shows in its row at once and moves the row only on the next sort (rows do not jump)', async () => {
    const at = (state: 'online' | 'stale', lastSeen: number) => ({ deviceId: 'alpha-cam-1', tenantId: 'alpha', state, lastSeen })
    const usv = { deviceId: 'alpha-usv-2', tenantId: 'alpha', state: 'online' as const, lastSeen: 5 }
    const fake = fakeTopology({ presence: { 'alpha-usv-2': usv, 'alpha-cam-1': at('stale', 4) } })
    renderTopology(fake)
    const table = await screen.findByRole('table')
    const names = () =>
      within(table)
        .getAllByRole('button', { name: /^Open / })
        .map((b) => b.textContent)
    fireEvent.click(within(table).getByRole('button', { name: 'State' }))
    expect(names().slice(0, 2)).toEqual(['USV Manu', 'Bow camera'])
    const seenBefore = rowOf('Bow camera').textContent

    act(() => fake.setPresence({ 'alpha-usv-2': usv, 'alpha-cam-1': at('online', Date.UTC(2026, 10, 28, 9, 30, 15)) }))
    expect(rowOf('Bow camera').querySelector('[data-state]')).toHaveAttribute('data-state', 'online')
    expect(rowOf('Bow camera').textContent).not.toBe(seenBefore)
    expect(rowOf('Bow camera')).toHaveTextContent('Nov 28')
    expect(names().slice(0, 2)).toEqual(['USV Manu', 'Bow camera'])

    // Sorting again (descending, then ascending) takes the states as they are now: both online, by name.
    fireEvent.click(within(table).getByRole('button', { name: 'State' }))
    fireEvent.click(within(table).getByRole('button', { name: 'State' }))
    expect(names().slice(0, 3)).toEqual(['Bow camera', 'USV Manu', expect.any(String)])
  })

  it('selecting a network selects it in the store; opening a device selects it and shows its panel with its widget', async () => {
    const fake = fakeTopology()
    renderTopology(fake)
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Remote network 10.10.0.0/16' }))
    expect(fake.store.getSnapshot().selectedId).toBe('alpha/remote')
    expect(screen.getByRole('button', { name: 'Remote network 10.10.0.0/16' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(screen.getByRole('button', { name: 'Remote network 10.10.0.0/16' }))
    expect(fake.store.getSnapshot().selectedId).toBeUndefined()

    const open = screen.getByRole('button', { name: 'Open USV Kahu' })
    fireEvent.click(open)
    expect(fake.store.getSnapshot().selectedId).toBe('alpha-usv-1')
    const panel = await screen.findByRole('dialog', { name: 'USV Kahu' })
    expect(panel).toHaveAccessibleDescription('Vehicle, Offline')
    expect(await within(panel).findByText('Vehicle widget USV Kahu: {"deviceId":"alpha-usv-1"}')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Open USV Kahu', hidden: true })).toHaveAttribute('aria-current', 'true')
    await expectNoAxeViolations(document.body)
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fake.store.getSnapshot().selectedId).toBe('alpha-usv-1')
  })

  it('a camera opens the Video widget on the stream whose device_id names it; a remote-access device its Vnc widget; unknown has none', async () => {
    const fake = fakeTopology()
    const { requests } = renderTopology(fake, {
      server: {
        'GET /api/v1/videos': {
          status: 200,
          body: {
            data: [
              { video_id: 'v-bow', name: 'Kahu bow', source: 'x', device_id: 'alpha-usv-1' },
              { video_id: 'v-cam', name: 'Bow', source: 'y', device_id: 'alpha-cam-1' },
            ],
            total_count: 2,
          },
        },
      },
    })
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Open Bow camera' }))
    let panel = await screen.findByRole('dialog', { name: 'Bow camera' })
    expect(await within(panel).findByText('Video widget Bow camera: {"streamId":"v-cam"}')).toBeInTheDocument()
    expect(requests).toContain('GET /api/v1/videos?tenant_id=alpha')
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }))

    fireEvent.click(screen.getByRole('button', { name: 'Open Bridge console' }))
    panel = await screen.findByRole('dialog', { name: 'Bridge console' })
    expect(await within(panel).findByText('Vnc widget Bridge console: {"deviceId":"alpha-ra-1"}')).toBeInTheDocument()
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }))

    fireEvent.click(screen.getByRole('button', { name: 'Open Side-scan sonar' }))
    panel = await screen.findByRole('dialog', { name: 'Side-scan sonar' })
    expect(within(panel).getByText('No widget shows devices of unknown kind.')).toBeInTheDocument()
  })

  it('a camera without a stream of its own opens the Video widget with no stream (its own picker)', async () => {
    renderTopology(fakeTopology(), { server: { 'GET /api/v1/videos': { status: 200, body: { data: [], total_count: 0 } } } })
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Open Bow camera' }))
    const panel = await screen.findByRole('dialog', { name: 'Bow camera' })
    expect(await within(panel).findByText('Video widget Bow camera: {}')).toBeInTheDocument()
  })

  it('says it loads, then a failed load with Try again, which loads again', async () => {
    const fake = fakeTopology({ failWith: Object.assign(new Error('boom'), { status: 500 }) })
    renderTopology(fake)
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not load the network topology/)
    fake.succeed()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: 'Devices of Alpha Harbour' })).toBeInTheDocument()
  })

  it('a refresh that fails keeps the topology shown and says so; refused live states are said too', async () => {
    const fake = fakeTopology({ presenceStatus: 'refused' })
    renderTopology(fake)
    await screen.findByRole('table', { name: 'Devices of Alpha Harbour' })
    expect(screen.getByText('Live states are not available for this tenant; every device shows as offline.')).toBeInTheDocument()
    fake.fail(Object.assign(new Error('boom'), { status: 500 }))
    await act(() => fake.store.reload())
    expect(screen.getByRole('alert')).toHaveTextContent('The topology could not be refreshed; it shows what was loaded before.')
    expect(screen.getByRole('table', { name: 'Devices of Alpha Harbour' })).toBeInTheDocument()
    fake.succeed()
    await act(() => fake.store.reload())
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says while it loads', async () => {
    renderTopology(fakeTopology({ pending: true }))
    expect(await screen.findByText('Loading the network topology…')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('names are text, never markup', async () => {
    const devices = [{ device_id: 'x', tenant_id: 'alpha', name: '<img src=x onerror=alert(1)>', kind: 'camera' as const, address: '10.10.9.9' }]
    const { container } = renderTopology(fakeTopology({ devices, tenant: { ...alpha, name: '<b>Alpha</b>' } }))
    expect(await screen.findByRole('button', { name: 'Open <img src=x onerror=alert(1)>' })).toHaveTextContent('<img src=x onerror=alert(1)>')
    expect(screen.getByRole('region', { name: 'Networks of <b>Alpha</b>' })).toBeInTheDocument()
    expect(container.querySelector('img, b')).toBeNull()
  })

  it('10,000 devices: only the rows in view are in the DOM (jsdom does not scroll: End is e2e/topology.spec.ts)', async () => {
    renderTopology(
      fakeTopology({
        tenant: { ...alpha, tenant_id: 'delta', name: 'Delta Grid', remote_cidr: '10.64.0.0/12', vpn_cidr: '10.250.0.0/16' },
        devices: manyDevices(10_000),
      }),
    )
    const table = await screen.findByRole('table', { name: 'Devices of Delta Grid' })
    expect(table).toHaveAttribute('aria-rowcount', '10001')
    expect(table.querySelectorAll('tbody tr[data-index]').length).toBeLessThan(40)
    expect(screen.getByRole('status')).toHaveTextContent('10,000 of 10,000 devices')
    const networks = screen.getByRole('region', { name: 'Networks of Delta Grid' })
    expect(networks).toHaveTextContent('10,000 devices')
  })
})

describe('TopologyContent (graph switch)', () => {
  it('the Graph link goes to the graph route', async () => {
    renderTopology(fakeTopology())
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('link', { name: 'Graph' }))
    expect(await screen.findByText('graph route')).toBeInTheDocument()
  })
})
