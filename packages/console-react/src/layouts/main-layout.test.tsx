import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { consoleAt } from '../__fixtures__/console-at'

const wes = { uid: 'wes', email: 'wes@honu.test' }
const alpha = { tenant_id: 'alpha', name: 'Alpha Harbour' }
const server = {
  'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['writer'], bravo: ['reader'] } } },
  'GET /api/v1/videos': { status: 200, body: { data: [] } },
  'GET /api/v1/tenants': {
    status: 200,
    body: {
      data: [
        { tenant_id: 'bravo', name: 'Bravo Bay' },
        { tenant_id: 'alpha', name: 'Alpha Harbour' },
      ],
    },
  },
}

async function signedInAt(path: string) {
  const view = consoleAt(path, { signedInAs: wes, tenant: alpha, server })
  await screen.findByRole('heading', { level: 1 })
  return { ...view, user: userEvent.setup() }
}

// Keyboard steps wait for Floating UI's focus moves (a frame each); a busy machine makes a test take seconds.
describe('MainLayout', { timeout: 30_000 }, () => {
  it('shows the tenant, the navigation as tabs and who is signed in, without axe violations', async () => {
    await signedInAt('/streams')
    const banner = screen.getByRole('banner')
    expect(within(banner).getByRole('button', { name: 'Tenant: Alpha Harbour' })).toHaveTextContent('Alpha Harbour')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Streams' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Admin console' })).not.toHaveAttribute('aria-current')
    expect(within(banner).getByRole('button', { name: 'Account: wes@honu.test' })).toHaveTextContent('wes@honu.test')
    await expectNoAxeViolations(document.body)
  })

  it('signs out from the user menu with the keyboard', async () => {
    const { user, router, client } = await signedInAt('/streams')
    screen.getByRole('button', { name: 'Account: wes@honu.test' }).focus()
    await user.keyboard('{ArrowUp}')
    const signOut = await screen.findByRole('menuitem', { name: 'Sign out' })
    await waitFor(() => expect(signOut).toHaveFocus())
    expect(screen.getByRole('menu')).toHaveTextContent(/Preferences.*Change password.*Sign out/)
    await expectNoAxeViolations(document.body)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(client.session.getState().user).toBeUndefined()
  })

  it('opens Preferences from the user menu as a dialog that Escape closes, focus back on the menu button', async () => {
    const { user } = await signedInAt('/streams')
    const account = screen.getByRole('button', { name: 'Account: wes@honu.test' })
    await user.click(account)
    await user.click(await screen.findByRole('menuitem', { name: 'Preferences' }))
    expect(await screen.findByRole('dialog', { name: 'Preferences' })).toBeInTheDocument()
    await expectNoAxeViolations(document.body)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(account).toHaveFocus())
  })

  it('opens Change password from the user menu', async () => {
    const { user } = await signedInAt('/streams')
    await user.click(screen.getByRole('button', { name: 'Account: wes@honu.test' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Change password' }))
    expect(await screen.findByRole('dialog', { name: 'Change password' })).toBeInTheDocument()
  })

  it('switches the tenant from the header and opens its streams', async () => {
    const { user, router, client } = await signedInAt('/adminconsole')
    const switcher = screen.getByRole('button', { name: 'Tenant: Alpha Harbour' })
    switcher.focus()
    await user.keyboard('{Enter}')
    const current = await screen.findByRole('menuitemradio', { name: 'Alpha Harbour' })
    expect(current).toHaveAttribute('aria-checked', 'true')
    // Sorted by name, then the way to the full tenant screen.
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Alpha Harbour', 'Bravo Bay'])
    expect(screen.getByRole('menuitem', { name: 'All tenants…' })).toBeInTheDocument()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('menuitemradio', { name: 'Bravo Bay' })).toHaveFocus())
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/streams'))
    expect(client.tenant.getState().tenant?.tenant_id).toBe('bravo')
    expect(await screen.findByRole('button', { name: 'Tenant: Bravo Bay' })).toBeInTheDocument()
  })

  it('switches the organisation from the header in mission planning', async () => {
    const oda = { uid: 'oda', email: 'oda@honu.test' }
    const { client, router } = consoleAt('/missionreview', {
      signedInAs: oda,
      flags: { mission_planning: true },
      server: {
        'GET /api/v1/users/oda': { status: 200, body: { email: oda.email, permissions: { '*': ['org-admin'] } } },
        'GET /api/v2/user/oda': { status: 200, body: { data: [{ uid: 'oda', email: oda.email }] } },
        'GET /api/v2/organisation': {
          status: 200,
          body: {
            data: [
              { id: 'o2', name: 'Reef Survey' },
              { id: 'o1', name: 'Coral Watch' },
            ],
          },
        },
      },
    })
    await screen.findByRole('heading', { level: 1, name: 'Mission review' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Organisation: None chosen' }))
    await screen.findByRole('menuitemradio', { name: 'Coral Watch' })
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Coral Watch', 'Reef Survey'])
    expect(screen.getByRole('menuitem', { name: 'All organisations…' })).toBeInTheDocument()
    await user.click(screen.getByRole('menuitemradio', { name: 'Reef Survey' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/missionoperations'))
    expect(client.tenant.getState().organisation).toEqual({ id: 'o2', name: 'Reef Survey' })
    expect(await screen.findByRole('button', { name: 'Organisation: Reef Survey' })).toBeInTheDocument()
  })

  it('offers the navigation as a menu too (shown instead of the tabs under 1024 px), the current page checked', async () => {
    const { user, router } = await signedInAt('/streams')
    await user.click(screen.getByRole('button', { name: 'Navigation' }))
    expect(await screen.findByRole('menuitemradio', { name: 'Streams' })).toHaveAttribute('aria-checked', 'true')
    await user.click(screen.getByRole('menuitemradio', { name: 'Admin console' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminconsole'))
  })

  it('under 1024 px shows the account as an icon whose tooltip says who is signed in', async () => {
    const wide = window.innerWidth
    window.innerWidth = 800
    try {
      await signedInAt('/streams')
      const account = screen.getByRole('button', { name: 'Account: wes@honu.test' })
      expect(account).not.toHaveTextContent('wes@honu.test')
      act(() => account.focus())
      expect(await screen.findByText('Account: wes@honu.test', { selector: '[role="tooltip"], [role="tooltip"] *' })).toBeInTheDocument()
      await expectNoAxeViolations(document.body)
    } finally {
      window.innerWidth = wide
    }
  })

  it('asks to sign in again when the session expired, keeping the page', async () => {
    const { client } = await signedInAt('/adminconsole')
    act(() => client.session.getState().requestReauthentication())
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has expired')
    expect(screen.getByRole('heading', { name: 'Admin console' })).toBeInTheDocument()
  })

  it('follows the light theme preference', async () => {
    const { client } = await signedInAt('/streams')
    expect(document.querySelector('.honu-console')).toHaveAttribute('data-theme', 'dark')
    act(() => client.preferences.getState().setTheme('light'))
    expect(document.querySelector('.honu-console')).toHaveAttribute('data-theme', 'light')
  })
})
