import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { FakeAnswer } from '@honu/core/testing'
import { ConsoleProvider } from '@honu/console-kit'
import { expectNoAxeViolations } from '../../../../test/axe'
import { createTestConsole } from '../__fixtures__/test-console'
import { getDesktopConnector, type RfbConstructor } from './desktop-connection'
import { leaseFor, VncWidget } from './vnc-widget'
import type { VncWidgetData } from './vnc-widget-data'

// The widget over a console with a fake server (fetch), a fake live socket and a fake bridge socket with a fake
// noVNC (the boundaries); the real bridge, noVNC and a real desktop are e2e/remote-desktop.spec.ts's.

const devices = {
  status: 200,
  body: {
    data: [
      { device_id: 'bravo-ra-3', tenant_id: 'bravo', name: 'Ballast controller', kind: 'remote_access', address: '10.20.0.30' },
      { device_id: 'bravo-ra-4', tenant_id: 'bravo', name: 'Pump panel', kind: 'remote_access', address: null },
      { device_id: 'bravo-usv-1', tenant_id: 'bravo', name: 'USV Tui', kind: 'vehicle', address: null },
    ],
    total_count: 3,
  },
}

class FakeBridge extends EventTarget {
  readyState = 0
  binaryType = ''
  sent: string[] = []
  constructor(readonly url: string) {
    super()
  }
  send(data: string) {
    this.sent.push(data)
  }
  close() {
    this.readyState = 3
  }
}

class FakeRfb extends EventTarget {
  static last: FakeRfb | undefined
  viewOnly = false
  scaleViewport = false
  clipViewport = false
  ctrlAltDel = 0
  pasted: string[] = []
  constructor() {
    super()
    FakeRfb.last = this
  }
  disconnect() {}
  focus() {}
  sendCtrlAltDel() {
    this.ctrlAltDel++
  }
  clipboardPasteFrom(text: string) {
    this.pasted.push(text)
  }
}

async function setup(data: VncWidgetData, { uid = 'cora', roles = ['controller'], answers = {} as Record<string, FakeAnswer> } = {}) {
  const { client, serve } = await createTestConsole({
    uid,
    permissions: { bravo: roles },
    tenant: { tenant_id: 'bravo', name: 'Bravo Fleet' },
    answers: { 'GET /api/v1/devices': devices, ...answers },
  })
  const bridges: FakeBridge[] = []
  // The console's connector with the fake bridge and noVNC: the widget gets this same one.
  getDesktopConnector(client, {
    createSocket: (url) => {
      const bridge = new FakeBridge(url)
      bridges.push(bridge)
      return bridge as unknown as WebSocket
    },
    loadRfb: async () => FakeRfb as unknown as RfbConstructor,
    slowLink: () => false,
  })
  await waitFor(() => expect(client.tenant.getState().roles).toEqual(roles))
  const setData = vi.fn()
  const view = render(
    <ConsoleProvider client={client}>
      <VncWidget widget={{ id: 'w1', type: 'Vnc', name: 'Desktop 1', data }} workspace="stream-view" setData={setData} />
    </ConsoleProvider>,
  )
  /** The live channel's server side with the control topic, and the answer to a `control` frame. */
  const serveControl = async () => {
    const live = await serve(['control'])
    return {
      socket: live.socket,
      leases: (leases: unknown[]) => live.event('control', { leases }),
      answer: (action: string, ok: boolean, code?: string) =>
        live.send({ type: 'control-result', tenantId: 'bravo', deviceId: 'bravo-ra-3', action, ok, ...(code ? { code } : {}) }),
    }
  }
  /** The bridge's side: open, `ready`, and noVNC connected. */
  const bridgeReady = async () => {
    await waitFor(() => expect(bridges).toHaveLength(1))
    const bridge = bridges[0]!
    act(() => {
      bridge.readyState = 1
      bridge.dispatchEvent(new Event('open'))
      bridge.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'ready' }) }))
      FakeRfb.last!.dispatchEvent(new CustomEvent('connect'))
    })
    return bridge
  }
  return { client, setData, serve: serveControl, bridges, bridgeReady, ...view }
}

