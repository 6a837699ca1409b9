import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient, type ConsoleClient, type FetchLike } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider } from '@honu/console-kit'
import { RouterProbe, testRouter } from '../__fixtures__/console-at'
import { ConsoleRoutes } from '../routes/create-console-routes'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * A console signed in on `entry`, its API reached through `fetchLike`; `advance` moves the client's clock and lets
 * the probe's answer arrive.
 */
function signedIn(fetchLike: FetchLike, entry: string, setup?: (client: ConsoleClient) => void, slowAfterMs?: number) {
  vi.spyOn(Math, 'random').mockReturnValue(0.5)
  const scheduler = createManualScheduler()
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch: fetchLike, slowAfterMs },
    scheduler,
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  setup?.(client)
  const router = testRouter()
  render(
    <ConsoleProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <ConsoleRoutes />
        <RouterProbe router={router} />
      </MemoryRouter>
    </ConsoleProvider>,
  )
  act(() => client.session.getState().setSession({ uid: 'u', email: 'wes@honu.test', permissions: { alpha: ['writer'] } }, 't'))
  const advance = async (ms: number) => {
    await act(async () => {
      scheduler.advance(ms)
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }
  return { client, advance }
}

/**
 * A signed-in console on the stream viewer whose API is down until `server.down` is cleared: the fetch at the
 * boundary fails as a browser's does for a server that does not answer.
 */
function streamsWhileDown(down = true) {
  const server = { down, videoCalls: 0, probes: 0 }
  const fetchLike: FetchLike = async (url) => {
    const path = new URL(url).pathname
    if (path === '/health') server.probes += 1
    if (path === '/api/v1/videos') server.videoCalls += 1
    if (server.down) throw new TypeError('Failed to fetch')
    if (path === '/health') return json(200, { status: 'ok' })
    if (path === '/api/v1/videos') return json(200, { data: [{ video_id: 'v1', name: 'Bow camera', source: 'rtsp://x' }], total_count: 1 })
    return json(404, {})
  }
  const { client, advance } = signedIn(fetchLike, '/streams', (c) => c.tenant.getState().setTenant({ tenant_id: 'alpha', name: 'Alpha Harbour' }))
  return { client, server, advance }
}

describe('ConnectionBanner and lists that come back by themselves', () => {
  it('says once that the server cannot be reached, and the stream list fetches again by itself when it is back', async () => {
    const { server, advance } = streamsWhileDown()
    expect(await screen.findByText(/Could not load the streams/)).toBeInTheDocument()
    const banner = screen.getByText(/The server cannot be reached/)
    expect(banner.closest('[aria-live="polite"]')).not.toBeNull()
    // Once for the console, not per list or tile.
    expect(screen.getAllByText(/The server cannot be reached/)).toHaveLength(1)
    await expectNoAxeViolations(document.body)

    // The console's check as it mounted was the first probe. The next (after 1 s) still finds it down; the one
    // after that (2 s later) finds it back.
    expect(server.probes).toBe(1)
    await advance(1000)
    expect(server.probes).toBe(2)
    expect(screen.getByText(/The server cannot be reached/)).toBeInTheDocument()
    server.down = false
    await advance(2000)
    expect(server.probes).toBe(3)
    expect(await screen.findByRole('button', { name: /^Bow camera/ })).toBeInTheDocument()
    expect(screen.queryByText(/Could not load the streams/)).not.toBeInTheDocument()
    expect(screen.getByText('Connected to the server again.')).toBeInTheDocument()
    expect(server.videoCalls).toBe(2)
    await expectNoAxeViolations(document.body)
  })

  it('Retry now probes at once', async () => {
    const { server } = streamsWhileDown()
    await screen.findByText(/The server cannot be reached/)
    // The check as it mounted.
    const before = server.probes
    server.down = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry now' }))
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(server.probes).toBe(before + 1)
    expect(await screen.findByRole('button', { name: /^Bow camera/ })).toBeInTheDocument()
    expect(screen.queryByText(/The server cannot be reached/)).not.toBeInTheDocument()
  })

  it('a server that hangs is said within seconds, while the call still waits; its late answer clears it without "Connected again"', async () => {
    let release: (() => void) | undefined
    const fetchLike: FetchLike = async (url) => {
      const path = new URL(url).pathname
      if (path === '/api/v1/videos') {
        // Hangs: no answer, no failure, until released.
        await new Promise<void>((resolve) => (release = resolve))
        return json(200, { data: [{ video_id: 'v1', name: 'Bow camera', source: 'rtsp://x' }], total_count: 1 })
      }
      if (path === '/health') return json(200, { status: 'ok' })
      return json(404, {})
    }
    signedIn(fetchLike, '/streams', (c) => c.tenant.getState().setTenant({ tenant_id: 'alpha', name: 'Alpha Harbour' }), 50)
    const banner = await screen.findByText(/The server is not answering yet/)
    expect(banner.closest('[aria-live="polite"]')).not.toBeNull()
    // Nothing to retry: the call is still out.
    expect(screen.queryByRole('button', { name: 'Retry now' })).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)
    await act(async () => release?.())
    expect(await screen.findByRole('button', { name: /^Bow camera/ })).toBeInTheDocument()
    expect(screen.queryByText(/The server is not answering yet/)).not.toBeInTheDocument()
    expect(screen.queryByText('Connected to the server again.')).not.toBeInTheDocument()
  })

  it('shows nothing while the server answers', async () => {
    streamsWhileDown(false)
    expect(await screen.findByRole('button', { name: /^Bow camera/ })).toBeInTheDocument()
    expect(document.querySelector('.honu-connection')).toBeEmptyDOMElement()
  })

  it('the tenant list too comes back by itself', async () => {
    const server = { down: true }
    const fetchLike: FetchLike = async (url) => {
      if (server.down) throw new TypeError('Failed to fetch')
      const { pathname } = new URL(url)
      if (pathname === '/health') return json(200, { status: 'ok' })
      if (pathname === '/api/v1/tenants') return json(200, { data: [{ tenant_id: 'alpha', name: 'Alpha Harbour' }] })
      return json(404, {})
    }
    const { advance } = signedIn(fetchLike, '/tenant')
    expect(await screen.findByText(/Could not load your tenants/)).toBeInTheDocument()
    server.down = false
    await advance(1000)
    expect(await screen.findByRole('button', { name: /Alpha Harbour/ })).toBeInTheDocument()
    expect(screen.queryByText(/Could not load your tenants/)).not.toBeInTheDocument()
  })
})
