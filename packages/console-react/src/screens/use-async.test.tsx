import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider } from '@honu/console-kit'
import { LoadStatus } from './load-status'
import { useAsync } from './use-async'

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function mount(ui: React.ReactNode) {
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch: async () => new Response('{}', { status: 200 }) },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  render(<ConsoleProvider client={client}>{ui}</ConsoleProvider>)
  return client
}

describe('useAsync with LoadStatus', () => {
  it('shows a status while loading, the failure with Try again, and the data once loaded', async () => {
    const answers = [deferred<string>(), deferred<string>()]
    const load = vi.fn(() => answers[load.mock.calls.length - 1]!.promise)
    function Tenants() {
      const [state, retry] = useAsync(load)
      return state.status === 'ready' ? <p>{state.data}</p> : <LoadStatus state={state} what="your tenants" loading="Loading tenants…" onRetry={retry} />
    }
    mount(<Tenants />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading tenants…')
    await act(async () => answers[0]!.reject(Object.assign(new Error('down'), { status: 503 })))
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load your tenants. The server failed.')
    await expectNoAxeViolations(document.body)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.getByRole('status')).toHaveTextContent('Loading tenants…')
    await act(async () => answers[1]!.resolve('Alpha Harbour'))
    expect(screen.getByText('Alpha Harbour')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('loads again when a dependency changes, ignores the answer that came too late and aborts its signal', async () => {
    const calls: { tenant: string; signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }[] = []
    function Streams() {
      const [tenant, setTenant] = useState('alpha')
      const [state] = useAsync(
        (signal) => {
          const answer = deferred<string>()
          calls.push({ tenant, signal, answer })
          return answer.promise
        },
        [tenant],
      )
      return (
        <>
          <button type="button" onClick={() => setTenant('bravo')}>
            Bravo
          </button>
          <p>{state.status === 'ready' ? state.data : state.status}</p>
        </>
      )
    }
    mount(<Streams />)
    fireEvent.click(screen.getByRole('button', { name: 'Bravo' }))
    expect(calls.map((c) => c.tenant)).toEqual(['alpha', 'bravo'])
    expect(calls[0]!.signal.aborted).toBe(true)
    expect(calls[1]!.signal.aborted).toBe(false)
    await act(async () => calls[1]!.answer.resolve('bravo streams'))
    await act(async () => calls[0]!.answer.resolve('alpha streams'))
    expect(screen.getByText('bravo streams')).toBeInTheDocument()
    expect(screen.queryByText('alpha streams')).not.toBeInTheDocument()
  })

  it('with `false` (nothing to load yet) stays loading and calls nothing', () => {
    const load = vi.fn(async () => 'never')
    function Waiting() {
      const [state] = useAsync(false as false | typeof load)
      return <p>{state.status}</p>
    }
    mount(<Waiting />)
    expect(screen.getByText('loading')).toBeInTheDocument()
    expect(load).not.toHaveBeenCalled()
  })

  it('after a failure, loads again by itself when the connection returns', async () => {
    let fail = true
    const load = vi.fn(async () => {
      if (fail) throw Object.assign(new TypeError('Failed to fetch'), { status: 0 })
      return 'back'
    })
    function List() {
      const [state, retry] = useAsync(load)
      return state.status === 'ready' ? <p>{state.data}</p> : <LoadStatus state={state} what="the list" onRetry={retry} />
    }
    const client = mount(<List />)
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.')
    // Let React finish the render that showed the failure: its effects hand the hook its newest callback.
    await act(async () => {})
    fail = false
    act(() => {
      client.connection.setState({ status: 'unreachable' })
      client.connection.setState({ status: 'reachable' })
    })
    expect(await screen.findByText('back')).toBeInTheDocument()
  })
})
