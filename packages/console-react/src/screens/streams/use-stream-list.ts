import { useCallback, useEffect, useState } from 'react'
import { useConsoleClient } from '../../hooks/use-console-client'
import { useTenant } from '../../hooks/use-console-store'

/** Loading the tenant's streams into the stream view store (GET videos with total_count). */
export function useStreamList(): { status: 'loading' | 'ready' | 'error'; error?: unknown; reload: () => Promise<void> } {
  const client = useConsoleClient()
  const tenantId = useTenant((s) => s.tenant?.tenant_id)
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; error?: unknown }>({ status: 'loading' })

  const reload = useCallback(async () => {
    if (!tenantId) return
    try {
      const { items, totalCount } = await client.v1.listVideos(tenantId)
      client.streamView.getState().setStreams(items, totalCount)
      setState({ status: 'ready' })
    } catch (error) {
      setState({ status: 'error', error })
    }
  }, [client, tenantId])

  useEffect(() => {
    let live = true
    if (!tenantId) return
    client.v1.listVideos(tenantId).then(
      ({ items, totalCount }) => {
        if (!live) return
        client.streamView.getState().setStreams(items, totalCount)
        setState({ status: 'ready' })
      },
      (error: unknown) => live && setState({ status: 'error', error }),
    )
    return () => {
      live = false
    }
  }, [client, tenantId])

  return { ...state, reload }
}
