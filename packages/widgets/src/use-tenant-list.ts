import { useMemo } from 'react'
import type { ConsoleClient } from '@honu/core'
import type { QueryDefinition } from '@honu/core/query'
import { useConsoleClient, useQuery, useTenant } from '@honu/console-kit'

/** Where a list of the selected tenant stands: `idle` with no tenant (or not `enabled`), else the query's state. */
export type TenantListState<R> = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; items: R[] } | { status: 'error'; error: unknown }

/**
 * A list of the selected tenant from the console's query cache (`query` for the tenant, `select` picking and
 * ordering its items once per answer): shared with everyone asking for the same query, retried on `retry()` and by
 * itself when the connection returns. The Video and Vehicle widgets' lookups are built on it.
 */
export function useTenantList<T, R>(
  query: (client: ConsoleClient, tenantId: string) => QueryDefinition<T>,
  select: (data: T) => R[],
  enabled = true,
): TenantListState<R> & { retry: () => void } {
  const client = useConsoleClient()
  const tenantId = useTenant((t) => (enabled ? t.tenant?.tenant_id : undefined))
  const state = useQuery(!!tenantId && query(client, tenantId))
  const data = state.status === 'ready' ? state.data : undefined
  // `select` is the caller's constant; the items change only with the answer.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const items = useMemo(() => data && select(data), [data])
  const list: TenantListState<R> = !tenantId
    ? { status: 'idle' }
    : items
      ? { status: 'ready', items }
      : state.status === 'error'
        ? { status: 'error', error: state.error }
        : { status: 'loading' }
  return { ...list, retry: state.retry }
}
