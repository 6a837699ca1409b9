import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createGridStore } from './grid-store'
import { createWorkspaceActions } from './create-workspace-actions'
import type { StorageAdapter } from '../platform/storage-adapter'

/** A grid store as a reload makes it: reading back what the session storage holds (the console client does at sign-in). */
const reloaded = async (session: StorageAdapter) => {
  const grid = createGridStore(session)
  await grid.restore()
  return grid
}

const setup = () => {
  const session = createMemoryStorage()
  const grid = createGridStore(session)
  return { grid, session, actions: createWorkspaceActions(grid) }
}

describe('createWorkspaceActions', () => {
  it('applies the rules to the store and persists them in session storage', async () => {
    const { grid, session, actions } = setup()
    actions.add('stream-view', { id: 'v1', type: 'Video', name: 'Bow' })
    actions.add('stream-view', { id: 'map', type: 'Map', name: 'map' })
    actions.minimise('stream-view', 'v1')
    expect(grid.getState().workspaces['stream-view'].items.map((i) => [i.id, !!i.isMinimised])).toEqual([
      ['v1', true],
      ['map', false],
    ])
    expect((await reloaded(session)).getState().workspaces['stream-view'].items).toHaveLength(2)
  })

  it("replaces a widget's data, keeping its place and persisting it; an unknown id writes nothing", async () => {
    const { grid, session, actions } = setup()
    actions.add('stream-view', { id: 'v1', type: 'Video', name: 'Bow', data: { streamId: 'a' } })
    const before = grid.getState().workspaces['stream-view'].items[0]!
    actions.setData('stream-view', 'v1', { streamId: 'b' })
    const after = grid.getState().workspaces['stream-view'].items[0]!
    expect(after).toEqual({ ...before, data: { streamId: 'b' } })
    expect((await reloaded(session)).getState().workspaces['stream-view'].items[0]!.data).toEqual({ streamId: 'b' })
    const workspaces = grid.getState().workspaces
    actions.setData('stream-view', 'nobody', { streamId: 'c' })
    expect(grid.getState().workspaces).toBe(workspaces)
  })

  it("keeps a widget's data through export and import, as a file would carry it", () => {
    const { actions } = setup()
    actions.add('stream-view', { id: 'Video-1', type: 'Video', name: 'Video 1' })
    actions.setData('stream-view', 'Video-1', { streamId: 'alpha-bow' })
    const file = JSON.stringify(actions.exportLayout())
    const other = setup()
    other.actions.importLayout(JSON.parse(file))
    expect(other.grid.getState().workspaces['stream-view'].items[0]).toMatchObject({ id: 'Video-1', data: { streamId: 'alpha-bow' } })
  })

  it('a noMove widget keeps its cell and a noResize one its size, by mouse or keyboard (spec §3)', () => {
    const { grid, actions } = setup()
    actions.add('stream-view', { id: 'a', type: 'Video', name: 'a', noMove: true })
    actions.add('stream-view', { id: 'b', type: 'Video', name: 'b', noResize: true })
    const items = () => grid.getState().workspaces['stream-view'].items
    const [a, b] = items()
    expect(actions.nudge('stream-view', 'a', 1, 0)).toBe(a)
    actions.place('stream-view', 'a', { x: 8, y: 0, w: 6, h: 6 })
    expect(items()[0]).toMatchObject({ x: a!.x, y: a!.y, w: 6, h: 6 })
    actions.place('stream-view', 'b', { x: 0, y: 20, w: 2, h: 12 })
    expect(items()[1]).toMatchObject({ w: b!.w, h: b!.h })
    // It still moves.
    const placed = items()[1]!
    expect(actions.nudge('stream-view', 'b', 1, 0)).toMatchObject({ x: placed.x! + 1, w: b!.w })
  })

  it('switching snap on keeps no band layout of the snap layout', () => {
    const { grid, actions } = setup()
    actions.add('stream-view', { id: 'a', type: 'Video', name: 'a' })
    grid.getState().setWorkspace('stream-view', { band: 'lg' })
    grid.getState().setWorkspaceItems('stream-view', grid.getState().workspaces['stream-view'].items, true)
    const saved = grid.getState().workspaces['stream-view'].layouts
    actions.setSnapToGrid(true)
    expect(grid.getState().workspaces['stream-view'].layouts).toEqual(saved)
  })

  it('switches every workspace to snap mode and back', () => {
    const { grid, actions } = setup()
    actions.add('stream-view', { id: 'a', type: 'Video', name: 'a' })
    actions.add('mission-review', { id: 'b', type: 'Map', name: 'b' })
    actions.setSnapToGrid(true)
    expect(grid.getState().settings.snapToGrid).toBe(true)
    expect(grid.getState().workspaces['mission-review'].items[0]).toMatchObject({ w: 1, h: 1, noResize: true })
    actions.setSnapToGrid(false)
    expect(grid.getState().workspaces['stream-view'].items[0]).toMatchObject({ w: 4, h: 8, noResize: false })
  })

  it('places a widget within the columns', () => {
    const { grid, actions } = setup()
    actions.add('stream-view', { id: 'a', type: 'Video', name: 'a' })
    actions.place('stream-view', 'a', { x: 11, y: 2, w: 6, h: 3 })
    // Clamped to the columns and to the minimum height (4); gravity lifts it to the top.
    expect(grid.getState().workspaces['stream-view'].items[0]).toMatchObject({ x: 6, y: 0, w: 6, h: 4, autoPosition: false })
  })

  it('gives added widgets their spot in the store, and makes room when one moves onto another', () => {
    const { grid, actions } = setup()
    actions.add('stream-view', { id: 'a', type: 'Video', name: 'a' })
    actions.add('stream-view', { id: 'b', type: 'Video', name: 'b' })
    const items = () => grid.getState().workspaces['stream-view'].items
    expect(items().map(({ x, y }) => ({ x, y }))).toEqual([
      { x: 0, y: 0 },
      { x: 4, y: 0 },
    ])
    actions.place('stream-view', 'b', { x: 0, y: 0, w: 4, h: 8 })
    expect(items().map(({ id, x, y }) => ({ id, x, y }))).toEqual([
      { id: 'a', x: 0, y: 8 },
      { id: 'b', x: 0, y: 0 },
    ])
  })

  it('a keyboard step down goes to the nearest row where the widget really lands', () => {
    const { grid, actions } = setup()
    actions.add('stream-view', { id: 'a', type: 'Video', name: 'a' })
    actions.add('stream-view', { id: 'b', type: 'Video', name: 'b' })
    actions.place('stream-view', 'b', { x: 0, y: 8, w: 4, h: 8 })
    expect(actions.nudge('stream-view', 'a', 0, 1)).toMatchObject({ x: 0, y: 8 })
    expect(grid.getState().workspaces['stream-view'].items.find((i) => i.id === 'b')).toMatchObject({ x: 0, y: 0 })
    // Nothing below any more: it stays.
    expect(actions.nudge('stream-view', 'a', 0, 1)).toMatchObject({ x: 0, y: 8 })
    expect(actions.nudge('stream-view', 'a', 1, 0)).toMatchObject({ x: 1 })
  })

  it('exports a layout and imports it into a fresh console', () => {
    const first = setup()
    first.actions.add('stream-view', { id: 'a', type: 'Video', name: 'a' })
    first.actions.toggleFullscreen('stream-view', 'a')
    const document = JSON.stringify(first.actions.exportLayout())
    const second = setup()
    second.actions.importLayout(document)
    expect(second.grid.getState().workspaces).toEqual(first.grid.getState().workspaces)
  })

  it('keeps the current layout when an import is refused', () => {
    const { grid, actions } = setup()
    actions.add('stream-view', { id: 'a', type: 'Video', name: 'a' })
    const before = JSON.stringify(grid.getState())
    expect(() => actions.importLayout('{"schemaVersion":2,"workspaces":{"stream-view":[{"id":"x","type":"","name":"r"}]}}')).toThrow(
      'not a widget type id',
    )
    expect(JSON.stringify(grid.getState())).toBe(before)
  })

  it("keeps another package's widget type and its data version through export and import; setData writes the version given", () => {
    const first = setup()
    first.actions.add('stream-view', { id: 'n', type: 'acme.notes', name: 'Notes', data: { text: 'hi' }, dataVersion: 1 })
    first.actions.setData('stream-view', 'n', { note: 'hi' }, 2)
    const second = setup()
    second.actions.importLayout(JSON.stringify(first.actions.exportLayout()))
    expect(second.grid.getState().workspaces['stream-view'].items).toEqual([
      expect.objectContaining({ id: 'n', type: 'acme.notes', data: { note: 'hi' }, dataVersion: 2 }),
    ])
  })

  it('toggles and removes', () => {
    const { grid, actions } = setup()
    actions.toggle('mission-operations', { id: 'm', type: 'MissionExecStatus', name: 'Exec' })
    actions.toggle('mission-operations', { id: 'm', type: 'MissionExecStatus', name: 'Exec' })
    expect(grid.getState().workspaces['mission-operations'].items).toEqual([])
    actions.add('mission-operations', { id: 'n', type: 'Map', name: 'n' })
    actions.remove('mission-operations', 'n')
    expect(grid.getState().workspaces['mission-operations'].items).toEqual([])
  })
})
