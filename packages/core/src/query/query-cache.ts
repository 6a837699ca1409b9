import type { Scheduler } from '../platform/scheduler'

/**
 * What names a query: an array of plain values, most general first, so a prefix names a family
 * (`['videos', tenantId]` is under `['videos']`). Compared by value.
 */
export type QueryKey = readonly (string | number | boolean | null)[]

/** Loads a query's data; `signal` aborts when the cache is cleared (sign-out) while it runs. */
export type QueryLoader<T> = (signal: AbortSignal) => Promise<T>

/**
 * Where a query stands: `loading` before its first answer, `ready` with its data, `error` when its last load
 * failed (with the data of an earlier load, if any, so nothing shown is lost). A `ready` query that loads again
 * (invalidated, or mounted anew) stays `ready` with its data until the new answer replaces it.
 */
export type QueryState<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly data: T }
  | { readonly status: 'error'; readonly error: unknown; readonly data?: T }

/** Options of {@link createQueryCache}. */
export interface QueryCacheOptions {
  /** Timers for forgetting unwatched entries. */
  scheduler: Scheduler
  /** How long an entry nobody watches is kept (a screen left and opened again shows it at once). Default 5 min. */
  forgetAfterMs?: number
}

/**
 * The console's one query cache: keyed, each load shared by everyone asking at the same time, loaded again when
 * invalidated after a change, when a watcher mounts anew (the kept data shows meanwhile) and, for the ones that
 * failed, when the connection returns; the live channel or a change's answer can write an entry directly.
 */
export interface QueryCache {
  /** The entry's state, or `undefined` when nothing asked for it (or it was forgotten). */
  get<T>(key: QueryKey): QueryState<T> | undefined
  /** Loads the entry, or joins the load under way; resolves with its data, rejects with its failure. */
  fetch<T>(key: QueryKey, load: QueryLoader<T>): Promise<T>
  /**
   * Watches the entry: `listener` runs on each change of its state. Loads it unless a load is under way (data kept
   * from earlier shows until the answer). Returns the way to stop watching.
   */
  watch<T>(key: QueryKey, load: QueryLoader<T>, listener: () => void): () => void
  /** Loads the watched entries under `prefix` again (all of them without one); unwatched ones load when next asked. */
  invalidate(prefix?: QueryKey): void
  /** Writes the entry's data (a change's answer, the live channel's patch); watchers see it at once. */
  setData<T>(key: QueryKey, update: T | ((data: T | undefined) => T)): void
  /** Loads again every watched entry whose last load failed: what the console does when its connection returns. */
  retryFailed(): void
  /** Forgets everything (sign-out, another user): loads under way are aborted and their answers dropped. */
  clear(): void
}

interface Entry {
  key: QueryKey
  state: QueryState<unknown>
  /** The load under way, and its number: an answer from an older load than the newest is dropped. */
  running?: Promise<unknown>
  generation: number
  /** The newest loader given for this key (by `fetch` or a watcher), for loads the cache starts itself. */
  load?: QueryLoader<unknown>
  /** Set by `invalidate` for an entry nobody watches: the next `fetch` loads instead of answering what is kept. */
  stale: boolean
  listeners: Set<() => void>
  forgetTimer?: unknown
}

const LOADING: QueryState<never> = Object.freeze({ status: 'loading' })

/** A key's identity: its values as JSON (keys hold plain values only). */
export const queryKeyHash = (key: QueryKey): string => JSON.stringify(key)

const isUnder = (key: QueryKey, prefix: QueryKey) => prefix.length <= key.length && prefix.every((part, i) => part === key[i])

/**
 * Creates a query cache (one per console: {@link getQueryCache}).
 *
 * @example
 * const cache = createQueryCache({ scheduler: globalScheduler })
 * const stop = cache.watch(['videos', 'alpha'], () => v1.listVideos('alpha'), () => render(cache.get(['videos', 'alpha'])))
 * await v1.createVideo('alpha', fields)
 * cache.invalidate(['videos', 'alpha'])
 */
