import type { Logger } from '../platform/logger'
import type { LiveChannel, LiveTopicUpdate } from './live-channel'
import { parseVehiclesEventData, vehiclesTopic } from './protocol'
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
  tenant: { get(): string | undefined; subscribe(listener: () => void): () => void }
  logger: Logger
}

/** The latest telemetry of every vehicle of the current tenant, fed by the live channel. Framework-free. */
export interface VehiclesStore {
  getSnapshot(): VehiclesState
  /** While it has listeners, the store holds the current tenant's `vehicles` topic and follows the tenant switch. */
  subscribe(listener: () => void): () => void
}

const EMPTY: VehiclesState = { status: 'idle', vehicles: {} }

/**
 * Creates the vehicles store of one console.
 *
 * @example
 * const vehicles = createVehiclesStore({ channel, tenant: { get: () => tenantStore.getState().tenant?.tenant_id, subscribe: tenantStore.subscribe }, logger })
 */
export function createVehiclesStore(options: VehiclesStoreOptions): VehiclesStore {
  const { channel, tenant, logger } = options
  let state: VehiclesState = EMPTY
  const listeners = new Set<() => void>()
  let unsubscribeTopic: (() => void) | undefined
  let unwatchTenant: (() => void) | undefined

  const setState = (next: VehiclesState) => {
    state = next
    for (const listener of [...listeners]) listener()
  }

  const onUpdate = (tenantId: string) => (update: LiveTopicUpdate) => {
    if (state.tenantId !== tenantId) return
    if (update.kind === 'state') {
      if (update.state.status === 'refused') setState({ tenantId, status: 'refused', vehicles: {} })
      return
    }
    const parsed = parseVehiclesEventData(update.data)
    if (!parsed.ok) {
      logger.warn('[@honu/core] live channel: dropped vehicles the schema rejects:', parsed.error)
      return
    }
    // Another tenant's vehicle never shows, whatever the server sent.
    const vehicles: Record<string, VehicleTelemetry> = update.snapshot ? {} : { ...state.vehicles }
    for (const vehicle of parsed.value.vehicles) if (vehicle.tenantId === tenantId) vehicles[vehicle.deviceId] = vehicle
    setState({ tenantId, status: 'live', vehicles })
  }

  const follow = () => {
    const tenantId = tenant.get()
    if (tenantId === state.tenantId && unsubscribeTopic) return
    unsubscribeTopic?.()
    unsubscribeTopic = undefined
    if (!tenantId) return setState(EMPTY)
    // Another tenant: nothing of the last one stays.
    if (tenantId !== state.tenantId || state.status === 'refused') setState({ tenantId, status: 'loading', vehicles: {} })
    unsubscribeTopic = channel.subscribeTopic(vehiclesTopic(tenantId), onUpdate(tenantId))
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) {
        unwatchTenant = tenant.subscribe(follow)
        follow()
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return
        unwatchTenant?.()
        unwatchTenant = undefined
        unsubscribeTopic?.()
        unsubscribeTopic = undefined
      }
    },
  }
}
