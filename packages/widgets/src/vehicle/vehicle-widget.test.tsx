import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { FakeAnswer } from '@honu/core/testing'
import { ConsoleLinksContext, ConsoleProvider, type ConsoleLinks } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../test/axe'
import { createTestConsole } from '../__fixtures__/test-console'
import { kahu } from './vehicle-fixtures'
import { VehicleWidget, viewConnection } from './vehicle-widget'
import type { VehicleWidgetData } from './vehicle-widget-data'

const devices = {
  status: 200,
  body: {
    data: [
      { device_id: 'alpha-usv-1', tenant_id: 'alpha', name: 'USV Kahu', kind: 'vehicle', address: null },
      { device_id: 'alpha-usv-4', tenant_id: 'alpha', name: 'Tender Honu', kind: 'vehicle', address: null },
    ],
    total_count: 2,
  },
}

/**
 * A signed-in console of Alpha against a fake server (fetch) and a fake live socket (the live client's boundary;
 * the real socket is the browser test's), with a Vehicle widget of `data`.
 */
async function setup(data: VehicleWidgetData, answers: Record<string, FakeAnswer> = {}, links?: ConsoleLinks) {
  const { client, serve } = await createTestConsole({
    uid: 'wes',
    permissions: { alpha: ['reader'] },
    tenant: { tenant_id: 'alpha', name: 'Alpha Harbour' },
    answers: { 'GET /api/v1/devices': devices, ...answers },
  })
  const setData = vi.fn()
  const view = render(
    <ConsoleProvider client={client}>
      <ConsoleLinksContext.Provider value={links}>
        <VehicleWidget widget={{ id: 'w1', type: 'Vehicle', name: 'Vehicle 1', data }} workspace="stream-view" setData={setData} />
      </ConsoleLinksContext.Provider>
    </ConsoleProvider>,
  )
  /** The server's side of the socket: open, authenticated, the topic subscribed. */
  const serveVehicles = async () => {
    const live = await serve(['vehicles'])
    return {
      socket: live.socket,
      event: (vehicles: unknown[]) => live.event('vehicles', { vehicles }),
      drop: () => act(() => live.socket.onclose?.({ code: 1001 })),
    }
  }
  return { client, setData, serve: serveVehicles, ...view }
}

describe('VehicleWidget', () => {
  it("shows its vehicle's live state from the live channel, and says when the channel drops, without axe violations", async () => {
    const { serve, client, container } = await setup({ deviceId: 'alpha-usv-1' })
    expect(await screen.findByText('Waiting for the first message from USV Kahu…')).toBeInTheDocument()
    const live = await serve()
    live.event([
      { ...kahu, time: Date.now() },
      { ...kahu, deviceId: 'alpha-usv-4', mode: 'HOLD', time: Date.now() },
    ])
    const region = await screen.findByRole('group', { name: 'Live state of USV Kahu' })
    expect(within(region).getByText('AUTO')).toBeInTheDocument()
    expect(within(region).getByText('Live')).toBeInTheDocument()
    live.event([{ ...kahu, mode: 'RTL', time: Date.now() }])
    expect(within(region).getByText('RTL')).toBeInTheDocument()
    await expectNoAxeViolations(container)
    live.drop()
    expect(within(region).getByText('Live channel interrupted: reconnecting…')).toBeInTheDocument()
    client.stop()
  })

  it('is stale at once for a vehicle whose last message is older than its own stale time', async () => {
    const { serve, client } = await setup({ deviceId: 'alpha-usv-1', staleAfterS: 2 })
    const live = await serve()
    live.event([{ ...kahu, time: Date.now() - 3000 }])
    const region = await screen.findByRole('group', { name: 'Live state of USV Kahu' })
    expect(region).toHaveAttribute('data-state', 'stale')
    expect(within(region).getByText(/^Link lost: last message at /, { selector: '.honu-vehicle__badge' })).toBeInTheDocument()
    client.stop()
  })

  it('says when the tenant no longer has its vehicle, and its picker points it at another', async () => {
    const user = userEvent.setup()
    const { setData, client } = await setup({ deviceId: 'bravo-rov-1' })
    expect(await screen.findByText(/This vehicle is no longer in the tenant’s list/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Choose a vehicle' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose a vehicle for Vehicle 1' })
    await user.click(await within(dialog).findByRole('radio', { name: 'Tender Honu' }))
    await user.click(within(dialog).getByRole('button', { name: 'Show vehicle' }))
    expect(setData).toHaveBeenCalledWith({ deviceId: 'alpha-usv-4' })
    client.stop()
  })

  it('says when the vehicles could not be loaded, with a retry', async () => {
    const { client } = await setup({ deviceId: 'alpha-usv-1' }, { 'GET /api/v1/devices': { status: 500, body: { error: 'down' } } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/The vehicle could not be loaded/)
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    client.stop()
  })

  it('links to the vehicle page where the console has one, opened by the console', async () => {
    const open = vi.fn()
    const { client } = await setup({ deviceId: 'alpha-usv-1' }, {}, { vehiclePage: (id) => ({ href: `/ops/vehicles/${id}`, open }) })
    const link = await screen.findByRole('link', { name: 'Open the page of USV Kahu' })
    expect(link).toHaveAttribute('href', '/ops/vehicles/alpha-usv-1')
    act(() => link.click())
    expect(open).toHaveBeenCalledOnce()
    client.stop()
  })

  it('has no link without the console’s pages', async () => {
    const { client } = await setup({ deviceId: 'alpha-usv-1' })
    await screen.findByText('Waiting for the first message from USV Kahu…')
    expect(screen.queryByRole('link')).toBeNull()
    client.stop()
  })

  it('words the live channel’s states', () => {
    expect(viewConnection({ status: 'open', attempt: 0 })).toBe('open')
    expect(viewConnection({ status: 'connecting', attempt: 0 })).toBe('connecting')
    expect(viewConnection({ status: 'idle', attempt: 0 })).toBe('connecting')
    expect(viewConnection({ status: 'reconnecting', attempt: 2 })).toBe('reconnecting')
    expect(viewConnection({ status: 'revoked', attempt: 0 })).toBe('reconnecting')
  })
})
