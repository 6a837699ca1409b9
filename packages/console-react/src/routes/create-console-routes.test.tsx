import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createFakeAuthAdapter, createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider } from '../provider/console-provider'
import { createConsoleRoutes } from './create-console-routes'

function mount(path: string, basePath?: string) {
  const client = createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1' },
    auth: createFakeAuthAdapter(),
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  const router = createMemoryRouter(createConsoleRoutes({ basePath }), { initialEntries: [path] })
  render(
    <ConsoleProvider client={client}>
      <RouterProvider router={router} />
    </ConsoleProvider>,
  )
  return { router, client }
}

describe('createConsoleRoutes', () => {
  it('redirects / to the login screen', async () => {
    const { router } = mount('/')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('mounts under a base path and keeps redirects inside it', async () => {
    const { router } = mount('/ops/streams', '/ops')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/ops/login')
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/ops/auth/action')
  })

  it('shows the 404 page for any other path, without axe violations', async () => {
    mount('/nowhere')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })

  it('renders the login screen without axe violations', async () => {
    mount('/login')
    await screen.findByRole('heading', { name: 'Sign in' })
    await expectNoAxeViolations(document.body)
  })
})
