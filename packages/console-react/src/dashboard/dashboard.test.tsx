import { StrictMode, type ComponentType } from 'react'
import { Circle } from 'lucide-react'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createWorkspaceActions } from '@honu/core/grid'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { expectNoAxeViolations } from '../../../../test/axe'
import { ConsoleProvider, invalidWidgetData, type WidgetDefinition, type WidgetProps } from '@honu/console-kit'
import { Dashboard } from './dashboard'

const onRender = vi.fn()
const renders = (id: string) => onRender.mock.calls.filter(([rendered]) => rendered === id).length
function Counter({ widget }: WidgetProps) {
  onRender(widget.id)
  return <p>content of {widget.name}</p>
}
function Crashing(): never {
  throw new Error('boom')
}
const definition = (type: WidgetDefinition['type'], component: ComponentType<WidgetProps>): WidgetDefinition => ({
  type,
  title: type,
  description: `A ${type} widget.`,
  icon: Circle,
  load: async () => ({ default: component }),
  parse: (data) => data,
})
const registry = [definition('Video', Counter), definition('Map', Counter), definition('Vehicle', Crashing)]

/** A console whose API never answers, on a manual clock and memory storage. */
const offlineClient = () =>
  createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1' },
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })

function setup() {
  const client = offlineClient()
  const actions = createWorkspaceActions(client.grid)
  actions.add('stream-view', { id: 'a', type: 'Video', name: 'Bow camera' })
  actions.add('stream-view', { id: 'b', type: 'Map', name: 'Harbour map' })
  actions.place('stream-view', 'a', { x: 0, y: 0, w: 4, h: 4 })
  actions.place('stream-view', 'b', { x: 0, y: 4, w: 4, h: 4 })
  render(
    <ConsoleProvider client={client}>
      <Dashboard workspace="stream-view" label="Streams" registry={registry} />
    </ConsoleProvider>,
  )
  return { client, actions }
}
const item = (name: string) => screen.getByRole('group', { name })

