import { createHttpClient, type FetchLike, type HttpClient } from '../api/http-client'
import { createV1Client, type V1Client } from '../api/create-v1-client'
import { createV2Client, type V2Client } from '../api/create-v2-client'
import type { V2ServiceMap } from '../api/v2-url'
import type { TenantRecord } from '../api/v1-types'
import { pingHealth } from '../api/ping-health'
import type { AuthAdapter } from '../auth/auth-adapter'
import { createAuthService, type AuthService } from '../auth/create-auth-service'
import { createTokenRefresher, type TokenRefresher } from '../auth/create-token-refresher'
import { createSessionUserLoader } from '../auth/load-session-user'
import { createSessionStore, type SessionStore } from '../auth/session-store'
import type { AvatarOptions } from '../avatar/avatar'
import { PERIODIC_TASK_INTERVAL_MS } from '../constants/timing'
import type { FlagSource } from '../flags/flag-source'
import { createGridStore, type GridStore } from '../grid/grid-store'
import { createI18nStore, type I18nStore } from '../i18n/create-i18n-store'
import type { LiveSocketFactory } from '../platform/live-socket'
import { consoleLogger, type Logger } from '../platform/logger'
import type { StoreLifecycle } from '../platform/persist'
import { globalScheduler, type Scheduler } from '../platform/scheduler'
import { createBrowserStorage, createNamespacedStorage, type ConsoleStorage } from '../platform/storage-adapter'
import { cameBack, createConnectionStore, type ConnectionStore } from '../stores/connection-store'
import { createFlagsStore, type FlagsStore } from '../stores/flags-store'
import { createPreferencesStore, type PreferencesStore } from '../stores/preferences-store'
import { createStreamViewStore, type StreamViewStore } from '../stores/stream-view-store'
import { createTenantStore, type TenantStore } from '../stores/tenant-store'
import { createToastStore, type ToastStore } from '../stores/toast-store'

/** Options of {@link createConsoleClient}. */
export interface ConsoleClientOptions {
  api: {
    /** The API host; v1 paths start with `/api/v1`, the health check is `/health`. */
    baseUrl: string
    /** The v2 (mission planning) base. Default `{baseUrl}/api/v2`. */
    v2BaseUrl?: string
    /** Local development: v2 resource name → base address of its own service (spec §7). */
    v2Services?: V2ServiceMap
    /** Per-call timeout. Default 30 s. */
    timeoutMs?: number
    /** How long a call waits before the connection state says the server is slow (`SLOW_AFTER_MS`, 4 s, by default). */
    slowAfterMs?: number
    fetch?: FetchLike
  }
  /** The identity provider; without one the console is signed out and calls carry no token. */
  auth?: AuthAdapter
  /** Where feature flags come from; without one every flag is off. */
  flags?: FlagSource
  /** Storages; default the browser's (memory ones without a `window`). Called at creation, never at import. */
  storage?: ConsoleStorage
  /** Prefix of every storage key, so several consoles can share a page. Default `honu`. */
  namespace?: string
  logger?: Logger
  scheduler?: Scheduler
  avatar?: AvatarOptions
  /**
   * The host's language (a BCP 47 tag; `de-DE` ships besides the default `en-US`). A user's choice in the
   * preferences wins over it.
   */
  locale?: string
  /** The live channel's socket factory (tests, non-browser hosts); default `new WebSocket(url)`. */
  createLiveSocket?: LiveSocketFactory
}

/** A part a console creates on first use and starts and stops with itself (see {@link ConsoleClient.use}). */
export interface ConsoleExtension {
  start(): void
  stop(): void
}

/** What an extension gets of its console. */
export interface ConsoleExtensionContext {
  readonly apiBaseUrl: string
  readonly session: SessionStore
  readonly tenant: TenantStore
  /**
   * The one source of the console's token: `current()` for the next use, `refresh()` to force a fresh one,
   * `onUnauthorized(retried)` when the server refused it (see {@link ConsoleClient.reportUnauthorized}).
   */
  readonly tokens: Pick<TokenRefresher, 'current' | 'refresh' | 'onUnauthorized'>
  readonly scheduler: Scheduler
  readonly logger: Logger
  readonly options: ConsoleClientOptions
}

