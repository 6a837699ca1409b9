import { useCallback, useSyncExternalStore } from 'react'
import { getLiveClient, type LiveClient, type LiveConnectionState, type VehiclesState, type VehicleTelemetry } from '@honu/core/live'
import { useConsoleClient } from './use-console-client'

// Thin hooks over the console's live client (framework-free, '@honu/core/live'): the one live channel of the
// console, created on first use and stopped with the console.

/** The live client of the nearest console: its channel (`connection`) and the stores it feeds. */
export function useLiveClient(): LiveClient {
  return getLiveClient(useConsoleClient())
}

/** The live channel's connection: `idle`, `connecting`, `open`, `reconnecting` (with `retryAt`), `revoked`, `closed`. */
export function useLiveConnection(): LiveConnectionState {
  const { connection } = useLiveClient()
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getSnapshot)
}

/**
 * The selected tenant's vehicles, live: the latest telemetry per device id (`status` says whether the snapshot came).
 * While a component uses it, the console holds the tenant's `vehicles` topic; it follows the tenant switch.
 */
export function useVehicles(): VehiclesState {
  const { vehicles } = useLiveClient()
  return useSyncExternalStore(vehicles.subscribe, vehicles.getSnapshot, vehicles.getSnapshot)
}

/** One vehicle of the selected tenant, live; `undefined` until the server has sent it. */
export function useVehicle(deviceId: string | undefined): VehicleTelemetry | undefined {
  const { vehicles } = useLiveClient()
  const select = useCallback(() => (deviceId ? vehicles.getSnapshot().vehicles[deviceId] : undefined), [vehicles, deviceId])
  return useSyncExternalStore(vehicles.subscribe, select, select)
}
