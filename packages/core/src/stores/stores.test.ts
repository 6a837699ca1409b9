import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { createPreferencesStore } from './preferences-store'
import { createStreamViewStore } from './stream-view-store'
import { createTenantStore } from './tenant-store'
import { createFlagsStore } from './flags-store'
import { createToastStore, toastPresentation } from './toast-store'

const storages = () => ({ local: createMemoryStorage(), session: createMemoryStorage() })

/** The store once it has read back what storage holds (the console client does that at sign-in). */
const restored = async <T extends { restore(): Promise<void> }>(store: T): Promise<T> => {
  await store.restore()
  return store
}

describe('preferences store', () => {
  it('defaults notifications to muted, the dark theme and the host language, for nobody', () => {
    expect(createPreferencesStore(createMemoryStorage()).getState()).toMatchObject({
      notifications: 'muted',
      theme: 'dark',
      locale: undefined,
      uid: undefined,
    })
  })
  it.each(['on', 'off', 'muted'] as const)('accepts %s and remembers it for the user', async (value) => {
    const local = createMemoryStorage()
    const store = createPreferencesStore(local)
    await store.getState().setUser('u1')
    store.getState().setNotifications(value)
    const again = createPreferencesStore(local)
    await again.getState().setUser('u1')
    expect(again.getState().notifications).toBe(value)
  })
  it('remembers each user their own theme and language, through a reset (sign-out)', async () => {
    const local = createMemoryStorage()
    const store = createPreferencesStore(local)
    await store.getState().setUser('ada')
    store.getState().setTheme('light')
    store.getState().setLocale('de-DE')
    store.getState().reset()
    expect(store.getState()).toMatchObject({ uid: undefined, theme: 'dark', locale: undefined })
    await store.getState().setUser('wes')
    expect(store.getState()).toMatchObject({ theme: 'dark', locale: undefined })
    await store.getState().setUser('ada')
    expect(store.getState()).toMatchObject({ theme: 'light', locale: 'de-DE' })
    expect(local.keys()).toEqual(['preferences:ada'])
  })
  it('remembers nothing for nobody, and signing in alone writes nothing', async () => {
    const local = createMemoryStorage()
    const store = createPreferencesStore(local)
    store.getState().setTheme('light')
    await store.getState().setUser('u1')
    expect(local.size).toBe(0)
    expect(store.getState().theme).toBe('dark')
  })
  it('rejects an unknown value', () => {
    const store = createPreferencesStore(createMemoryStorage())
    expect(() => store.getState().setNotifications('loud' as never)).toThrow(/Unknown notifications preference "loud"/)
    expect(() => store.getState().setTheme('pink' as never)).toThrow(/Unknown theme "pink"/)
    expect(() => store.getState().setLocale('<b>')).toThrow(/Unknown language "<b>"/)
    expect(store.getState()).toMatchObject({ notifications: 'muted', theme: 'dark', locale: undefined })
  })
  it('ignores a corrupted stored value', async () => {
    const local = createMemoryStorage()
    local.setItem('preferences:u1', '{"notifications":"loud"')
    const store = createPreferencesStore(local)
    await store.getState().setUser('u1')
    expect(store.getState().notifications).toBe('muted')
  })
  it('a reset (sign-out) or another user wins over a switch still reading the stored preferences', async () => {
    const local = createMemoryStorage()
    local.setItem('preferences:ada', JSON.stringify({ notifications: 'on', theme: 'light' }))
    const store = createPreferencesStore(local)
    const reading = store.getState().setUser('ada')
    store.getState().reset()
    await reading
    expect(store.getState()).toMatchObject({ uid: undefined, theme: 'dark' })
    const first = store.getState().setUser('ada')
    await Promise.all([first, store.getState().setUser('wes')])
    expect(store.getState()).toMatchObject({ uid: 'wes', theme: 'dark', notifications: 'muted' })
  })
  it('stops writing after destroy() and writes again after resume()', async () => {
    const local = createMemoryStorage()
    const store = createPreferencesStore(local)
    await store.getState().setUser('u1')
    store.destroy()
    store.getState().setTheme('light')
    expect(local.size).toBe(0)
    store.resume()
    store.getState().setNotifications('on')
    expect(JSON.parse(local.getItem('preferences:u1')!)).toEqual({ notifications: 'on', theme: 'light' })
  })
})