export function createQueryCache({ scheduler, forgetAfterMs = 300_000 }: QueryCacheOptions): QueryCache {
  const entries = new Map<string, Entry>()
  let controller = new AbortController()

  const entryOf = (key: QueryKey): Entry => {
    const hash = queryKeyHash(key)
    let entry = entries.get(hash)
    if (!entry) entries.set(hash, (entry = { key, state: LOADING, generation: 0, stale: false, listeners: new Set() }))
    return entry
  }

  const setState = (entry: Entry, state: QueryState<unknown>) => {
    entry.state = state
    for (const listener of [...entry.listeners]) listener()
  }

  const start = (entry: Entry): Promise<unknown> => {
    const load = entry.load
    if (!load) return Promise.reject(new Error(`No loader for query ${queryKeyHash(entry.key)}`))
    const generation = ++entry.generation
    const signal = controller.signal
    entry.stale = false
    // A retry after a failure reads as loading (the user asked again), keeping what the failed load kept.
    if (entry.state.status === 'error') setState(entry, entry.state.data === undefined ? LOADING : { status: 'ready', data: entry.state.data })
    const running = Promise.resolve()
      .then(() => load(signal))
      .then(
        (data) => {
          if (generation === entry.generation && !signal.aborted) setState(entry, { status: 'ready', data })
          return data
        },
        (error: unknown) => {
          if (generation === entry.generation && !signal.aborted) {
            const kept = entry.state.status === 'ready' ? { data: entry.state.data } : undefined
            setState(entry, { status: 'error', error, ...kept })
          }
          throw error
        },
      )
      .finally(() => {
        if (entry.running === running) entry.running = undefined
        forgetLater(entry)
      })
    entry.running = running
    // Joined by whoever asks meanwhile; nobody may be waiting, so an unhandled rejection is not reported here.
    running.catch(() => {})
    return running
  }

  const forgetLater = (entry: Entry) => {
    if (entry.listeners.size > 0 || entry.running || entry.forgetTimer !== undefined) return
    entry.forgetTimer = scheduler.setTimeout(() => {
      entry.forgetTimer = undefined
      const hash = queryKeyHash(entry.key)
      if (entry.listeners.size === 0 && !entry.running && entries.get(hash) === entry) entries.delete(hash)
    }, forgetAfterMs)
  }

  const keep = (entry: Entry) => {
    if (entry.forgetTimer === undefined) return
    scheduler.clearTimeout(entry.forgetTimer)
    entry.forgetTimer = undefined
  }

  return {
    get: <T>(key: QueryKey) => entries.get(queryKeyHash(key))?.state as QueryState<T> | undefined,
    fetch<T>(key: QueryKey, load: QueryLoader<T>) {
      const entry = entryOf(key)
      keep(entry)
      entry.load = load as QueryLoader<unknown>
      if (entry.running) return entry.running as Promise<T>
      if (entry.state.status === 'ready' && !entry.stale) {
        forgetLater(entry)
        return Promise.resolve(entry.state.data as T)
      }
      return start(entry) as Promise<T>
    },
    watch<T>(key: QueryKey, load: QueryLoader<T>, listener: () => void) {
      const entry = entryOf(key)
      keep(entry)
      entry.load = load as QueryLoader<unknown>
      entry.listeners.add(listener)
      if (!entry.running) void start(entry).catch(() => {})
      return () => {
        entry.listeners.delete(listener)
        forgetLater(entry)
      }
    },
    invalidate(prefix = []) {
      for (const entry of entries.values()) {
        if (!isUnder(entry.key, prefix)) continue
        entry.stale = true
        if (entry.listeners.size > 0 && entry.load) void start(entry).catch(() => {})
      }
    },
    setData<T>(key: QueryKey, update: T | ((data: T | undefined) => T)) {
      const entry = entryOf(key)
      const before = entry.state.status === 'loading' ? undefined : (entry.state.data as T | undefined)
      const data = typeof update === 'function' ? (update as (data: T | undefined) => T)(before) : update
      // A load under way would overwrite this with an older view: its answer is dropped.
      entry.generation += 1
      entry.running = undefined
      entry.stale = false
      setState(entry, { status: 'ready', data })
      forgetLater(entry)
    },
    retryFailed() {
      for (const entry of entries.values()) {
        if (entry.state.status === 'error' && entry.listeners.size > 0 && !entry.running) void start(entry).catch(() => {})
      }
    },
    clear() {
      controller.abort()
      controller = new AbortController()
      for (const entry of entries.values()) {
        keep(entry)
        entry.generation += 1
        entry.running = undefined
        entry.stale = true
        // Watchers (a screen still mounted while the session ends) see loading, never the last user's data.
        if (entry.listeners.size > 0) setState(entry, LOADING)
      }
      for (const [hash, entry] of entries) if (entry.listeners.size === 0) entries.delete(hash)
    },
  }
}
