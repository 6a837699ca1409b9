import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { FakeAnswer } from '@honu/core/testing'
import { ConsoleProvider, useTenant } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../test/axe'
import { createTestConsole } from '../__fixtures__/test-console'
import { alpha, alphaDevices, bravo } from './tenant-fixtures'
import { TenantWidget } from './tenant-widget'

/** What the console's header shows: the selected tenant's name from the tenant store. */
function Header() {
  return <p data-testid="header">Tenant: {useTenant((s) => s.tenant?.name)}</p>
}

/**
 * A signed-in console of Alpha for `uid` against a fake server (fetch) and a fake live socket (the boundaries; the
 * real server and socket are the browser test's), with a Tenant widget beside a header.
 */
async function setup(uid: string, permissions: Record<string, string[]>, tenants: unknown[], answers: Record<string, FakeAnswer> = {}) {
  const { client, server, serve } = await createTestConsole({
    uid,
    permissions,
    tenant: { ...alpha },
    answers: {
      'GET /api/v1/tenants': { status: 200, body: { data: tenants } },
      'GET /api/v1/devices': { status: 200, body: { data: alphaDevices, total_count: alphaDevices.length } },
      ...answers,
    },
  })
  const view = render(
    <ConsoleProvider client={client}>
      <Header />
      <TenantWidget widget={{ id: 'tenant', type: 'Tenant', name: 'Tenant', data: {} }} workspace="stream-view" setData={vi.fn()} />
    </ConsoleProvider>,
  )
  /** The server's side of the socket: open, authenticated, the devices topic subscribed, then `devices` as its snapshot. */
  const serveDevices = async (devices: unknown[]) => {
    const live = await serve(['devices'])
    live.event('devices', { devices })
    return live.socket
  }
  return { client, server, serveDevices, user: userEvent.setup(), ...view }
}

const table = () => screen.getByRole('table', { name: 'Devices of Alpha Harbour by kind and state' })
const row = (name: string) =>
  within(within(table()).getByRole('row', { name: new RegExp(`^${name}`) }))
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('TenantWidget', () => {
  it("shows Alpha's networks with the overlap naming Bravo's network, and counts that follow the live states", async () => {
    const { serveDevices, container, server } = await setup('ada', { alpha: ['admin'], bravo: ['reader'] }, [alpha, bravo])
    expect(await screen.findByText('Overlaps the remote network 10.10.128.0/20 of Bravo Fleet.')).toBeVisible()
    expect(server.requests).toContain('GET /api/v1/devices?tenant_id=alpha')
    // Nothing heard on the live channel yet: every device counts as offline, and the widget says why.
    expect(row('All kinds')).toEqual(['0', '0', '7', '7'])
    expect(screen.getByText('Waiting for the live states; devices count as offline until they arrive.')).toBeVisible()
    await serveDevices([
      { deviceId: 'alpha-usv-1', tenantId: 'alpha', state: 'online', lastSeen: 1 },
      { deviceId: 'alpha-usv-2', tenantId: 'alpha', state: 'stale', lastSeen: 1 },
    ])
    await waitFor(() => expect(row('Vehicle')).toEqual(['1', '1', '1', '3']))
    expect(row('All kinds')).toEqual(['1', '1', '5', '7'])
    expect(screen.queryByText(/Waiting for the live states/)).toBeNull()
    await expectNoAxeViolations(container)
  })

  it('an admin renames the tenant in place: PUT tenants, the header and the widget follow', async () => {
    const { user, server, client } = await setup('ada', { alpha: ['admin'], bravo: ['reader'] }, [alpha, bravo], {
      'PUT /api/v1/tenants/alpha': { status: 200, body: { name: 'Alpha North' } },
    })
    await waitFor(() => expect(client.tenant.getState().roles).toEqual(['admin']))
    await user.click(await screen.findByRole('button', { name: 'Rename Alpha Harbour' }))
    await user.keyboard('Alpha North{Enter}')
    await waitFor(() => expect(screen.getByTestId('header')).toHaveTextContent('Tenant: Alpha North'))
    expect(screen.getAllByRole('heading', { level: 4 })[0]).toHaveTextContent('Alpha North')
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Tenant renamed to Alpha North.')
    expect(server.requests).toContain('PUT /api/v1/tenants/alpha')
    expect(screen.getByRole('button', { name: 'Rename Alpha North' })).toHaveFocus()
    expect(await screen.findByRole('table', { name: 'Devices of Alpha North by kind and state' })).toBeVisible()
  })

  it("shows the server's refusal with 'Error renaming tenant' and leaves the header as it was", async () => {
    const { user, client } = await setup('ada', { alpha: ['admin'] }, [alpha], {
      'PUT /api/v1/tenants/alpha': { status: 403, body: { message: 'You need to be an admin of this tenant to rename this tenant.' } },
    })
    await waitFor(() => expect(client.tenant.getState().roles).toEqual(['admin']))
    await user.click(await screen.findByRole('button', { name: 'Rename Alpha Harbour' }))
    await user.keyboard('Alpha North{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Error renaming tenant: You need to be an admin of this tenant to rename this tenant.')
    expect(screen.getByTestId('header')).toHaveTextContent('Tenant: Alpha Harbour')
  })

  it('gives a reader the name and no rename control; a user of Alpha alone sees no other tenant', async () => {
    const { client } = await setup('remy', { alpha: ['reader'] }, [alpha])
    await waitFor(() => expect(client.tenant.getState().roles).toEqual(['reader']))
    expect(await screen.findByRole('table', { name: 'Devices of Alpha Harbour by kind and state' })).toBeVisible()
    expect(screen.getAllByRole('heading', { level: 4 })[0]).toHaveTextContent('Alpha Harbour')
    expect(screen.queryByRole('button', { name: /Rename/ })).toBeNull()
    expect(screen.queryByText(/Bravo/)).toBeNull()
  })

  it('offers a super admin the rename without a role in the tenant', async () => {
    await setup('ops', { '*': ['org-admin'] }, [alpha, bravo])
    expect(await screen.findByRole('button', { name: 'Rename Alpha Harbour' })).toBeVisible()
  })

  it('says a failed load and loads again on Try again', async () => {
    const { user, server } = await setup('remy', { alpha: ['reader'] }, [alpha], {
      'GET /api/v1/devices': { status: 500, body: { message: 'database down' } },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('The tenant’s networks and devices could not be loaded: database down')
    server.answers['GET /api/v1/devices'] = { status: 200, body: { data: alphaDevices, total_count: alphaDevices.length } }
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: 'Devices of Alpha Harbour by kind and state' })).toBeVisible()
  })

  it('asks for a tenant when none is selected', async () => {
    const { client } = await setup('remy', { alpha: ['reader'] }, [alpha])
    act(() => client.tenant.getState().setTenant(undefined))
    expect(await screen.findByText('Choose a tenant first: the widget shows the selected tenant.')).toBeVisible()
  })
})
