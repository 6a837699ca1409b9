import type { ConsoleClient } from '@honu/core'
import { useConsoleClient, useTenant } from '@honu/console-kit'
import { useAsync, type AsyncState } from '../use-async'

/**
 * Fetches the tenant's streams (GET videos) into the stream view store, unless the answer comes too late
 * (`stillWanted` false: the screen left or the tenant changed meanwhile).
 */
export async function fetchStreams(client: ConsoleClient, tenantId: string, stillWanted = () => true): Promise<boolean> {
  const { items, totalCount } = await client.v1.listVideos(tenantId)
  if (!stillWanted()) return false
  client.streamView.getState().setStreams(items, totalCount)
  return true
}

/**
 * Loads the tenant's streams into the stream view store (GET videos with total_count), again on `retry()`, and
 * by itself after a failure once the connection returns.
 */
export function useStreamList(): [AsyncState<void>, () => void] {
  const client = useConsoleClient()
  const tenantId = useTenant((s) => s.tenant?.tenant_id)
  const load = async (signal: AbortSignal) => {
    if (tenantId) await fetchStreams(client, tenantId, () => !signal.aborted)
  }
  // Without a tenant there is nothing to list; the guard sends the user to choose one.
  return useAsync(!!tenantId && load, [client, tenantId])
}
