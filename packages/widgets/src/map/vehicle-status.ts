import { DEFAULT_STALE_AFTER_MS } from '../vehicle/vehicle-widget-data'
import type { MapVehicle } from './map-vehicle'

/** How a vehicle is drawn: `ok`, `warning` (low battery or a poor link) or `stale` (no message for a while). */
export type VehicleStatus = 'ok' | 'warning' | 'stale'

/** When a vehicle counts as stale or as a warning. */
export interface VehicleStatusOptions {
  /** A vehicle whose newest message is older than this (ms) is stale. Default {@link DEFAULT_STALE_AFTER_MS}. */
  staleAfterMs?: number
  /** Battery below this percentage is a warning. Default 20. */
  lowBatteryPct?: number
  /** Link quality below this (0–100) is a warning. Default 50. */
  poorLinkQuality?: number
}

// One default for the map and the Vehicle widget: after this many milliseconds without a message a vehicle is stale.
export { DEFAULT_STALE_AFTER_MS }

/**
 * The colour of each status on the map and in the list: green, amber, grey. Each has at least 3:1 contrast
 * against the dark basemap's sea and land, and the list says the status in words as well (colour is never the
 * only cue).
 */
export const STATUS_COLOURS: Readonly<Record<VehicleStatus, string>> = {
  ok: '#3ddc84',
  warning: '#ffb020',
  stale: '#9aa0a6',
}

/**
 * A vehicle's status at `now` (ms since the epoch). Stale wins over warning: a stale battery figure says
 * nothing about the battery now.
 *
 * @example vehicleStatus({ deviceId: 'v1', time: Date.now(), battery: { remainingPct: 12 } }, Date.now()) // 'warning'
 */
export function vehicleStatus(vehicle: MapVehicle, now: number, options: VehicleStatusOptions = {}): VehicleStatus {
  const staleAfter = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS
  if (now - vehicle.time > staleAfter) return 'stale'
  const battery = vehicle.battery?.remainingPct
  if (battery !== undefined && battery < (options.lowBatteryPct ?? 20)) return 'warning'
  const quality = vehicle.link?.quality
  if (quality !== undefined && quality < (options.poorLinkQuality ?? 50)) return 'warning'
  return 'ok'
}
