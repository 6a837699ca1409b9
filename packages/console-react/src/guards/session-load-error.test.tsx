import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient, type FetchLike } from '@honu/core'
import { createFakeAuthAdapter, createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider } from '@honu/console-kit'
import { RouterProbe, testRouter } from '../__fixtures__/console-at'
import { ConsoleRoutes } from '../routes/create-console-routes'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A person the provider has signed in, opening `path`, while the user record answers `server.user` (0: no answer). */
function openSignedIn(path: string, user: number) {
  const server = { user }
  const fetchLike: FetchLike = async (url) => {
    const { pathname } = new URL(url)
    if (server.user === 0) throw new TypeError('Failed to fetch')
    if (pathname === '/health') return json(200, { status: 'ok' })
    if (pathname === '/api/v1/users/u1') {
      return server.user === 200
        ? json(200, { email: 'ada@honu.test', permissions: { alpha: ['reader'] } })
        : json(server.user, { message: 'The server failed to handle this request.' })
    }
    if (pathname === '/api/v1/tenants') return json(200, { data: [{ tenant_id: 'alpha', name: 'Alpha Harbour' }] })
    return json(404, {})
  }
  vi.spyOn(Math, 'random').mockReturnValue(0.5)
  const scheduler = createManualScheduler()
  const auth = createFakeAuthAdapter({ initialUser: { uid: 'u1', email: 'ada@honu.test' } })
  const client = createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch: fetchLike },
    auth,
    scheduler,
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  const router = testRouter()
  render(
    <ConsoleProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes />
        <RouterProbe router={router} />
      </MemoryRouter>
    </ConsoleProvider>,
  )
  return { client, server, auth, router, scheduler }
}

describe("'Error logging in' when the user record fails at load", () => {
  it('a 500: says so with the server message instead of a blank sign-in page, and Retry finishes signing in', async () => {
    const { server, router, auth } = openSignedIn('/login', 500)
    expect(await screen.findByRole('heading', { name: 'Error logging in' })).toHaveFocus()
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch user data: The server failed to handle this request.')
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)

    server.user = 200
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Choose a tenant' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/tenant')
    expect(await auth.getCurrentUser()).toMatchObject({ uid: 'u1' })
  })

  it('on a deep link too, and Sign out leads to the sign-in form', async () => {
    // A 500: the server answered (a 502–504 would say it cannot be reached, and the sign-in route would say that).
    const { auth } = openSignedIn('/streams', 500)
    const panel = (await screen.findByRole('heading', { name: 'Error logging in' })).closest('section')!
    fireEvent.click(within(panel).getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(await auth.getCurrentUser()).toBeUndefined()
  })

  it('no answer at all: says the server could not be reached and signs in by itself when it answers', async () => {
    const { server, scheduler } = openSignedIn('/login', 0)
    expect(await screen.findByRole('heading', { name: 'Error logging in' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached')
    server.user = 200
    await act(async () => {
      scheduler.advance(1000)
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(await screen.findByRole('heading', { name: 'Choose a tenant' })).toBeInTheDocument()
  })

  it('a 4xx keeps signing out with the toast (the account is unknown to the console)', async () => {
    const { auth } = openSignedIn('/login', 404)
    expect(await screen.findByText('Error logging in')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(await auth.getCurrentUser()).toBeUndefined()
  })
})

describe('the sign-in page after the server ended the session', () => {
  it('says the session ended, until the next sign-in', async () => {
    const client = createConsoleClient({
      api: { baseUrl: 'http://127.0.0.1:1' },
      scheduler: createManualScheduler(),
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
      logger: { warn: vi.fn(), error: vi.fn() },
    })
    client.session.setState({ notice: 'session-ended' })
    const router = testRouter()
    render(
      <ConsoleProvider client={client}>
        <MemoryRouter initialEntries={['/login']}>
          <ConsoleRoutes />
          <RouterProbe router={router} />
        </MemoryRouter>
      </ConsoleProvider>,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Sign in again to continue.')
    await expectNoAxeViolations(document.body)
    act(() => client.session.getState().setSession({ uid: 'u', email: 'a@b.c', permissions: {} }, 't'))
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument()
  })
})
