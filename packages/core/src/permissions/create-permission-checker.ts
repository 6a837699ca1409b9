import { getRoles, isAdmin, isController, isSuperAdmin, isWriter, type Permissions } from './roles'

/** What a user may do in one tenant, computed once from their permissions map. */
export interface PermissionChecker {
  /** The roles in force for the tenant (falling back to the all-tenants key). */
  readonly roles: readonly string[]
  readonly isAdmin: boolean
  readonly isWriter: boolean
  readonly isController: boolean
  readonly isSuperAdmin: boolean
}

/**
 * Pure permission checks for one user in one tenant.
 *
 * @example createPermissionChecker(user.permissions, tenantId).isWriter
 */
export function createPermissionChecker(permissions: Permissions | null | undefined, tenantId: string | null | undefined): PermissionChecker {
  const roles = getRoles(permissions, tenantId)
  return {
    roles,
    isAdmin: isAdmin(roles),
    isWriter: isWriter(roles),
    isController: isController(roles),
    isSuperAdmin: isSuperAdmin(permissions),
  }
}
