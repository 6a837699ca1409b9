import type { DeviceChanges, DeviceKind, ManagedDevice, NewDevice } from '@honu/core'

/**
 * The device dialog's fields (issue 24) as typed, and what they send: a registration's body, or an edit's changes.
 * Pure, so the rules sit in one place with a table test (`device-form.test.ts`); the dialog only holds the values.
 */

/** The fields as the user typed them. */
export interface DeviceFormValues {
  name: string
  /** One the select offers when registering; a device of a kind the product does not manage is edited as `unknown`. */
  kind: DeviceKind
  address: string
  /** A vehicle's system id as typed (empty: none). */
  systemId: string
  /** A vehicle's signing key as typed; on an edit empty keeps the stored one. */
  signingKey: string
  /** On an edit of a vehicle with a key: remove it. */
  clearSigningKey: boolean
  /** A remote-access device's desktop; host and port both empty: none. */
  host: string
  port: string
  /** The desktop's password; on an edit empty keeps the stored one. */
  password: string
  /** On an edit of a desktop with a password: remove it. */
  clearPassword: boolean
}

/** A field the form refuses, by the message key that says why. */
export type DeviceFormProblem =
  | { field: 'name'; message: 'missingDeviceName' }
  | { field: 'systemId'; message: 'invalidSystemId' }
  | { field: 'signingKey'; message: 'invalidSigningKey' }
  | { field: 'host'; message: 'missingHost' }
  | { field: 'port'; message: 'invalidPort' | 'missingPort' }

/** The fields of a new device, or of an existing one as stored (secrets empty: they are never answered). */
export function deviceFormValues(device?: ManagedDevice): DeviceFormValues {
  return {
    name: device?.name ?? '',
    kind: device?.kind ?? 'camera',
    address: device?.address ?? '',
    systemId: device?.mavlink_system_id != null ? String(device.mavlink_system_id) : '',
    signingKey: '',
    clearSigningKey: false,
    host: device?.desktop?.host ?? '',
    port: device?.desktop ? String(device.desktop.port) : '',
    password: '',
    clearPassword: false,
  }
}

const SIGNING_KEY = /^[0-9A-Fa-f]{64}$/
const wholeIn = (text: string, min: number, max: number) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max

/**
 * What is wrong with the fields, first problem per field (empty when the form may be sent). Only the fields the kind
 * shows are checked; the address is the server's to judge (its 400 names the field).
 */
export function deviceFormProblems(values: DeviceFormValues): DeviceFormProblem[] {
  const problems: DeviceFormProblem[] = []
  if (!values.name.trim()) problems.push({ field: 'name', message: 'missingDeviceName' })
  if (values.kind === 'vehicle') {
    const systemId = values.systemId.trim()
    if (systemId && !wholeIn(systemId, 1, 255)) problems.push({ field: 'systemId', message: 'invalidSystemId' })
    const key = values.signingKey.trim()
    if (key && !values.clearSigningKey && !SIGNING_KEY.test(key)) problems.push({ field: 'signingKey', message: 'invalidSigningKey' })
  }
  if (values.kind === 'remote_access') {
    const host = values.host.trim()
    const port = values.port.trim()
    if (port && !host) problems.push({ field: 'host', message: 'missingHost' })
    if (host && !port) problems.push({ field: 'port', message: 'missingPort' })
    else if (port && !wholeIn(port, 1, 65535)) problems.push({ field: 'port', message: 'invalidPort' })
  }
  return problems
}

const desktopOf = (values: DeviceFormValues) => {
  const host = values.host.trim()
  const port = values.port.trim()
  return host && port ? { host, port: Number(port) } : null
}

/** A registration's body (`v1.createDevice`): empty fields and the other kinds' fields are left out. */
export function newDeviceOf(values: DeviceFormValues): NewDevice {
  // The select offers only the kinds a device may be registered as.
  const device: NewDevice = { name: values.name.trim(), kind: values.kind === 'unknown' ? 'camera' : values.kind }
  const address = values.address.trim()
  if (address) device.address = address
  if (values.kind === 'vehicle') {
    if (values.systemId.trim()) device.mavlink_system_id = Number(values.systemId.trim())
    if (values.signingKey.trim()) device.mavlink_signing_key = values.signingKey.trim()
  }
  const desktop = values.kind === 'remote_access' ? desktopOf(values) : null
  if (desktop) device.desktop = values.password ? { ...desktop, password: values.password } : desktop
  return device
}

/**
 * An edit's changes (`v1.updateDevice`): name and address always (an emptied address clears it); a vehicle's system
 * id (emptied: cleared) and its signing key only when typed (new) or cleared (`null`), empty keeping it; a
 * remote-access device's desktop (both fields emptied: `null`, which clears its password too), its password only
 * when typed or cleared, empty keeping it (the server keeps a stored password when a desktop comes without one).
 */
export function deviceChangesOf(values: DeviceFormValues): DeviceChanges {
  const changes: DeviceChanges = { name: values.name.trim(), address: values.address.trim() || null }
  if (values.kind === 'vehicle') {
    changes.mavlink_system_id = values.systemId.trim() ? Number(values.systemId.trim()) : null
    if (values.clearSigningKey) changes.mavlink_signing_key = null
    else if (values.signingKey.trim()) changes.mavlink_signing_key = values.signingKey.trim()
  }
  if (values.kind === 'remote_access') {
    const desktop = desktopOf(values)
    if (!desktop) changes.desktop = null
    else if (values.clearPassword) changes.desktop = { ...desktop, password: null }
    else changes.desktop = values.password ? { ...desktop, password: values.password } : desktop
  }
  return changes
}
