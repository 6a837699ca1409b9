import { useEffect, useMemo, useSyncExternalStore } from 'react'
import type { AuditFilters } from '@honu/core'
import { useConsoleClient, useOnReconnect } from '@honu/console-kit'
import { createAuditTrailList, type AuditTrailList, type AuditTrailSnapshot } from './audit-trail-list'
import { saveFile } from './save-file'

/**
 * The audit trail over the v1 client (`audit-trail-list.ts`), held with `useSyncExternalStore`; a new list when
 * `initial` (the tenant, or every tenant) changes; loaded again in place when the server answers again.
 */
export function useAuditTrail(initial: AuditFilters): [AuditTrailSnapshot, AuditTrailList] {
  const client = useConsoleClient()
  const tenantId = initial.tenantId
  const list = useMemo(
    () =>
      createAuditTrailList({
        filters: { tenantId },
        fetchPage: (filters, page, signal) => client.v1.listAudit(filters, page, { signal }),
        exportFile: (filters, format, signal) => client.v1.exportAudit(filters, format, { signal }),
        save: (file) => saveFile(file),
      }),
    [client, tenantId],
  )
  useEffect(() => {
    list.start()
    return () => list.stop()
  }, [list])
  // The server is back after a fault: the entries again, in place (what changed meanwhile shows).
  useOnReconnect(() => void list.refresh())
  return [useSyncExternalStore(list.subscribe, list.getSnapshot), list]
}
