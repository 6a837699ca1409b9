import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Tenant } from '../api/v1-types'
import type { StorageAdapter } from '../platform/storage-adapter'
import { persistSlices, restoreSlice, type PersistedStore } from '../platform/persist'

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

function asOrganisation(value: unknown): { id: string; name: string } | undefined {
  const v = value as { id?: unknown; name?: unknown } | undefined
  return v && typeof v.id === 'string' && typeof v.name === 'string' ? { id: v.id, name: v.name } : undefined
}

function asTenant(value: unknown): Tenant | undefined {
  const v = value as Partial<Tenant> | undefined
  return v && typeof v === 'object' && typeof v.tenant_id === 'string' && typeof v.name === 'string'
    ? (v as Tenant)
    : undefined
}

/**
 * Creates the tenant store. The selected tenant is kept in both local and session storage (spec §3): session
 * storage keeps each tab on its own tenant, local storage restores the last one in a new tab.
 */
export function createTenantStore(storages: { local: StorageAdapter; session: StorageAdapter }): TenantStore {
  const order = [storages.session, storages.local]
  const store = createStore<TenantState>()((set) => ({
    tenant: restoreSlice(SELECTED_TENANT_KEY, order, asTenant),
    roles: [],
    setTenant: (tenant) => set({ tenant, roles: [] }),
    organisation: restoreSlice(SELECTED_ORGANISATION_KEY, order, asOrganisation),
    setRoles: (roles) => set({ roles: [...roles] }),
    setOrganisation: (organisation) => set({ organisation }),
    reset: () => set({ tenant: undefined, roles: [], organisation: undefined }),
  }))
  return Object.assign(
    store,
    persistSlices(store, [
      { key: SELECTED_TENANT_KEY, storages: order, pick: (s) => s.tenant },
      { key: SELECTED_ORGANISATION_KEY, storages: order, pick: (s) => s.organisation },
    ]),
  )
}
