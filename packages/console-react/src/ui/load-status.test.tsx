import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import type { QueryLoader } from '@honu/core/query'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider, useQuery } from '@honu/console-kit'
import { LoadStatus } from './load-status'

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

describe('useQuery with LoadStatus', () => {
  it('shows a status while loading, the failure with Try again, and the data once loaded', async () => {
    const answers = [deferred<string>(), deferred<string>()]
    const load = vi.fn(() => answers[load.mock.calls.length - 1]!.promise)
    function Tenants() {
      const state = useQuery({ key: ['tenants', 'first'], load })
      return state.status === 'ready' ? (
        <p>{state.data}</p>
      ) : (
        <LoadStatus state={state} what="your tenants" loading="Loading tenants…" onRetry={state.retry} />
      )
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

  it('loads the new key when it changes, and an answer for the old key never shows under the new one', async () => {
    const calls: { tenant: string; answer: ReturnType<typeof deferred<string>> }[] = []
    function Streams() {
      const [tenant, setTenant] = useState('alpha')
      const load: QueryLoader<string> = () => {
        const answer = deferred<string>()
        calls.push({ tenant, answer })
        return answer.promise
      }
      const state = useQuery({ key: ['streams', tenant], load })
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
    await act(async () => {})
    fireEvent.click(screen.getByRole('button', { name: 'Bravo' }))
    await act(async () => {})
    expect(calls.map((c) => c.tenant)).toEqual(['alpha', 'bravo'])
    await act(async () => calls[1]!.answer.resolve('bravo streams'))
    await act(async () => calls[0]!.answer.resolve('alpha streams'))
    expect(screen.getByText('bravo streams')).toBeInTheDocument()
    expect(screen.queryByText('alpha streams')).not.toBeInTheDocument()
  })

  it('two components asking for one key at once share one request', async () => {
    const answer = deferred<string>()
    const load = vi.fn(() => answer.promise)
    function One({ label }: { label: string }) {
      const state = useQuery({ key: ['shared'], load })
      return <p>{`${label}: ${state.status === 'ready' ? state.data : state.status}`}</p>
    }
    mount(
      <>
        <One label="a" />
        <One label="b" />
      </>,
    )
    await act(async () => answer.resolve('one answer'))
    expect(screen.getByText('a: one answer')).toBeInTheDocument()
    expect(screen.getByText('b: one answer')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('with `false` (nothing to load yet) stays loading and calls nothing', () => {
    const load = vi.fn(async () => 'never')
    function Waiting() {
      const state = useQuery(false as false | { key: string[]; load: typeof load })
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
      const state = useQuery({ key: ['list'], load })
      return state.status === 'ready' ? <p>{state.data}</p> : <LoadStatus state={state} what="the list" onRetry={state.retry} />
    }
    const client = mount(<List />)
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.')
    fail = false
    act(() => {
      client.connection.setState({ status: 'unreachable' })
      client.connection.setState({ status: 'reachable' })
    })
    expect(await screen.findByText('back')).toBeInTheDocument()
  })
})