describe('toast presentation (notifications preference, spec §3)', () => {
  it.each([
    ['muted', 'negative', 'polite'],
    ['muted', 'positive', 'polite'],
    ['muted', 'neutral', 'polite'],
    ['on', 'negative', 'assertive'],
    ['on', 'positive', 'polite'],
    ['on', 'neutral', 'polite'],
    ['off', 'negative', 'polite'],
    ['off', 'positive', 'hidden'],
    ['off', 'neutral', 'hidden'],
  ] as const)('%s: a %s toast is %s', (notifications, tone, expected) => {
    expect(toastPresentation(tone, notifications)).toBe(expected)
  })
})

describe('flags store', () => {
  it('reset turns every flag off and forgets that they were loaded', () => {
    const store = createFlagsStore()
    store.getState().setFlags({ mission_planning: true })
    store.getState().reset()
    expect(store.getState()).toMatchObject({ status: 'idle', flags: {} })
  })
})

describe('tenant store', () => {
  const tenant = { tenant_id: 't1', name: 'Alpha' }
  it('keeps the selected tenant in both local and session storage', async () => {
    const s = storages()
    createTenantStore(s).getState().setTenant(tenant)
    expect(JSON.parse(s.local.getItem('selectedTenant')!)).toEqual(tenant)
    expect(JSON.parse(s.session.getItem('selectedTenant')!)).toEqual(tenant)
    expect((await restored(createTenantStore(s))).getState().tenant).toEqual(tenant)
  })
  it('prefers this tab’s session choice, else the last one in local storage', async () => {
    const s = storages()
    s.local.setItem('selectedTenant', JSON.stringify({ tenant_id: 'old', name: 'Old' }))
    expect((await restored(createTenantStore(s))).getState().tenant?.tenant_id).toBe('old')
    s.session.setItem('selectedTenant', JSON.stringify(tenant))
    expect((await restored(createTenantStore(s))).getState().tenant?.tenant_id).toBe('t1')
  })
  it('ignores a stored value that is not a tenant', async () => {
    const s = storages()
    s.session.setItem('selectedTenant', '{"name":1}')
    expect((await restored(createTenantStore(s))).getState().tenant).toBeUndefined()
  })
  it('removes the stored tenant on reset', () => {
    const s = storages()
    const store = createTenantStore(s)
    store.getState().setTenant(tenant)
    store.getState().reset()
    expect(s.local.getItem('selectedTenant')).toBeNull()
    expect(s.session.getItem('selectedTenant')).toBeNull()
  })
})

describe('stream view store (§3 defaults)', () => {
  it('starts with the sidebar open and the splitter at 25', () => {
    const state = createStreamViewStore(storages(), createManualScheduler()).getState()
    expect(state).toMatchObject({
      streams: [],
      streamCount: 0,
      sidebarOpen: true,
      splitterModel: 25,
      fullscreenMode: false,
      missionSidebarMini: false,
      refreshingResource: { status: false },
    })
  })
  it('remembers the sidebar in local and session storage', async () => {
    const s = storages()
    const store = createStreamViewStore(s, createManualScheduler())
    store.getState().setSidebarOpen(false)
    store.getState().setSplitter(40)
    expect(JSON.parse(s.local.getItem('streamSidebar')!)).toEqual({ sidebarOpen: false, splitterModel: 40 })
    expect(JSON.parse(s.session.getItem('streamSidebar')!)).toEqual({ sidebarOpen: false, splitterModel: 40 })
    expect((await restored(createStreamViewStore(s, createManualScheduler()))).getState()).toMatchObject({ sidebarOpen: false, splitterModel: 40 })
  })
  it('clamps the splitter to 0–100', () => {
    const store = createStreamViewStore(storages(), createManualScheduler())
    store.getState().setSplitter(140)
    expect(store.getState().splitterModel).toBe(100)
    store.getState().setSplitter(Number.NaN)
    expect(store.getState().splitterModel).toBe(25)
  })
  it('sets the refreshing flag and clears it after 300 ms', () => {
    const scheduler = createManualScheduler()
    const store = createStreamViewStore(storages(), scheduler)
    store.getState().refreshResource('v1')
    expect(store.getState().refreshingResource).toEqual({ resourceId: 'v1', status: true })
    scheduler.advance(299)
    expect(store.getState().refreshingResource.status).toBe(true)
    scheduler.advance(1)
    expect(store.getState().refreshingResource.status).toBe(false)
  })
  it('counts streams from the total when given', () => {
    const store = createStreamViewStore(storages(), createManualScheduler())
    store.getState().setStreams([], 12)
    expect(store.getState().streamCount).toBe(12)
  })
})

