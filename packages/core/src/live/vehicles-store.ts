import type { Logger } from '../platform/logger'
import type { LiveChannel } from './live-channel'
import { parseVehiclesEventData, vehiclesTopic } from './protocol'
import { createFeedStore, renamedFeed, type TenantSource } from './tenant-feed-store'
import type { VehicleTelemetry } from './telemetry'

/**
 * The current tenant's vehicles: `idle` (no tenant, or nobody listens yet), `loading` (waiting for the snapshot),
 * `live` (the snapshot came; deltas follow), `refused` (the server refused the topic).
 */
export interface VehiclesState {
  tenantId?: string
  status: 'idle' | 'loading' | 'live' | 'refused'
  /** The latest state per device id. A new object on every change. */
  vehicles: Readonly<Record<string, VehicleTelemetry>>
}

export interface VehiclesStoreOptions {
  channel: LiveChannel
  /** The selected tenant's id, and its changes. */
  tenant: TenantSource
  logger: Logger
}

/** The latest telemetry of every vehicle of the current tenant, fed by the live channel. Framework-free. */
export interface VehiclesStore {
  getSnapshot(): VehiclesState
  /** While it has listeners, the store holds the current tenant's `vehicles` topic and follows the tenant switch. */
  subscribe(listener: () => void): () => void
}

/**
 * Creates the vehicles store of one console.
 *
 * @example
 * const vehicles = createVehiclesStore({ channel, tenant: { get: () => tenantStore.getState().tenant?.tenant_id, subscribe: tenantStore.subscribe }, logger })
 */
export function createVehiclesStore(options: VehiclesStoreOptions): VehiclesStore {
  const feed = createFeedStore<VehicleTelemetry>({
    ...options,
    topic: vehiclesTopic,
    parse: (data) => {
      const parsed = parseVehiclesEventData(data)
      return parsed.ok ? { ok: true, value: parsed.value.vehicles } : parsed
    },
    what: 'vehicles',
  })
  return renamedFeed(feed, ({ items, ...rest }): VehiclesState => ({ ...rest, vehicles: items }))
}
