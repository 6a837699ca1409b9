import type { ListResult, Stream } from '@honu/core'
import { videosQuery } from '@honu/core/query'
import { useTenantList } from '../use-tenant-list'

/** Where the lookup of a widget's stream stands. */
export type TenantStreamState =
  { status: 'idle' } | { status: 'loading' } | { status: 'found'; stream: Stream } | { status: 'missing' } | { status: 'error'; error: unknown }

/** Where the lookup of the selected tenant's streams stands. */
export type TenantStreamsState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; streams: Stream[] } | { status: 'error'; error: unknown }

/**
 * The selected tenant's streams (`GET /videos?tenant_id`) from the console's query cache: one request for every
 * widget, list and page asking at once, loaded again after a change to them, on `retry()`, and by itself after a
 * failure once the connection returns. `idle` with no tenant selected (or `enabled` false).
 */
export function useTenantStreams(enabled = true): TenantStreamsState & { retry: () => void } {
  const list = useTenantList(videosQuery, byName, enabled)
  return list.status === 'ready' ? { status: 'ready', streams: list.items, retry: list.retry } : list
}

const byName = ({ items }: ListResult<Stream>) => [...items].sort((a, b) => a.name.localeCompare(b.name))

/**
 * Looks a stream of the selected tenant up by its id, so a Video widget works on any dashboard, whichever screen
 * loaded what: `idle` without an id (or tenant); `missing` when the tenant has no such stream (deleted meanwhile);
 * `error` when the server could not answer. Shares its request with {@link useTenantStreams}.
 */
export function useTenantStream(streamId: string | undefined): TenantStreamState & { retry: () => void } {
  // Nothing to look up without an id (a source of the widget's own): no request.
  const streams = useTenantStreams(!!streamId)
  if (!streamId || streams.status === 'idle') return { status: 'idle', retry: streams.retry }
  if (streams.status !== 'ready') return streams
  const stream = streams.streams.find((s) => s.video_id === streamId)
  return stream ? { status: 'found', stream, retry: streams.retry } : { status: 'missing', retry: streams.retry }
}
