import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { getQueryCache, queryKeyHash, type QueryCache, type QueryDefinition, type QueryState } from '@honu/core/query'
import { useConsoleClient } from './use-console-client'

/** A query's state with the way to load it again (the "Try again" of a failure). */
export type QueryResult<T> = QueryState<T> & { retry: () => void }

const LOADING: QueryState<never> = { status: 'loading' }
const NOTHING = () => {}

/**
 * A query of the console's one query cache: loaded on mount (data kept from an earlier mount shows meanwhile),
 * shared with every component asking for the same key, loaded again when a change invalidates it, on `retry()`,
 * and by itself after a failure once the connection returns. `false` (what it needs is not there yet): it stays
 * `loading` and nothing runs. The key counts by value; the newest `load` runs.
 *
 * @example
 * const videos = useQuery(tenantId ? videosQuery(client, tenantId) : false)
 * return videos.status === 'ready' ? <List items={videos.data.items} /> : <LookupStatus state={videos} … />
 */
export function useQuery<T>(query: QueryDefinition<T> | false): QueryResult<T> {
  const cache = useQueryCache()
  const latest = useRef(query)
  useEffect(() => {
    latest.current = query
  })
  const hash = query ? queryKeyHash(query.key) : undefined
  const key = query ? query.key : undefined
  const subscribe = useCallback(
    (onChange: () => void) =>
      key ? cache.watch(key, (signal) => (latest.current ? latest.current.load(signal) : Promise.reject(new Error('no query'))), onChange) : NOTHING,
    // The key by value: a new array with the same values is the same query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cache, hash],
  )
  const state = useSyncExternalStore(subscribe, () => (key ? cache.get<T>(key) : undefined) ?? LOADING)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const retry = useCallback(() => void (key && cache.invalidate(key)), [cache, hash])
  return { ...state, retry }
}

/** The console's query cache, for a change that invalidates or writes its entries. */
export function useQueryCache(): QueryCache {
  return getQueryCache(useConsoleClient())
}
