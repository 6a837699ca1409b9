import type { Device, ListResult } from '@honu/core'
import { devicesQuery } from '@honu/core/query'
import { useTenantList } from '../use-tenant-list'

/** A device of kind `vehicle` as v1 `GET /devices?tenant_id` lists it. */
export type VehicleDevice = Device & { kind: 'vehicle' }

/** Where the lookup of a widget's vehicle stands. */
export type TenantVehicleState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; vehicle: VehicleDevice }
  | { status: 'missing' }
  | { status: 'error'; error: unknown }

/** Where the lookup of the selected tenant's vehicles stands. */
export type TenantVehiclesState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; vehicles: VehicleDevice[] } | { status: 'error'; error: unknown }

/**
 * The selected tenant's vehicles (its devices of kind `vehicle`, `GET /devices?tenant_id`), sorted by name, from
 * the console's query cache: one request for every widget and page asking at once, loaded again on `retry()` and by
 * itself after a failure once the connection returns. `idle` with no tenant selected (or `enabled` false).
 */
export function useTenantVehicles(enabled = true): TenantVehiclesState & { retry: () => void } {
  const list = useTenantList(devicesQuery, vehiclesByName, enabled)
  return list.status === 'ready' ? { status: 'ready', vehicles: list.items, retry: list.retry } : list
}

const vehiclesByName = ({ items }: ListResult<Device>) =>
  items.filter((d): d is VehicleDevice => d.kind === 'vehicle').sort((a, b) => a.name.localeCompare(b.name))

/**
 * Looks a vehicle of the selected tenant up by its device id: `idle` without an id or tenant, `missing` when the
 * tenant has no such vehicle (deleted, or another tenant's), `error` when the server could not answer. Shares its
 * request with {@link useTenantVehicles}.
 */
export function useTenantVehicle(deviceId: string | undefined): TenantVehicleState & { retry: () => void } {
  const vehicles = useTenantVehicles(!!deviceId)
  if (!deviceId || vehicles.status === 'idle') return { status: 'idle', retry: vehicles.retry }
  if (vehicles.status !== 'ready') return vehicles
  const vehicle = vehicles.vehicles.find((v) => v.device_id === deviceId)
  return vehicle ? { status: 'found', vehicle, retry: vehicles.retry } : { status: 'missing', retry: vehicles.retry }
}
