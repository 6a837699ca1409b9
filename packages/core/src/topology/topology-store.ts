import type { Device, Tenant } from '../api/v1-types'
import type { ConsoleClient } from '../client/create-console-client'
import { getLiveClient } from '../live/create-live-client'
import { cameBack } from '../stores/connection-store'
import type { DevicesState } from '../live/devices-store'
import { applyPresence, buildTopology, EMPTY_FILTER, renameInModel, type TopologyFilter, type TopologyModel } from './topology-model'

/**
 * The network topology screen's state, shared by its list and its graph and by the Tenant widget: the selected
 * tenant's model (loaded from GET tenants and GET devices, states from the live channel), the filter and the
 * selection. `status`: `idle` (no tenant, or nobody listens), `loading` (first load of this tenant), `ready`,
 * `failed` (the first load failed; `error` says why, `reload()` tries again).
 */
export interface TopologyState {
  status: 'idle' | 'loading' | 'ready' | 'failed'
  /** Why the last load failed (a `ConsoleError` or the HTTP error); stays while a stale model is still shown. */
  error?: unknown
  model?: TopologyModel
  /** The live states' feed: `live` once the live channel sent the tenant's snapshot, `refused` if it refused. */
  presence: DevicesState['status']
  filter: TopologyFilter
  /** The selected device, network or tenant id: the list and the graph show the same one. */
  selectedId?: string
}

/** The topology of the selected tenant (framework-free; one per console, see {@link getTopologyStore}). */
export interface TopologyStore {
  getSnapshot(): TopologyState
  /** While it has listeners the store loads the tenant's topology, follows the tenant and holds its live states. */
  subscribe(listener: () => void): () => void
  setFilter(patch: Partial<TopologyFilter>): void
  select(id: string | undefined): void
  /** Loads tenants and devices again (after a failure, or when the server is back). */
  reload(): Promise<void>
}

/** What the store reads of its console (a `ConsoleClient` has all of it). */
export interface TopologyStoreSource {
  listTenants(request: { signal?: AbortSignal }): Promise<Tenant[]>
  listDevices(tenantId: string, request: { signal?: AbortSignal }): Promise<Device[]>
  /** The selected tenant, and its changes (switch or rename). */
  tenant: { get(): Tenant | undefined; subscribe(listener: () => void): () => void }
  /** The live states of the tenant's devices. */
  presence: { getSnapshot(): DevicesState; subscribe(listener: () => void): () => void }
  /** Calls back when the server answers again after it did not. */
  onReachable(listener: () => void): () => void
}

const INITIAL: TopologyState = { status: 'idle', presence: 'idle', filter: EMPTY_FILTER }

/** What {@link createTopologyStore} takes besides its source. */
export interface TopologyStoreOptions {
  /**
   * How long the live states' changes gather before the model shows them, in ms (default 0: at once). Each change
   * rebuilds the model, and what shows it rebuilds its rows: a tenant of 10,000 devices whose states change one
   * device at a time kept the page busy with one rebuild per device. Consoles use {@link PRESENCE_BATCH_MS}.
   */
  presenceBatchMs?: number
}

/**
 * How long a console's topology gathers live state changes (ms): at most four model rebuilds a second, well inside
 * the server's own pace (it finds silent devices about once a second).
 */
export const PRESENCE_BATCH_MS = 250

/** A signature of what a layout depends on: which networks and devices there are, and where. */
function structureOf(model: TopologyModel): string {
  const networks = model.networks.map((n) => `${n.id}=${n.cidr}:${n.overlaps.map((o) => o.id).join(',')}`).join(';')
  return `${networks}|${model.devices.map((d) => `${d.id}\u0000${d.kind}\u0000${d.networkId ?? ''}`).join('\u0001')}`
}

/**
 * Creates a topology store over a source (tests give a fake source; consoles use {@link getTopologyStore}).
 *
 * @example
 * const topology = createTopologyStore(source)
 * const stop = topology.subscribe(() => render(topology.getSnapshot()))
 */
