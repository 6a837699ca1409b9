import { useCallback, useEffect, useState } from 'react'
import type { ConsoleClient } from '@honu/core'
import { useConsoleClient } from '../../hooks/use-console-client'
import { useTenant } from '../../hooks/use-console-store'
import { useOnReconnect } from '../../hooks/use-on-reconnect'

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

type ListState = { status: 'loading' | 'ready' | 'error'; error?: unknown }

/**
 * Loads the tenant's streams into the stream view store (GET videos with total_count), again on `reload()`, and
 * by itself after a failure once the connection returns.
 */
export function useStreamList(): ListState & { reload: () => void } {
  const client = useConsoleClient()
  const tenantId = useTenant((s) => s.tenant?.tenant_id)
  const [state, setState] = useState<ListState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!tenantId) return
    let live = true
    fetchStreams(client, tenantId, () => live).then(
      (stored) => stored && setState({ status: 'ready' }),
      (error: unknown) => live && setState({ status: 'error', error }),
    )
    return () => {
      live = false
    }
  }, [client, tenantId, attempt])

  const reload = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])
  useOnReconnect(() => state.status === 'error' && reload())
  return { ...state, reload }
}
