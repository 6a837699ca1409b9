import { fireEvent, render, screen } from '@testing-library/react'
import { Suspense, useState, type ReactNode } from 'react'
import { isValidElement } from 'react'
import { Link, MemoryRouter, Outlet, useRoutes, type RouteObject } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../../../test/axe'
import { createConsoleRoutes } from './create-console-routes'
import { lazyScreen } from '../ui/lazy-screen'
import { RouteError } from './route-error'
import { RouteErrorBoundary } from './route-error-boundary'

const noWait = { sleep: async () => undefined }
const Hello = ({ name }: { name: string }) => <h1>Hello {name}</h1>

const inMain = (error: unknown) => (
  <main>
    <RouteError error={error} />
  </main>
)

function mount(element: ReactNode) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <RouteErrorBoundary fallback={inMain}>
        <main>
          <Suspense fallback={<p>Loading…</p>}>{element}</Suspense>
        </main>
      </RouteErrorBoundary>
    </MemoryRouter>,
  )
}

describe('lazyScreen', () => {
  it('retries a failed load and shows the screen once it loads', async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Hello)
    const Screen = lazyScreen(load, noWait)
    mount(<Screen name="Ada" />)
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('waits longer between tries (0.5 s, then about twice as long each time)', async () => {
    const waits: number[] = []
    const load = vi.fn<() => Promise<typeof Hello>>().mockRejectedValue(new TypeError('offline'))
    const Screen = lazyScreen(load, { sleep: async (ms) => void waits.push(ms) })
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    mount(<Screen name="Ada" />)
    await screen.findByRole('heading', { name: 'The console was updated or cannot be reached.' })
    expect(load).toHaveBeenCalledTimes(4)
    expect(waits).toEqual([500, 1000, 2000])
  })

  it("after every try failed: 'The console was updated or cannot be reached' with Reload, and Try again loads afresh", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let available = false
    const load = vi.fn(async () => {
      if (!available) throw new TypeError('Failed to fetch dynamically imported module: /assets/screen-1.js')
      return Hello
    })
    const Screen = lazyScreen(load, noWait)
    mount(<Screen name="Ada" />)
    expect(await screen.findByRole('heading', { name: 'The console was updated or cannot be reached.' })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    await expectNoAxeViolations(document.body)

    available = true
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(5)
  })
})

describe('lazyScreen preload', () => {
  it('once preloaded it renders at once, with no loading state, and loads only once', async () => {
    const load = vi.fn(async () => Hello)
    const Screen = lazyScreen(load, noWait)
    await Promise.all([Screen.preload(), Screen.preload()])
    mount(<Screen name="Ada" />)
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument()
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('a preload that failed every try rejects with the console-updated error, and the next one loads afresh', async () => {
    const load = vi.fn<() => Promise<typeof Hello>>().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue(Hello)
    const Screen = lazyScreen(load, { ...noWait, attempts: 1 })
    await expect(Screen.preload()).rejects.toMatchObject({ code: 'console/screen-load-failed' })
    await Screen.preload()
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('RouteError', () => {
  it('a screen that throws while rendering says so instead of a developer page, and Try again renders it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let broken = true
    function Fragile() {
      const [name] = useState('Ada')
      if (broken) throw new Error('render failed')
      return <h1>Hello {name}</h1>
    }
    mount(<Fragile />)
    expect(await screen.findByRole('heading', { name: 'This screen failed to show.' })).toBeInTheDocument()
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument()
    await expectNoAxeViolations(document.body)
    broken = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument()
  })

  it('sits on every route of the console', () => {
    const missing: string[] = []
    const walk = (routes: RouteObject[], at: string) => {
      for (const route of routes) {
        const where = `${at}/${route.path ?? (route.index ? '(index)' : '(layout)')}`
        if (!isValidElement(route.element) || route.element.type !== RouteErrorBoundary) missing.push(where)
        if (route.children) walk(route.children, where)
      }
    }
    const routes = createConsoleRoutes()
    walk(routes, '')
    expect(missing).toEqual([])
  })
})

describe('RouteErrorBoundary', () => {
  function Broken(): ReactNode {
    throw new Error('render failed')
  }
  function Layout() {
    return (
      <>
        <nav>
          <Link to="/fine">Fine</Link>
        </nav>
        <main>
          <Outlet />
        </main>
      </>
    )
  }
  function App() {
    return useRoutes([
      {
        path: '/',
        element: (
          <RouteErrorBoundary>
            <Layout />
          </RouteErrorBoundary>
        ),
        children: [
          {
            path: 'broken',
            element: (
              <RouteErrorBoundary>
                <Broken />
              </RouteErrorBoundary>
            ),
          },
          {
            path: 'fine',
            element: (
              <RouteErrorBoundary>
                <h1>Fine here</h1>
              </RouteErrorBoundary>
            ),
          },
        ],
      },
    ])
  }

  it('shows the failed route in its place, keeps the layout around it, and another route renders normally', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <App />
      </MemoryRouter>,
    )
    expect(await screen.findByRole('heading', { name: 'This screen failed to show.' })).toBeInTheDocument()
    expect(screen.getByRole('navigation')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('link', { name: 'Fine' }))
    expect(await screen.findByRole('heading', { name: 'Fine here' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'This screen failed to show.' })).not.toBeInTheDocument()
  })

  it('shows its own fallback when given one', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <MemoryRouter>
        <RouteErrorBoundary fallback={(error) => <p role="alert">{(error as Error).message}</p>}>
          <Broken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('render failed')
  })

  it("the console root's failure keeps the console's styles scope and theme around the error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const [root] = createConsoleRoutes()
    // No ConsoleProvider: the themed root cannot read the preferences and throws.
    const { container } = render(<MemoryRouter initialEntries={['/']}>{root?.element}</MemoryRouter>)
    expect(await screen.findByRole('heading', { name: 'This screen failed to show.' })).toBeInTheDocument()
    expect(container.firstElementChild).toHaveClass('honu-console')
    expect(container.firstElementChild).toHaveAttribute('data-theme', 'dark')
  })
})
