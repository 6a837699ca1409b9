import { createHttpClient, type FetchLike, type HttpClient } from '../api/http-client'
import { createV1Client, withCidrRanges, type V1Client } from '../api/create-v1-client'
import { createV2Client, type V2Client } from '../api/create-v2-client'
import type { V2ServiceMap } from '../api/v2-url'
import type { Tenant, TenantRecord } from '../api/v1-types'
import { pingHealth } from '../api/ping-health'
import type { AuthAdapter, AuthUser } from '../auth/auth-adapter'
import { createAuthService, type AuthService } from '../auth/create-auth-service'
import { ConsoleError } from '../errors/console-error'
import { messages } from '../errors/messages'
import type { AvatarOptions } from '../avatar/avatar'
import { avatarUrl } from '../avatar/avatar'
import { PERIODIC_TASK_INTERVAL_MS, TOKEN_REFRESH_INTERVAL_MS } from '../constants/timing'
import type { FlagSource } from '../flags/flag-source'
import { getRoles } from '../permissions/roles'
import { consoleLogger, type Logger } from '../platform/logger'
import { globalScheduler, type Scheduler } from '../platform/scheduler'
import {
  createBrowserStorage,
  createNamespacedStorage,
  type ConsoleStorage,
} from '../platform/storage-adapter'
import { createConnectionStore, type ConnectionStore } from '../stores/connection-store'
import { createFlagsStore, type FlagsStore } from '../stores/flags-store'
import { createGridStore, GRID_SETTINGS_KEY, WORKSPACES_KEY, type GridStore } from '../grid/grid-store'
import { createPreferencesStore, type PreferencesStore } from '../stores/preferences-store'
import { createSessionStore, type SessionStore } from '../auth/session-store'
import { createStreamViewStore, STREAM_SIDEBAR_KEY, type StreamViewStore } from '../stores/stream-view-store'
import { createTenantStore, SELECTED_ORGANISATION_KEY, SELECTED_TENANT_KEY, type TenantStore } from '../stores/tenant-store'
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
}

/** Everything one console instance holds: stores, API clients, adapters and its timers. */
export interface ConsoleClient {
  readonly session: SessionStore
  readonly preferences: PreferencesStore
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
  /** Stops timers and listeners. `start()` may be called again (React StrictMode mounts twice). */
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
   * Loads the user record again after it failed at sign-in (`load-failed`): the 'Error logging in' retry. Runs by
   * itself when the connection returns.
   */
  retrySession(): Promise<void>
  /** Pings `/health`; failures only log (spec §7). */
  ping(): Promise<boolean>
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

  const session = createSessionStore()
  const preferences = createPreferencesStore(storage.local)
  const tenant = createTenantStore(storage)
  const streamView = createStreamViewStore(storage, scheduler)
  const grid = createGridStore(storage.session)
  const toasts = createToastStore(scheduler)
  const flags = createFlagsStore()

  const authService = createAuthService(auth, session, toasts)
  const baseUrl = options.api.baseUrl.replace(/\/+$/, '')
  // Probes go through their own client: their answers must not count as calls reaching the server (which would
  // reset the backoff) and need no token.
  const probeHttp = createHttpClient({ fetch: options.api.fetch, timeoutMs: 10_000 })
  const connection = createConnectionStore(scheduler, () => probeHttp.request('GET', `${baseUrl}/health`).then(() => true))

  // The server refused the session (after one token refresh): sign out, forget everything, and say why on the
  // sign-in page. Screens, and with them every player, unmount as the guards send the user to sign in.
  let ending: Promise<void> | undefined
  const endSession = () =>
    (ending ??= (async () => {
      logger.warn('[@honu/core] the server ended the session; signing out.')
      await auth?.signOut().catch(() => undefined)
      resetAll()
      session.setState({ notice: 'session-ended' })
      ending = undefined
    })())
  // One refresh for every call refused at the same moment.
  let refreshing: Promise<boolean> | undefined
  const refreshOrEnd = () =>
    (refreshing ??= refreshToken().finally(() => (refreshing = undefined)))

  const http = createHttpClient({
    fetch: options.api.fetch,
    timeoutMs: options.api.timeoutMs,
    // A bearer token obtained before each call; the provider refreshes it when close to expiry (spec §7).
    getToken: async () => (auth ? await auth.getIdToken() : undefined),
    onReachability: (up) => (up ? connection.getState().reportReachable() : connection.getState().reportUnreachable()),
    onUnauthorized: async (retried) => (retried ? (await endSession(), false) : refreshOrEnd()),
  })
  const v1 = createV1Client({ http, baseUrl, avatar: options.avatar })
  const v2 = createV2Client({
    http,
    baseUrl: options.api.v2BaseUrl ?? `${baseUrl}/api/v2`,
    services: options.api.v2Services,
    avatar: options.avatar,
  })

  let running = false
  let periodicTimer: unknown
  let refreshTimer: unknown
  const cleanups: (() => void)[] = []

