import { DEVICE_OFFLINE_AFTER_MS, DEVICE_STALE_AFTER_MS, deviceStateAt, type DevicePresence, type DeviceState } from '@honu/core/live'
import type { SignOfLife, TelemetryHub } from './telemetry-hub'

/** When devices turn stale and offline, and how often the tracker looks. */
export interface PresenceTiming {
  /** Silence before a device is stale. Default {@link DEVICE_STALE_AFTER_MS} (5 s). */
  staleAfterMs: number
  /** Silence before a device is offline. Default {@link DEVICE_OFFLINE_AFTER_MS} (60 s). */
  offlineAfterMs: number
  /** How often the tracker looks for devices that went silent. Default 1 s. */
  sweepMs: number
}

export const DEFAULT_PRESENCE_TIMING: PresenceTiming = {
  staleAfterMs: DEVICE_STALE_AFTER_MS,
  offlineAfterMs: DEVICE_OFFLINE_AFTER_MS,
  sweepMs: 1000,
}

/** Called with the devices of the subscribed tenant whose state changed (at least one). */
export type PresenceListener = (changed: DevicePresence[]) => void

/**
 * The presence of every tenant's devices, from the hub's signs of life (vehicle telemetry and heartbeats of any
 * device): online on a sign, stale and then offline after silence (found by a sweep about once a second). Only
 * devices seen since this process started are held; a device never seen, or offline, is not (offline is what
 * every other device is).
 */
export interface DevicePresenceTracker {
  /** The tenant's devices that are not offline. */
  snapshot(tenantId: string): DevicePresence[]
  /** Listens to the state changes of one tenant's devices; answers the stop. */
  subscribe(tenantId: string, listener: PresenceListener): () => void
  close(): void
}

/** Most devices held per tenant: signs come only from authenticated devices, but memory stays bounded anyway. */
export const MAX_PRESENT_DEVICES_PER_TENANT = 100_000

interface Held {
  lastSeen: number
  state: DeviceState
}

/** Creates the tracker on a hub (every process on PostgreSQL hears every sign, so all agree). */
export function createDevicePresence(
  hub: Pick<TelemetryHub, 'watchSigns'>,
  options: Partial<PresenceTiming> & { now?: () => number; warn?: (message: string) => void } = {},
): DevicePresenceTracker {
  const timing = { ...DEFAULT_PRESENCE_TIMING, ...options }
  const now = options.now ?? Date.now
  const warn = options.warn ?? ((message: string) => console.warn(message))
  const tenants = new Map<string, Map<string, Held>>()
  const listeners = new Map<string, Set<PresenceListener>>()

  const presenceOf = (tenantId: string, deviceId: string, held: Held): DevicePresence => ({
    deviceId,
    tenantId,
    state: held.state,
    lastSeen: held.lastSeen,
  })

  const tell = (tenantId: string, changed: DevicePresence[]) => {
    if (changed.length === 0) return
    for (const listener of [...(listeners.get(tenantId) ?? [])]) {
      try {
        listener(changed)
      } catch (error) {
        warn(`presence listener failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }

  const onSign = ({ tenantId, deviceId }: SignOfLife) => {
    let devices = tenants.get(tenantId)
    if (!devices) tenants.set(tenantId, (devices = new Map()))
    const at = now()
    const held = devices.get(deviceId)
    if (held) {
      held.lastSeen = at
      if (held.state === 'online') return
      held.state = 'online'
      return tell(tenantId, [presenceOf(tenantId, deviceId, held)])
    }
    if (devices.size >= MAX_PRESENT_DEVICES_PER_TENANT) return
    const fresh: Held = { lastSeen: at, state: 'online' }
    devices.set(deviceId, fresh)
    tell(tenantId, [presenceOf(tenantId, deviceId, fresh)])
  }

  const sweep = () => {
    const at = now()
    for (const [tenantId, devices] of tenants) {
      const changed: DevicePresence[] = []
      for (const [deviceId, held] of devices) {
        const state = deviceStateAt(held.lastSeen, at, timing)
        if (state === held.state) continue
        held.state = state
        changed.push(presenceOf(tenantId, deviceId, held))
        // Offline is what an unheld device is: it need not be held any longer.
        if (state === 'offline') devices.delete(deviceId)
      }
      if (devices.size === 0) tenants.delete(tenantId)
      tell(tenantId, changed)
    }
  }

  const unwatch = hub.watchSigns(onSign)
  const timer = setInterval(sweep, timing.sweepMs)
  timer.unref()

  return {
    snapshot(tenantId) {
      return [...(tenants.get(tenantId) ?? new Map<string, Held>())].map(([deviceId, held]) => presenceOf(tenantId, deviceId, held))
    },
    subscribe(tenantId, listener) {
      let set = listeners.get(tenantId)
      if (!set) listeners.set(tenantId, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0 && listeners.get(tenantId) === set) listeners.delete(tenantId)
      }
    },
    close() {
      unwatch()
      clearInterval(timer)
      listeners.clear()
    },
  }
}
