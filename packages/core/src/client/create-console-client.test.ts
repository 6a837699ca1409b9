import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { json, startTestServer } from '../../test/http-test-server'
import { createStaticFlagSource } from '../flags/create-static-flag-source'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createFakeAuthAdapter } from '../testing/create-fake-auth-adapter'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import type { FetchLike } from '../api/http-client'
import { createConsoleClient } from './create-console-client'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.url === '/health') return json(res, 200, { status: 'ok' })
    if (req.url.startsWith('/api/v1/users/u1')) {
      return json(res, 200, { email: 'ada@x.io', permissions: { '*': ['reader'], t2: ['admin'] } })
    }
    return json(res, 404, {})
  })
})
afterAll(() => server.close())

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
/** Starts the client and waits until the session is signed in (the user record loads over HTTP). */
const startSignedIn = async (client: ReturnType<typeof createConsoleClient>) => {
  client.start()
  await vi.waitFor(() => expect(client.session.getState().status).toBe('authenticated'))
}
const setup = (overrides: Partial<Parameters<typeof createConsoleClient>[0]> = {}) => {
  const scheduler = createManualScheduler()
  const auth = createFakeAuthAdapter({ initialUser: { uid: 'u1', email: 'ada@x.io' } })
  const storage = { local: createMemoryStorage(), session: createMemoryStorage() }
  const logger = { warn: vi.fn(), error: vi.fn() }
  const client = createConsoleClient({ api: { baseUrl: server.url }, auth, storage, scheduler, logger, ...overrides })
  return { client, scheduler, auth, storage, logger }
}

