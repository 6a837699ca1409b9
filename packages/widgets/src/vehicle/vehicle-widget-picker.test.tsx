import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderOnTenant } from '../picker/render-on-tenant'
import { VehicleWidgetPicker } from './vehicle-widget-picker'

// The dialog itself (focus, keys, errors, axe) is tested in picker/resource-picker-dialog.test.tsx; these are the
// Vehicle widget's own parts: its list (GET /devices, vehicles only), its words and the data it answers.
const devices = [
  { device_id: 'alpha-usv-1', tenant_id: 'alpha', name: 'USV Kahu', kind: 'vehicle', address: null },
  { device_id: 'alpha-cam-1', tenant_id: 'alpha', name: 'Bow camera', kind: 'camera', address: null },
  { device_id: 'alpha-usv-4', tenant_id: 'alpha', name: 'Tender Honu', kind: 'vehicle', address: null },
]

/** The picker on a console whose server answers GET /devices (the boundary: fetch), with Alpha selected. */
function setup(
  answer: () => Response = () => Response.json({ data: devices, total_count: 3 }),
  current?: { deviceId: string; staleAfterS?: number },
) {
  const onPick = vi.fn()
  const { fetch } = renderOnTenant(<VehicleWidgetPicker name="Vehicle 1" current={current} onPick={onPick} onCancel={vi.fn()} />, answer)
  return { onPick, fetch }
}

describe('VehicleWidgetPicker', () => {
  it("lists the tenant's vehicles (not its cameras) by name and answers { deviceId }", async () => {
    const user = userEvent.setup()
    const { onPick, fetch } = setup()
    const dialog = await screen.findByRole('dialog', { name: 'Choose a vehicle for Vehicle 1' })
    const group = await within(dialog).findByRole('group', { name: 'Vehicles of this tenant' })
    expect(String(fetch.mock.calls[0]![0])).toBe('http://127.0.0.1:1/api/v1/devices?tenant_id=alpha')
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent!.trim()),
    ).toEqual(['Tender Honu', 'USV Kahu'])
    await user.click(within(group).getByRole('radio', { name: 'USV Kahu' }))
    await user.click(within(dialog).getByRole('button', { name: 'Show vehicle' }))
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

  it('says when the server could not answer', async () => {
    setup(() => new Response('{"error":"down"}', { status: 500 }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/The vehicles could not be loaded/)
  })

  it('says so when the tenant has no vehicles', async () => {
    setup(() => Response.json({ data: [devices[1]], total_count: 1 }))
    expect(await screen.findByText('This tenant has no vehicles yet.')).toBeInTheDocument()
  })
})
