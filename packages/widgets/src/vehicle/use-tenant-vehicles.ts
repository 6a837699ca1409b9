import { useTenantDevice, useTenantDevices, type DeviceOfKind } from '../use-tenant-devices'

/** A device of kind `vehicle` as v1 `GET /devices?tenant_id` lists it. */
export type VehicleDevice = DeviceOfKind<'vehicle'>

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
 * The selected tenant's vehicles (its devices of kind `vehicle`), sorted by name: {@link useTenantDevices} for
 * vehicles. `idle` with no tenant selected (or `enabled` false).
 */
export function useTenantVehicles(enabled = true): TenantVehiclesState & { retry: () => void } {
  const list = useTenantDevices('vehicle', enabled)
  return list.status === 'ready' ? { status: 'ready', vehicles: list.items, retry: list.retry } : list
}

/** Looks a vehicle of the selected tenant up by its device id: {@link useTenantDevice} for vehicles. */
export function useTenantVehicle(deviceId: string | undefined): TenantVehicleState & { retry: () => void } {
  const lookup = useTenantDevice('vehicle', deviceId)
  return lookup.status === 'found' ? { status: 'found', vehicle: lookup.device, retry: lookup.retry } : lookup
}
