import { useCallback, useEffect, useState } from 'react'
import type { ConsoleClient, Stream } from '@honu/core'
import { useConsoleClient, useOnReconnect, useTenant } from '@honu/console-kit'

/** Where the lookup of a widget's stream stands. */
export type TenantStreamState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; stream: Stream }
  | { status: 'missing' }
  | { status: 'error'; error: unknown }

// Widgets mounting together (a dashboard of four streams) share one request per console and tenant; the entry
// goes once it is answered, so a later mount asks again and sees the server's current list.
const pending = /* @__PURE__ */ new WeakMap<ConsoleClient, Map<string, Promise<Stream[]>>>()
function listStreams(client: ConsoleClient, tenantId: string): Promise<Stream[]> {
  let byTenant = pending.get(client)
  if (!byTenant) pending.set(client, (byTenant = new Map()))
  let request = byTenant.get(tenantId)
  if (!request) {
    const map = byTenant
    request = client.v1.listVideos(tenantId).then(({ items }) => items)
    map.set(tenantId, request)
    void request.then(
      () => map.delete(tenantId),
      () => map.delete(tenantId),
    )
  }
  return request
}

/**
 * Looks a stream of the selected tenant up by its id through the API (`GET /videos?tenant_id`), so a Video widget
 * works on any dashboard, whichever screen loaded what. `idle` without an id; `missing` when the tenant has no
 * such stream (deleted meanwhile); `error` when the server could not answer, tried again on `retry()` and by
 * itself when the connection returns.
 */
export function useTenantStream(streamId: string | undefined): TenantStreamState & { retry: () => void } {
  const client = useConsoleClient()
  const tenantId = useTenant((t) => t.tenant?.tenant_id)
  const [attempt, setAttempt] = useState(0)
  // Each answer is kept with the lookup it answers, so a new id, tenant or attempt reads as loading at once.
  const key = streamId && tenantId ? JSON.stringify([tenantId, streamId, attempt]) : undefined
  const [answer, setAnswer] = useState<{ key: string; state: TenantStreamState }>()

  useEffect(() => {
    if (!key || !streamId || !tenantId) return
    let live = true
    listStreams(client, tenantId).then(
      (streams) => {
        const stream = streams.find((s) => s.video_id === streamId)
        if (live) setAnswer({ key, state: stream ? { status: 'found', stream } : { status: 'missing' } })
      },
      (error: unknown) => live && setAnswer({ key, state: { status: 'error', error } }),
    )
    return () => {
      live = false
    }
  }, [client, key, tenantId, streamId])

  const state: TenantStreamState = !key ? { status: 'idle' } : answer?.key === key ? answer.state : { status: 'loading' }
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  useOnReconnect(() => state.status === 'error' && retry())
  return { ...state, retry }
}

/** Where the lookup of the selected tenant's streams stands. */
export type TenantStreamsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; streams: Stream[] }
  | { status: 'error'; error: unknown }

/**
 * The selected tenant's streams through the API (`GET /videos?tenant_id`), sorted by name, for the Video widget's
 * stream picker: `idle` with no tenant selected; `error` when the server could not answer, tried again on
 * `retry()` and by itself when the connection returns. Shares its request with {@link useTenantStream}.
 */
export function useTenantStreams(): TenantStreamsState & { retry: () => void } {
  const client = useConsoleClient()
  const tenantId = useTenant((t) => t.tenant?.tenant_id)
  const [attempt, setAttempt] = useState(0)
  const key = tenantId ? JSON.stringify([tenantId, attempt]) : undefined
  const [answer, setAnswer] = useState<{ key: string; state: TenantStreamsState }>()

  useEffect(() => {
    if (!key || !tenantId) return
    let live = true
    listStreams(client, tenantId).then(
      (streams) => {
        const sorted = [...streams].sort((a, b) => a.name.localeCompare(b.name))
        if (live) setAnswer({ key, state: { status: 'ready', streams: sorted } })
      },
      (error: unknown) => live && setAnswer({ key, state: { status: 'error', error } }),
    )
    return () => {
      live = false
    }
  }, [client, key, tenantId])

  const state: TenantStreamsState = !key ? { status: 'idle' } : answer?.key === key ? answer.state : { status: 'loading' }
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  useOnReconnect(() => state.status === 'error' && retry())
  return { ...state, retry }
}
