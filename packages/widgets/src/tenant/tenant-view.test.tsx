import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient, HttpError } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { buildTopology } from '@honu/core/topology'
import { ConsoleProvider } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../test/axe'
import { alpha, alphaAlone, alphaDevices, alphaSeenWithBravo, ready } from './tenant-fixtures'
import { TenantView, type TenantViewProps } from './tenant-view'

const tenant = { id: 'alpha', name: 'Alpha Harbour' }

function renderView(props: Partial<TenantViewProps> = {}, locale?: string) {
  const onRename = vi.fn(async (name: string) => name)
  const onRetry = vi.fn()
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1' },
    locale,
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  const view = render(
    <ConsoleProvider client={client}>
      <TenantView tenant={tenant} topology={ready(alphaSeenWithBravo)} canRename={false} onRename={onRename} onRetry={onRetry} {...props} />
    </ConsoleProvider>,
  )
  return { ...view, onRename, onRetry, user: userEvent.setup() }
}

const nameHeading = () => screen.getAllByRole('heading', { level: 4 })[0]!

describe('TenantView', () => {
  it('shows the name, both networks with their first and last address, and the devices by kind and state', async () => {
    const { container } = renderView()
    expect(nameHeading()).toHaveTextContent('Alpha Harbour')
    const networks = screen.getByRole('list', { name: 'Networks' })
    const [remote, vpn] = within(networks)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === networks)
    expect(remote).toHaveTextContent('Remote network 10.10.0.0/16')
    expect(within(remote!).getByText('First address').nextElementSibling).toHaveTextContent('10.10.0.0')
    expect(within(remote!).getByText('Last address').nextElementSibling).toHaveTextContent('10.10.255.255')
    expect(vpn).toHaveTextContent('VPN 10.200.0.0/24')
    expect(within(vpn!).getByText('Last address').nextElementSibling).toHaveTextContent('10.200.0.255')

    const table = screen.getByRole('table', { name: 'Devices of Alpha Harbour by kind and state' })
    const cells = (row: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${row}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Kind', 'Online', 'Stale', 'Offline', 'Total'])
    expect(cells('Vehicle')).toEqual(['2', '1', '0', '3'])
    expect(cells('Camera')).toEqual(['1', '0', '1', '2'])
    expect(cells('Remote access')).toEqual(['0', '0', '1', '1'])
    expect(cells('Unknown')).toEqual(['0', '0', '1', '1'])
    expect(cells('All kinds')).toEqual(['3', '1', '3', '7'])
    await expectNoAxeViolations(container)
  })

  it("warns of the overlap with Bravo's remote network, naming it and its tenant; the VPN overlaps nothing", () => {
    renderView()
    const networks = screen.getByRole('list', { name: 'Networks' })
    const [remote, vpn] = within(networks)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === networks)
    expect(within(remote!).getByText('Overlaps the remote network 10.10.128.0/20 of Bravo Fleet.')).toBeVisible()
    expect(remote).toHaveAttribute('data-overlap', 'true')
    expect(within(vpn!).getByText('No overlap with a network you can see.')).toBeVisible()
  })

  it('names no other tenant to a user who sees only this one', () => {
    renderView({ topology: ready(alphaAlone) })
    expect(screen.queryByText(/Bravo/)).toBeNull()
    expect(screen.getAllByText('No overlap with a network you can see.')).toHaveLength(2)
  })

  it("words an overlap between the tenant's own networks as its own", () => {
    const model = buildTopology({ tenant: { ...alpha, vpn_cidr: '10.10.4.0/24' }, visibleTenants: [], devices: [], presence: {} })
    renderView({ topology: ready(model) })
    expect(screen.getByText('Overlaps this tenant’s VPN 10.10.4.0/24.')).toBeVisible()
    expect(screen.getByText('Overlaps this tenant’s remote network 10.10.0.0/16.')).toBeVisible()
    expect(screen.getByText('This tenant has no devices.')).toBeVisible()
  })

  it('says a malformed CIDR has no addresses, and a tenant without networks has none', () => {
    const broken = buildTopology({
      tenant: { ...alpha, remote_cidr: '10.10.0.0/33', vpn_cidr: null },
      visibleTenants: [],
      devices: alphaDevices,
      presence: {},
    })
    const { unmount } = renderView({ topology: ready(broken) })
    expect(screen.getByText('Not a valid CIDR, so it has no addresses.')).toBeVisible()
    expect(screen.queryByText('First address')).toBeNull()
    unmount()
    renderView({
      topology: ready(buildTopology({ tenant: { ...alpha, remote_cidr: null, vpn_cidr: null }, visibleTenants: [], devices: [], presence: {} })),
    })
    expect(screen.getByText('This tenant has no networks.')).toBeVisible()
  })

  it('gives a reader the name and no rename control', () => {
    renderView({ canRename: false })
    expect(nameHeading()).toHaveTextContent('Alpha Harbour')
    expect(screen.queryByRole('button', { name: /Rename/ })).toBeNull()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('lets an admin rename in place from the keyboard: Enter saves the trimmed name, the change is announced, focus returns', async () => {
    const { user, onRename } = renderView({ canRename: true })
    await user.tab()
    await user.tab()
    const rename = screen.getByRole('button', { name: 'Rename Alpha Harbour' })
    expect(rename).toHaveFocus()
    await user.keyboard('{Enter}')
    const field = screen.getByRole('textbox', { name: 'Tenant name' })
    expect(field).toHaveFocus()
    expect(field).toHaveValue('Alpha Harbour')
    expect(field).toHaveAccessibleDescription('Enter saves, Escape cancels.')
    // The whole name is selected: typing replaces it.
    await user.keyboard('  Alpha North  {Enter}')
    expect(onRename).toHaveBeenCalledWith('Alpha North')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Tenant renamed to Alpha North.'))
    expect(screen.queryByRole('textbox')).toBeNull()
    // The heading shows what the tenant store says (the widget passes it); here the props did not change.
    expect(screen.getByRole('button', { name: 'Rename Alpha Harbour' })).toHaveFocus()
  })

  it('Escape leaves the name as it was, sends nothing and gives focus back to Rename', async () => {
    const { user, onRename } = renderView({ canRename: true })
    await user.click(screen.getByRole('button', { name: 'Rename Alpha Harbour' }))
    await user.keyboard('Something else{Escape}')
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(nameHeading()).toHaveTextContent('Alpha Harbour')
    expect(onRename).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Rename Alpha Harbour' })).toHaveFocus()
  })

  it('Cancel does the same as Escape', async () => {
    const { user, onRename } = renderView({ canRename: true })
    await user.click(screen.getByRole('button', { name: 'Rename Alpha Harbour' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(onRename).not.toHaveBeenCalled()
  })

  it('saving the same name closes the field without a call', async () => {
    const { user, onRename } = renderView({ canRename: true })
    await user.click(screen.getByRole('button', { name: 'Rename Alpha Harbour' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(onRename).not.toHaveBeenCalled()
  })

  it.each([
    ['   ', 'Enter the tenant’s name.'],
    ['x'.repeat(201), 'A tenant’s name has at most 200 characters; this one has 201.'],
  ])('refuses %j with a clear message tied to the field, sending nothing', async (typed, message) => {
    const { user, onRename, container } = renderView({ canRename: true })
    await user.click(screen.getByRole('button', { name: 'Rename Alpha Harbour' }))
    const field = screen.getByRole('textbox', { name: 'Tenant name' })
    await user.clear(field)
    await user.click(field)
    await user.paste(typed)
    await user.keyboard('{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent(message)
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(`Enter saves, Escape cancels. ${message}`)
    expect(field).toHaveFocus()
    expect(onRename).not.toHaveBeenCalled()
    await expectNoAxeViolations(container)
  })

  it('refuses a name with an invisible character', async () => {
    const { user, onRename } = renderView({ canRename: true })
    await user.click(screen.getByRole('button', { name: 'Rename Alpha Harbour' }))
    await user.paste('Al\u200bpha')
    await user.keyboard('{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('A tenant’s name is one line, without control, bidirectional or zero-width characters.')
    expect(onRename).not.toHaveBeenCalled()
  })

  it("shows the server's refusal as 'Error renaming tenant: …', keeps the field and what was typed", async () => {
    const refusal = new HttpError({ code: 'http/forbidden', status: 403, message: 'You need to be an admin of this tenant to rename this tenant.' })
    const onRename = vi.fn(() => Promise.reject(refusal))
    const { user } = renderView({ canRename: true, onRename })
    await user.click(screen.getByRole('button', { name: 'Rename Alpha Harbour' }))
    await user.keyboard('Alpha North{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Error renaming tenant: You need to be an admin of this tenant to rename this tenant.')
    const field = screen.getByRole('textbox', { name: 'Tenant name' })
    expect(field).toHaveValue('Alpha North')
    expect(field).toHaveFocus()
    expect(onRename).toHaveBeenCalledExactlyOnceWith('Alpha North')
  })

  it("says the server did not answer when the failure is not the console's error", async () => {
    const { user } = renderView({ canRename: true, onRename: vi.fn(() => Promise.reject(new Error('boom'))) })
    await user.click(screen.getByRole('button', { name: 'Rename Alpha Harbour' }))
    await user.keyboard('Alpha North{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Error renaming tenant: the server did not answer.')
  })

  it('shows the name while the networks load, and a failed load with Try again', async () => {
    const { rerender, onRename, onRetry, user } = renderView({ topology: { status: 'loading', presence: 'idle' } })
    expect(nameHeading()).toHaveTextContent('Alpha Harbour')
    expect(screen.getByText('Loading the tenant’s networks and devices…')).toBeVisible()
    rerender(
      <ConsoleProvider
        client={createConsoleClient({
          api: { baseUrl: 'http://127.0.0.1:1' },
          scheduler: createManualScheduler(),
          storage: { local: createMemoryStorage(), session: createMemoryStorage() },
        })}
      >
        <TenantView
          tenant={tenant}
          topology={{
            status: 'failed',
            presence: 'idle',
            error: new HttpError({ code: 'http/network', status: 0, message: 'Could not reach the server (GET tenants).' }),
          }}
          canRename={false}
          onRename={onRename}
          onRetry={onRetry}
        />
      </ConsoleProvider>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The tenant’s networks and devices could not be loaded: Could not reach the server. Check your connection.',
    )
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('says when live states are refused or still on their way, and when a refresh failed over what it shows', () => {
    const { unmount } = renderView({ topology: { ...ready(alphaSeenWithBravo), presence: 'refused' } })
    expect(screen.getByText('Live states are not available for this tenant; every device counts as offline.')).toBeVisible()
    unmount()
    renderView({ topology: { ...ready(alphaSeenWithBravo), presence: 'loading', error: new Error('refresh failed') } })
    expect(screen.getByText('Waiting for the live states; devices count as offline until they arrive.')).toBeVisible()
    expect(screen.getByText('Could not refresh; this is what was loaded before.')).toBeVisible()
  })

  it('shows a name made of HTML as text', () => {
    renderView({ tenant: { id: 'alpha', name: '<img src=x onerror=alert(1)>Alpha' }, canRename: true })
    expect(nameHeading()).toHaveTextContent('<img src=x onerror=alert(1)>Alpha')
    expect(document.querySelector('img')).toBeNull()
  })

  it('speaks German', async () => {
    renderView({ canRename: true }, 'de-DE')
    expect(await screen.findByRole('button', { name: 'Alpha Harbour umbenennen' })).toBeVisible()
    expect(screen.getByText('Überschneidet sich mit dem Remote-Netzwerk 10.10.128.0/20 von Bravo Fleet.')).toBeVisible()
    expect(screen.getByRole('table', { name: 'Geräte von Alpha Harbour nach Art und Zustand' })).toBeVisible()
  })
})
