import { describe, expect, it, vi } from 'vitest'
import { number, object } from 'valibot'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { createPreferencesStore } from '../stores/preferences-store'
import { createStreamViewStore } from '../stores/stream-view-store'
import { createTenantStore } from '../stores/tenant-store'
import { restoreSlice } from './schema'
import { createMemoryStorage } from './storage-adapter'

const quiet = () => ({ warn: vi.fn(), error: vi.fn() })
const point = object({ x: number('{path} is not a number') })

/** The store once it has read back what storage holds (the console client does that at sign-in). */
const restored = async <T extends { restore(): Promise<void> }>(store: T): Promise<T> => {
  await store.restore()
  return store
}

describe('restoreSlice (stored state read through a schema)', () => {
  it('returns the first stored value the schema accepts, session before local', () => {
    const session = createMemoryStorage()
    const local = createMemoryStorage()
    local.setItem('point', '{"x":1}')
    expect(restoreSlice('point', [session, local], point, quiet())).toEqual({ x: 1 })
    session.setItem('point', '{"x":2}')
    expect(restoreSlice('point', [session, local], point, quiet())).toEqual({ x: 2 })
  })

  it('drops a malformed value with a warning naming the key and the field, and falls through to the next storage', () => {
    const logger = quiet()
    const session = createMemoryStorage()
    const local = createMemoryStorage()
    session.setItem('point', '{"x":"far"}')
    expect(restoreSlice('point', [session], point, logger)).toBeUndefined()
    expect(logger.warn).toHaveBeenCalledWith('[@honu/core] the stored "point" is not usable (x is not a number); it is ignored.')
    local.setItem('point', '{"x":3}')
    expect(restoreSlice('point', [session, local], point, logger)).toEqual({ x: 3 })
  })

  it('says nothing when nothing is stored, or when the stored text is not JSON at all is read as nothing', () => {
    const logger = quiet()
    const storage = createMemoryStorage()
    expect(restoreSlice('point', [storage], point, logger)).toBeUndefined()
    storage.setItem('point', '{nope')
    expect(restoreSlice('point', [storage], point, logger)).toBeUndefined()
    expect(logger.warn).not.toHaveBeenCalled()
  })

  it('still takes a check function (a store not yet on a schema), which drops without a warning', () => {
    const logger = quiet()
    const storage = createMemoryStorage()
    storage.setItem('n', '5')
    expect(restoreSlice('n', [storage], (v) => (typeof v === 'number' ? v * 2 : undefined), logger)).toBe(10)
    storage.setItem('n', '"five"')
    expect(restoreSlice('n', [storage], (v) => (typeof v === 'number' ? v : undefined), logger)).toBeUndefined()
    expect(logger.warn).not.toHaveBeenCalled()
  })
})

describe('the restored stores’ schemas', () => {
  const storages = () => ({ local: createMemoryStorage(), session: createMemoryStorage() })

  it('tenant: a stored tenant whose name is not text is ignored, with a warning naming the field', async () => {
    const logger = quiet()
    const s = storages()
    s.session.setItem('selectedTenant', '{"tenant_id":"t1","name":7}')
    expect((await restored(createTenantStore(s, logger))).getState().tenant).toBeUndefined()
    expect(logger.warn).toHaveBeenCalledWith('[@honu/core] the stored "selectedTenant" is not usable (name is not text); it is ignored.')
  })

  it('organisation: only its id and name are restored; a missing id is named', async () => {
    const logger = quiet()
    const s = storages()
    s.local.setItem('selectedOrganisation', '{"id":"o1","name":"Ops","secret":"x"}')
    expect((await restored(createTenantStore(s, logger))).getState().organisation).toEqual({ id: 'o1', name: 'Ops' })
    s.local.setItem('selectedOrganisation', '{"name":"Ops"}')
    expect((await restored(createTenantStore(s, logger))).getState().organisation).toBeUndefined()
    expect(logger.warn).toHaveBeenCalledWith('[@honu/core] the stored "selectedOrganisation" is not usable (id is missing); it is ignored.')
  })

  it('stream sidebar: missing fields take their defaults, a stored value that is not an object is ignored with a warning', async () => {
    const logger = quiet()
    const s = storages()
    s.session.setItem('streamSidebar', '{"splitterModel":-5}')
    expect((await restored(createStreamViewStore(s, createManualScheduler(), logger))).getState()).toMatchObject({
      sidebarOpen: true,
      splitterModel: 0,
    })
    expect(logger.warn).not.toHaveBeenCalled()
    s.session.setItem('streamSidebar', '"open"')
    expect((await restored(createStreamViewStore(s, createManualScheduler(), logger))).getState()).toMatchObject({ sidebarOpen: true })
    expect(logger.warn).toHaveBeenCalledWith(
      '[@honu/core] the stored "streamSidebar" is not usable (the value is not the stream sidebar’s state); it is ignored.',
    )
  })

  it('preferences: a user without a stored language gets none, not the previous user’s; one not an object is ignored with a warning', async () => {
    const local = createMemoryStorage()
    local.setItem('preferences:de', '{"notifications":"on","theme":"light","locale":"de-DE"}')
    local.setItem('preferences:us', '{"theme":"light","locale":"not a tag!"}')
    local.setItem('preferences:odd', '"loud"')
    const preferences = createPreferencesStore(local)
    await preferences.getState().setUser('de')
    expect(preferences.getState()).toMatchObject({ notifications: 'on', theme: 'light', locale: 'de-DE' })
    await preferences.getState().setUser('us')
    expect(preferences.getState()).toMatchObject({ notifications: 'muted', theme: 'light', locale: undefined })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await preferences.getState().setUser('odd')
    expect(preferences.getState()).toMatchObject({ notifications: 'muted', theme: 'dark', locale: undefined })
    expect(warn).toHaveBeenCalledWith(
      '[@honu/core] the stored "preferences:odd" is not usable (the value is not a set of preferences); it is ignored.',
    )
  })
})
