import type { Device, DeviceKind, ListResult } from '@honu/core'
import { devicesQuery } from '@honu/core/query'
import { useTenantList, type TenantListState } from './use-tenant-list'

/** A device of one kind, as v1 `GET /devices?tenant_id` lists it. */
export type DeviceOfKind<K extends DeviceKind> = Device & { kind: K }

/** Where the lookup of one device of the selected tenant stands. */
export type TenantDeviceState<K extends DeviceKind> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; device: DeviceOfKind<K> }
  | { status: 'missing' }
  | { status: 'error'; error: unknown }

// One `select` per kind, kept: the list's items change only with the query's answer.
const selectors = new Map<DeviceKind, (result: ListResult<Device>) => Device[]>()
const byName = (kind: DeviceKind) => {
  let select = selectors.get(kind)
  if (!select) {
    select = ({ items }) => items.filter((d) => d.kind === kind).sort((a, b) => a.name.localeCompare(b.name))
    selectors.set(kind, select)
  }
  return select
}

/**
 * The selected tenant's devices of one kind (`GET /devices?tenant_id`), sorted by name, from the console's query
 * cache: one request for every widget and page asking at once, whatever the kind, loaded again on `retry()` and by
 * itself after a failure once the connection returns. `idle` with no tenant selected (or `enabled` false).
 */
export function useTenantDevices<K extends DeviceKind>(kind: K, enabled = true): TenantListState<DeviceOfKind<K>> & { retry: () => void } {
  return useTenantList(devicesQuery, byName(kind), enabled) as TenantListState<DeviceOfKind<K>> & { retry: () => void }
}

/**
 * Looks a device of one kind of the selected tenant up by its id: `idle` without an id or tenant, `missing` when the
 * tenant has no such device of that kind (deleted, another kind, or another tenant's), `error` when the server could
 * not answer. Shares its request with {@link useTenantDevices}.
 */
export function useTenantDevice<K extends DeviceKind>(kind: K, deviceId: string | undefined): TenantDeviceState<K> & { retry: () => void } {
  const list = useTenantDevices(kind, !!deviceId)
  const { retry } = list
  if (!deviceId || list.status === 'idle') return { status: 'idle', retry }
  if (list.status !== 'ready') return list
  const device = list.items.find((d) => d.device_id === deviceId)
  return device ? { status: 'found', device, retry } : { status: 'missing', retry }
}
