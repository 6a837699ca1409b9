import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient, type LiveSocket } from '@honu/core'
import { createFakeAuthAdapter, createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '../provider/console-provider'
import { useDeviceControl, useLiveConnection, useVehicle, useVehicles } from './use-live'

/** A socket at the unit boundary (the real channel is tested against the reference server in the server project). */
interface FakeSocket extends LiveSocket {
  readyState: number
  sent: { type: string; topic?: string }[]
}

function setup() {
  const sockets: FakeSocket[] = []
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1' },
    auth: createFakeAuthAdapter({ initialUser: { uid: 'u1', email: 'ada@x.io' } }),
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
    createLiveSocket: () => {
      const socket: FakeSocket = {
        readyState: 0,
        sent: [],
        send: (data) => void socket.sent.push(JSON.parse(data) as FakeSocket['sent'][number]),
        close: () => undefined,
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
      }
      sockets.push(socket)
      return socket
    },
  })
  client.tenant.getState().setTenant({ tenant_id: 't1', name: 'Alpha' })
  const server = (message: unknown) => act(() => sockets.at(-1)!.onmessage?.({ data: JSON.stringify(message) }))
  return { client, sockets, server }
}

function Vehicles() {
  const connection = useLiveConnection()
  const { status, vehicles } = useVehicles()
  const one = useVehicle('d1')
  return (
    <>
      <p>connection: {connection.status}</p>
      <p>vehicles: {status}</p>
      <ul>
        {Object.values(vehicles).map((vehicle) => (
          <li key={vehicle.deviceId}>{vehicle.deviceId}</li>
        ))}
      </ul>
      <p>d1 mode: {one?.mode ?? 'none'}</p>
    </>
  )
}

describe('live hooks', () => {
  it('show the connection and the tenant’s vehicles as the channel delivers them', async () => {
    const { client, sockets, server } = setup()
    render(
      <ConsoleProvider client={client}>
        <Vehicles />
      </ConsoleProvider>,
    )
    expect(screen.getByText('vehicles: loading')).toBeInTheDocument()
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    act(() => {
      sockets[0]!.readyState = 1
      sockets[0]!.onopen?.({})
    })
    expect(screen.getByText(/connection: (connecting|idle)/)).toBeInTheDocument()
    server({ type: 'ready', uid: 'u1' })
    expect(screen.getByText('connection: open')).toBeInTheDocument()
    expect(sockets[0]!.sent.map((frame) => frame.type)).toEqual(['auth', 'subscribe'])
    expect(sockets[0]!.sent[1]!.topic).toBe('tenants/t1/vehicles')
    server({ type: 'subscribed', topic: 'tenants/t1/vehicles' })
    server({
      type: 'event',
      topic: 'tenants/t1/vehicles',
      data: {
        vehicles: [
          { deviceId: 'd1', tenantId: 't1', time: 1, mode: 'AUTO' },
          { deviceId: 'd2', tenantId: 't1', time: 1 },
        ],
      },
    })
    expect(screen.getByText('vehicles: live')).toBeInTheDocument()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['d1', 'd2'])
    expect(screen.getByText('d1 mode: AUTO')).toBeInTheDocument()
    server({ type: 'event', topic: 'tenants/t1/vehicles', data: { vehicles: [{ deviceId: 'd1', tenantId: 't1', time: 2, mode: 'RTL' }] } })
    expect(screen.getByText('d1 mode: RTL')).toBeInTheDocument()
    act(() => sockets[0]!.onclose?.({ code: 1001 }))
    expect(screen.getByText('connection: reconnecting')).toBeInTheDocument()
    // Last-known vehicles stay while the channel reconnects.
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })
})

function Control() {
  const { control, status, request } = useDeviceControl('d1')
  return (
    <>
      <p>control: {status}</p>
      <p>holder: {control?.holder?.name ?? 'nobody'}</p>
      <button onClick={() => void request()}>Take control</button>
    </>
  )
}

describe('useDeviceControl', () => {
  it('shows who holds a device’s control from the control topic, and asks for it on the same channel', async () => {
    const { client, sockets, server } = setup()
    render(
      <ConsoleProvider client={client}>
        <Control />
      </ConsoleProvider>,
    )
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    act(() => {
      sockets[0]!.readyState = 1
      sockets[0]!.onopen?.({})
    })
    server({ type: 'ready', uid: 'u1' })
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'subscribe', topic: 'tenants/t1/control' })
    server({ type: 'subscribed', topic: 'tenants/t1/control' })
    server({
      type: 'event',
      topic: 'tenants/t1/control',
      data: { leases: [{ deviceId: 'd1', tenantId: 't1', holder: { uid: 'u2', name: 'Cora' }, since: 1, requests: [], viewers: [] }] },
    })
    expect(screen.getByText('control: live')).toBeInTheDocument()
    expect(screen.getByText('holder: Cora')).toBeInTheDocument()
    act(() => screen.getByRole('button', { name: 'Take control' }).click())
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'control', tenantId: 't1', deviceId: 'd1', action: 'request' })
    server({ type: 'control-result', tenantId: 't1', deviceId: 'd1', action: 'request', ok: true })
  })
})