export function createTopologyStore(source: TopologyStoreSource, options: TopologyStoreOptions = {}): TopologyStore {
  const batchMs = options.presenceBatchMs ?? 0
  let state: TopologyState = INITIAL
  /** The timer of a gathering of live state changes, while one is pending. */
  let presenceTimer: ReturnType<typeof setTimeout> | undefined
  const listeners = new Set<() => void>()
  let unwatch: (() => void)[] = []
  let loading: AbortController | undefined
  let tenantId: string | undefined
  /**
   * What is kept while nobody listens (the list and the graph swap, one leaves before the other comes): the tenant,
   * its model as last loaded and its structure, shown at once to the next listener while a refresh loads.
   */
  let kept: { tenantId: string; model?: TopologyModel; signature: string } | undefined
  let signature = ''

  const setState = (patch: Partial<TopologyState>) => {
    state = { ...state, ...patch }
    for (const listener of [...listeners]) listener()
  }

  const presence = () => source.presence.getSnapshot()
  /** The live states, only when they are the current tenant's. */
  const statesFor = (id: string) => {
    const live = presence()
    return live.tenantId === id ? live.devices : {}
  }

  const load = async (tenant: Tenant): Promise<void> => {
    loading?.abort()
    const controller = new AbortController()
    loading = controller
    const { signal } = controller
    try {
      const [visibleTenants, devices] = await Promise.all([source.listTenants({ signal }), source.listDevices(tenant.tenant_id, { signal })])
      if (signal.aborted || tenantId !== tenant.tenant_id) return
      // The selected tenant's own record may be newer than the list (a rename just now): it wins.
      const current = source.tenant.get() ?? tenant
      const before = state.model
      const built = buildTopology({ tenant: current, visibleTenants, devices, presence: statesFor(tenant.tenant_id) })
      const next = structureOf(built)
      const sameStructure = before !== undefined && before.tenant.id === built.tenant.id && next === signature
      signature = next
      const model: TopologyModel = {
        ...built,
        version: (before?.version ?? 0) + 1,
        structureVersion: sameStructure ? before.structureVersion : (before?.structureVersion ?? 0) + 1,
      }
      const selectedId = state.selectedId
      const stillThere =
        selectedId === undefined ||
        selectedId === model.tenant.id ||
        model.networks.some((n) => n.id === selectedId) ||
        model.devices.some((d) => d.id === selectedId)
      setState({ status: 'ready', model, error: undefined, selectedId: stillThere ? selectedId : undefined })
    } catch (error) {
      if (signal.aborted || tenantId !== tenant.tenant_id) return
      // A model already shown stays (stale but useful); the error says the refresh failed.
      setState(state.model ? { error } : { status: 'failed', error })
    } finally {
      if (loading === controller) loading = undefined
    }
  }

  const followTenant = () => {
    const tenant = source.tenant.get()
    if (tenant?.tenant_id === tenantId) {
      // The same tenant, maybe renamed: the model follows without a reload.
      if (tenant && state.model && tenant.name !== state.model.tenant.name) setState({ model: renameInModel(state.model, tenant.name) })
      return
    }
    loading?.abort()
    // What was kept while nobody listened (list ↔ graph) comes back if it is this tenant's: the selection, and the
    // model shown at once (its live states brought up to date by applyLivePresence) while it is loaded again.
    const back = tenant !== undefined && kept?.tenantId === tenant.tenant_id ? kept : undefined
    kept = undefined
    tenantId = tenant?.tenant_id
    signature = back?.model ? back.signature : ''
    // Another tenant: nothing of the last one stays, neither its model nor its selection.
    setState({
      status: back?.model ? 'ready' : tenant ? 'loading' : 'idle',
      model: back?.model,
      error: undefined,
      selectedId: back ? state.selectedId : undefined,
      presence: presence().status,
    })
    if (tenant) void load(tenant)
  }

  /** Shows the live states now (and ends a pending gathering: what it waited for is shown). */
  const applyLivePresence = () => {
    clearTimeout(presenceTimer)
    presenceTimer = undefined
    const live = presence()
    const patch: Partial<TopologyState> = {}
    if (live.status !== state.presence) patch.presence = live.status
    if (state.model && live.tenantId === state.model.tenant.id) {
      const model = applyPresence(state.model, live.devices)
      if (model !== state.model) patch.model = model
    }
    if (Object.keys(patch).length > 0) setState(patch)
  }

  /**
   * A change of the live states: the feed's status (live, refused) shows at once; device states gather for
   * `presenceBatchMs` and show together.
   */
  const followPresence = () => {
    if (batchMs <= 0 || presence().status !== state.presence) return applyLivePresence()
    presenceTimer ??= setTimeout(applyLivePresence, batchMs)
  }

  const reload = async () => {
    const tenant = source.tenant.get()
    if (!tenant || listeners.size === 0) return
    if (state.status === 'failed') setState({ status: 'loading', error: undefined })
    await load(tenant)
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) {
        unwatch = [source.tenant.subscribe(followTenant), source.presence.subscribe(followPresence), source.onReachable(() => void reload())]
        followTenant()
        applyLivePresence()
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return
        for (const stop of unwatch) stop()
        unwatch = []
        clearTimeout(presenceTimer)
        presenceTimer = undefined
        loading?.abort()
        loading = undefined
        // Nobody listens: the next listener loads again (the filter and selection stay, like a screen's state; the
        // selection and the last model only for the same tenant).
        kept = tenantId === undefined ? undefined : { tenantId, model: state.status === 'ready' ? state.model : undefined, signature }
        tenantId = undefined
        state = { ...INITIAL, filter: state.filter, selectedId: state.selectedId }
      }
    },
    setFilter(patch) {
      setState({ filter: { ...state.filter, ...patch } })
    },
    select(id) {
      if (id !== state.selectedId) setState({ selectedId: id })
    },
    reload,
  }
}

/** The key of the topology store among a console's extensions. */
export const TOPOLOGY_STORE_KEY = '@honu/core/topology'

/**
 * The topology store of a console: one per console instance, so the list, the graph and the Tenant widget share
 * the model, the filter and the selection (switching between list and graph keeps both).
 *
 * @example
 * const topology = getTopologyStore(client)
 * topology.setFilter({ kinds: ['vehicle'] })
 */
export function getTopologyStore(client: Pick<ConsoleClient, 'use' | 'v1' | 'tenant' | 'connection'>): TopologyStore {
  return client.use(TOPOLOGY_STORE_KEY, () => {
    const live = getLiveClient(client)
    const store = createTopologyStore(
      {
        listTenants: (request) => client.v1.listTenants(request),
        listDevices: (tenantId, request) => client.v1.listDevices(tenantId, request).then((result) => result.items),
        tenant: { get: () => client.tenant.getState().tenant, subscribe: (listener) => client.tenant.subscribe(() => listener()) },
        presence: live.devices,
        onReachable: (listener) => client.connection.subscribe((now, before) => void (cameBack(now, before) && listener())),
      },
      { presenceBatchMs: PRESENCE_BATCH_MS },
    )
    // Nothing to start or stop of its own: it works while it has listeners, and the live client is the console's.
    return Object.assign(store, { start() {}, stop() {} })
  })
}
