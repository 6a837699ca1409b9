import { invalidWidgetData } from '@honu/console-kit/widget'

/** What a Vehicle widget's `data` holds: the vehicle's device id, picked when the widget is added. */
export interface VehicleWidgetData {
  /** The vehicle's `device_id` (v1 `GET /devices`, kind `vehicle`). */
  deviceId?: string
  /**
   * Seconds without a message after which the widget marks the values stale and says "Link lost"; without it the
   * page's default ({@link VehicleSettings}), else {@link DEFAULT_STALE_AFTER_MS}.
   */
  staleAfterS?: number
}

/**
 * Stale after 5 s without a message: spec §9 names no such constant. A MAVLink autopilot sends HEARTBEAT at 1 Hz
 * and position at 2–10 Hz, so five seconds is five missed heartbeats (QGroundControl calls a link lost after
 * about 3.5 s), long enough that one dropped packet never flickers the state.
 */
export const DEFAULT_STALE_AFTER_MS = 5000

/**
 * Reads a Vehicle widget's stored data. A widget just added has none (`{}`); a device id that is not text, or a
 * stale time that is not a positive number of seconds (at most an hour), throws `widget/invalid-data`.
 */
export function parseVehicleWidgetData(data: unknown): VehicleWidgetData {
  if (data === undefined || data === null) return {}
  if (typeof data !== 'object' || Array.isArray(data)) throw invalidWidgetData('its data', 'must be an object')
  const { deviceId, staleAfterS } = data as Record<string, unknown>
  const parsed: VehicleWidgetData = {}
  if (deviceId !== undefined) {
    if (typeof deviceId !== 'string' || deviceId === '') throw invalidWidgetData('deviceId', 'must be a device id (text)')
    parsed.deviceId = deviceId
  }
  if (staleAfterS !== undefined) {
    if (typeof staleAfterS !== 'number' || !Number.isFinite(staleAfterS) || staleAfterS <= 0 || staleAfterS > 3600)
      throw invalidWidgetData('staleAfterS', 'must be a number of seconds from 0 to 3600')
    parsed.staleAfterS = staleAfterS
  }
  return parsed
}