describe('createConsoleClient', () => {
  it('follows the auth provider into the session store', async () => {
    const { client } = setup()
    await startSignedIn(client)
    expect(client.session.getState()).toMatchObject({ status: 'authenticated', user: { uid: 'u1' } })
    expect(client.session.getState().token).toMatch(/^fake-token-u1-/)
    client.stop()
  })

  it('refreshes the token every 50 minutes while one exists and stops when it is gone', async () => {
    const { client, scheduler, auth } = setup()
    await startSignedIn(client)
    scheduler.advance(50 * 60 * 1000 - 1)
    await flush()
    expect(auth.refreshCount).toBe(0)
    scheduler.advance(1)
    await flush()
    expect(auth.refreshCount).toBe(1)
    scheduler.advance(50 * 60 * 1000)
    await flush()
    expect(auth.refreshCount).toBe(2)
    client.session.getState().clear()
    scheduler.advance(3 * 50 * 60 * 1000)
    await flush()
    expect(auth.refreshCount).toBe(2)
    client.stop()
  })

  it('ends the session when the provider refuses to refresh the token', async () => {
    const { client, auth } = setup()
    await startSignedIn(client)
    auth.failTokens(true)
    await client.refreshToken()
    expect(client.session.getState()).toMatchObject({ status: 'signed-out', user: undefined, notice: 'session-ended' })
    expect(await auth.getCurrentUser()).toBeUndefined()
    client.stop()
  })

  it('pings /health every 14 minutes from start until stop', async () => {
    // Its own path, so requests still in flight from other tests are not counted.
    const { client, scheduler } = setup({ api: { baseUrl: `${server.url}/ping-test` } })
    const pings = () => server.requests.filter((r) => r.url === '/ping-test/health').length
    const before = pings()
    client.start()
    scheduler.advance(840_000)
    await vi.waitFor(() => expect(pings()).toBe(before + 1))
    scheduler.advance(840_000)
    await vi.waitFor(() => expect(pings()).toBe(before + 2))
    client.stop()
    expect(scheduler.pending).toBe(0)
    scheduler.advance(10 * 840_000)
    await flush()
    expect(pings()).toBe(before + 2)
  })

  it('survives start, stop, start (StrictMode) with one set of timers', async () => {
    const { client, scheduler } = setup()
    client.start()
    client.start()
    client.stop()
    await startSignedIn(client)
    // One periodic task plus one token refresh.
    expect(scheduler.pending).toBe(2)
    client.stop()
    expect(scheduler.pending).toBe(0)
  })

  it('stop() leaves nothing running (toast timers, the sidebar cue, storage mirroring); start() picks all of it up again', async () => {
    const { client, scheduler, storage } = setup()
    await startSignedIn(client)
    client.toasts.getState().show({ message: 'hello' })
    client.streamView.getState().refreshResource('v1')
    client.stop()
    expect(scheduler.pending).toBe(0)
    client.tenant.getState().setTenant({ tenant_id: 't1', name: 'Alpha' })
    expect((storage.local as ReturnType<typeof createMemoryStorage>).size).toBe(0)
    client.start()
    client.preferences.getState().setNotifications('on')
    expect((storage.local as ReturnType<typeof createMemoryStorage>).keys()).toContain('honu:preferences:u1')
    // The toast shown before the stop closes after its full timeout again.
    scheduler.advance(5000)
    expect(client.toasts.getState().toasts).toEqual([])
    client.stop()
  })

  it('keeps one current token: the session holds the one the last call carried', async () => {
    const { client } = setup()
    await startSignedIn(client)
    await client.v1.getUser('u1')
    // The last call to the user route (not the start-up /health probe, which may reach the server later under load).
    const sent = server.requests.filter((r) => r.url.startsWith('/api/v1/users/u1')).at(-1)!.headers.authorization
    expect(sent).toBe(`Bearer ${client.session.getState().token}`)
    client.stop()
  })

  it('loads feature flags on start', async () => {
    const { client } = setup({ flags: createStaticFlagSource({ mission_planning: true }) })
    expect(client.flags.getState()).toMatchObject({ status: 'idle', flags: {} })
    client.start()
    await flush()
    expect(client.flags.getState()).toMatchObject({ status: 'ready', flags: { mission_planning: true } })
    client.stop()
  })

  it('keeps two consoles on one storage apart through their namespaces', async () => {
    const shared = { local: createMemoryStorage(), session: createMemoryStorage() }
    const a = createConsoleClient({ api: { baseUrl: server.url }, storage: shared, namespace: 'a' })
    const b = createConsoleClient({ api: { baseUrl: server.url }, storage: shared, namespace: 'b' })
    a.tenant.getState().setTenant({ tenant_id: 't1', name: 'Alpha' })
    a.streamView.getState().setSidebarOpen(false)
    expect(b.tenant.getState().tenant).toBeUndefined()
    expect(b.streamView.getState().sidebarOpen).toBe(true)
    // What a console reads back when its user signs in.
    const restoredTenant = async () => {
      const again = createConsoleClient({ api: { baseUrl: server.url }, storage: shared, namespace: 'a' })
      await again.tenant.restore()
      return again.tenant.getState().tenant?.name
    }
    expect(await restoredTenant()).toBe('Alpha')
    b.resetAll()
    expect(await restoredTenant()).toBe('Alpha')
  })

  it('selecting a tenant resets streams and workspaces, stores ranges and loads the role', async () => {
    const { client } = setup()
    await startSignedIn(client)
    client.streamView.getState().setStreams([{ video_id: 'v', name: 'n', source: 's', proxy_address: '' }])
    client.grid.getState().setWorkspaceItems('stream-view', [{ id: 'v', type: 'Video', name: 'n' }])
    await client.selectTenant({ tenant_id: 't2', name: 'Bravo', remote_cidr: '10.2.0.0/16' })
    expect(client.streamView.getState().streams).toEqual([])
    expect(client.grid.getState().workspaces['stream-view'].items).toEqual([])
    expect(client.tenant.getState().tenant?.remote_cidr_range).toEqual({ start: '10.2.0.0', end: '10.2.255.255' })
    expect(client.tenant.getState().roles).toEqual(['admin', 'reader'])
    expect(server.requests.at(-1)!.headers.authorization).toMatch(/^Bearer fake-token-u1-/)
    client.stop()
  })

  it('a tenant change resets the auth state of the tenant (its roles) before loading the new one, and keeps the session (spec §4)', async () => {
    const { client } = setup()
    await startSignedIn(client)
    await client.selectTenant({ tenant_id: 't2', name: 'Bravo' })
    expect(client.tenant.getState().roles).toContain('admin')
    // While the new tenant's roles load, the old tenant's are gone: nothing of Bravo's admin applies to Charlie.
    const rolesWhileLoading: (readonly string[])[] = []
    const off = client.tenant.subscribe((now) => rolesWhileLoading.push(now.roles))
    await client.selectTenant({ tenant_id: 't3', name: 'Charlie' })
    off()
    // The first change: the new tenant with no roles; then its own, loaded.
    expect(rolesWhileLoading[0]).toEqual([])
    expect(rolesWhileLoading.at(-1)).not.toContain('admin')
    // The session is not part of it: resetting it would sign the user out.
    expect(client.session.getState()).toMatchObject({ status: 'authenticated', user: { uid: 'u1' } })
    // The same tenant again: nothing reset.
    client.tenant.getState().setRoles(['reader'])
    await client.selectTenant({ tenant_id: 't3', name: 'Charlie' })
    expect(client.tenant.getState().tenant?.tenant_id).toBe('t3')
    client.stop()
  })

  it('signing out resets every store, forgets everything stored and signs out of the provider', async () => {
    const { client, storage, auth } = setup()
    await startSignedIn(client)
    client.tenant.getState().setTenant({ tenant_id: 't1', name: 'Alpha' })
    client.preferences.getState().setNotifications('on')
    client.grid.getState().setSettings({ snapToGrid: true })
    client.streamView.getState().setSplitter(50)
    client.toasts.getState().show({ message: 'hello' })
    await client.signOut()
    expect(await auth.getCurrentUser()).toBeUndefined()
    expect(client.session.getState()).toMatchObject({ status: 'signed-out', user: undefined, token: undefined, notice: 'signed-out' })
    expect(client.tenant.getState().tenant).toBeUndefined()
    expect(client.preferences.getState().notifications).toBe('muted')
    expect(client.grid.getState().settings.snapToGrid).toBe(false)
    expect(client.streamView.getState().splitterModel).toBe(25)
    expect(client.toasts.getState().toasts).toEqual([])
    // Only the user's own preferences stay, for their next sign-in (docs/spec-reading.md, "How we read the spec").
    expect((storage.local as ReturnType<typeof createMemoryStorage>).keys()).toEqual(['honu:preferences:u1'])
    expect((storage.session as ReturnType<typeof createMemoryStorage>).size).toBe(0)
    client.stop()
  })

  it('signing out resets the flags store, and the next user gets flags loaded afresh (spec §4)', async () => {
    let served: Record<string, boolean> = { mission_planning: true }
    let release: () => void = () => undefined
    const source = { load: vi.fn(() => new Promise<Record<string, boolean>>((resolve) => (release = () => resolve(served)))) }
    const { client } = setup({ flags: source })
    await startSignedIn(client)
    release()
    await vi.waitFor(() => expect(client.flags.getState()).toMatchObject({ status: 'ready', flags: { mission_planning: true } }))
    served = { mission_planning: false }
    await client.signOut()
    // Nothing of the last user's flags is left while the next load runs.
    expect(client.flags.getState()).toMatchObject({ status: 'loading', flags: {} })
    release()
    await vi.waitFor(() => expect(client.flags.getState()).toMatchObject({ status: 'ready', flags: { mission_planning: false } }))
    expect(source.load).toHaveBeenCalledTimes(2)
    client.stop()
  })

  it('a flag load answering after the sign-out is dropped', async () => {
    const releases: ((flags: Record<string, boolean>) => void)[] = []
    const source = { load: () => new Promise<Record<string, boolean>>((resolve) => releases.push(resolve)) }
    const { client } = setup({ flags: source })
    await startSignedIn(client)
    await client.signOut()
    releases[0]!({ mission_planning: true })
    await flush()
    expect(client.flags.getState()).toMatchObject({ status: 'loading', flags: {} })
    releases[1]!({})
    await vi.waitFor(() => expect(client.flags.getState().status).toBe('ready'))
    expect(client.flags.getState().flags).toEqual({})
    client.stop()
  })

  it('reads what a signed-in user left stored back into the stores before the session is signed in, and nothing for nobody', async () => {
    // Signed out at first: a visitor on the sign-in page.
    const { client, storage } = setup({ auth: createFakeAuthAdapter({ accounts: [{ uid: 'u1', email: 'ada@x.io', password: 'pw' }] }) })
    storage.session.setItem('honu:selectedTenant', JSON.stringify({ tenant_id: 't2', name: 'Beta' }))
    storage.local.setItem('honu:streamSidebar', JSON.stringify({ sidebarOpen: false, splitterModel: 40 }))
    storage.session.setItem('honu:workspaces', JSON.stringify({ 'stream-view': { items: [{ id: 'v1', type: 'Video', name: 'Bow' }] } }))
    storage.local.setItem('honu:preferences:u1', JSON.stringify({ notifications: 'on', theme: 'light' }))
    client.start()
    await flush()
    // A visitor on the sign-in page: nothing read yet (their schemas are not even loaded).
    expect(client.tenant.getState().tenant).toBeUndefined()
    expect(client.streamView.getState().sidebarOpen).toBe(true)
    const seen: unknown[] = []
    client.session.subscribe((now) => {
      if (now.status === 'authenticated')
        seen.push([
          client.tenant.getState().tenant?.tenant_id,
          client.preferences.getState().theme,
          client.grid.getState().workspaces['stream-view'].items.length,
        ])
    })
    await client.auth.signIn({ email: 'ada@x.io', password: 'pw' })
    await vi.waitFor(() => expect(client.session.getState().status).toBe('authenticated'))
    // The first signed-in state already had all of it; the roles are those for the restored tenant.
    expect(seen[0]).toEqual(['t2', 'light', 1])
    expect(client.tenant.getState().roles).toEqual(['admin', 'reader'])
    expect(client.tenant.getState().tenant).toEqual({ tenant_id: 't2', name: 'Beta' })
    expect(client.streamView.getState()).toMatchObject({ sidebarOpen: false, splitterModel: 40 })
    // Read back, not written again: this tab's tenant is not copied into local storage.
    expect(storage.local.getItem('honu:selectedTenant')).toBeNull()
    client.stop()
  })

  it('each signed-in user gets their own preferences, remembered through sign-out', async () => {
    const { client } = setup()
    await startSignedIn(client)
    expect(client.preferences.getState()).toMatchObject({ uid: 'u1', theme: 'dark', notifications: 'muted' })
    client.preferences.getState().setTheme('light')
    client.preferences.getState().setNotifications('off')
    await client.signOut()
    expect(client.preferences.getState()).toMatchObject({ uid: undefined, theme: 'dark', notifications: 'muted' })
    client.session.getState().setSession({ uid: 'u1', email: 'ada@x.io' })
    await vi.waitFor(() => expect(client.preferences.getState()).toMatchObject({ uid: 'u1', theme: 'light', notifications: 'off' }))
    client.stop()
  })

  it('is signed out without an auth adapter and sends no token', async () => {
    const client = createConsoleClient({ api: { baseUrl: server.url }, storage: { local: createMemoryStorage(), session: createMemoryStorage() } })
    client.start()
    expect(client.session.getState().status).toBe('signed-out')
    await expect(client.ping()).resolves.toBe(true)
    expect(server.requests.at(-1)!.headers.authorization).toBeUndefined()
    client.stop()
  })
})

