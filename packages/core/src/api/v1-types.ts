import type { CidrRange } from '../cidr/cidr-range'
import type { Permissions } from '../permissions/roles'

/** A video stream as the server stores it (spec §3). */
export interface Video {
  video_id: string
  name: string
  source: string
  proxy?: string | null
  update_time?: string
  /** The vehicle this stream's camera rides on (a device of the same tenant), when it has one. */
  device_id?: string | null
}

/** A stream as the console uses it: the server record plus its stored proxy address. */
export interface Stream extends Video {
  /** The proxy value plus the video id, or empty when there is no proxy (spec §3). */
  proxy_address: string
}

/** What creating a stream sends. */
export interface NewVideo {
  name: string
  source: string
  proxy?: string | null
  video_id?: string
}

/** What updating a stream sends (spec §7: name, source, proxy). */
export interface VideoUpdate {
  name: string
  source: string
  proxy?: string | null
}

/** A page of a list with the server's total. */
export interface ListResult<T> {
  items: T[]
  /** From the server's `total_count` (spec §3); the item count when the server sends none. */
  totalCount: number
}

/** A tenant as the server sends it. */
export interface TenantRecord {
  tenant_id: string
  id?: string
  name: string
  remote_cidr?: string | null
  vpn_cidr?: string | null
}

/** A tenant with the derived address ranges of its networks (spec §3). */
export interface Tenant extends TenantRecord {
  /** `undefined` when the CIDR is missing or malformed. */
  remote_cidr_range?: CidrRange
  vpn_cidr_range?: CidrRange
}

/** A user record from `GET /api/v1/users/{uid}`, with the avatar the client adds (spec §3). */
export interface User {
  uid?: string
  email: string
  permissions: Permissions
  avatar?: string
  /**
   * The signed-in person's own record only, while they have no console record yet: how many invitations wait for
   * them (their permissions are then empty; they accept on the tenant screen).
   */
  pending_invitations?: number
}

/** A user as listed for a tenant (spec §3). */
export interface TenantUser {
  uid: string
  name: string
  email: string
  permissions: Permissions
  /** Derived: the first role in force for the tenant. */
  role?: string
  avatar?: string
  /** ISO date of the first role grant in this tenant, or of the user's creation (the paged list sends it). */
  joined?: string
  /**
   * A pending invitation, not yet a user (issue 22): its roles wait until the person with its e-mail accepts. Its
   * `uid` is the invitation's id, which the role calls take like a uid; removing its roles removes it.
   */
  pending?: boolean
}

/** One of the signed-in person's pending invitations (`GET /invitations`): where it would add them, and as what. */
export interface Invitation {
  id: string
  /** The name the inviting admin gave. */
  name: string
  tenants: { tenant_id: string; name: string; roles: string[] }[]
  organisations: { organisation_id: string; name: string; roles: Record<string, string[]> }[]
}

/** A device kind the product manages; anything else is `unknown` (spec §1). */
export type DeviceKind = 'camera' | 'vehicle' | 'remote_access' | 'unknown'

/** A device of a tenant (`GET /api/v1/devices?tenant_id`). */
export interface Device {
  device_id: string
  tenant_id: string
  name: string
  /** A kind the console does not know arrives as `unknown` (spec §1). */
  kind: DeviceKind
  /** Where the device is reached, if it says. */
  address?: string | null
  /** The MAVLink system id bound to a vehicle, if the server sends it (issue 14). */
  system_id?: number | null
}

/** A kind a device can be registered as (issue 24). */
export type ManagedDeviceKind = Exclude<DeviceKind, 'unknown'>

/**
 * A device as its tenant's admins see it (`GET /api/v1/devices?tenant_id&view=admin`, `GET /api/v1/devices/{id}`, issue 24): the secrets it holds are
 * never answered, only whether they are set.
 */
export interface ManagedDevice {
  device_id: string
  tenant_id: string
  name: string
  /** A kind the product does not manage (a sonar, a UPS) is `unknown`, as in the member list (spec §1). */
  kind: DeviceKind
  /** Its network address (IPv4 or IPv6) as the topology shows it, or `null`. */
  address: string | null
  /** A vehicle's MAVLink system id (1–255, unique on the server), or `null`. */
  mavlink_system_id: number | null
  /** Whether a vehicle's MAVLink 2 packets must be signed with a key the server holds. */
  has_signing_key: boolean
  /** A remote-access device's desktop (VNC) endpoint, and whether it has a password; `null` without one. */
  desktop: { host: string; port: number; has_password: boolean } | null
}

/** A remote-access device's desktop as an admin sends it. */
export interface DesktopEndpointInput {
  /** A host inside the server's allowed hosts (`HONU_VNC_ALLOWED_HOSTS`); another answers 400 saying so. */
  host: string
  port: number
  /**
   * The VNC password (write-only). On an update: left out keeps the stored one, `null` or `''` clears it.
   */
  password?: string | null
}

/** A device to register (`POST /api/v1/devices?tenant_id`). Fields another kind does not take are left out. */
export interface NewDevice {
  name: string
  kind: ManagedDeviceKind
  address?: string | null
  /** A vehicle's MAVLink system id (1–255); one taken on the server answers 409. */
  mavlink_system_id?: number | null
  /** A vehicle's MAVLink 2 signing key: 64 hex digits (write-only). */
  mavlink_signing_key?: string | null
  /** A remote-access device's desktop. */
  desktop?: DesktopEndpointInput | null
}

/**
 * What an update changes (`PATCH /api/v1/devices/{id}?tenant_id`): a field left out stays as it is, `null` clears it
 * (`desktop: null` the endpoint with its password, `mavlink_signing_key: null` the key). The kind does not change.
 */
export type DeviceChanges = Partial<Omit<NewDevice, 'kind'>>

/** A device's ingest token (`POST /api/v1/devices/{id}/ingest-token`): shown once; a new one stops the old at once. */
export interface IngestToken {
  device_id: string
  token: string
}