const cora = { uid: 'cora', name: 'Cora Controller' }
const bea = { uid: 'bea', name: 'Bea Admin' }
const lease = (extra: object) => ({ deviceId: 'bravo-ra-3', tenantId: 'bravo', requests: [], viewers: [], ...extra })

describe('VncWidget', () => {
  it('connects to its device’s desktop through the bridge, view only, and says who holds control; axe finds nothing', async () => {
    const { serve, bridgeReady, client, container } = await setup({ deviceId: 'bravo-ra-3' })
    expect(await screen.findByText('Connecting to Ballast controller…')).toBeInTheDocument()
    const bridge = await bridgeReady()
    expect(bridge.url).toBe('ws://api.test/api/v1/devices/bravo-ra-3/desktop')
    expect(JSON.parse(bridge.sent[0]!)).toMatchObject({ type: 'auth' })
    expect(await screen.findByText('Connected to Ballast controller')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Desktop of Ballast controller' })).toBeInTheDocument()
    const live = await serve()
    live.leases([lease({ holder: bea, since: Date.UTC(2026, 10, 28, 9, 5), requests: [cora] })])
    expect(await screen.findByText(/^Bea Admin has had control since .*\. View only\./)).toBeInTheDocument()
    expect(FakeRfb.last!.viewOnly).toBe(true)
    expect(screen.getByRole('button', { name: 'Withdraw request' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send Ctrl+Alt+Del' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Take over' })).toBeNull()
    await expectNoAxeViolations(container)
    client.stop()
  })

  it('asks for control and, once it holds it, sends input: Ctrl+Alt+Del, pasted text; release hands it back', async () => {
    const user = userEvent.setup()
    const { serve, bridgeReady, client } = await setup({ deviceId: 'bravo-ra-3' })
    await bridgeReady()
    const live = await serve()
    live.leases([])
    await user.click(await screen.findByRole('button', { name: 'Take control' }))
    await waitFor(() => expect(live.socket.sent).toContainEqual({ type: 'control', tenantId: 'bravo', deviceId: 'bravo-ra-3', action: 'request' }))
    live.answer('request', true)
    live.leases([lease({ holder: cora, since: Date.now() })])
    expect(await screen.findByText(/^You have had control since/)).toBeInTheDocument()
    await waitFor(() => expect(FakeRfb.last!.viewOnly).toBe(false))
    await user.click(screen.getByRole('button', { name: 'Send Ctrl+Alt+Del' }))
    expect(FakeRfb.last!.ctrlAltDel).toBe(1)
    await user.click(screen.getByRole('button', { name: 'Paste text…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Paste text to Ballast controller' })
    await user.type(within(dialog).getByLabelText('Text to put on the desktop’s clipboard'), 'pump 2 off')
    await user.click(within(dialog).getByRole('button', { name: 'Send to desktop' }))
    expect(FakeRfb.last!.pasted).toEqual(['pump 2 off'])
    await user.click(screen.getByRole('button', { name: 'Release control' }))
    await waitFor(() => expect(live.socket.sent).toContainEqual({ type: 'control', tenantId: 'bravo', deviceId: 'bravo-ra-3', action: 'release' }))
    live.answer('release', true)
    // After the snapshot, events carry the devices that changed: the device, now free.
    live.leases([lease({})])
    expect(await screen.findByText('Nobody has control. View only.')).toBeInTheDocument()
    await waitFor(() => expect(FakeRfb.last!.viewOnly).toBe(true))
    client.stop()
  }, 15_000)

  it('says a reader is refused control in the catalogue’s words', async () => {
    const user = userEvent.setup()
    const { serve, client } = await setup({ deviceId: 'bravo-ra-3' }, { uid: 'ada', roles: ['reader'] })
    const live = await serve()
    live.leases([])
    await user.click(await screen.findByRole('button', { name: 'Take control' }))
    await waitFor(() => expect(live.socket.sent.some((m) => m.type === 'control')).toBe(true))
    live.answer('request', false, 'forbidden')
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not allow control of this device.')
    client.stop()
  })

  it('offers an admin to take over from the holder', async () => {
    const user = userEvent.setup()
    const { serve, client } = await setup({ deviceId: 'bravo-ra-3' }, { uid: 'bea', roles: ['admin'] })
    const live = await serve()
    live.leases([lease({ holder: cora, since: Date.now() })])
    await user.click(await screen.findByRole('button', { name: 'Take over' }))
    await waitFor(() => expect(live.socket.sent).toContainEqual({ type: 'control', tenantId: 'bravo', deviceId: 'bravo-ra-3', action: 'take' }))
    client.stop()
  })

  it('says why the connection ended, and connects again on Connect', async () => {
    const user = userEvent.setup()
    const { bridgeReady, bridges, client } = await setup({ deviceId: 'bravo-ra-3' })
    const bridge = await bridgeReady()
    act(() => bridge.dispatchEvent(new CloseEvent('close', { code: 4408 })))
    expect(await screen.findByText('Disconnected: the session ended after a time without input.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Connect' }))
    await waitFor(() => expect(bridges).toHaveLength(2))
    client.stop()
  })

  it('shows the text the desktop copied, and keeps its 1:1 choice in its data', async () => {
    const user = userEvent.setup()
    const { bridgeReady, setData, client } = await setup({ deviceId: 'bravo-ra-3' })
    await bridgeReady()
    act(() => FakeRfb.last!.dispatchEvent(new CustomEvent('clipboard', { detail: { text: 'ballast 40 %' } })))
    expect(await screen.findByText('ballast 40 %')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Actual size (1:1)' }))
    expect(setData).toHaveBeenCalledWith({ deviceId: 'bravo-ra-3', scale: 'remote' })
    client.stop()
  })

  it('never connects to a device the tenant does not have (another tenant’s, or a vehicle): its picker points it at one', async () => {
    const user = userEvent.setup()
    const { setData, bridges, client } = await setup({ deviceId: 'bravo-usv-1' })
    expect(await screen.findByText(/This device is no longer among the tenant’s remote-access devices/)).toBeInTheDocument()
    expect(bridges).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Choose a device' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose a device for Desktop 1' })
    expect(within(dialog).queryByRole('radio', { name: 'USV Tui' })).toBeNull()
    await user.click(await within(dialog).findByRole('radio', { name: 'Pump panel' }))
    await user.click(within(dialog).getByRole('button', { name: 'Show desktop' }))
    expect(setData).toHaveBeenCalledWith({ deviceId: 'bravo-ra-4' })
    client.stop()
  })

  it('says when the devices could not be loaded, with a retry', async () => {
    const { client } = await setup({ deviceId: 'bravo-ra-3' }, { answers: { 'GET /api/v1/devices': { status: 500, body: { error: 'down' } } } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/The device could not be loaded/)
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    client.stop()
  })
})

describe('leaseFor', () => {
  it('tells the viewer whether they hold control or ask for it, and who else asks', () => {
    expect(leaseFor(undefined, 'cora')).toEqual({ holder: undefined, mine: false, since: undefined, askedBy: [], asked: false })
    const control = lease({ holder: bea, since: 5, requests: [cora, { uid: 'dan', name: 'Dan' }] }) as Parameters<typeof leaseFor>[0]
    expect(leaseFor(control, 'cora')).toEqual({ holder: 'Bea Admin', mine: false, since: 5, askedBy: ['Dan'], asked: true })
    expect(leaseFor(control, 'bea')).toEqual({ holder: 'Bea Admin', mine: true, since: 5, askedBy: ['Cora Controller', 'Dan'], asked: false })
    expect(leaseFor(control, undefined)).toMatchObject({ mine: false, asked: false })
  })
})
