import { invalidWidgetData } from '@honu/console-kit/widget'

/**
 * Reads a Remote Access widget's stored data: it keeps none (it lists the selected tenant's devices), so anything
 * stored is dropped; data that is not an object (a layout edited by hand) throws `widget/invalid-data`.
 */
export function parseRemoteAccessWidgetData(data: unknown): Record<string, never> {
  if (data === undefined || data === null) return {}
  if (typeof data !== 'object' || Array.isArray(data)) throw invalidWidgetData('its data', 'must be an object')
  return {}
}
