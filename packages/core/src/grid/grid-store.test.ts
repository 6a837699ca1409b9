import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createGridStore } from './grid-store'

const storages = () => ({ local: createMemoryStorage(), session: createMemoryStorage() })

/** The store once it has read back what storage holds (the console client does that at sign-in). */
const restored = async <T extends { restore(): Promise<void> }>(store: T): Promise<T> => {
  await store.restore()
  return store
}

describe('grid store', () => {
  it('keeps settings and workspaces in session storage only', async () => {
    const s = storages()
    const store = createGridStore(s.session)
    store.getState().setSettings({ snapToGrid: true })
    store.getState().setWorkspaceItems('stream-view', [{ id: 'v1', type: 'Video', name: 'Front' }])
    expect(s.local.size).toBe(0)
    const again = (await restored(createGridStore(s.session))).getState()
    expect(again.settings.snapToGrid).toBe(true)
    expect(again.settings.snapToGridColumns).toBe(2)
    expect(again.workspaces['stream-view'].items).toEqual([{ id: 'v1', type: 'Video', name: 'Front' }])
  })
  it('drops stored widgets without an id and survives a corrupted document', async () => {
    const session = createMemoryStorage()
    session.setItem('workspaces', JSON.stringify({ 'stream-view': { items: [{ type: 'Video' }, { id: 'ok', type: 'Map' }] } }))
    session.setItem('gridSettings', '{"snapToGrid":"yes","snapToGridColumns":3}')
    const state = (await restored(createGridStore(session))).getState()
    expect(state.workspaces['stream-view'].items.map((w) => w.id)).toEqual(['ok'])
    expect(state.workspaces['mission-review'].items).toEqual([])
    expect(state.settings).toMatchObject({ snapToGrid: false, snapToGridColumns: 3 })
    session.setItem('workspaces', '{broken')
    expect((await restored(createGridStore(session))).getState().workspaces['stream-view'].items).toEqual([])
  })
  it('empties every workspace on resetWorkspaces', () => {
    const store = createGridStore(createMemoryStorage())
    store.getState().setWorkspaceItems('mission-review', [{ id: 'm', type: 'Map', name: 'map' }])
    store.getState().resetWorkspaces()
    expect(Object.values(store.getState().workspaces).every((w) => w.items.length === 0)).toBe(true)
  })
})
