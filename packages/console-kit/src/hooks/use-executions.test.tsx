import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient, type LiveSocket } from '@honu/core'
import { createFakeAuthAdapter, createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { ConsoleProvider } from '../provider/console-provider'
import { useExecutions } from './use-live'

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
  const server = (message: unknown) => act(() => sockets.at(-1)!.onmessage?.({ data: JSON.stringify(message) }))
  return { client, sockets, server }
}

function Executions({ organisationId }: { organisationId?: string }) {
  const { status, executions } = useExecutions(organisationId)
  return (
    <>
      <p>executions: {status}</p>
      <ul>
        {Object.values(executions).map((e) => (
          <li key={e.executionId}>
            {e.executionId} {e.status}
          </li>
        ))}
      </ul>
    </>
  )
}

const running = {
  executionId: 'exec-1',
  organisationId: 'org-honu',
  missionId: 'mis-north',
  platformId: 'plat-kahu',
  status: 'running',
  itemCount: 3,
  uploadedItems: 3,
  reachedItems: [],
  progress: 0,
  updatedAt: 1,
}

describe('useExecutions', () => {
  it("follows the organisation's executions topic on the console's one live channel", async () => {
    const { client, sockets, server } = setup()
    const { rerender } = render(
      <ConsoleProvider client={client}>
        <Executions organisationId="org-honu" />
        <Executions organisationId="org-honu" />
      </ConsoleProvider>,
    )
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    act(() => {
      sockets[0]!.readyState = 1
      sockets[0]!.onopen?.({})
    })
    await server({ type: 'ready', uid: 'u1' })
    expect(sockets[0]!.sent.filter((m) => m.type === 'subscribe')).toEqual([{ type: 'subscribe', topic: 'organisations/org-honu/executions' }])
    expect(screen.getAllByText('executions: loading')).toHaveLength(2)
    await server({ type: 'event', topic: 'organisations/org-honu/executions', data: { executions: [running] } })
    expect(screen.getAllByText('exec-1 running')).toHaveLength(2)
    rerender(
      <ConsoleProvider client={client}>
        <Executions />
      </ConsoleProvider>,
    )
    expect(screen.getByText('executions: idle')).toBeInTheDocument()
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'organisations/org-honu/executions' })
    expect(sockets).toHaveLength(1)
  })
})
