import { act, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { useConsoleClient } from '../hooks/use-console-client'
import { ConsoleProvider } from './console-provider'

const newClient = (namespace: string, scheduler = createManualScheduler()) =>
  createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1' },
    namespace,
    scheduler,
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })

function TenantName({ label }: { label: string }) {
  const client = useConsoleClient()
  return (
    <p>
      {label}: {client.tenant.getState().tenant?.name ?? 'none'}
    </p>
  )
}

describe('ConsoleProvider', () => {
  it('keeps two consoles on one page apart', () => {
    const a = newClient('a')
    const b = newClient('b')
    a.tenant.getState().setTenant({ tenant_id: 't1', name: 'Alpha' })
    render(
      <>
        <ConsoleProvider client={a}>
          <TenantName label="first" />
        </ConsoleProvider>
        <ConsoleProvider client={b}>
          <TenantName label="second" />
        </ConsoleProvider>
      </>,
    )
    expect(screen.getByText('first: Alpha')).toBeInTheDocument()
    expect(screen.getByText('second: none')).toBeInTheDocument()
  })

  it('refuses a nested provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() =>
      render(
        <ConsoleProvider client={newClient('a')}>
          <ConsoleProvider client={newClient('b')}>x</ConsoleProvider>
        </ConsoleProvider>,
      ),
    ).toThrow(/already mounted/)
  })

  it('tells a component outside any provider what to do', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<TenantName label="x" />)).toThrow('useConsoleClient must be used within <ConsoleProvider>.')
  })

  it('runs the client while mounted, once, even under StrictMode', () => {
    const scheduler = createManualScheduler()
    const client = newClient('s', scheduler)
    const view = render(
      <StrictMode>
        <ConsoleProvider client={client}>x</ConsoleProvider>
      </StrictMode>,
    )
    expect(client.running).toBe(true)
    expect(scheduler.pending).toBe(1)
    view.unmount()
    expect(client.running).toBe(false)
    expect(scheduler.pending).toBe(0)
  })

  it('creates one client from options for the provider’s lifetime', () => {
    const seen = new Set<unknown>()
    function Probe() {
      seen.add(useConsoleClient())
      return null
    }
    const options = () => ({
      api: { baseUrl: 'http://127.0.0.1:1' },
      scheduler: createManualScheduler(),
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    })
    const view = render(
      <ConsoleProvider options={options()}>
        <Probe />
      </ConsoleProvider>,
    )
    act(() =>
      view.rerender(
        <ConsoleProvider options={options()}>
          <Probe />
        </ConsoleProvider>,
      ),
    )
    expect(seen.size).toBe(1)
  })

  it('adds nothing axe objects to', async () => {
    const view = render(
      <ConsoleProvider client={newClient('x')}>
        <main>
          <h1>Console</h1>
        </main>
      </ConsoleProvider>,
    )
    await expectNoAxeViolations(view.container)
  })
})
