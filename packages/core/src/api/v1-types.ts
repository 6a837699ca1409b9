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
