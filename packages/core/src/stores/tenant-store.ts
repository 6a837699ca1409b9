import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Tenant } from '../api/v1-types'
import type { StorageAdapter } from '../platform/storage-adapter'
import type { Logger } from '../platform/logger'
import { persistSlices, type RestoredStore } from '../platform/persist'

/** The selected tenant or organisation, and the user's role in it. */
export interface TenantState {
  /** The selected tenant, with derived CIDR ranges; `undefined` until one is picked. */
  tenant?: Tenant
  /** The user's roles in the selected tenant, once loaded. */
  roles: readonly string[]
  /** The selected organisation of the mission planning product (`orgselection`). */
  organisation?: { id: string; name: string }
  setTenant(tenant: Tenant | undefined): void
  setOrganisation(organisation: { id: string; name: string } | undefined): void
  setRoles(roles: readonly string[]): void
  reset(): void
}

/**
 * The tenant store; it names its storage keys, stops mirroring on `destroy()` and reads the stored selection on
 * `restore()`.
 */
export type TenantStore = StoreApi<TenantState> & RestoredStore

/** Storage key of the selected tenant. */
export const SELECTED_TENANT_KEY = 'selectedTenant'
/** Storage key of the selected organisation. */
export const SELECTED_ORGANISATION_KEY = 'selectedOrganisation'

/**
 * Creates the tenant store. The selected tenant is kept in both local and session storage (spec §3): session
 * storage keeps each tab on its own tenant, local storage restores the last one in a new tab. The store starts
 * empty; `restore()` reads the stored selection, ignoring with a warning on `logger` a value that is not a tenant
 * (or organisation).
 */
export function createTenantStore(storages: { local: StorageAdapter; session: StorageAdapter }, logger?: Logger): TenantStore {
  const order = [storages.session, storages.local]
  const store = createStore<TenantState>()((set) => ({
    tenant: undefined,
    roles: [],
    setTenant: (tenant) => set({ tenant, roles: [] }),
    organisation: undefined,
    setRoles: (roles) => set({ roles: [...roles] }),
    setOrganisation: (organisation) => set({ organisation }),
    reset: () => set({ tenant: undefined, roles: [], organisation: undefined }),
  }))
  return Object.assign(
    store,
    persistSlices(
      store,
      [
        { key: SELECTED_TENANT_KEY, storages: order, pick: (s) => s.tenant },
        { key: SELECTED_ORGANISATION_KEY, storages: order, pick: (s) => s.organisation },
      ],
      // Nothing stored leaves the state as it is (a selection made meanwhile stays).
      () => import('./stored-state').then((m) => m.readTenantSelection(order, logger)),
    ),
  )
}
