import type { Logger } from '../platform/logger'
import type { DeviceControl } from './control'
import type { LiveChannel } from './live-channel'
import { controlTopic, parseControlEventData, type ControlResultMessage } from './protocol'
import { createFeedStore, renamedFeed, type TenantSource } from './tenant-feed-store'

/**
 * The control leases of the current tenant's devices: `idle` (no tenant, or nobody listens yet), `loading` (waiting
 * for the snapshot), `live`, `refused`. A device not in `devices` is free: nobody holds, asks for or views it.
 */
export interface ControlState {
  tenantId?: string
  status: 'idle' | 'loading' | 'live' | 'refused'
  devices: Readonly<Record<string, DeviceControl>>
}

export interface ControlStoreOptions {
  channel: LiveChannel
  tenant: TenantSource
  logger: Logger
}

/** Who holds control of the current tenant's devices, live, and the requests that change it. Framework-free. */
export interface ControlStore {
  getSnapshot(): ControlState
  /** While it has listeners, the store holds the current tenant's `control` topic and follows the tenant switch. */
  subscribe(listener: () => void): () => void
  /** Asks for control of a device of the current tenant (a free one is granted at once; a held one waits). */
  request(deviceId: string): Promise<ControlResultMessage>
  /** Gives control up (handing it to the first request), or withdraws a waiting request. */
  release(deviceId: string): Promise<ControlResultMessage>
  /** Takes control over from whoever holds it (admins). */
  take(deviceId: string): Promise<ControlResultMessage>
}

/**
 * Creates the control store of one console (issue 24): one definition of "who is in control" for every kind of
 * device, on the one live channel.
 *
 * @example
 * const control = getLiveClient(client).control
 * await control.request('alpha-ra-1') // { ok: true } or { ok: false, code: 'forbidden' }
 */
export function createControlStore(options: ControlStoreOptions): ControlStore {
  const feed = createFeedStore<DeviceControl>({
    ...options,
    topic: controlTopic,
    parse: (data) => {
      const parsed = parseControlEventData(data)
      return parsed.ok ? { ok: true, value: parsed.value.leases } : parsed
    },
    what: 'control leases',
  })
  const store = renamedFeed(feed, ({ items, ...rest }): ControlState => ({ ...rest, devices: items }))
  const ask = (action: 'request' | 'release' | 'take') => (deviceId: string) => {
    const tenantId = options.tenant.get()
    if (!tenantId) return Promise.reject(new Error('No tenant is selected.'))
    return options.channel.control({ tenantId, deviceId, action })
  }
  return { ...store, request: ask('request'), release: ask('release'), take: ask('take') }
}