describe('toast store', () => {
  it('closes a toast after 5000 ms by default', () => {
    const scheduler = createManualScheduler()
    const store = createToastStore(scheduler)
    store.getState().show({ message: 'User submitted', tone: 'positive' })
    expect(store.getState().toasts).toMatchObject([{ message: 'User submitted', timeoutMs: 5000, position: 'top-right' }])
    scheduler.advance(4999)
    expect(store.getState().toasts).toHaveLength(1)
    scheduler.advance(1)
    expect(store.getState().toasts).toHaveLength(0)
  })
  it('honours a custom timeout and position', () => {
    const scheduler = createManualScheduler()
    const store = createToastStore(scheduler)
    store.getState().show({ message: 'Started', position: 'bottom-right', timeoutMs: 1500 })
    scheduler.advance(1500)
    expect(store.getState().toasts).toHaveLength(0)
  })
  it('rejects an unknown position', () => {
    const store = createToastStore(createManualScheduler())
    expect(() => store.getState().show({ message: 'x', position: 'middle' as never })).toThrow(
      expect.objectContaining({ code: 'toast/invalid-position' }),
    )
    expect(store.getState().toasts).toHaveLength(0)
  })
  it('dismisses early and cancels the timer', () => {
    const scheduler = createManualScheduler()
    const store = createToastStore(scheduler)
    const id = store.getState().show({ message: 'x' })
    store.getState().dismiss(id)
    expect(scheduler.pending).toBe(0)
  })
})

describe('selected organisation', () => {
  it('is kept like the tenant and forgotten on reset', async () => {
    const s = storages()
    const store = createTenantStore(s)
    store.getState().setOrganisation({ id: 'org-honu', name: 'Honu' })
    expect((await restored(createTenantStore(s))).getState().organisation).toEqual({ id: 'org-honu', name: 'Honu' })
    store.getState().reset()
    expect(s.local.getItem('selectedOrganisation')).toBeNull()
    expect((await restored(createTenantStore(s))).getState().organisation).toBeUndefined()
  })
})

describe('restored stores (schemas at the edge of storage)', () => {
  it('a stored field that is missing or of the wrong kind takes its default; the other stays', async () => {
    const local = createMemoryStorage()
    local.setItem('preferences:u1', JSON.stringify({ notifications: 'loud', theme: 'light' }))
    const preferences = createPreferencesStore(local)
    await preferences.getState().setUser('u1')
    expect(preferences.getState()).toMatchObject({ notifications: 'muted', theme: 'light' })
    const s = storages()
    s.session.setItem('streamSidebar', JSON.stringify({ sidebarOpen: 'no', splitterModel: 140 }))
    expect((await restored(createStreamViewStore(s, createManualScheduler()))).getState()).toMatchObject({ sidebarOpen: true, splitterModel: 100 })
  })
  it('a stored tenant without a name is not restored; one with extra fields keeps them', async () => {
    const s = storages()
    s.local.setItem('selectedTenant', JSON.stringify({ tenant_id: 't1' }))
    expect((await restored(createTenantStore(s))).getState().tenant).toBeUndefined()
    s.local.setItem('selectedTenant', JSON.stringify({ tenant_id: 't1', name: 'Alpha', remote_cidr: '10.0.0.0/8' }))
    expect((await restored(createTenantStore(s))).getState().tenant).toEqual({ tenant_id: 't1', name: 'Alpha', remote_cidr: '10.0.0.0/8' })
  })
})
