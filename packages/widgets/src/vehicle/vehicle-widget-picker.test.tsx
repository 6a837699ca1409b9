import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient, type Tenant } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../test/axe'
import { VehicleWidgetPicker } from './vehicle-widget-picker'

const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' } as Tenant
const devices = [
  { device_id: 'alpha-usv-1', tenant_id: 'alpha', name: 'USV Kahu', kind: 'vehicle', address: null },
  { device_id: 'alpha-cam-1', tenant_id: 'alpha', name: 'Bow camera', kind: 'camera', address: null },
  { device_id: 'alpha-usv-4', tenant_id: 'alpha', name: 'Tender Honu', kind: 'vehicle', address: null },
]

/** The picker on a console whose server answers GET /devices (the boundary: fetch), with Alpha selected. */
function setup(answer: () => Response = () => Response.json({ data: devices, total_count: 3 }), current?: { deviceId: string; staleAfterS?: number }) {
  const fetch = vi.fn(async (_url: string | URL | Request) => answer())
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1', fetch },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  client.tenant.getState().setTenant(alpha)
  const onPick = vi.fn()
  const onCancel = vi.fn()
  render(
    <ConsoleProvider client={client}>
      <VehicleWidgetPicker name="Vehicle 1" current={current} onPick={onPick} onCancel={onCancel} />
    </ConsoleProvider>,
  )
  return { onPick, onCancel, fetch }
}

describe('VehicleWidgetPicker', () => {
  it("lists the tenant's vehicles (not its cameras) by name, picked with the arrow keys and Enter, without axe violations", async () => {
    const user = userEvent.setup()
    const { onPick, fetch } = setup()
    const dialog = await screen.findByRole('dialog', { name: 'Choose a vehicle for Vehicle 1' })
    const group = await within(dialog).findByRole('group', { name: 'Vehicles of this tenant' })
    expect(String(fetch.mock.calls[0]![0])).toBe('http://127.0.0.1:1/api/v1/devices?tenant_id=alpha')
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')!.textContent!.trim())).toEqual(['Tender Honu', 'USV Kahu'])
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Tender Honu' })).toHaveFocus())
    await user.keyboard('{ArrowDown}')
    expect(within(group).getByRole('radio', { name: 'USV Kahu' })).toBeChecked()
    await expectNoAxeViolations(dialog)
    await user.keyboard('{Enter}')
    expect(onPick).toHaveBeenCalledWith({ deviceId: 'alpha-usv-1' })
  })

  it('keeps a widget’s own stale time when it is pointed at another vehicle', async () => {
    const user = userEvent.setup()
    const { onPick } = setup(undefined, { deviceId: 'alpha-usv-1', staleAfterS: 12 })
    const dialog = await screen.findByRole('dialog')
    await user.click(await within(dialog).findByRole('radio', { name: 'Tender Honu' }))
    await user.click(within(dialog).getByRole('button', { name: 'Show vehicle' }))
    expect(onPick).toHaveBeenCalledWith({ deviceId: 'alpha-usv-4', staleAfterS: 12 })
  })

  it('says to pick one when nothing is chosen, and Escape cancels', async () => {
    const user = userEvent.setup()
    const { onPick, onCancel } = setup()
    const dialog = await screen.findByRole('dialog', { name: 'Choose a vehicle for Vehicle 1' })
    await user.click(await within(dialog).findByRole('button', { name: 'Show vehicle' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pick a vehicle first.')
    expect(onPick).not.toHaveBeenCalled()
    await user.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalled()
  })

  it('says when the server could not answer, with a retry', async () => {
    setup(() => new Response('{"error":"down"}', { status: 500 }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/The vehicles could not be loaded/)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('says so when the tenant has no vehicles', async () => {
    setup(() => Response.json({ data: [devices[1]], total_count: 1 }))
    expect(await screen.findByText('This tenant has no vehicles yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show vehicle' })).toBeNull()
  })
})
