import type { Logger } from '../platform/logger'
import type { LiveChannel, LiveTopicUpdate } from './live-channel'
import type { Parsed } from './protocol'

/** The selected tenant's id, and its changes (the console's tenant store). */
export interface TenantSource {
  get(): string | undefined
  subscribe(listener: () => void): () => void
}

/**
 * What a store of one tenant feed holds: `idle` (no tenant, or nobody listens yet), `loading` (waiting for the
 * snapshot), `live` (the snapshot came; deltas follow), `refused` (the server refused the topic).
 */
export interface FeedState<T> {
  tenantId?: string
  status: 'idle' | 'loading' | 'live' | 'refused'
  /** The latest item per device id. A new object on every change. */
  items: Readonly<Record<string, T>>
}

/** How one feed reads its topic's events. */
export interface FeedOptions<T extends { deviceId: string; tenantId: string }> {
  channel: LiveChannel
  tenant: TenantSource
  logger: Logger
  /** The feed's topic of a tenant. */
  topic(tenantId: string): string
  /** The items of one event's data, checked by the feed's schema. */
  parse(data: unknown): Parsed<readonly T[]>
  /** What the warning about a rejected event calls the items. */
  what: string
}

/** A framework-free store of one tenant feed. */
export interface FeedStore<T> {
  getSnapshot(): FeedState<T>
  /** While it has listeners, the store holds the current tenant's topic and follows the tenant switch. */
  subscribe(listener: () => void): () => void
}

const EMPTY: FeedState<never> = { status: 'idle', items: {} }

/**
 * One store of a tenant's feed on the live channel: the snapshot replaces everything, deltas merge by device id,
 * another tenant's item is never kept, and a tenant switch forgets the last tenant. The vehicles and devices
 * stores are this store under their own field names.
 */
export function createFeedStore<T extends { deviceId: string; tenantId: string }>(options: FeedOptions<T>): FeedStore<T> {
  const { channel, tenant, logger } = options
  let state: FeedState<T> = EMPTY
  const listeners = new Set<() => void>()
  let unsubscribeTopic: (() => void) | undefined
  let unwatchTenant: (() => void) | undefined

  const setState = (next: FeedState<T>) => {
    state = next
    for (const listener of [...listeners]) listener()
  }

  const onUpdate = (tenantId: string) => (update: LiveTopicUpdate) => {
    if (state.tenantId !== tenantId) return
    if (update.kind === 'state') {
      if (update.state.status === 'refused') setState({ tenantId, status: 'refused', items: {} })
      return
    }
    const parsed = options.parse(update.data)
    if (!parsed.ok) {
      logger.warn(`[@honu/core] live channel: dropped ${options.what} the schema rejects:`, parsed.error)
      return
    }
    // Another tenant's item never shows, whatever the server sent.
    const items: Record<string, T> = update.snapshot ? {} : { ...state.items }
    for (const item of parsed.value) if (item.tenantId === tenantId) items[item.deviceId] = item
    setState({ tenantId, status: 'live', items })
  }

  const follow = () => {
    const tenantId = tenant.get()
    if (tenantId === state.tenantId && unsubscribeTopic) return
    unsubscribeTopic?.()
    unsubscribeTopic = undefined
    if (!tenantId) return setState(EMPTY)
    // Another tenant: nothing of the last one stays.
    if (tenantId !== state.tenantId || state.status === 'refused') setState({ tenantId, status: 'loading', items: {} })
    unsubscribeTopic = channel.subscribeTopic(options.topic(tenantId), onUpdate(tenantId))
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) {
        unwatchTenant = tenant.subscribe(follow)
        follow()
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return
        unwatchTenant?.()
        unwatchTenant = undefined
        unsubscribeTopic?.()
        unsubscribeTopic = undefined
      }
    },
  }
}

/**
 * The feed store's state under a field name of its own (`vehicles`, `devices`): the same object for the same
 * state, so `useSyncExternalStore` sees a change only when there is one.
 */
export function renamedFeed<T, S>(
  store: FeedStore<T>,
  rename: (state: FeedState<T>) => S,
): { getSnapshot(): S; subscribe(listener: () => void): () => void } {
  let from: FeedState<T> | undefined
  let to: S
  return {
    getSnapshot() {
      const current = store.getSnapshot()
      if (current !== from) {
        from = current
        to = rename(current)
      }
      return to
    },
    subscribe: (listener) => store.subscribe(listener),
  }
}
