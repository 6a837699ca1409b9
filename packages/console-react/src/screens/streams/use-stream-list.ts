import { useCallback, useEffect, useState } from 'react'
import { useConsoleClient } from '../../hooks/use-console-client'
import { useTenant } from '../../hooks/use-console-store'

type ListState = { status: 'loading' | 'ready' | 'error'; error?: unknown }

/** Loads the tenant's streams into the stream view store (GET videos with total_count), again on `reload()`. */
export function useStreamList(): ListState & { reload: () => void } {
  const client = useConsoleClient()
  const tenantId = useTenant((s) => s.tenant?.tenant_id)
  const [state, setState] = useState<ListState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!tenantId) return
    let live = true
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
  }, [client, tenantId, attempt])

  const reload = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])
  return { ...state, reload }
}
