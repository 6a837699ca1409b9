import { invalidWidgetData } from '@honu/console-kit/widget'

/** A Map widget's stored data. */
export interface MapWidgetData {
  /**
   * Show only this vehicle (its device id), selected and followed, without the list: the vehicle page's map.
   * Without it the map shows every vehicle of the selected tenant (the dashboard's Map widget, spec §3's `map`).
   */
  deviceId?: string
}

/**
 * Reads a Map widget's stored data: `undefined` (the default map widget) or `{ deviceId }`.
 *
 * @throws {ConsoleError} `widget/invalid-data` naming the field that is wrong.
 */
export function parseMapWidgetData(data: unknown): MapWidgetData {
  if (data === undefined || data === null) return {}
  if (typeof data !== 'object' || Array.isArray(data)) throw invalidWidgetData('its data', 'must be an object')
  const { deviceId } = data as Record<string, unknown>
  if (deviceId === undefined) return {}
  if (typeof deviceId !== 'string' || deviceId === '') throw invalidWidgetData('deviceId', 'must be a device id (text)')
  return { deviceId }
}
