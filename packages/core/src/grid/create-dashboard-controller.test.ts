import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../platform/storage-adapter'
import { BAND_SWITCH_MARGIN_PX, createDashboardController } from './create-dashboard-controller'
import type { GridEngine, GridEngineEvent, GridPlace } from './create-grid-engine'
import { createWorkspaceActions } from './create-workspace-actions'
import { createGridStore } from './grid-store'

/** A grid engine that records what it is asked and mounts when the test says so. */
function createFakeEngine() {
  const listeners = new Map<GridEngineEvent, Set<(places: GridPlace[]) => void>>()
  const mounts: { el: HTMLElement; resolve: () => void; reject: (error: Error) => void }[] = []
  const calls: string[] = []
  const synced: GridPlace[][] = []
  const engine: GridEngine = {
    mounted: false,
    mount: (el) =>
      new Promise<void>((resolve, reject) => {
        calls.push('mount')
        mounts.push({ el, resolve, reject })
      }),
    destroy: () => void calls.push('destroy'),
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => void set.delete(listener)
    },
    add: vi.fn(),
    load: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(),
    setColumns: (columns) => void calls.push(`columns ${columns}`),
    setCellHeight: (px) => void calls.push(`cellHeight ${px}`),
    setResizable: (on) => void calls.push(`resizable ${on}`),
    sync: (places) => {
      calls.push('sync')
      synced.push([...places])
    },
  }
  /** What the user's mouse does: gridstack reports the dragged widget's place. */
  const emit = (event: GridEngineEvent, places: GridPlace[]) => {
    for (const listener of listeners.get(event) ?? []) listener(places)
  }
  const listenerCount = () => [...listeners.values()].reduce((n, set) => n + set.size, 0)
  return { engine, mounts, calls, synced, emit, listenerCount }
}

const el = {} as HTMLElement
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup() {
  const grid = createGridStore(createMemoryStorage())
  const actions = createWorkspaceActions(grid)
  actions.add('stream-view', { id: 'a', type: 'Video', name: 'Bow camera' })
  actions.add('stream-view', { id: 'b', type: 'Map', name: 'Harbour map' })
  actions.place('stream-view', 'a', { x: 0, y: 0, w: 4, h: 4 })
  actions.place('stream-view', 'b', { x: 0, y: 4, w: 4, h: 4 })
  const fake = createFakeEngine()
  const controller = createDashboardController(grid, fake.engine)
  return { grid, actions, fake, controller }
}

describe('createDashboardController', () => {
  it('gives the engine the settings before it mounts, and draws the places once it is ready', async () => {
    const { fake, controller } = setup()
    const seen: string[] = []
    controller.subscribe(() => seen.push(controller.getSnapshot()))
    expect(controller.getSnapshot()).toBe('idle')
    controller.connect(el, 'stream-view')
    expect(fake.calls).toEqual(['columns 12', 'cellHeight 70', 'resizable true', 'mount'])
    expect(controller.getSnapshot()).toBe('mounting')
    fake.mounts[0]!.resolve()
    await flush()
    expect(controller.getSnapshot()).toBe('ready')
    expect(seen).toEqual(['mounting', 'ready'])
    expect(fake.synced).toEqual([
      [
        { id: 'a', x: 0, y: 0, w: 4, h: 4 },
        { id: 'b', x: 0, y: 4, w: 4, h: 4 },
      ],
    ])
  })

  it('survives a StrictMode double mount: one grid stays, and the first mount finishing late changes nothing', async () => {
    const { fake, controller } = setup()
    const disconnectFirst = controller.connect(el, 'stream-view')
    disconnectFirst()
    expect(controller.getSnapshot()).toBe('idle')
    const disconnect = controller.connect(el, 'stream-view')
    expect(fake.calls.filter((c) => c === 'mount' || c === 'destroy')).toEqual(['mount', 'destroy', 'mount'])
    // The second mount finishes first; the first one's late answer must not reset anything.
    fake.mounts[1]!.resolve()
    await flush()
    fake.mounts[0]!.resolve()
    await flush()
    expect(controller.getSnapshot()).toBe('ready')
    // Only the live connection listens: one drag listener and one resize listener.
    expect(fake.listenerCount()).toBe(2)
    // A second disconnect of the first connection does not tear down the live grid.
    disconnectFirst()
    expect(fake.calls.filter((c) => c === 'destroy')).toHaveLength(1)
    expect(controller.getSnapshot()).toBe('ready')
    disconnect()
    expect(fake.calls.filter((c) => c === 'destroy')).toHaveLength(2)
    expect(controller.getSnapshot()).toBe('idle')
    expect(fake.listenerCount()).toBe(0)
  })

  it('a mount finishing after its disconnect leaves the dashboard idle', async () => {
    const { fake, controller } = setup()
    controller.connect(el, 'stream-view')()
    fake.mounts[0]!.resolve()
    await flush()
    expect(controller.getSnapshot()).toBe('idle')
    expect(fake.synced).toEqual([])
  })

  it('says when gridstack could not be loaded', async () => {
    const { fake, controller } = setup()
    controller.connect(el, 'stream-view')
    fake.mounts[0]!.reject(new Error('chunk failed'))
    await flush()
    expect(controller.getSnapshot()).toBe('error')
  })

  it('draws every store change in one sync, leaves minimised widgets out, and skips changes elsewhere', async () => {
    const { fake, controller, actions } = setup()
    controller.connect(el, 'stream-view')
    fake.mounts[0]!.resolve()
    await flush()
    fake.synced.length = 0
    actions.place('stream-view', 'a', { x: 6, y: 0, w: 4, h: 4 })
    expect(fake.synced).toEqual([
      [
        { id: 'a', x: 6, y: 0, w: 4, h: 4 },
        { id: 'b', x: 0, y: 0, w: 4, h: 4 },
      ],
    ])
    actions.minimise('stream-view', 'b')
    expect(fake.synced.at(-1)).toEqual([{ id: 'a', x: 6, y: 0, w: 4, h: 4 }])
    const count = fake.synced.length
    actions.add('mission-review', { id: 'c', type: 'Map', name: 'Other map' })
    expect(fake.synced).toHaveLength(count)
  })

  it('switching snap mode sets the columns, row height and resizing before the places', async () => {
    const { fake, controller, actions } = setup()
    controller.connect(el, 'stream-view')
    fake.mounts[0]!.resolve()
    await flush()
    fake.calls.length = 0
    actions.setSnapToGrid(true)
    const last = fake.calls.slice(fake.calls.lastIndexOf('columns 2'))
    expect(last).toEqual(['columns 2', 'cellHeight 600', 'resizable false', 'sync'])
    expect(fake.synced.at(-1)!.every((place) => place.x < 2)).toBe(true)
  })

  it('writes a mouse drag or resize back to the store, for the connected workspace only', async () => {
    const { fake, controller, grid } = setup()
    const disconnect = controller.connect(el, 'stream-view')
    fake.mounts[0]!.resolve()
    await flush()
    fake.emit('dragstop', [{ id: 'b', x: 6, y: 0, w: 4, h: 4 }])
    expect(grid.getState().workspaces['stream-view'].items.find((item) => item.id === 'b')).toMatchObject({ x: 6, y: 0 })
    fake.emit('resizestop', [{ id: 'a', x: 0, y: 0, w: 6, h: 4 }])
    expect(grid.getState().workspaces['stream-view'].items.find((item) => item.id === 'a')).toMatchObject({ w: 6 })
    disconnect()
    const before = grid.getState().workspaces
    fake.emit('dragstop', [{ id: 'a', x: 8, y: 0, w: 4, h: 4 }])
    expect(grid.getState().workspaces).toBe(before)
  })
})

