import { afterEach, describe, expect, it } from 'vitest'
import { createGridStore, createWorkspaceActions } from '@honu/core/grid'
import { createMemoryStorage } from '@honu/core/testing'
import { focusWidget, openDeviceWidget } from './open-device-widget'

const items = (grid: ReturnType<typeof createGridStore>) => grid.getState().workspaces['stream-view'].items

describe('openDeviceWidget', () => {
  it("adds the vehicle's Vehicle widget (data { deviceId }) once; a second choice finds it", () => {
    const grid = createGridStore(createMemoryStorage())
    expect(openDeviceWidget(grid, 'stream-view', 'Vehicle', 'alpha-usv-1', 'USV Kahu')).toBe('vehicle-alpha-usv-1')
    expect(items(grid)).toEqual([
      expect.objectContaining({
        id: 'vehicle-alpha-usv-1',
        type: 'Vehicle',
        name: 'USV Kahu',
        data: { deviceId: 'alpha-usv-1' },
        isMinimised: false,
      }),
    ])
    expect(openDeviceWidget(grid, 'stream-view', 'Vehicle', 'alpha-usv-1', 'USV Kahu')).toBe('vehicle-alpha-usv-1')
    expect(items(grid)).toHaveLength(1)
  })

  it('finds a Vehicle widget the user added for that vehicle, and restores it when minimised', () => {
    const grid = createGridStore(createMemoryStorage())
    const actions = createWorkspaceActions(grid)
    actions.add('stream-view', { id: 'v-mine', type: 'Vehicle', name: 'Kahu', data: { deviceId: 'alpha-usv-1', staleAfterS: 10 } })
    actions.add('stream-view', { id: 'v-other', type: 'Vehicle', name: 'Manu', data: { deviceId: 'alpha-usv-2' } })
    actions.minimise('stream-view', 'v-mine')
    expect(items(grid).find((i) => i.id === 'v-mine')?.isMinimised).toBe(true)
    expect(openDeviceWidget(grid, 'stream-view', 'Vehicle', 'alpha-usv-1', 'USV Kahu')).toBe('v-mine')
    expect(items(grid).find((i) => i.id === 'v-mine')?.isMinimised).toBe(false)
    expect(items(grid)).toHaveLength(2)
  })

  it("opens a device's Vnc widget apart from any Vehicle widget of the same id", () => {
    const grid = createGridStore(createMemoryStorage())
    const actions = createWorkspaceActions(grid)
    actions.add('stream-view', { id: 'v-1', type: 'Vehicle', name: 'Odd', data: { deviceId: 'alpha-ra-1' } })
    expect(openDeviceWidget(grid, 'stream-view', 'Vnc', 'alpha-ra-1', 'Bridge console')).toBe('vnc-alpha-ra-1')
    expect(items(grid).find((i) => i.id === 'vnc-alpha-ra-1')).toMatchObject({
      type: 'Vnc',
      name: 'Bridge console',
      data: { deviceId: 'alpha-ra-1' },
    })
    expect(openDeviceWidget(grid, 'stream-view', 'Vnc', 'alpha-ra-1', 'Bridge console')).toBe('vnc-alpha-ra-1')
    expect(items(grid)).toHaveLength(2)
  })

  it('adds a widget of its own when the id it would take belongs to a widget pointed at another device since', () => {
    const grid = createGridStore(createMemoryStorage())
    const actions = createWorkspaceActions(grid)
    actions.add('stream-view', { id: 'vnc-alpha-ra-1', type: 'Vnc', name: 'Repointed', data: { deviceId: 'alpha-ra-2' } })
    expect(openDeviceWidget(grid, 'stream-view', 'Vnc', 'alpha-ra-1', 'Bridge console')).toBe('vnc-alpha-ra-1-2')
    expect(items(grid).find((i) => i.id === 'vnc-alpha-ra-1-2')).toMatchObject({ data: { deviceId: 'alpha-ra-1' } })
    expect(items(grid).find((i) => i.id === 'vnc-alpha-ra-1')).toMatchObject({ data: { deviceId: 'alpha-ra-2' } })
  })

  it('keeps workspaces apart', () => {
    const grid = createGridStore(createMemoryStorage())
    openDeviceWidget(grid, 'mission-operations', 'Vehicle', 'alpha-usv-1', 'USV Kahu')
    expect(items(grid)).toEqual([])
    expect(grid.getState().workspaces['mission-operations'].items).toHaveLength(1)
  })
})

describe('focusWidget', () => {
  // The React project shares one jsdom per worker (vitest.config.ts, isolate: false): a tile left focusable in the
  // body took the next file's Tab (tooltip.test.tsx's IconButton lost its focus and tooltip to it).
  afterEach(() => document.body.replaceChildren())

  it("focuses the widget's tile in the same dashboard once it is drawn", async () => {
    document.body.innerHTML = `
      <div class="grid-stack">
        <div gs-id="map"><div class="honu-grid-item__frame" tabindex="0"><div id="inside-map"></div></div></div>
      </div>`
    const from = document.getElementById('inside-map')!
    focusWidget(from, 'vehicle-alpha-usv-1')
    // Drawn a frame later, as a widget just added is.
    const tile = document.createElement('div')
    tile.setAttribute('gs-id', 'vehicle-alpha-usv-1')
    tile.innerHTML = '<div class="honu-grid-item__frame" tabindex="0"></div>'
    document.querySelector('.grid-stack')!.append(tile)
    await expect.poll(() => document.activeElement).toBe(tile.firstElementChild)
  })
})
