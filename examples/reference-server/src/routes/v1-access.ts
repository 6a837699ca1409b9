import { ALL_TENANTS, getRoles, isAdmin, isSuperAdmin, isWriter, type Permissions } from '@honu/core'
import { forbidden, notFound, ApiError } from '../api-error'
import type { Database } from '../db/database'

/** A console user as stored: the permissions map decides everything they may see and do. */
export interface UserRow {
  uid: string
  name: string
  email: string
  permissions: Permissions
}

/** Loads the signed-in user's record; an account with no record has no access to the console. */
export async function loadUser(db: Pick<Database, 'query'>, uid: string): Promise<UserRow> {
  // Read on every request: from the read cache, which every write of this process empties (src/db/read-cache.ts).
  const [row] = await db.query<UserRow>('select uid, name, email, permissions from users where uid = $1', [uid], { cached: true })
  if (!row) throw new ApiError(403, 'no-access', 'This account has no access to the console. Ask an admin to add you.')
  return row
}

/** The caller's roles in a tenant (spec §6: the tenant's own entry, else the all-tenants key). */
export const rolesIn = (user: UserRow, tenantId: string) => getRoles(user.permissions, tenantId)

/**
 * The tenant must exist and the caller must belong to it. Another tenant's data answers 404, exactly like a
 * tenant that does not exist, so ids cannot be probed.
 */
export async function requireMember(db: Pick<Database, 'query'>, user: UserRow, tenantId: string | undefined) {
  if (!tenantId) throw new ApiError(400, 'bad-request', 'tenant_id is required.')
  const [tenant] = await db.query<{ tenant_id: string }>('select tenant_id from tenants where tenant_id = $1', [tenantId], {
    cached: true,
  })
  const roles = rolesIn(user, tenantId)
  if (!tenant || roles.length === 0) throw notFound(`Tenant "${tenantId}"`)
  return roles
}

/** Writers and admins (including org-admins) change streams. */
export async function requireWriter(db: Pick<Database, 'query'>, user: UserRow, tenantId: string | undefined) {
  const roles = await requireMember(db, user, tenantId)
  if (!isWriter(roles) && !isAdmin(roles)) throw forbidden('change streams in this tenant')
  return roles
}

/** Admins (including org-admins) manage the tenant, its users and their roles. */
export async function requireAdmin(db: Pick<Database, 'query'>, user: UserRow, tenantId: string | undefined, what = 'manage this tenant') {
  const roles = await requireMember(db, user, tenantId)
  if (!isAdmin(roles)) throw forbidden(what)
  return roles
}

/** Tenants whose admin the caller is (all of them for a super admin). */
export async function administeredTenants(db: Pick<Database, 'query'>, user: UserRow): Promise<Set<string>> {
  const tenants = await db.query<{ tenant_id: string }>('select tenant_id from tenants')
  return new Set(tenants.map((t) => t.tenant_id).filter((id) => isSuperAdmin(user.permissions) || isAdmin(rolesIn(user, id))))
}

/** Keeps only the entries of a permissions map for the given tenants (and `*` for super admins). */
export function permissionsWithin(permissions: Permissions, tenants: Set<string>, includeAll: boolean): Permissions {
  return Object.fromEntries(Object.entries(permissions).filter(([scope]) => tenants.has(scope) || (includeAll && scope === ALL_TENANTS)))
}