  // Whether a fresh token was obtained. A provider that cannot be reached is not a refusal: the session stays.
  async function refreshToken(): Promise<boolean> {
    if (!auth) return false
    try {
      session.getState().setToken(await auth.getIdToken({ forceRefresh: true }))
      return true
    } catch (error) {
      logger.warn('[@honu/core] could not refresh the access token.', error)
      if (!String((error as { code?: unknown } | null)?.code).includes('network')) await endSession()
      return false
    }
  }

  // The 50-minute refresh runs while a token exists and stops when it is gone (spec §4).
  const syncRefreshTimer = () => {
    const hasToken = !!session.getState().token
    if (running && hasToken && refreshTimer === undefined) {
      refreshTimer = scheduler.setInterval(() => void refreshToken(), TOKEN_REFRESH_INTERVAL_MS)
    } else if ((!running || !hasToken) && refreshTimer !== undefined) {
      scheduler.clearInterval(refreshTimer)
      refreshTimer = undefined
    }
  }

  const syncUser = async () => {
    const uid = session.getState().user?.uid
    if (!uid) return
    const record = await v1.getUser(uid)
    session.getState().setUser({ permissions: record.permissions })
    const selected = tenant.getState().tenant
    if (selected) tenant.getState().setRoles(getRoles(record.permissions, selected.tenant_id))
  }

  // Signed in only once the console's own user record has loaded: the guards decide by its permissions.
  const onAuthChange = async (user: AuthUser | undefined) => {
    if (!user) {
      if (session.getState().status === 'mfa-required') return
      session.getState().clear()
      return
    }
    try {
      const token = auth ? await auth.getIdToken() : undefined
      const record = await v1.getUser(user.uid)
      session.getState().setSession(
        {
          uid: user.uid,
          email: user.email,
          displayName: user.displayName,
          avatar: avatarUrl(user.email, options.avatar),
          permissions: record.permissions,
        },
        token,
      )
      const selected = tenant.getState().tenant
      if (selected) tenant.getState().setRoles(getRoles(record.permissions, selected.tenant_id))
    } catch (error) {
      const status = ((error as { cause?: { status?: unknown } }).cause?.status ?? 0) as number
      if (status >= 400 && status < 500) {
        // The account is known to the provider but not to the console (or no longer): spec §8.
        logger.error(ConsoleError.is(error) ? error.message : messages.failedToFetchUserData)
        toasts.getState().show({ message: messages.errorLoggingIn, tone: 'negative' })
        await auth?.signOut().catch(() => undefined)
        session.getState().setError(error)
      } else {
        // Server down, failing or slow: keep the provider's session; 'Error logging in' offers a retry, and the
        // retry runs by itself when the connection returns.
        session.setState({ status: 'load-failed', error })
      }
    }
  }

  const resetAll = () => {
    session.getState().clear()
    preferences.getState().reset()
    tenant.getState().reset()
    streamView.getState().reset()
    streamView.getState().resetSidebar()
    grid.getState().reset()
    toasts.getState().clear()
    for (const key of [SELECTED_TENANT_KEY, SELECTED_ORGANISATION_KEY, STREAM_SIDEBAR_KEY, GRID_SETTINGS_KEY, WORKSPACES_KEY, 'preferences']) {
      storage.local.removeItem(key)
      storage.session.removeItem(key)
    }
  }

  const client: ConsoleClient = {
    session,
    preferences,
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
      cleanups.push(session.subscribe(syncRefreshTimer))
      cleanups.push(
        connection.subscribe((now, before) => {
          if (now.status === 'reachable' && before.status !== 'reachable' && session.getState().status === 'load-failed') {
            void client.retrySession()
          }
        }),
      )
      connection.getState().retryNow()
      if (auth) {
        if (session.getState().status === 'idle') session.getState().setLoading()
        cleanups.push(auth.onChange((user) => void onAuthChange(user)))
      } else {
        session.setState({ status: 'signed-out' })
      }
      if (options.flags && flags.getState().status === 'idle') {
        flags.getState().setLoading()
        void options.flags.load().then((loaded) => flags.getState().setFlags(loaded))
      } else if (!options.flags) {
        flags.getState().setFlags({})
      }
      periodicTimer = scheduler.setInterval(() => void client.ping(), PERIODIC_TASK_INTERVAL_MS)
      syncRefreshTimer()
    },
    stop() {
      if (!running) return
      running = false
      scheduler.clearInterval(periodicTimer)
      periodicTimer = undefined
      syncRefreshTimer()
      connection.getState().stop()
      for (const cleanup of cleanups.splice(0)) cleanup()
    },
    resetAll,
    async signOut() {
      try {
        await auth?.signOut()
      } finally {
        resetAll()
      }
    },
    async selectTenant(record) {
      streamView.getState().reset()
      grid.getState().resetWorkspaces()
      const current = tenant.getState().tenant
      const next: Tenant = withCidrRanges(record)
      if (current?.tenant_id !== next.tenant_id) tenant.getState().setTenant(next)
      await syncUser()
    },
    syncUser,
    refreshToken: async () => void (await refreshToken()),
    async retrySession() {
      if (session.getState().status !== 'load-failed') return
      session.getState().setLoading()
      await onAuthChange(await auth?.getCurrentUser())
    },
    ping: () => pingHealth(http, baseUrl, logger),
  }
  return client
}
