import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { FakeAnswer } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { createTestConsole } from '../__fixtures__/test-console'
import { expectNoAxeViolations } from '../../../../test/axe'
import { RemoteAccessWidget } from './remote-access-widget'
import { parseRemoteAccessWidgetData } from './remote-access-widget-data'

// The widget over a console with a fake server (fetch) and a fake live socket (the live client's boundary); the
// real server, live channel and desktops are e2e/remote-desktop.spec.ts's.

const devices = {
  status: 200,
  body: {
    data: [
      { device_id: 'bravo-ra-3', tenant_id: 'bravo', name: 'Ballast controller', kind: 'remote_access', address: '10.10.132.8' },
      { device_id: 'bravo-ra-1', tenant_id: 'bravo', name: 'Winch PLC', kind: 'remote_access', address: '10.10.132.7' },
      { device_id: 'bravo-ra-2', tenant_id: 'bravo', name: 'Fleet office desktop', kind: 'remote_access', address: null },
      { device_id: 'bravo-usv-1', tenant_id: 'bravo', name: 'USV Tui', kind: 'vehicle', address: null },
    ],
    total_count: 4,
  },
}

async function setup(answers: Record<string, FakeAnswer> = {}, tenant = true) {
  const { client, serve } = await createTestConsole({
    uid: 'cora',
    permissions: { bravo: ['controller'] },
    tenant: tenant ? { tenant_id: 'bravo', name: 'Bravo Fleet' } : undefined,
    answers: { 'GET /api/v1/devices': devices, ...answers },
  })
  const view = render(
    <ConsoleProvider client={client}>
      <RemoteAccessWidget widget={{ id: 'w1', type: 'Remote Access', name: 'Remote access 1', data: {} }} workspace="stream-view" setData={vi.fn()} />
    </ConsoleProvider>,
  )
  return { client, serve: () => serve(['devices', 'control']), ...view }
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement

describe('RemoteAccessWidget', () => {
  it('lists the tenant’s remote-access devices by name with their live state, who is connected and in control; axe finds nothing', async () => {
    const { serve, client, container } = await setup()
    const list = await screen.findByRole('list', { name: 'Remote-access devices of Bravo Fleet' })
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Ballast controller', 'Fleet office desktop', 'Winch PLC'])
    expect(within(card('Winch PLC')).getByText('State not known yet')).toBeInTheDocument()
    const live = await serve()
    live.event('devices', {
      devices: [
        { deviceId: 'bravo-ra-3', tenantId: 'bravo', state: 'online', lastSeen: Date.now() },
        { deviceId: 'bravo-ra-1', tenantId: 'bravo', state: 'stale', lastSeen: Date.now() - 10_000 },
      ],
    })
    live.event('control', {
      leases: [
        {
          deviceId: 'bravo-ra-3',
          tenantId: 'bravo',
          holder: { uid: 'bea', name: 'Bea Admin' },
          since: Date.UTC(2026, 10, 28, 9, 5),
          requests: [],
          viewers: [
            { uid: 'bea', name: 'Bea Admin' },
            { uid: 'ada', name: 'Ada Admin' },
          ],
        },
      ],
    })
    const ballast = card('Ballast controller')
    await waitFor(() => expect(within(ballast).getByText('Online')).toBeInTheDocument())
    expect(within(ballast).getByText('Connected: Bea Admin, Ada Admin')).toBeInTheDocument()
    expect(within(ballast).getByText(/^In control: Bea Admin since \d{1,2}:\d{2}/)).toBeInTheDocument()
    expect(within(ballast).getByText('10.10.132.8')).toBeInTheDocument()
    expect(within(card('Winch PLC')).getByText('Not heard from lately')).toBeInTheDocument()
    // Not in the snapshot: offline.
    const office = card('Fleet office desktop')
    expect(within(office).getByText('Offline')).toBeInTheDocument()
    expect(within(office).getByText('Nobody connected')).toBeInTheDocument()
    expect(within(office).getByText('Nobody in control')).toBeInTheDocument()
    expect(screen.queryByText('USV Tui')).toBeNull()
    await expectNoAxeViolations(container)
    live.drop()
    expect(await screen.findByText('Live states interrupted: reconnecting…')).toBeInTheDocument()
    client.stop()
  })

  it('opens a device’s desktop as a Vnc widget in the same workspace, once', async () => {
    const user = userEvent.setup()
    const { client } = await setup()
    await user.click(await screen.findByRole('button', { name: 'Open desktop of Winch PLC' }))
    await user.click(screen.getByRole('button', { name: 'Open desktop of Winch PLC' }))
    const items = client.grid.getState().workspaces['stream-view'].items
    expect(items).toEqual([expect.objectContaining({ id: 'vnc-bravo-ra-1', type: 'Vnc', name: 'Winch PLC', data: { deviceId: 'bravo-ra-1' } })])
    client.stop()
  })

  it('asks for a tenant first, and says when the devices could not be loaded, with a retry', async () => {
    const first = await setup({}, false)
    expect(await screen.findByText('Choose a tenant first: devices belong to a tenant.')).toBeInTheDocument()
    first.client.stop()
    first.unmount()
    const failed = await setup({ 'GET /api/v1/devices': { status: 500, body: { error: 'down' } } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/The devices could not be loaded/)
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    failed.client.stop()
  })

  it('says so when the tenant has none', async () => {
    const { client } = await setup({ 'GET /api/v1/devices': { status: 200, body: { data: [devices.body.data[3]], total_count: 1 } } })
    expect(await screen.findByText('This tenant has no remote-access devices yet.')).toBeInTheDocument()
    client.stop()
  })
})

describe('parseRemoteAccessWidgetData', () => {
  it('keeps nothing, and refuses data that is not an object', () => {
    expect(parseRemoteAccessWidgetData(undefined)).toEqual({})
    expect(parseRemoteAccessWidgetData({ old: 1 })).toEqual({})
    expect(() => parseRemoteAccessWidgetData([])).toThrow(/its data/)
    expect(() => parseRemoteAccessWidgetData('x')).toThrow(/its data/)
  })
})