describe('createDashboardController, screen bands', () => {
  /** A width source the test drives: what a ResizeObserver on the grid element would report. */
  function widthSource() {
    const reports = new Set<(width: number) => void>()
    const observeWidth = (_el: HTMLElement, report: (width: number) => void) => {
      reports.add(report)
      return () => void reports.delete(report)
    }
    const resize = (width: number) => {
      for (const report of reports) report(width)
    }
    return { observeWidth, resize, watching: () => reports.size }
  }

  function setupBands() {
    const grid = createGridStore(createMemoryStorage())
    const actions = createWorkspaceActions(grid)
    const fake = createFakeEngine()
    const width = widthSource()
    const controller = createDashboardController(grid, fake.engine, { observeWidth: width.observeWidth })
    const band = () => grid.getState().workspaces['stream-view'].band
    const places = () => grid.getState().workspaces['stream-view'].items.map(({ id, x, y, w, h }) => ({ id, x, y, w, h }))
    return { grid, actions, fake, width, controller, band, places }
  }

  it('picks the band from the width of the grid element, and draws that band when it changes', async () => {
    const s = setupBands()
    const disconnect = s.controller.connect(el, 'stream-view')
    s.width.resize(1900)
    expect(s.band()).toBe('lg')
    for (const id of ['a', 'b']) s.actions.add('stream-view', { id, type: 'Video', name: id })
    s.actions.place('stream-view', 'b', { x: 4, y: 0, w: 4, h: 4 })
    const arranged = s.places()
    s.fake.mounts[0]!.resolve()
    await flush()
    s.width.resize(700)
    expect(s.band()).toBe('sm')
    // The engine draws the derived layout: both widgets wider, one under the other.
    expect(s.fake.synced.at(-1)).toEqual(s.places())
    expect(s.places()).not.toEqual(arranged)
    s.width.resize(1900)
    expect(s.places()).toEqual(arranged)
    expect(s.fake.synced.at(-1)).toEqual(arranged)
    disconnect()
    expect(s.width.watching()).toBe(0)
  })

  it(`changes band only ${BAND_SWITCH_MARGIN_PX} px past a breakpoint, so a scrollbar coming and going cannot flip it`, () => {
    const s = setupBands()
    s.controller.connect(el, 'stream-view')
    s.width.resize(1030)
    expect(s.band()).toBe('md')
    s.width.resize(1015)
    expect(s.band()).toBe('md')
    s.width.resize(1024 - BAND_SWITCH_MARGIN_PX - 1)
    expect(s.band()).toBe('sm')
    s.width.resize(1030)
    expect(s.band()).toBe('sm')
    s.width.resize(1024 + BAND_SWITCH_MARGIN_PX)
    expect(s.band()).toBe('md')
    // A jump across several bands needs no margin.
    s.width.resize(500)
    expect(s.band()).toBe('xs')
  })

  it('takes the first width as it is, with no band to stay in', () => {
    const s = setupBands()
    s.controller.connect(el, 'stream-view')
    s.width.resize(1921)
    expect(s.band()).toBe('xl')
  })
})
