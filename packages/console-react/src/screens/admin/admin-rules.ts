import { hasRemainingAdmin, isAdmin, isSuperAdmin, type MessageKey, type Permissions, type TenantUser } from '@honu/core'

/** Roles an admin grants in a tenant (the server's list). `org-admin` is granted only under `*`, by a super admin. */
export const TENANT_ROLES = ['admin', 'writer', 'controller', 'reader'] as const
/** The super admin's role, granted for all tenants (`*`) only. */
export const ORG_ADMIN = 'org-admin'

/**
 * Whether the signed-in user may open the admin console for the selected tenant (issue 15): an admin of it (its
 * roles, spec §6) or a super admin. Everyone else sees the forbidden state, and nothing is fetched for them.
 */
export function canAdminister(tenantRoles: readonly string[], permissions: Permissions | null | undefined): boolean {
  return isAdmin(tenantRoles) || isSuperAdmin(permissions)
}

/** The roles the grant and change dialogs offer: the tenant's, plus org-admin (under `*`) for a super admin. */
export function grantableRoles(permissions: Permissions | null | undefined): readonly string[] {
  return isSuperAdmin(permissions) ? [...TENANT_ROLES, ORG_ADMIN] : TENANT_ROLES
}

/** A change to one user's roles in the tenant. */
export type RoleChange =
  { kind: 'grant'; role: string } | { kind: 'change'; role: string; newRole: string } | { kind: 'remove'; role: string } | { kind: 'remove-all' }

/** The user's roles in the tenant after `change`. */
export function rolesAfter(user: Pick<TenantUser, 'permissions'>, tenantId: string, change: RoleChange): string[] {
  const current = [...(user.permissions[tenantId] ?? [])]
  switch (change.kind) {
    case 'grant':
      return current.includes(change.role) ? current : [...current, change.role]
    case 'change':
      return [...new Set(current.map((role) => (role === change.role ? change.newRole : role)))]
    case 'remove':
      return current.filter((role) => role !== change.role)
    case 'remove-all':
      return []
  }
}

/**
 * Spec §6's last-admin check before a removal or demotion: whether, after `change` to `user`, some user of the
 * tenant still has the admin role. `admins` are the tenant's users (at least every admin; the screen reads them
 * all from the server when the user it changes is an admin). A grant never removes an admin.
 */
export function keepsAnAdmin(admins: readonly TenantUser[], tenantId: string, user: TenantUser, change: RoleChange): boolean {
  if (change.kind === 'grant') return true
  const after = rolesAfter(user, tenantId, change)
  if (after.some((role) => role.toLowerCase() === 'admin')) return true
  // The spec's check is on the role shown per user; a user's other roles count too, so each admin role holder is
  // one holder of the admin role.
  const holders = admins.map((other) => ({
    uid: other.uid,
    role: (other.permissions[tenantId] ?? []).find((role) => role.toLowerCase() === 'admin') ?? other.role,
  }))
  return hasRemainingAdmin(holders, user.uid)
}

/** Whether `change` could leave the tenant without an admin (only then is the check worth the server's list). */
export function mayRemoveAnAdmin(user: Pick<TenantUser, 'permissions'>, tenantId: string, change: RoleChange): boolean {
  if (change.kind === 'grant') return false
  const before = (user.permissions[tenantId] ?? []).some((role) => role.toLowerCase() === 'admin')
  const after = rolesAfter(user, tenantId, change).some((role) => role.toLowerCase() === 'admin')
  return before && !after
}

/** The §8 notification of each action, on success and on failure (spec §8's words, in the spec's book). */
export const NOTIFICATIONS = {
  create: { ok: 'userSubmitted', failed: 'errorCreatingUser' },
  grant: { ok: 'userRolesSubmitted', failed: 'errorUpdatingUserRoles' },
  change: { ok: 'userRolesSubmitted', failed: 'errorUpdatingUserRoles' },
  remove: { ok: 'userRolesDeleted', failed: 'errorDeletingUserRoles' },
  // Removing every role of a user in the tenant takes the user out of it: 'User deleted'.
  'remove-all': { ok: 'userDeleted', failed: 'errorDeletingUser' },
} as const satisfies Record<RoleChange['kind'] | 'create', { ok: MessageKey; failed: MessageKey }>

/** Whether a failure is the server's last-admin refusal (409 `last-admin`), the backstop of the client's check. */
export function isLastAdminRefusal(error: unknown): boolean {
  const failure = error as { status?: number; body?: { code?: unknown } } | null
  return failure?.status === 409 && (failure.body?.code === undefined || failure.body.code === 'last-admin')
}