describe('recovery', () => {
  // The API as the recovery paths meet it: the user record answers `userStatus`; videos accept only tokens handed
  // out after `acceptFrom` (older ones are "revoked"); `down` makes every call fail as an unreachable server does.
  let api: Awaited<ReturnType<typeof startTestServer>>
  let userStatus = 200
  let acceptFrom = 0
  let down = false
  beforeAll(async () => {
    api = await startTestServer((req, res) => {
      if (req.url === '/health') return json(res, 200, { status: 'ok' })
      if (req.url.startsWith('/api/v1/users/u1')) {
        return userStatus === 200
          ? json(res, 200, { email: 'ada@x.io', permissions: { t1: ['reader'] } })
          : json(res, userStatus, { message: 'failed' })
      }
      if (req.url.startsWith('/api/v1/videos')) {
        const n = Number(/fake-token-u1-(\d+)/.exec(req.headers.authorization ?? '')?.[1] ?? -1)
        return n >= acceptFrom ? json(res, 200, { data: [], total_count: 0 }) : json(res, 401, { message: 'Token revoked' })
      }
      return json(res, 404, {})
    })
  })
  afterAll(() => api.close())
  const setupRecovery = () => {
    userStatus = 200
    acceptFrom = 0
    down = false
    const fetchLike: FetchLike = (url, init) => (down ? Promise.reject(new TypeError('fetch failed')) : fetch(url, init))
    return setup({ api: { baseUrl: api.url, fetch: fetchLike } })
  }

  it('a refused call refreshes the token once and succeeds with the new one', async () => {
    const { client, auth } = setupRecovery()
    await startSignedIn(client)
    // The next token is refused; the one the refresh brings is accepted.
    acceptFrom = auth.tokenCount + 2
    await expect(client.v1.listVideos('t1')).resolves.toMatchObject({ items: [] })
    expect(auth.refreshCount).toBe(1)
    expect(client.session.getState().status).toBe('authenticated')
    client.stop()
  })

  it('calls refused at the same moment share one refresh', async () => {
    const { client, auth } = setupRecovery()
    await startSignedIn(client)
    acceptFrom = auth.tokenCount + 4
    // The refresh finishes only once all three calls were refused, as when they were sent together.
    const before = api.requests.length
    const getIdToken = auth.getIdToken.bind(auth)
    vi.spyOn(auth, 'getIdToken').mockImplementation(async (o) => {
      if (o?.forceRefresh) await vi.waitFor(() => expect(api.requests.length - before).toBe(3))
      return getIdToken(o)
    })
    await Promise.all([client.v1.listVideos('t1'), client.v1.listVideos('t1'), client.v1.listVideos('t1')])
    expect(auth.refreshCount).toBe(1)
    client.stop()
  })

  it('refused again after the refresh: signs out, forgets everything and says the session ended', async () => {
    const { client, auth, storage } = setupRecovery()
    await startSignedIn(client)
    client.tenant.getState().setTenant({ tenant_id: 't1', name: 'Alpha' })
    client.grid.getState().setWorkspaceItems('stream-view', [{ id: 'v', type: 'Video', name: 'n' }])
    acceptFrom = Number.MAX_SAFE_INTEGER
    await expect(client.v1.listVideos('t1')).rejects.toMatchObject({ status: 401 })
    expect(client.session.getState()).toMatchObject({ status: 'signed-out', user: undefined, token: undefined, notice: 'session-ended' })
    expect(await auth.getCurrentUser()).toBeUndefined()
    expect(client.tenant.getState().tenant).toBeUndefined()
    expect(client.grid.getState().workspaces['stream-view'].items).toEqual([])
    expect((storage.session as ReturnType<typeof createMemoryStorage>).size).toBe(0)
    // The notice stays through the provider's own sign-out event, and the next sign-in forgets it.
    await flush()
    expect(client.session.getState().notice).toBe('session-ended')
    client.session.getState().setSession({ uid: 'u1', email: 'ada@x.io' })
    expect(client.session.getState().notice).toBeUndefined()
    client.stop()
  })

  it('a refusal on another channel (a media 401, a live 4403) ends the session exactly as a refused call: one refresh, then the end', async () => {
    const { client, auth } = setupRecovery()
    await startSignedIn(client)
    // The first refusal: one refresh, and the caller tries again.
    await expect(client.reportUnauthorized(false)).resolves.toBe(true)
    expect(auth.refreshCount).toBe(1)
    expect(client.session.getState().status).toBe('authenticated')
    // Refused again after it: signed out, everything forgotten, the sign-in page's notice.
    await expect(client.reportUnauthorized(true)).resolves.toBe(false)
    expect(client.session.getState()).toMatchObject({ status: 'signed-out', user: undefined, token: undefined, notice: 'session-ended' })
    expect(await auth.getCurrentUser()).toBeUndefined()
    client.stop()
  })

  it('the provider refusing the refresh ends the session too', async () => {
    const { client, auth } = setupRecovery()
    await startSignedIn(client)
    acceptFrom = Number.MAX_SAFE_INTEGER
    // Like Firebase for a disabled or deleted account: the cached token is still handed out, a refresh is refused.
    const getIdToken = auth.getIdToken.bind(auth)
    vi.spyOn(auth, 'getIdToken').mockImplementation(async (o) => {
      if (o?.forceRefresh) throw Object.assign(new Error('disabled'), { code: 'auth/user-disabled' })
      return getIdToken()
    })
    await expect(client.v1.listVideos('t1')).rejects.toMatchObject({ status: 401 })
    expect(client.session.getState()).toMatchObject({ status: 'signed-out', notice: 'session-ended' })
    client.stop()
  })

  it('a 5xx on the user record at sign-in keeps the provider session, and the retry finishes signing in', async () => {
    const { client, auth, logger } = setupRecovery()
    userStatus = 500
    client.start()
    await vi.waitFor(() => expect(client.session.getState().status).toBe('load-failed'))
    expect(await auth.getCurrentUser()).toMatchObject({ uid: 'u1' })
    expect(client.toasts.getState().toasts).toEqual([])
    expect(logger.error).not.toHaveBeenCalled()
    userStatus = 200
    const retry = client.retrySession()
    expect(client.session.getState().status).toBe('loading')
    await retry
    expect(client.session.getState()).toMatchObject({ status: 'authenticated', user: { uid: 'u1', permissions: { t1: ['reader'] } } })
    client.stop()
  })

  it('a 4xx on the user record still signs out with the toast (the account is unknown to the console)', async () => {
    const { client, auth } = setupRecovery()
    userStatus = 404
    client.start()
    await vi.waitFor(() => expect(client.session.getState().status).toBe('error'))
    expect(client.toasts.getState().toasts.map((t) => t.message)).toEqual(['Error logging in'])
    expect(await auth.getCurrentUser()).toBeUndefined()
    client.stop()
  })

  it("the periodic health check only logs when it fails (spec §7), and the console's connection state hears it as any call", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const { client, logger } = setupRecovery()
    await startSignedIn(client)
    down = true
    await expect(client.ping()).resolves.toBe(false)
    expect(logger.error).toHaveBeenCalledWith('Error while pinging API:', expect.anything())
    // Nothing else of the session changes: no toast, no sign-out; the one banner follows the connection state.
    expect(client.session.getState().status).toBe('authenticated')
    expect(client.toasts.getState().toasts).toEqual([])
    expect(client.connection.getState().status).toBe('unreachable')
    down = false
    client.stop()
  })

  it('a server down at sign-in: unreachable, probed, and signed in by itself when it answers again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const { client, scheduler } = setupRecovery()
    down = true
    client.start()
    await vi.waitFor(() => expect(client.session.getState().status).toBe('load-failed'))
    expect(client.connection.getState().status).toBe('unreachable')
    scheduler.advance(1000)
    await vi.waitFor(() => expect(client.connection.getState()).toMatchObject({ status: 'unreachable', failures: 1 }))
    down = false
    scheduler.advance(2000)
    await vi.waitFor(() => expect(client.session.getState().status).toBe('authenticated'))
    expect(client.connection.getState()).toMatchObject({ status: 'reachable', failures: 0 })
    client.stop()
    expect(scheduler.pending).toBe(0)
  })

  it('a network failure while refreshing keeps the session', async () => {
    const network = Object.assign(new Error('offline'), { code: 'auth/network-request-failed' })
    const { client, auth } = setupRecovery()
    await startSignedIn(client)
    vi.spyOn(auth, 'getIdToken').mockRejectedValue(network)
    await client.refreshToken()
    expect(client.session.getState().status).toBe('authenticated')
    client.stop()
  })
})
