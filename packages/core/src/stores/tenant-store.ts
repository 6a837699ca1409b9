import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Tenant } from '../api/v1-types'
import type { StorageAdapter } from '../platform/storage-adapter'
import { persistSlice, restoreSlice } from './persist'

/** The selected tenant or organisation, and the user's role in it. */
export interface TenantState {
  /** The selected tenant, with derived CIDR ranges; `undefined` until one is picked. */
  tenant?: Tenant
  /** The user's roles in the selected tenant, once loaded. */
  roles: readonly string[]
  setTenant(tenant: Tenant | undefined): void
  setRoles(roles: readonly string[]): void
  reset(): void
}

export type TenantStore = StoreApi<TenantState> & { destroy(): void }

/** Storage key of the selected tenant. */
export const SELECTED_TENANT_KEY = 'selectedTenant'

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
    setRoles: (roles) => set({ roles: [...roles] }),
    reset: () => set({ tenant: undefined, roles: [] }),
  }))
  const stop = persistSlice(store, { key: SELECTED_TENANT_KEY, storages: order, pick: (s) => s.tenant })
  return Object.assign(store, { destroy: stop })
}
