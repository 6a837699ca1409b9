/** The all-tenants key of a permissions map (spec §6). */
export const ALL_TENANTS = '*'

/** Map from a tenant id (or {@link ALL_TENANTS}) to that scope's roles. */
export type Permissions = Readonly<Record<string, readonly string[] | undefined>>

/** Roles named by the spec; servers may send others, which every check treats as no privilege. */
export type KnownRole = 'org-admin' | 'admin' | 'writer' | 'controller' | 'reader'

/**
 * The user's roles in force for a tenant: the tenant's own entry, then what the all-tenants key grants (spec §6's
 * "falling back to the all-tenants key", read as a floor: a per-tenant entry adds roles but never lowers what `*`
 * grants, so a super admin who also holds `reader` in one tenant is still org-admin there). Each role once; own roles come first,
 * so the role shown for the tenant ({@link deriveRole}) is still the tenant's own when it has one.
 *
 * @example getRoles({ '*': ['reader'], t1: ['admin'] }, 't1') // ['admin', 'reader']
 * @example getRoles({ '*': ['org-admin'], t1: ['reader'] }, 't1') // ['reader', 'org-admin']
 */
export function getRoles(permissions: Permissions | null | undefined, tenantId: string | null | undefined): readonly string[] {
  if (!permissions) return []
  const own = (tenantId && tenantId !== ALL_TENANTS ? permissions[tenantId] : undefined) ?? []
  // Each role once, whether it was sent twice in one list or stands in both.
  return [...new Set([...own, ...(permissions[ALL_TENANTS] ?? [])])]
}

/** The role shown for a user in a tenant: the first of {@link getRoles}. */
export function deriveRole(permissions: Permissions | null | undefined, tenantId: string | null | undefined): string | undefined {
  return getRoles(permissions, tenantId)[0]
}

function hasAnyRole(roles: readonly string[] | string | null | undefined, wanted: readonly string[]): boolean {
  const list = typeof roles === 'string' ? [roles] : (roles ?? [])
  return list.some((role) => typeof role === 'string' && wanted.includes(role.toLowerCase()))
}

/** `org-admin` or `admin`, case-insensitive (spec §6). Accepts one role or a list. */
export function isAdmin(roles: readonly string[] | string | null | undefined): boolean {
  return hasAnyRole(roles, ['org-admin', 'admin'])
}

/** `admin` or `writer`, case-insensitive (spec §6 lists exactly these two). */
export function isWriter(roles: readonly string[] | string | null | undefined): boolean {
  return hasAnyRole(roles, ['admin', 'writer'])
}

/** `org-admin` or `controller`, case-insensitive (spec §6). */
export function isController(roles: readonly string[] | string | null | undefined): boolean {
  return hasAnyRole(roles, ['org-admin', 'controller'])
}

/** Whether the all-tenants scope's first role is `org-admin` (spec §3, §6). */
export function isSuperAdmin(permissions: Permissions | null | undefined): boolean {
  const first = permissions?.[ALL_TENANTS]?.[0]
  return typeof first === 'string' && first.toLowerCase() === 'org-admin'
}

/** Whether `org-admin` is among the all-tenants roles (case-insensitive). */
export function isOrgAdmin(permissions: Permissions | null | undefined): boolean {
  return hasAnyRole(permissions?.[ALL_TENANTS], ['org-admin'])
}

/** A user as far as the remaining-admin check needs: an id and the role shown in the tenant. */
export interface RoleHolder {
  uid: string
  role?: string | null
}

/**
 * Whether at least one user with the `admin` role (case-insensitive) remains after removing the given user(s)
 * (spec §6). Use it before deleting users or demoting roles, so a tenant is never left without an admin.
 */
export function hasRemainingAdmin(users: readonly RoleHolder[], removedUids: string | readonly string[]): boolean {
  const removed = new Set(typeof removedUids === 'string' ? [removedUids] : removedUids)
  return users.some((user) => !removed.has(user.uid) && typeof user.role === 'string' && user.role.toLowerCase() === 'admin')
}
