import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'
import { CONSOLE_ROUTES } from '../navigation/console-routes'

const wes = { uid: 'wes', email: 'wes@honu.test', password: 'correct horse' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const server = {
  'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['writer'] } } },
  'GET /api/v1/tenants': { status: 200, body: { data: [alpha] } },
  'GET /api/v1/videos': { status: 200, body: { data: [] } },
}

describe('RouteGuard', () => {
  it.each(CONSOLE_ROUTES.filter((row) => row.access !== 'public').map((row) => row.path))(
    'signed out, %s goes to sign-in and remembers where it was going',
    async (path) => {
      const { router } = consoleAt(path)
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/login')
      expect(router.state.location.state).toEqual({ from: path })
    },
  )

  it('after signing in, a remembered deep link opens instead of the default landing page', async () => {
    const { router } = consoleAt('/collaboration', { accounts: [wes], tenant: alpha, server })
    await screen.findByRole('heading', { name: 'Sign in' })
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: wes.email } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: wes.password } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Collaboration' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/collaboration')
  })

  it('a deep link survives sign-in and the tenant choice: the chosen tenant opens it, not the streams', async () => {
    const { router } = consoleAt('/networktopology', { accounts: [wes], server })
    await screen.findByRole('heading', { name: 'Sign in' })
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: wes.email } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: wes.password } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('heading', { name: 'Choose a tenant' })).toBeInTheDocument()
    fireEvent.click(await screen.findByRole('button', { name: /Alpha Harbour/ }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/networktopology'))
  })

  it('the page someone signed out from is not a deep link: the next person to sign in starts at the tenant choice, then the streams', async () => {
    const { client, router } = consoleAt('/collaboration', { accounts: [wes], signedInAs: wes, tenant: alpha, server })
    expect(await screen.findByRole('heading', { level: 1, name: 'Collaboration' })).toBeInTheDocument()
    await act(() => client.signOut())
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.state).toEqual({ from: undefined })
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: wes.email } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: wes.password } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    fireEvent.click(await screen.findByRole('button', { name: /Alpha Harbour/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Streams' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/streams')
  })

  it('without a deep link, the tenant choice opens the streams', async () => {
    const { router } = consoleAt('/tenant', { signedInAs: wes, server })
    fireEvent.click(await screen.findByRole('button', { name: /Alpha Harbour/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Streams' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/streams')
  })

  it('signed in without a tenant, a tenant screen goes to the tenant choice', async () => {
    const { router } = consoleAt('/streams', { signedInAs: wes, server })
    expect(await screen.findByRole('heading', { name: 'Choose a tenant' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/tenant')
  })

  it('signed in with a tenant, the sign-in page goes on to the streams', async () => {
    const { router } = consoleAt('/login', { signedInAs: wes, tenant: alpha, server })
    expect(await screen.findByRole('heading', { level: 1, name: 'Streams' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/streams')
  })

  it("a user record that cannot load: 'Error logging in' with Retry instead of the screen, and Retry opens it", async () => {
    const { answers } = consoleAt('/adminconsole', { signedInAs: wes, tenant: alpha, server: { ...server, 'GET /api/v1/users/wes': 'no answer' } })
    // The record cannot load: the session stays short of signed in, and the guard says so instead of the screen.
    expect(await screen.findByRole('heading', { name: 'Error logging in' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Admin console' })).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)
    answers['GET /api/v1/users/wes'] = server['GET /api/v1/users/wes']
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin console' })).toBeInTheDocument()
  })

  it('waits with a status while the provider has not answered yet', async () => {
    const { client } = consoleAt('/adminconsole', { signedInAs: wes, tenant: alpha, server })
    // Before the provider reports the user, the session is loading: a status line, nothing else.
    act(() => client.session.getState().setLoading())
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    expect(screen.queryByRole('heading', { name: 'Admin console' })).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })

  it('step 2 is not run on the first arrival: the record signing in just loaded is not loaded a second time', async () => {
    const { requests } = consoleAt('/collaboration', { accounts: [wes], signedInAs: wes, tenant: alpha, server })
    expect(await screen.findByText('Your role here: writer')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(requests.filter((r) => r === 'GET /api/v1/users/wes')).toHaveLength(1)
  })

  it('re-syncs the user on a route change, so a role changed on the server shows', async () => {
    const { answers, requests } = consoleAt('/collaboration', { accounts: [wes], signedInAs: wes, tenant: alpha, server })
    expect(await screen.findByText('Your role here: writer')).toBeInTheDocument()
    const before = requests.filter((r) => r === 'GET /api/v1/users/wes').length
    answers['GET /api/v1/users/wes'] = { status: 200, body: { email: wes.email, permissions: { alpha: ['admin'] } } }
    // The admin console opens its tabs only for an admin: the role re-synced on this route change.
    fireEvent.click(screen.getByRole('link', { name: 'Admin console' }))
    expect(await screen.findByRole('tablist', { name: 'Admin console sections' })).toBeInTheDocument()
    expect(requests.filter((r) => r === 'GET /api/v1/users/wes').length).toBe(before + 1)
  })
})
