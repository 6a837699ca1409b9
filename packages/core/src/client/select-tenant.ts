import { withCidrRanges } from '../api/create-v1-client'
import type { TenantRecord } from '../api/v1-types'
import type { GridStore } from '../grid/grid-store'
import type { StreamViewStore } from '../stores/stream-view-store'
import type { TenantStore } from '../stores/tenant-store'

/**
 * Picks a tenant (spec §4): resets the stream state and all workspaces, then, if the tenant differs, stores it
 * with its CIDR ranges; `syncUser` then loads the user's roles for it.
 */
export async function selectTenant(
  stores: { tenant: TenantStore; streamView: StreamViewStore; grid: GridStore },
  record: TenantRecord,
  syncUser: () => Promise<void>,
): Promise<void> {
  stores.streamView.getState().reset()
  stores.grid.getState().resetWorkspaces()
  const next = withCidrRanges(record)
  if (stores.tenant.getState().tenant?.tenant_id !== next.tenant_id) stores.tenant.getState().setTenant(next)
  await syncUser()
}