/** Everything one console instance holds: stores, API clients, adapters and its timers. */
export interface ConsoleClient {
  readonly session: SessionStore
  readonly preferences: PreferencesStore
  /** The active language and the message formatter (`t`). */
  readonly i18n: I18nStore
  readonly tenant: TenantStore
  readonly streamView: StreamViewStore
  readonly grid: GridStore
  readonly toasts: ToastStore
  readonly flags: FlagsStore
  /** Whether the server answers (fed by every API call and, while it does not, by probes of `/health`). */
  readonly connection: ConnectionStore
  readonly http: HttpClient
  /** The API's base address; media sources stored as paths (`/media/…`) resolve against it. */
  readonly apiBaseUrl: string
  readonly v1: V1Client
  readonly v2: V2Client
  /** Sign-in, second factor, password reset and change. */
  readonly auth: AuthService
  /** The identity provider, if any. */
  readonly authAdapter: AuthAdapter | undefined
  readonly logger: Logger
  /** Starts listening to the auth provider, loads flags and starts the timers. Safe to call twice. */
  start(): void
  /**
   * Stops every timer and listener it started, and the stores' own (storage mirroring, toast timers). `start()` may
   * be called again (React StrictMode mounts twice).
   */
  stop(): void
  /** Resets every store and forgets everything persisted (sign-out, spec §4). */
  resetAll(): void
  /** Signs out of the provider and resets every store (spec §4). */
  signOut(): Promise<void>
  /**
   * Picks a tenant (spec §4): resets the stream state and all workspaces, then, if the tenant differs, stores
   * it with its CIDR ranges and loads the user's roles for it.
   */
  selectTenant(tenant: TenantRecord): Promise<void>
  /**
   * Loads the signed-in user's record (permissions, spec §3) and the roles for the selected tenant. The
   * navigation guard calls it on every route change (spec §2 step 2).
   */
  syncUser(): Promise<void>
  /**
   * Refreshes the access token now. When the provider refuses (revoked, disabled or deleted account) the session
   * ends as after a refused 401; a network failure only logs, the next refresh tries again.
   */
  refreshToken(): Promise<void>
  /**
   * The server refused the console's token on a channel other than the API client (a media route's 401; the live
   * channel reports its 4403 the same way), and the session must end exactly as after a refused API call:
   * `retried` is `false` the first time (one refresh, shared with every refusal of the same moment; resolves `true`
   * when the caller should try again with the fresh token), `true` when the server refused again after that refresh
   * (the session ends: signed out, every store reset, 'Your session has ended…' on the sign-in page; resolves
   * `false`).
   *
   * @example
   * // A player whose media request was refused with 401:
   * if (await client.reportUnauthorized(refusedBefore)) retryNow()
   */
  reportUnauthorized(retried: boolean): Promise<boolean>
  /**
   * Loads the user record again after it failed at sign-in (`load-failed`): the 'Error logging in' retry. Runs by
   * itself when the connection returns.
   */
  retrySession(): Promise<void>
  /** Pings `/health`; failures only log (spec §7). */
  ping(): Promise<boolean>
  /**
   * The console's extension under `key`, created by `create` on the first call (one per console), started with the
   * client and stopped by `stop()`. `getLiveClient(client)` of `@honu/core/live` uses it, so the live channel's code
   * is neither in this entry nor on the sign-in page.
   */
  use<T extends ConsoleExtension>(key: string, create: (context: ConsoleExtensionContext) => T): T
  /** Whether the timers are running. */
  readonly running: boolean
}

/**
 * Creates one console instance. Build one per app (or per test), like a `QueryClient`; never share module
 * singletons between consoles.
 *
 * @example
 * const client = createConsoleClient({ api: { baseUrl: 'http://localhost:8080' }, auth: createFirebaseAuthAdapter(getAuth(app)) })
 * client.start()
 */
