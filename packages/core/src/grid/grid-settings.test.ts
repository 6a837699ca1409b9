import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createGridSettingsEditor } from './create-grid-settings-editor'
import { createWorkspaceActions } from './create-workspace-actions'
import { defaultGridSettings } from './grid-model'
import { draftOf, validateGridSettings } from './grid-settings'
import { createGridStore } from './grid-store'
import type { StorageAdapter } from '../platform/storage-adapter'

/** A grid store as a reload makes it: reading back what the session storage holds (the console client does at sign-in). */
const reloaded = async (session: StorageAdapter) => {
  const grid = createGridStore(session)
  await grid.restore()
  return grid
}

describe('validateGridSettings', () => {
  it('accepts the defaults and answers numbers', () => {
    expect(validateGridSettings(draftOf(defaultGridSettings))).toEqual({ settings: defaultGridSettings, errors: {} })
    expect(validateGridSettings({ ...draftOf(defaultGridSettings), snapToGridColumns: ' 3 ' }).settings?.snapToGridColumns).toBe(3)
  })

  it('answers the range each wrong field accepts', () => {
    const { settings, errors } = validateGridSettings({
      ...draftOf(defaultGridSettings),
      snapToGridColumns: '0',
      snapToGridHeight: '12.5',
      gridItemHeight: '',
      minGridWidth: '-1',
      minGridHeight: 'tall',
    })
    expect(settings).toBeUndefined()
    expect(errors).toEqual({
      snapToGridColumns: { min: 1, max: 12 },
      snapToGridHeight: { min: 70, max: 2000 },
      gridItemHeight: { min: 1, max: 4 },
      minGridWidth: { min: 0, max: 10000 },
      minGridHeight: { min: 0, max: 10000 },
    })
  })

  it('checks the widget width against the snap columns of the same draft', () => {
    const draft = { ...draftOf(defaultGridSettings), snapToGridColumns: '3', gridItemWidth: '4' }
    expect(validateGridSettings(draft).errors).toEqual({ gridItemWidth: { min: 1, max: 3 } })
    expect(validateGridSettings({ ...draft, snapToGridColumns: '4' }).errors).toEqual({})
  })
})

describe('createGridSettingsEditor', () => {
  const setup = () => {
    const session = createMemoryStorage()
    const grid = createGridStore(session)
    const actions = createWorkspaceActions(grid)
    for (const id of ['a', 'b', 'c']) actions.add('stream-view', { id, type: 'Video', name: id })
    actions.add('mission-review', { id: 'm', type: 'Map', name: 'm' })
    return { grid, session, editor: createGridSettingsEditor(grid, actions) }
  }
  const places = (grid: ReturnType<typeof createGridStore>) =>
    grid.getState().workspaces['stream-view'].items.map(({ id, x, y, w, h }) => ({ id, x, y, w, h }))

  it('previews each valid change at once, laying snap mode out with its columns and widget size', () => {
    const { grid, editor } = setup()
    editor.change({ snapToGrid: true })
    expect(grid.getState().settings.snapToGrid).toBe(true)
    expect(places(grid)).toEqual([
      { id: 'a', x: 0, y: 0, w: 1, h: 1 },
      { id: 'b', x: 1, y: 0, w: 1, h: 1 },
      { id: 'c', x: 0, y: 1, w: 1, h: 1 },
    ])
    editor.change({ snapToGridColumns: '3' })
    expect(places(grid).map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ])
    editor.change({ gridItemWidth: '2', snapToGridColumns: '4', gridItemHeight: '2' })
    expect(places(grid)).toEqual([
      { id: 'a', x: 0, y: 0, w: 2, h: 2 },
      { id: 'b', x: 2, y: 0, w: 2, h: 2 },
      { id: 'c', x: 0, y: 2, w: 2, h: 2 },
    ])
    expect(grid.getState().workspaces['mission-review'].items[0]).toMatchObject({ w: 2, h: 2 })
  })

  it('switching snap on keeps no band layout of the snap layout, so the free layout comes back as it was', () => {
    const { grid, editor } = setup()
    grid.getState().setWorkspace('stream-view', { band: 'xl' })
    grid.getState().setWorkspaceItems('stream-view', grid.getState().workspaces['stream-view'].items, true)
    const saved = grid.getState().workspaces['stream-view'].layouts
    editor.change({ snapToGrid: true })
    expect(grid.getState().workspaces['stream-view'].layouts).toEqual(saved)
  })

  it('keeps the grid as last valid while a field is wrong, and shows only the fields touched until Save', () => {
    const { grid, editor } = setup()
    editor.change({ snapToGrid: true, snapToGridColumns: '3' })
    editor.change({ snapToGridColumns: '13' })
    expect(grid.getState().settings.snapToGridColumns).toBe(3)
    expect(editor.getSnapshot().errors).toEqual({ snapToGridColumns: { min: 1, max: 12 } })
    editor.change({ snapToGridColumns: '2', minGridHeight: '' })
    expect(Object.keys(editor.getSnapshot().errors)).toEqual(['minGridHeight'])
    expect(editor.save()).toBe(false)
    editor.change({ minGridHeight: '400' })
    expect(editor.save()).toBe(true)
    expect(grid.getState().settings).toMatchObject({ snapToGrid: true, snapToGridColumns: 2, minGridHeight: 400 })
  })

  it('Cancel puts back the settings and every layout as they were', async () => {
    const { grid, session, editor } = setup()
    const before = grid.getState()
    editor.change({ snapToGrid: true, snapToGridColumns: '4', snapToGridHeight: '300' })
    expect(grid.getState().settings).not.toEqual(before.settings)
    editor.cancel()
    expect(grid.getState().settings).toEqual(before.settings)
    expect(grid.getState().workspaces).toEqual(before.workspaces)
    // What is persisted is put back too.
    expect((await reloaded(session)).getState().settings).toEqual(before.settings)
  })

  it('saved settings persist with the grid state', async () => {
    const { session, editor } = setup()
    editor.change({ snapToGrid: true, snapToGridColumns: '5', minGridWidth: '800' })
    expect(editor.save()).toBe(true)
    expect((await reloaded(session)).getState().settings).toMatchObject({ snapToGrid: true, snapToGridColumns: 5, minGridWidth: 800 })
  })
})
