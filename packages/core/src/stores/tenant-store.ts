import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Tenant } from '../api/v1-types'
import type { StorageAdapter } from '../platform/storage-adapter'
import { looseObject, object, string, type GenericSchema } from 'valibot'
import type { Logger } from '../platform/logger'
import { persistSlices, restoreSlice, type PersistedStore } from '../platform/persist'
import { objectMessage } from '../platform/schema'

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

/** The tenant store; it names its storage keys and stops mirroring on `destroy()`. */
export type TenantStore = StoreApi<TenantState> & PersistedStore

/** Storage key of the selected tenant. */
export const SELECTED_TENANT_KEY = 'selectedTenant'
/** Storage key of the selected organisation. */
export const SELECTED_ORGANISATION_KEY = 'selectedOrganisation'

// Schemas are built where they are used, not at module level: a module-level call counts as a side effect to a
// bundler, which would then keep valibot in an app that imports only the permissions helpers (.size-limit.json).

/** A stored organisation: its id and name, nothing else kept. */
const storedOrganisation = () =>
  object({ id: string('{path} is not text'), name: string('{path} is not text') }, objectMessage('an organisation'))

/**
 * A stored tenant: its id and name must be text; the rest (networks, derived ranges) is kept as stored, as the
 * tenant list gave it.
 */
const storedTenant = () =>
  looseObject({ tenant_id: string('{path} is not text'), name: string('{path} is not text') }, objectMessage('a tenant')) as GenericSchema<
    unknown,
    Tenant
  >

/**
 * Creates the tenant store. The selected tenant is kept in both local and session storage (spec §3): session
 * storage keeps each tab on its own tenant, local storage restores the last one in a new tab. A stored value that
 * is not a tenant (or organisation) is ignored with a warning on `logger`.
 */
export function createTenantStore(storages: { local: StorageAdapter; session: StorageAdapter }, logger?: Logger): TenantStore {
  const order = [storages.session, storages.local]
  const store = createStore<TenantState>()((set) => ({
    tenant: restoreSlice(SELECTED_TENANT_KEY, order, storedTenant(), logger),
    roles: [],
    setTenant: (tenant) => set({ tenant, roles: [] }),
    organisation: restoreSlice(SELECTED_ORGANISATION_KEY, order, storedOrganisation(), logger),
    setRoles: (roles) => set({ roles: [...roles] }),
    setOrganisation: (organisation) => set({ organisation }),
    reset: () => set({ tenant: undefined, roles: [], organisation: undefined }),
  }))
  return Object.assign(
    store,
    persistSlices(store, [
      { key: SELECTED_TENANT_KEY, storages: order, pick: (s) => s.tenant },
      {
        key: SELECTED_ORGANISATION_KEY,
        storages: order,
        pick: (s) => s.organisation,
      },
    ]),
  )
}
