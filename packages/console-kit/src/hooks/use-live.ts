import { useCallback, useSyncExternalStore } from 'react'
import {
  getExecutionsStore,
  getLiveClient,
  type ControlState,
  type ControlStore,
  type DeviceControl,
  type DevicesState,
  type ExecutionsState,
  type LiveClient,
  type LiveConnectionState,
  type VehiclesState,
  type VehicleTelemetry,
} from '@honu/core/live'
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

/**
 * The presence (online, stale, offline) of the selected tenant's devices of every kind, live; a device not in
 * `devices` is offline. While a component uses it, the console holds the tenant's `devices` topic.
 */
export function useDevicePresence(): DevicesState {
  const { devices } = useLiveClient()
  return useSyncExternalStore(devices.subscribe, devices.getSnapshot, devices.getSnapshot)
}

/**
 * The control leases of the selected tenant's devices, live: per device, who holds control and since when, who
 * asks, who is connected (a device not in `devices` is free and nobody views it). For one device with its
 * requests, {@link useDeviceControl}.
 */
export function useControlLeases(): ControlState {
  const { control } = useLiveClient()
  return useSyncExternalStore(control.subscribe, control.getSnapshot, control.getSnapshot)
}

/** One vehicle of the selected tenant, live; `undefined` until the server has sent it. */
export function useVehicle(deviceId: string | undefined): VehicleTelemetry | undefined {
  const { vehicles } = useLiveClient()
  const select = useCallback(() => (deviceId ? vehicles.getSnapshot().vehicles[deviceId] : undefined), [vehicles, deviceId])
  return useSyncExternalStore(vehicles.subscribe, select, select)
}

/** One device's control, live, with the requests that change it (issue 24). */
export interface DeviceControlView {
  /** Who holds control and since when, who asks, who is connected; `undefined` while the device is free. */
  control: DeviceControl | undefined
  /** Whether the `control` topic's snapshot came (`live`), or the server refused it. */
  status: ReturnType<ControlStore['getSnapshot']>['status']
  request(): ReturnType<ControlStore['request']>
  release(): ReturnType<ControlStore['release']>
  take(): ReturnType<ControlStore['take']>
}

/**
 * A device of the selected tenant's control lease: who holds it (and since when), the requests waiting, who is
 * connected, and `request`, `release` and `take` (each resolves with the server's answer: `ok`, or `forbidden` for a
 * reader). While a component uses it, the console holds the tenant's `control` topic.
 */
export function useDeviceControl(deviceId: string): DeviceControlView {
  const { control } = useLiveClient()
  const select = useCallback(() => control.getSnapshot().devices[deviceId], [control, deviceId])
  const status = useSyncExternalStore(
    control.subscribe,
    () => control.getSnapshot().status,
    () => control.getSnapshot().status,
  )
  const current = useSyncExternalStore(control.subscribe, select, select)
  return {
    control: current,
    status,
    request: () => control.request(deviceId),
    release: () => control.release(deviceId),
    take: () => control.take(deviceId),
  }
}

const NO_EXECUTIONS: ExecutionsState = { organisationId: '', status: 'idle', executions: {} }
const noop = () => () => {}

/**
 * An organisation's mission executions, live (issue 25): per execution id its state, progress and timing; `status`
 * says whether the snapshot came or the server refused the topic. While a component uses it, the console holds the
 * organisation's `executions` topic on its one live channel. No organisation: `idle` and empty.
 */
export function useExecutions(organisationId: string | undefined): ExecutionsState {
  const client = useConsoleClient()
  const store = organisationId ? getExecutionsStore(client, organisationId) : undefined
  return useSyncExternalStore(
    store ? store.subscribe : noop,
    store ? store.getSnapshot : () => NO_EXECUTIONS,
    store ? store.getSnapshot : () => NO_EXECUTIONS,
  )
}
