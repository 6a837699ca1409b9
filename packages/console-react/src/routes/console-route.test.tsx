import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createFakeAuthAdapter, createFakeServer, createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { consoleRoute } from './console-route'

const newClient = () =>
  createConsoleClient({
    api: { baseUrl: 'http://api.test', fetch: createFakeServer().fetch },
    auth: createFakeAuthAdapter(),
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })

describe('consoleRoute', () => {
  it('is a splat route under its path that creates the client only on the first visit, once', async () => {
    const client = vi.fn(newClient)
    const route = consoleRoute({ path: '/ops/', client })
    expect(route.path).toBe('/ops/*')
    expect(typeof route.lazy).toBe('function')
    const router = createMemoryRouter([{ path: '/', element: <p>Portal home</p> }, route], { initialEntries: ['/'] })
    render(<RouterProvider router={router} />)
    expect(await screen.findByText('Portal home')).toBeInTheDocument()
    expect(client).not.toHaveBeenCalled()

    // The console's routes under the base path: a deep link is guarded, redirects keep the base path.
    await router.navigate('/ops/streams')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/ops/login')
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/ops/auth/action')
    await router.navigate('/')
    await router.navigate('/ops/nowhere')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(client).toHaveBeenCalledTimes(1)
  })

  it('renders the console in a shadow root with isolate', async () => {
    const router = createMemoryRouter([consoleRoute({ path: '/ops', isolate: true, client: newClient })], { initialEntries: ['/ops/login'] })
    const { container } = render(<RouterProvider router={router} />)
    const host = await vi.waitFor(() => {
      const element = container.querySelector('[data-honu-shadow-host]')
      if (!element?.shadowRoot?.querySelector('.honu-console')) throw new Error('not yet')
      return element
    })
    expect(container.querySelector('.honu-console')).toBeNull()
    expect(host.shadowRoot!.querySelector('.honu-console')).not.toBeNull()
  })

  it('refuses a path that is not absolute', () => {
    expect(() => consoleRoute({ path: 'ops', client: newClient })).toThrow(/must start with "\/"/)
  })
})