describe('Dashboard', () => {
  it('renders each widget with its controls, without axe violations', async () => {
    setup()
    expect(await screen.findByText('content of Bow camera')).toBeInTheDocument()
    expect(within(item('Harbour map')).getByRole('button', { name: 'Minimise: Harbour map' })).toBeInTheDocument()
    await expectNoAxeViolations(document.body)
  })

  it('moves and resizes with the keyboard, announcing each change, and Escape puts it back', async () => {
    const { client } = setup()
    await screen.findByText('content of Bow camera')
    const a = item('Bow camera')
    a.focus()
    fireEvent.keyDown(a, { key: 'Enter' })
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Bow camera lifted at column 1, row 1')
    // The map sits below: one step down swaps them (gravity makes a one-row step no move at all).
    fireEvent.keyDown(a, { key: 'ArrowDown' })
    expect(client.grid.getState().workspaces['stream-view'].items[0]).toMatchObject({ y: 4 })
    expect(screen.getByText(/Bow camera moved to column 1, row 5/)).toBeInTheDocument()
    fireEvent.keyDown(a, { key: 'ArrowDown' })
    expect(screen.getByText(/Bow camera cannot move further that way; it stays at column 1, row 5/)).toBeInTheDocument()
    fireEvent.keyDown(a, { key: 'ArrowRight', shiftKey: true })
    expect(client.grid.getState().workspaces['stream-view'].items[0]).toMatchObject({ w: 5 })
    fireEvent.keyDown(a, { key: 'Escape' })
    expect(client.grid.getState().workspaces['stream-view'].items[0]).toMatchObject({ x: 0, y: 0, w: 4, h: 4 })
    expect(screen.getByText(/Cancelled. Bow camera is back at column 1, row 1/)).toBeInTheDocument()
  })

  it('keyboard moves honour noMove and keyboard resizing honours noResize (spec §3)', async () => {
    const { client, actions } = setup()
    act(() => {
      actions.add('stream-view', { id: 'pinned', type: 'Map', name: 'Pinned map', noMove: true })
      actions.add('stream-view', { id: 'fixed', type: 'Map', name: 'Fixed map', noResize: true })
    })
    await screen.findByText('content of Pinned map')
    const stored = (id: string) => client.grid.getState().workspaces['stream-view'].items.find((i) => i.id === id)!
    const pinned = item('Pinned map')
    const before = stored('pinned')
    fireEvent.keyDown(pinned, { key: 'Enter' })
    fireEvent.keyDown(pinned, { key: 'ArrowLeft' })
    expect(screen.getByText('Pinned map cannot be moved.')).toBeInTheDocument()
    expect(stored('pinned')).toMatchObject({ x: before.x, y: before.y })
    const fixed = item('Fixed map')
    const size = { w: stored('fixed').w, h: stored('fixed').h }
    fireEvent.keyDown(fixed, { key: 'Enter' })
    fireEvent.keyDown(fixed, { key: 'ArrowRight', shiftKey: true })
    expect(screen.getByText('Fixed map cannot be resized.')).toBeInTheDocument()
    expect(stored('fixed')).toMatchObject(size)
  })

  it("draws the grid settings: snap columns, and the grid's minimum width and height", async () => {
    const { client, actions } = setup()
    await screen.findByText('content of Bow camera')
    const grid = document.querySelector<HTMLElement>('.grid-stack')!
    expect(grid.style.minHeight).toBe('')
    act(() =>
      actions.applySettings({ ...client.grid.getState().settings, snapToGrid: true, snapToGridColumns: 3, minGridWidth: 900, minGridHeight: 500 }),
    )
    expect(grid.style.minWidth).toBe('900px')
    expect(grid.style.minHeight).toBe('500px')
    expect(grid.dataset.columns).toBe('3')
    expect((grid as unknown as { gridstack: { getColumn(): number } }).gridstack.getColumn()).toBe(3)
  })

  it('moving one widget re-renders no other widget’s content', async () => {
    const { actions } = setup()
    await screen.findByText('content of Harbour map')
    const before = { a: renders('a'), b: renders('b') }
    expect(before.b).toBeGreaterThan(0)
    act(() => actions.place('stream-view', 'a', { x: 6, y: 0, w: 4, h: 4 }))
    expect(renders('b')).toBe(before.b)
    expect(renders('a')).toBe(before.a)
  })

  it('minimises to the tray and restores', async () => {
    setup()
    await screen.findByText('content of Harbour map')
    fireEvent.click(screen.getByRole('button', { name: 'Minimise: Harbour map' }))
    expect(screen.queryByRole('group', { name: 'Harbour map' })).toBeNull()
    fireEvent.click(within(screen.getByRole('list', { name: 'Minimised widgets' })).getByRole('button', { name: 'Restore Harbour map' }))
    expect(await screen.findByRole('group', { name: 'Harbour map' })).toBeInTheDocument()
  })

  it('a crashing widget shows an error card with a retry; the others keep working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { actions } = setup()
    act(() => actions.add('stream-view', { id: 'c', type: 'Vehicle', name: 'Kahu' }))
    expect(await screen.findByText('Kahu stopped working.')).toBeInTheDocument()
    expect(screen.getByText('content of Bow camera')).toBeInTheDocument()
    fireEvent.click(within(item('Kahu')).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Kahu stopped working.')).toBeInTheDocument()
  })

  it('a widget whose code failed to load loads it again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let attempts = 0
    const flaky: WidgetDefinition = {
      ...definition('Tenant', Counter),
      load: async () => {
        attempts += 1
        if (attempts === 1) throw new Error('chunk gone')
        return { default: Counter }
      },
    }
    const client = offlineClient()
    createWorkspaceActions(client.grid).add('stream-view', { id: 't', type: 'Tenant', name: 'Alpha' })
    render(
      <ConsoleProvider client={client}>
        <Dashboard workspace="stream-view" label="Streams" registry={[flaky]} />
      </ConsoleProvider>,
    )
    expect(await screen.findByText('Alpha stopped working.')).toBeInTheDocument()
    fireEvent.click(within(item('Alpha')).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('content of Alpha')).toBeInTheDocument()
    expect(attempts).toBe(2)
  })

  it('goes fullscreen and back', async () => {
    setup()
    await screen.findByText('content of Bow camera')
    const toggle = screen.getByRole('button', { name: 'Fullscreen: Bow camera' })
    fireEvent.click(toggle)
    expect(screen.getByRole('button', { name: 'Leave fullscreen: Bow camera' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('loads only the types it shows, hands each widget its parsed data and a setData, and shows unreadable data’s reason', async () => {
    const loads = { Video: vi.fn(), Tenant: vi.fn() }
    function Picker({ widget, setData }: WidgetProps<{ camera: string }>) {
      return (
        <button type="button" onClick={() => setData({ camera: 'stern' })}>
          {widget.name} shows {widget.data.camera}
        </button>
      )
    }
    const picker: WidgetDefinition = {
      ...definition('Video', Counter),
      load: async () => {
        loads.Video()
        return { default: Picker as ComponentType<WidgetProps> }
      },
      parse: (data) => {
        if (data !== undefined && typeof (data as { camera?: unknown }).camera !== 'string') throw invalidWidgetData('camera', 'must be text')
        return { camera: (data as { camera?: string } | undefined)?.camera ?? 'bow' }
      },
    }
    const unused: WidgetDefinition = {
      ...definition('Tenant', Counter),
      load: async () => {
        loads.Tenant()
        return { default: Counter }
      },
    }
    const client = offlineClient()
    const actions = createWorkspaceActions(client.grid)
    actions.add('mission-review', { id: 'a', type: 'Video', name: 'Camera' })
    actions.add('mission-review', { id: 'b', type: 'Video', name: 'Broken camera', data: { camera: 3 } })
    render(
      <ConsoleProvider client={client}>
        <Dashboard workspace="mission-review" label="Review" registry={[picker, unused]} />
      </ConsoleProvider>,
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Camera shows bow' }))
    expect(client.grid.getState().workspaces['mission-review'].items[0]!.data).toEqual({ camera: 'stern' })
    expect(await screen.findByRole('button', { name: 'Camera shows stern' })).toBeInTheDocument()
    expect(within(item('Broken camera')).getByRole('alert')).toHaveTextContent('This widget’s data cannot be read: camera must be text.')
    expect(loads.Video).toHaveBeenCalledTimes(1)
    expect(loads.Tenant).not.toHaveBeenCalled()
  })

  it('under StrictMode keeps one grid through the double mount, and destroys it on unmount', async () => {
    const client = offlineClient()
    createWorkspaceActions(client.grid).add('stream-view', { id: 'a', type: 'Map', name: 'Harbour map' })
    const view = render(
      <StrictMode>
        <ConsoleProvider client={client}>
          <Dashboard workspace="stream-view" label="Streams" registry={registry} />
        </ConsoleProvider>
      </StrictMode>,
    )
    expect(await screen.findByText('content of Harbour map')).toBeInTheDocument()
    const grid = document.querySelector('.grid-stack') as HTMLElement & { gridstack?: { engine: { nodes: unknown[] } } }
    expect(grid.gridstack?.engine.nodes).toHaveLength(1)
    view.unmount()
    expect(grid.gridstack).toBeUndefined()
  })
})
