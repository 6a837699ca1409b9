import type { Logger } from '../platform/logger'
import type { LiveChannel } from './live-channel'
import { devicesTopic, parseDevicesEventData, type DevicePresence } from './protocol'
import { createFeedStore, renamedFeed, type TenantSource } from './tenant-feed-store'

/**
 * The presence of the current tenant's devices (every kind): `idle` (no tenant, or nobody listens yet), `loading`
 * (waiting for the snapshot), `live` (the snapshot came; deltas follow), `refused` (the server refused the topic).
 */
export interface DevicesState {
  tenantId?: string
  status: 'idle' | 'loading' | 'live' | 'refused'
  /**
   * The latest presence per device id; a device not in it is offline (the snapshot leaves offline devices out,
   * a delta brings a device that went offline with `state: 'offline'` and its last sign of life). A new object on
   * every change.
   */
  devices: Readonly<Record<string, DevicePresence>>
}

export interface DevicesStoreOptions {
  channel: LiveChannel
  /** The selected tenant's id, and its changes. */
  tenant: TenantSource
  logger: Logger
}

/** The presence (online, stale, offline) of every device of the current tenant, fed by the live channel. Framework-free. */
export interface DevicesStore {
  getSnapshot(): DevicesState
  /** While it has listeners, the store holds the current tenant's `devices` topic and follows the tenant switch. */
  subscribe(listener: () => void): () => void
}

/**
 * Creates the devices store of one console. The server decides the states (it sweeps about once a second), so the
 * store needs no clock of its own.
 *
 * @example
 * const devices = createDevicesStore({ channel, tenant, logger })
 * devices.subscribe(() => render(devices.getSnapshot().devices))
 */
export function createDevicesStore(options: DevicesStoreOptions): DevicesStore {
  const feed = createFeedStore<DevicePresence>({
    ...options,
    topic: devicesTopic,
    parse: (data) => {
      const parsed = parseDevicesEventData(data)
      return parsed.ok ? { ok: true, value: parsed.value.devices } : parsed
    },
    what: 'device states',
  })
  return renamedFeed(feed, ({ items, ...rest }): DevicesState => ({ ...rest, devices: items }))
}
