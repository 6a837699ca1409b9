import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createFakeAuthAdapter, createFakeServer, createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { Console } from '../console'
import { ConsoleProvider, type WidgetDefinition } from '@honu/console-kit'
import { consoleAt, RouterProbe, testRouter } from '../__fixtures__/console-at'
import { ConsoleRoutes } from './create-console-routes'

function mount(path: string, basePath?: string) {
  const client = createConsoleClient({
    // A server that answers (its health check: the console asks it when it mounts).
    api: { baseUrl: 'http://api.test', fetch: createFakeServer().fetch },
    auth: createFakeAuthAdapter(),
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  const router = testRouter()
  render(
    <ConsoleProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes basePath={basePath} />
        <RouterProbe router={router} />
      </MemoryRouter>
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

describe('Console', () => {
  it('brings its own memory router when asked, with a base name for every link and redirect', async () => {
    const client = createConsoleClient({
      // A server that answers (its health check: the console asks it when it mounts).
      api: { baseUrl: 'http://api.test', fetch: createFakeServer().fetch },
      auth: createFakeAuthAdapter(),
      scheduler: createManualScheduler(),
      storage: { local: createMemoryStorage(), session: createMemoryStorage() },
      logger: { warn: vi.fn(), error: vi.fn() },
    })
    render(<Console client={client} basename="/ops" memoryRouter={{ initialEntries: ['/ops/'] }} />)
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/ops/auth/action')
    // The memory router leaves the page's own address alone.
    expect(window.location.pathname).toBe('/')
  })
})

describe('widgets loaded after sign-in', () => {
  const videoWidget: WidgetDefinition = {
    type: 'Video',
    title: 'Video',
    description: 'A live video stream.',
    icon: () => null,
    load: async () => ({ default: ({ widget }) => <p>Playing {widget.name}</p> }),
    parse: (data) => data,
  }
  const wes = { uid: 'wes', email: 'wes@honu.test' }
  const server = {
    'GET /api/v1/users/wes': { status: 200, body: { email: wes.email, permissions: { alpha: ['reader'] } } },
    'GET /api/v1/videos': {
      status: 200,
      body: { data: [{ video_id: 'v1', name: 'Harbour mouth', source: 'https://cams.test/h.m3u8' }], total_count: 1 },
    },
  }

  it('a widget list given as a function is not loaded for the sign-in page', async () => {
    const load = vi.fn(async () => [videoWidget])
    consoleAt('/login', { widgets: load })
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(load).not.toHaveBeenCalled()
  })

  it('is loaded with the working layout and reaches its dashboards', async () => {
    const load = vi.fn(async () => [videoWidget])
    consoleAt('/streams', { signedInAs: wes, tenant: { tenant_id: 'alpha', name: 'Alpha Harbour' }, widgets: load, server })
    const list = await screen.findByRole('list', { name: /Streams/ })
    fireEvent.click(within(list).getByRole('button', { name: /Harbour mouth/ }))
    expect(await screen.findByText('Playing Harbour mouth')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })
})
