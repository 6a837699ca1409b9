import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { globalScheduler, specMessages } from '@honu/core'
import { useConsoleClient, useOnReconnect } from '@honu/console-kit'
import { createUsersList, type UsersList, type UsersListSnapshot } from './users-list'

/**
 * The selected tenant's users, paged from the server (`users-list.ts`), held with `useSyncExternalStore`; a new
 * list per tenant, loaded again in place when the server answers again. A failed load shows spec §8's 'Error loading users'. `tenantId` undefined: nothing is fetched.
 */
export function useUsersList(tenantId: string | undefined): [UsersListSnapshot, UsersList] {
  const client = useConsoleClient()
  const list = useMemo(
    () =>
      createUsersList({
        fetchPage: (page, signal) => client.v1.listUsersPage(tenantId, page, { signal }),
        scheduler: globalScheduler,
        onError: () => client.toasts.getState().show({ message: client.i18n.getState().t(specMessages, 'errorLoadingUsers'), tone: 'negative' }),
      }),
    [client, tenantId],
  )
  useEffect(() => {
    if (!tenantId) return
    list.start()
    return () => list.stop()
  }, [list, tenantId])
  // The server is back after a fault: the users again, in place (what changed meanwhile shows).
  useOnReconnect(() => void (tenantId && list.refresh()))
  return [useSyncExternalStore(list.subscribe, list.getSnapshot), list]
}