export function createConsoleClient(options: ConsoleClientOptions): ConsoleClient {
  const logger = options.logger ?? consoleLogger
  const scheduler = options.scheduler ?? globalScheduler
  const raw = options.storage ?? createBrowserStorage()
  const namespace = options.namespace ?? 'honu'
  const storage: ConsoleStorage = {
    local: createNamespacedStorage(raw.local, namespace),
    session: createNamespacedStorage(raw.session, namespace),
  }
  const auth = options.auth
  const baseUrl = options.api.baseUrl.replace(/\/+$/, '')

  const session = createSessionStore()
  const preferences = createPreferencesStore(storage.local, logger)
  const i18n = createI18nStore({ preferences, locale: options.locale, logger })
  const tenant = createTenantStore(storage, logger)
  const streamView = createStreamViewStore(storage, scheduler, logger)
  const grid = createGridStore(storage.session)
  const toasts = createToastStore(scheduler)
  const flags = createFlagsStore()
  // Probes of /health go through their own client: their answers must not count as calls reaching the server (which
  // would reset the backoff), and they need no token.
  const probeHttp = createHttpClient({ fetch: options.api.fetch, timeoutMs: 10_000 })
  const connection = createConnectionStore(scheduler, () => probeHttp.request('GET', `${baseUrl}/health`).then(() => true))
  // The stores that mirror themselves into storage or hold timers: started and stopped with the client.
  const persisted = [preferences, tenant, streamView, grid]
  const lifecycles: StoreLifecycle[] = [...persisted, toasts]

  let running = false
  // Each load of the flags has its generation: one that answers after a sign-out reset them is dropped.
  let flagsGeneration = 0
  const loadFlags = () => {
    if (!options.flags) return flags.getState().setFlags({})
    const generation = ++flagsGeneration
    flags.getState().setLoading()
    void options.flags.load().then((loaded) => generation === flagsGeneration && flags.getState().setFlags(loaded))
  }

  const resetAll = () => {
    session.getState().clear()
    preferences.getState().reset()
    // Sign-out resets all stores (spec §4), the flags too; a running console loads them afresh for the next user.
    flagsGeneration += 1
    flags.getState().reset()
    if (running) loadFlags()
    tenant.getState().reset()
    streamView.getState().reset()
    streamView.getState().resetSidebar()
    grid.getState().reset()
    toasts.getState().clear()
    for (const key of persisted.flatMap((store) => store.storageKeys)) {
      storage.local.removeItem(key)
      storage.session.removeItem(key)
    }
  }

  const tokens = createTokenRefresher({ auth, session, scheduler, logger, resetAll })
  const http = createHttpClient({
    fetch: options.api.fetch,
    timeoutMs: options.api.timeoutMs,
    slowAfterMs: options.api.slowAfterMs,
    // A bearer token obtained before each call; the provider refreshes it when close to expiry (spec §7).
    getToken: tokens.current,
    onReachability: (up) => (up ? connection.getState().reportReachable() : connection.getState().reportUnreachable()),
    onSlow: () => connection.getState().reportSlow(),
    onUnauthorized: tokens.onUnauthorized,
  })
  const v1 = createV1Client({ http, baseUrl, avatar: options.avatar, logger })
  const v2 = createV2Client({
    http,
    baseUrl: options.api.v2BaseUrl ?? `${baseUrl}/api/v2`,
    services: options.api.v2Services,
    avatar: options.avatar,
  })
  // Stored state is read back when a user signs in (or their session is restored), not at creation: a visitor on
  // the sign-in page needs none of it, and its schemas (valibot) then stay off that page (issue 12's budget).
  const restore = (uid: string) => Promise.all([preferences.getState().setUser(uid), tenant.restore(), streamView.restore(), grid.restore()])
  const users = createSessionUserLoader({
    auth,
    v1,
    session,
    tenant,
    toasts,
    i18n,
    logger,
    getToken: tokens.current,
    avatar: options.avatar,
    restore,
  })
  const authService = createAuthService(auth, session, toasts, i18n)

  let periodicTimer: unknown
  // Extensions (the live client of '@honu/core/live'): created on first use, started and stopped with the client.
  const extensions = new Map<string, ConsoleExtension>()
  const cleanups: (() => void)[] = []

  const client: ConsoleClient = {
    session,
    preferences,
    i18n,
    tenant,
    streamView,
    grid,
    toasts,
    flags,
    connection,
    http,
    apiBaseUrl: baseUrl,
    v1,
    v2,
    auth: authService,
    authAdapter: auth,
    logger,
    get running() {
      return running
    },
    start() {
      if (running) return
      running = true
      for (const store of lifecycles) store.resume()
      // Signing in failed because the server could not be reached: finish it when the server answers again.
      cleanups.push(connection.subscribe((now, before) => void (cameBack(now, before) && users.retry())))
      connection.getState().retryNow()
      if (auth) {
        if (session.getState().status === 'idle') session.getState().setLoading()
        cleanups.push(auth.onChange((user) => void users.load(user)))
      } else {
        session.setState({ status: 'signed-out' })
      }
      if (flags.getState().status === 'idle' || !options.flags) loadFlags()
      // Each user has their own preferences: follow whoever is signed in (nobody: the defaults).
      const followUser = () => {
        const uid = session.getState().user?.uid
        if (uid !== preferences.getState().uid) void preferences.getState().setUser(uid)
      }
      followUser()
      cleanups.push(session.subscribe(followUser))
      periodicTimer = scheduler.setInterval(() => void client.ping(), PERIODIC_TASK_INTERVAL_MS)
      tokens.start()
      for (const extension of extensions.values()) extension.start()
    },
    stop() {
      if (!running) return
      running = false
      scheduler.clearInterval(periodicTimer)
      periodicTimer = undefined
      tokens.stop()
      for (const extension of extensions.values()) extension.stop()
      connection.getState().stop()
      for (const cleanup of cleanups.splice(0)) cleanup()
      for (const store of lifecycles) store.destroy()
    },
    resetAll,
    async signOut() {
      session.setState({ notice: 'signed-out' })
      try {
        await auth?.signOut()
      } finally {
        resetAll()
      }
    },
    async selectTenant(record) {
      streamView.getState().reset()
      grid.getState().resetWorkspaces()
      const withCidrRanges = await import('../api/tenant-ranges').then((m) => m.withCidrRanges)
      const next = withCidrRanges(record)
      if (tenant.getState().tenant?.tenant_id !== next.tenant_id) tenant.getState().setTenant(next)
      await users.sync()
    },
    syncUser: users.sync,
    refreshToken: async () => void (await tokens.refresh()),
    reportUnauthorized: tokens.onUnauthorized,
    retrySession: users.retry,
    ping: () => pingHealth(http, baseUrl, logger),
    use(key, create) {
      let extension = extensions.get(key)
      if (!extension) {
        extension = create({ apiBaseUrl: baseUrl, session, tenant, tokens, scheduler, logger, options })
        extensions.set(key, extension)
        if (running) extension.start()
      }
      return extension as ReturnType<typeof create>
    },
  }
  return client
}
