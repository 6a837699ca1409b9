import type { DeviceKind } from './v1-types'

const MANAGED_DEVICE_KINDS: readonly string[] = ['camera', 'vehicle', 'remote_access']

/**
 * A device's kind as the console shows it: a kind it does not manage (a sonar, a UPS) is `unknown` (spec §1). The
 * member list (`listDevices`) and the admin list (`listManagedDevices`) both read kinds through it.
 */
export const deviceKindOf = (kind: string): DeviceKind => (MANAGED_DEVICE_KINDS.includes(kind) ? (kind as DeviceKind) : 'unknown')
