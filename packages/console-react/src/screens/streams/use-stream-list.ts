import { useLayoutEffect } from 'react'
import type { ListResult, Stream } from '@honu/core'
import { videosQuery } from '@honu/core/query'
import { useConsoleClient, useQuery, useQueryCache, useStreamView, useTenant, type QueryResult } from '@honu/console-kit'

/**
 * The tenant's streams (GET videos with total_count) from the console's query cache, mirrored into the stream
 * view store the list reads; shared with every Video widget of the tenant, loaded again after a change, on
 * `retry()`, and by itself after a failure once the connection returns.
 */
export function useStreamList(): QueryResult<ListResult<Stream>> {
  const client = useConsoleClient()
  const tenantId = useTenant((s) => s.tenant?.tenant_id)
  // Without a tenant there is nothing to list; the guard sends the user to choose one.
  const streams = useQuery(!!tenantId && videosQuery(client, tenantId))
  const data = streams.status === 'ready' ? streams.data : undefined
  // Before the list paints: it reads the store. Again whenever the store no longer holds them: choosing a tenant
  // empties the stream view, and re-choosing the same one keeps its answer in the cache (no new data to mirror).
  const shown = useStreamView((s) => s.streams)
  useLayoutEffect(() => {
    if (data && shown !== data.items) client.streamView.getState().setStreams(data.items, data.totalCount)
  }, [client, data, shown])
  return streams
}

/** Loads the tenant's streams again now, for every list and widget of them; resolves when they are in. */
export function useReloadStreams(): () => Promise<void> {
  const client = useConsoleClient()
  const queries = useQueryCache()
  const tenantId = useTenant((s) => s.tenant?.tenant_id)
  return async () => {
    if (!tenantId) return
    const query = videosQuery(client, tenantId)
    queries.invalidate(query.key)
    await queries.fetch(query.key, query.load)
  }
}
