import { invalidWidgetData } from '@honu/console-kit/widget'

/**
 * What a Tenant widget's `data` holds: nothing. It always shows the console's selected tenant, so a layout exported
 * from one tenant and imported in another shows the other's (and never names a tenant the user cannot see).
 */
export type TenantWidgetData = Record<string, never>

/**
 * Reads a Tenant widget's stored data: none (`undefined`, `null` or an object, whose fields are ignored); anything
 * else throws `widget/invalid-data`.
 */
export function parseTenantWidgetData(data: unknown): TenantWidgetData {
  if (data === undefined || data === null) return {}
  if (typeof data !== 'object' || Array.isArray(data)) throw invalidWidgetData('its data', 'must be an object (the widget keeps none)')
  return {}
}
