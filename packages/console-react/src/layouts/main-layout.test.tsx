import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider } from '../provider/console-provider'
import { RouterProbe, testRouter } from '../__fixtures__/console-at'
import { ConsoleRoutes } from '../routes/create-console-routes'

function signedInAt(path: string) {
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1' },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  client.tenant.getState().setTenant({ tenant_id: 'alpha', name: 'Alpha Harbour' })
  const router = testRouter()
  render(
    <ConsoleProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes />
        <RouterProbe router={router} />
      </MemoryRouter>
    </ConsoleProvider>,
  )
  // No identity provider here: the session is set as a provider would set it.
  act(() => client.session.getState().setSession({ uid: 'u', email: 'wes@honu.test', permissions: { alpha: ['writer'] } }, 't'))
  return client
}

describe('MainLayout', () => {
  it('shows the tenant, the navigation and who is signed in, without axe violations', async () => {
    signedInAt('/streams')
    expect(await screen.findByRole('heading', { name: 'Streams' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toHaveTextContent('Alpha Harbour')
    expect(screen.getByRole('link', { name: 'Streams' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByText('wes@honu.test')).toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })

  it('asks to sign in again when the session expired, keeping the page', async () => {
    const client = signedInAt('/adminconsole')
    await screen.findByRole('heading', { name: 'Admin console' })
    act(() => client.session.getState().requestReauthentication())
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has expired')
    expect(screen.getByRole('heading', { name: 'Admin console' })).toBeInTheDocument()
  })

  it('follows the light theme preference', async () => {
    const client = signedInAt('/streams')
    await screen.findByRole('heading', { name: 'Streams' })
    expect(document.querySelector('.honu-console')).toHaveAttribute('data-theme', 'dark')
    act(() => client.preferences.getState().setDarkMode(false))
    expect(document.querySelector('.honu-console')).toHaveAttribute('data-theme', 'light')
  })
})
