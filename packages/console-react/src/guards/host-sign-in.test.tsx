import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTokenAuthAdapter, type AuthUser } from '@honu/core'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'
import { pageNavigation, signInAddress } from '../navigation/host-options'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const server = {
  'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['writer'] } } },
  'GET /api/v1/tenants': { status: 200, body: { data: [alpha] } },
  'GET /api/v1/videos': { status: 200, body: { data: [] } },
}

/** A host's identity system: signed out until `signIn`, telling its listeners (the token adapter's `subscribe`). */
function createPortal() {
  let user: AuthUser | undefined
  const listeners = new Set<(user: AuthUser | undefined) => void>()
  const auth = createTokenAuthAdapter({
    getUser: () => user,
    getToken: async () => (user ? `portal-token-${user.uid}` : undefined),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    signOut: async () => {
      user = undefined
      for (const listener of listeners) listener(undefined)
    },
  })
  return {
    auth,
    signIn(next: AuthUser) {
      user = next
      act(() => listeners.forEach((listener) => listener(user)))
    },
  }
}

/** No form of the console's own: no e-mail, password or code field, no sign-in button. */
function expectNoSignInForm() {
  expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument()
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument()
}

afterEach(() => vi.restoreAllMocks())

describe('host sign-in', () => {
  it('a signed-out deep link under a base path is handed to the host with the path wanted, once, and no form shows', async () => {
    const portal = createPortal()
    const onSignInRequired = vi.fn()
    const { router } = consoleAt('/ops/streams?view=grid', { auth: portal.auth, basePath: '/ops', host: { onSignInRequired }, server })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByText('Sign in through the host application.')).toBeInTheDocument()
    expectNoSignInForm()
    expect(router.state.location.pathname).toBe('/ops/login')
    await waitFor(() => expect(onSignInRequired).toHaveBeenCalledTimes(1))
    expect(onSignInRequired).toHaveBeenCalledWith('/ops/streams?view=grid')
    await expectNoAxeViolations(document.body)
  })

  it('after the host signs in, the console opens the path wanted without being mounted again', async () => {
    const portal = createPortal()
    const onSignInRequired = vi.fn()
    const { router, client } = consoleAt('/collaboration', { auth: portal.auth, host: { onSignInRequired }, tenant: alpha, server })
    await waitFor(() => expect(onSignInRequired).toHaveBeenCalledWith('/collaboration'))
    portal.signIn(wes)
    expect(await screen.findByRole('heading', { level: 1, name: 'Collaboration' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/collaboration')
    expect(client.session.getState().token).toBe('portal-token-wes')
    expect(onSignInRequired).toHaveBeenCalledTimes(1)
  })

  it('embedded under a base path, a deep link survives the host’s sign-in and the tenant choice', async () => {
    const portal = createPortal()
    const onSignInRequired = vi.fn()
    const { router } = consoleAt('/ops/networktopology', { auth: portal.auth, basePath: '/ops', host: { onSignInRequired }, server })
    await waitFor(() => expect(onSignInRequired).toHaveBeenCalledWith('/ops/networktopology'))
    portal.signIn(wes)
    // No tenant yet: the choice first, then the page the user came for.
    fireEvent.click(await screen.findByRole('button', { name: /Alpha Harbour/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/networktopology'))
  })

  it('with signInUrl the browser goes to the host page with the path as returnTo (no token in it)', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {})
    consoleAt('/ops/adminconsole', { auth: createPortal().auth, basePath: '/ops', host: { signInUrl: 'https://portal.example.com/signin' }, server })
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1))
    expect(assign).toHaveBeenCalledWith('https://portal.example.com/signin?returnTo=%2Fops%2Fadminconsole')
    // A link to it as well, for when the browser is told not to go.
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute(
      'href',
      'https://portal.example.com/signin?returnTo=%2Fops%2Fadminconsole',
    )
    expectNoSignInForm()
  })

  it.each(['/mfasignin', '/auth/action?mode=resetPassword&oobCode=x', '/login'])(
    'the token adapter alone (no option) shows no form on %s',
    async (path) => {
      consoleAt(path, { auth: createPortal().auth, server })
      expect(await screen.findByText('Sign in through the host application.')).toBeInTheDocument()
      expectNoSignInForm()
      expect(screen.queryByRole('link', { name: 'Go to sign-in' })).not.toBeInTheDocument()
    },
  )

  it('onSignInRequired with the console’s own identity provider also hands sign-in to the host', async () => {
    const onSignInRequired = vi.fn()
    consoleAt('/streams', { host: { onSignInRequired }, server })
    await waitFor(() => expect(onSignInRequired).toHaveBeenCalledWith('/streams'))
    expectNoSignInForm()
  })

  it('without host sign-in the form is still there', async () => {
    consoleAt('/login', { server })
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument()
  })

  it.each([
    ['/signin', '/ops', '/signin?returnTo=%2Fops'],
    ['/signin?app=ops', '/ops/streams', '/signin?app=ops&returnTo=%2Fops%2Fstreams'],
    ['/signin?', '/x', '/signin?returnTo=%2Fx'],
    ['https://id.example.com/login#top', '/ops?a=1&b=2', 'https://id.example.com/login?returnTo=%2Fops%3Fa%3D1%26b%3D2#top'],
  ])('signInAddress(%s, %s) is %s', (url, path, expected) => {
    expect(signInAddress(url, path)).toBe(expected)
  })
})

/** A server that refuses this origin (CORS) answers nothing the browser lets through: every call a network failure. */
const refusing = { 'GET /health': 'no answer', ...Object.fromEntries(Object.keys(server).map((call) => [call, 'no answer'])) } as const

describe('a server that cannot be reached (or refuses this origin)', () => {
  it('the sign-in route says so in place, with the address and a Retry, and shows the form once the server answers', async () => {
    const { answers } = consoleAt('/streams', { server: refusing })
    expect(await screen.findByRole('heading', { level: 1, name: 'Ping to API failed.' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('http://api.test/health')
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument()
    // Said once: the console-wide banner stays quiet while the panel says it.
    expect(screen.queryByRole('button', { name: 'Retry now' })).not.toBeInTheDocument()
    expect(screen.queryByText(/The server cannot be reached/)).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)
    // Allowed now: everything answers.
    Object.assign(answers, server, { 'GET /health': { status: 200, body: { status: 'ok' } } })
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Ping to API failed.' })).not.toBeInTheDocument()
  })

  it("signed in with the provider but the user record unreachable: 'Error logging in' names the address it tried", async () => {
    const { answers } = consoleAt('/streams', { signedInAs: wes, tenant: alpha, server: refusing })
    expect(await screen.findByRole('heading', { level: 1, name: 'Error logging in' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('http://api.test/health')
    await expectNoAxeViolations(document.body)
    Object.assign(answers, server, { 'GET /health': { status: 200, body: { status: 'ok' } } })
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Streams' })).toBeInTheDocument()
  })

  it('with host sign-in a signed-out user still goes to the host (signing in there needs no console server)', async () => {
    const onSignInRequired = vi.fn()
    consoleAt('/streams', { auth: createPortal().auth, host: { onSignInRequired }, server: refusing })
    await waitFor(() => expect(onSignInRequired).toHaveBeenCalledWith('/streams'))
    expect(screen.queryByRole('heading', { name: 'Ping to API failed.' })).not.toBeInTheDocument()
  })
})
