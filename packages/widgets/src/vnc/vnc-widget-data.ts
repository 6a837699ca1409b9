import { invalidWidgetData } from '@honu/console-kit/widget'
import type { DesktopScale } from './desktop-connection'

/** What a Vnc widget's `data` holds: the remote-access device, picked when the widget is added, and its scale. */
export interface VncWidgetData {
  /** The device's `device_id` (v1 `GET /devices`, kind `remote_access`). */
  deviceId?: string
  /** Scaled to fit the widget (the default) or at the desktop's own size (`remote`, 1:1 with scroll bars). */
  scale?: DesktopScale
}

/**
 * Reads a Vnc widget's stored data. A widget just added has none (`{}`); a device id that is not text, or a scale
 * other than `fit` or `remote`, throws `widget/invalid-data`.
 */
export function parseVncWidgetData(data: unknown): VncWidgetData {
  if (data === undefined || data === null) return {}
  if (typeof data !== 'object' || Array.isArray(data)) throw invalidWidgetData('its data', 'must be an object')
  const { deviceId, scale } = data as Record<string, unknown>
  const parsed: VncWidgetData = {}
  if (deviceId !== undefined) {
    if (typeof deviceId !== 'string' || deviceId === '') throw invalidWidgetData('deviceId', 'must be a device id (text)')
    parsed.deviceId = deviceId
  }
  if (scale !== undefined) {
    if (scale !== 'fit' && scale !== 'remote') throw invalidWidgetData('scale', "must be 'fit' or 'remote'")
    parsed.scale = scale
  }
  return parsed
}
