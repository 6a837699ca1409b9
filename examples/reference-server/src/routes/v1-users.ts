import type { FastifyInstance } from 'fastify'
import { ALL_TENANTS, isSuperAdmin, type Permissions } from '@honu/core'
import { ApiError, badRequest, forbidden, notFound } from '../api-error'
import type { Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { EMAIL, ID, NAME, TENANT_SCOPE } from '../schemas/field-schemas'
import { administeredTenants, permissionsWithin, requireAdmin, type UserRow } from './v1-access'
import { accountOf, userOf } from '../access/access-gate'
import { INVITATION_COLUMNS, invitationId, pendingInvitationsOf, type InvitationRow } from './v1-invitations'
import { recordAudit } from '../audit/audit-log'
import { listUsersPage, USERS_PAGE_QUERY, type UsersPageQuery } from './v1-users-page'

/** Roles a tenant admin may grant. `org-admin` exists only under `*` and only a super admin grants it. */
const GRANTABLE = ['admin', 'writer', 'controller', 'reader'] as const
const roleSchema = { type: 'string', enum: [...GRANTABLE, 'org-admin'] } as const

const isAdminRole = (role: string) => role.toLowerCase() === 'admin'

/**
 * Whether the caller may know this user exists: themselves, anyone for a super admin, else someone with a role
 * in a tenant the caller administers. Everyone else answers exactly as a uid nobody has.
 */
async function canSee(db: Pick<Database, 'query'>, caller: UserRow, target: UserRow): Promise<boolean> {
  if (target.uid === caller.uid || isSuperAdmin(caller.permissions)) return true
  return Object.keys(permissionsWithin(target.permissions, await administeredTenants(db, caller), false)).length > 0
}

/**
 * Whether the caller may know this invitation exists: its inviter, a super admin, an admin of the tenant it was
 * made for or of a tenant it grants a role in. Everyone else (another tenant's admin) answers as for a missing id.
 */
async function canSeeInvitation(db: Pick<Database, 'query'>, caller: UserRow, invitation: InvitationRow): Promise<boolean> {
  if (isSuperAdmin(caller.permissions) || invitation.invited_by === caller.uid) return true
  const tenants = await administeredTenants(db, caller)
  if (invitation.tenant_id !== null && tenants.has(invitation.tenant_id)) return true
  return Object.keys(permissionsWithin(invitation.permissions, tenants, false)).length > 0
}

/** What a role call acts on: a console user, or a pending invitation (whose roles stay on it until accepted). */
type Target = UserRow & { pending: boolean }

/**
 * The user or invitation a role call names: a user the caller can see, or an invitation the caller can see.
 * Granting a role to an invitation puts it on the invitation: no account is found, made or attached by e-mail.
 * Anything else is "not found", whether or not it exists.
 */
async function targetUser(db: Pick<Database, 'query'>, caller: UserRow, uid: string): Promise<Target> {
  const [row] = await db.query<UserRow>('select uid, name, email, permissions from users where uid = $1', [uid])
  if (row && (await canSee(db, caller, row))) return { ...row, pending: false }
  const [invitation] = await db.query<InvitationRow>(`select ${INVITATION_COLUMNS} from invitations where id = $1`, [uid])
  if (invitation && (await canSeeInvitation(db, caller, invitation))) {
    return { uid: invitation.id, name: invitation.name, email: invitation.email, permissions: invitation.permissions, pending: true }
  }
  throw notFound(`User "${uid}"`)
}

/**
 * The user's (or invitation's) record read again and locked until the transaction ends, so a concurrent role
 * change (another server process on PostgreSQL) waits rather than being overwritten, and the audit entry's
 * "before" is what was replaced.
 */
async function locked(tx: Pick<Database, 'query'>, target: Target): Promise<Target> {
  const sql = target.pending
    ? 'select id as uid, name, email, permissions from invitations where id = $1 for update'
    : 'select uid, name, email, permissions from users where uid = $1 for update'
  const [row] = await tx.query<UserRow>(sql, [target.uid])
  if (!row && target.pending) throw notFound(`User "${target.uid}"`)
  return row ? { ...row, pending: target.pending } : target
}

/** Whether, after `change`, the tenant still has a user with the admin role. */
async function keepsAnAdmin(db: Pick<Database, 'query'>, tenantId: string, uid: string, nextRoles: readonly string[]): Promise<boolean> {
  if (nextRoles.some(isAdminRole)) return true
  const others = await db.query<{ uid: string }>(
    `select uid from users where uid <> $1 and exists (
       select 1 from jsonb_array_elements_text(coalesce(permissions -> $2::text, '[]'::jsonb)) r where lower(r) = 'admin')`,
    [uid, tenantId],
  )
  return others.length > 0
}

/**
 * Sets a user's roles in one tenant and writes the change's audit entry, in the caller's transaction. A user's
 * first role in a tenant also records when they joined it.
 */
async function setRoles(
  tx: Pick<Database, 'query'>,
  caller: UserRow,
  user: Target,
  tenantId: string,
  roles: readonly string[],
  action: 'role.grant' | 'role.change' | 'role.remove' | 'role.remove-all',
) {
  const permissions: Record<string, readonly string[] | undefined> = { ...user.permissions }
  const before = permissions[tenantId] ?? []
  if (roles.length === 0) delete permissions[tenantId]
  else permissions[tenantId] = [...roles]
  if (user.pending) {
    // An invitation keeps its roles until its invitee accepts; with its last role (and no organisation) it is gone.
    const [left] = await tx.query<{ organisations: Record<string, unknown> }>(
      'update invitations set permissions = $2::jsonb where id = $1 returning organisations',
      [user.uid, JSON.stringify(permissions)],
    )
    if (Object.keys(permissions).length === 0 && Object.keys(left?.organisations ?? {}).length === 0) {
      await tx.query('delete from invitations where id = $1', [user.uid])
    }
  } else {
    await tx.query('update users set permissions = $2::jsonb where uid = $1', [user.uid, JSON.stringify(permissions)])
  }
  if (!user.pending && tenantId !== ALL_TENANTS && roles.length > 0) {
    await tx.query('insert into tenant_members (tenant_id, uid) values ($1, $2) on conflict do nothing', [tenantId, user.uid])
  }
  await recordAudit(tx, {
    actor: caller,
    // Roles under '*' concern every tenant: a global entry, which only super admins see.
    tenantId: tenantId === ALL_TENANTS ? null : tenantId,
    action,
    resourceType: user.pending ? 'invitation' : 'user',
    resourceId: user.uid,
    before: { roles: [...before] },
    after: { roles: [...roles] },
  })
}

/**
 * A super admin holds every role in every tenant (`*` first role org-admin): a role in one tenant would change
 * nothing they may do (issue 22: it never lowers what `*` grants) and only mislead whoever reads the list, so a
 * grant or change of one is refused with a message rather than stored. Removing one that exists is allowed.
 */
function refuseForSuperAdmin(target: UserRow, tenant: string) {
  if (tenant !== ALL_TENANTS && isSuperAdmin(target.permissions)) {
    throw new ApiError(
      409,
      'super-admin',
      `${target.email} is a super admin (org-admin for all tenants) and already holds every role here: a role in one tenant would not change that.`,
    )
  }
}

function checkGrant(caller: UserRow, tenant: string, role: string) {
  if (tenant === ALL_TENANTS || role === 'org-admin') {
    if (!isSuperAdmin(caller.permissions)) throw forbidden('grant roles for all tenants')
    if (tenant !== ALL_TENANTS) throw badRequest('org-admin can only be granted for all tenants ("*").')
  }
}

/** Users and roles per tenant (spec §7). Admins manage users and roles; nobody removes a tenant's last admin. */
export function registerUserRoutes(app: FastifyInstance, db: Database, identity: Identity) {
  const withTenantAccess = async (caller: UserRow, tenant: string, what: string) => {
    if (tenant === ALL_TENANTS) {
      if (!isSuperAdmin(caller.permissions)) throw forbidden(what)
      return
    }
    await requireAdmin(db, caller, tenant, what)
  }

  app.get(
    '/api/v1/users/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
        summary: "A tenant's users: all of them, or with `limit` one page (searched with `q`, sorted with `sort`).",
        description:
          'Without `limit` the answer is `{ data }` with every user (spec §7). With `limit` (1–1000) it is one page, ' +
          '`{ data, next_cursor, total_count }`: pass `next_cursor` back as `cursor` (with the same `q` and `sort`) ' +
          'for the next page; `total_count` counts every user matching `q`. `q` finds a part of the name or e-mail ' +
          '(case-insensitive); `sort` is name, email or joined, with `-` first for descending (default name). ' +
          '`joined` is when the user first got a role in this tenant (else when the account was made).',
        querystring: USERS_PAGE_QUERY,
      },
    },
    async (request) => {
      const query = request.query as UsersPageQuery
      await requireAdmin(db, userOf(request), query.tenant_id, 'see the users of this tenant')
      return listUsersPage(db, query)
    },
  )

  app.post(
    '/api/v1/users',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
        description:
          'With `?tenant_id=` (a tenant the caller administers) the audit entry of an invitation is filed under that ' +
          'tenant, so its admins see it; without, it is a global entry (super admins see it).',
        querystring: { type: 'object', additionalProperties: false, properties: { tenant_id: ID } },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'email'],
          properties: {
            name: NAME,
            email: EMAIL,
          },
        },
      },
    },
    async (request, reply) => {
      const caller = userOf(request)
      const { tenant_id } = request.query as { tenant_id?: string }
      if (tenant_id !== undefined) await requireAdmin(db, caller, tenant_id, 'create users in this tenant')
      else if ((await administeredTenants(db, caller)).size === 0) throw forbidden('create users')
      const { name, email } = request.body as { name: string; email: string }
      const normalised = email.trim().toLowerCase()
      const [existing] = await db.query<UserRow>('select uid, name, email, permissions from users where lower(email) = $1', [normalised])
      // Someone the caller can already see: their uid, as before.
      if (existing && (await canSee(db, caller, existing))) return reply.code(200).send({ uid: existing.uid })
      // Anyone else is invited, whether or not an account exists, so the answer tells nothing about who exists:
      // the invitation's id looks like a uid. Roles granted to it stay on it until the person with this e-mail
      // accepts it (issue 22): no account is made, and none is attached by its e-mail.
      const uid = invitationId()
      await db.transaction(async (tx) => {
        await tx.query('insert into invitations (id, email, name, invited_by, tenant_id) values ($1, $2, $3, $4, $5)', [
          uid,
          normalised,
          name,
          caller.uid,
          tenant_id ?? null,
        ])
        await recordAudit(tx, {
          actor: caller,
          tenantId: tenant_id ?? null,
          action: 'user.create',
          resourceType: 'user',
          resourceId: uid,
          before: null,
          after: { name, email: normalised },
        })
      })
      return reply.code(201).send({ uid })
    },
  )

  const roleParams = { type: 'object', properties: { uid: ID } } as const

  app.post(
    '/api/v1/users/:uid/role',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
        params: roleParams,
        body: { type: 'object', additionalProperties: false, required: ['tenant', 'role'], properties: { tenant: TENANT_SCOPE, role: roleSchema } },
      },
    },
    async (request, reply) => {
      const caller = userOf(request)
      const { uid } = request.params as { uid: string }
      const { tenant, role } = request.body as { tenant: string; role: string }
      checkGrant(caller, tenant, role)
      await withTenantAccess(caller, tenant, 'manage roles in this tenant')
      const roles = await db.transaction(async (tx) => {
        const target = await locked(tx, await targetUser(tx, caller, uid))
        refuseForSuperAdmin(target, tenant)
        const current = target.permissions[tenant] ?? []
        if (current.includes(role)) return current
        await setRoles(tx, caller, target, tenant, [...current, role], 'role.grant')
        return [...current, role]
      })
      return reply.code(201).send({ uid, tenant, roles })
    },
  )

  app.put(
    '/api/v1/users/:uid/role',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
        params: roleParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['tenant', 'role', 'new_role'],
          properties: { tenant: TENANT_SCOPE, role: roleSchema, new_role: roleSchema },
        },
      },
    },
    async (request) => {
      const caller = userOf(request)
      const { uid } = request.params as { uid: string }
      const { tenant, role, new_role } = request.body as { tenant: string; role: string; new_role: string }
      checkGrant(caller, tenant, new_role)
      await withTenantAccess(caller, tenant, 'manage roles in this tenant')
      const next = await db.transaction(async (tx) => {
        const target = await locked(tx, await targetUser(tx, caller, uid))
        const current = target.permissions[tenant] ?? []
        if (!current.includes(role)) throw notFound(`Role "${role}" of this user in this tenant`)
        refuseForSuperAdmin(target, tenant)
        const next = [...new Set(current.map((r) => (r === role ? new_role : r)))]
        if (tenant !== ALL_TENANTS && !target.pending && !(await keepsAnAdmin(tx, tenant, target.uid, next))) throw lastAdmin()
        // Changing a role to itself changes nothing: no write, no audit entry.
        if (JSON.stringify(next) !== JSON.stringify(current)) await setRoles(tx, caller, target, tenant, next, 'role.change')
        return next
      })
      return { uid, tenant, roles: next }
    },
  )

  const removeRoles = async (caller: UserRow, uid: string, tenant: string, role?: string) => {
    await withTenantAccess(caller, tenant, 'manage roles in this tenant')
    await db.transaction(async (tx) => {
      const target = await locked(tx, await targetUser(tx, caller, uid))
      const current = target.permissions[tenant] ?? []
      if (current.length === 0 || (role && !current.includes(role))) throw notFound(`Role of this user in this tenant`)
      const next = role ? current.filter((r) => r !== role) : []
      if (tenant !== ALL_TENANTS && !target.pending && !(await keepsAnAdmin(tx, tenant, target.uid, next))) throw lastAdmin()
      await setRoles(tx, caller, target, tenant, next, role ? 'role.remove' : 'role.remove-all')
    })
  }

  app.delete(
    '/api/v1/users/:uid/role/:tenant_id',
    { config: { access: 'user' }, schema: { tags: ['v1'], params: { type: 'object', properties: { uid: ID, tenant_id: TENANT_SCOPE } } } },
    async (request, reply) => {
      const { uid, tenant_id } = request.params as { uid: string; tenant_id: string }
      await removeRoles(userOf(request), uid, tenant_id)
      return reply.code(204).send()
    },
  )

  app.delete(
    '/api/v1/users/:uid/role/:tenant_id/:role',
    {
      config: { access: 'user' },
      schema: { tags: ['v1'], params: { type: 'object', properties: { uid: ID, tenant_id: TENANT_SCOPE, role: roleSchema } } },
    },
    async (request, reply) => {
      const { uid, tenant_id, role } = request.params as { uid: string; tenant_id: string; role: string }
      await removeRoles(userOf(request), uid, tenant_id, role)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/v1/users/:uid',
    {
      // 'account': the caller's own record is asked right after sign-in, before there may be one (issue 22).
      config: { access: 'account' },
      schema: {
        tags: ['v1'],
        params: roleParams,
        description:
          "A user's record (only the roles in tenants the caller administers), or a pending invitation's (with " +
          "`pending: true`). The caller's own uid without a console record answers 200 with empty permissions and " +
          '`pending_invitations` (their count) when invitations wait for their verified e-mail, else 403 no-access.',
      },
    },
    async (request) => {
      const account = accountOf(request)
      const { uid } = request.params as { uid: string }
      const [own] = await db.query<UserRow>('select uid, name, email, permissions from users where uid = $1', [account.uid], { cached: true })
      if (!own) {
        const waiting = uid === account.uid ? await pendingInvitationsOf(db, identity, account) : []
        if (waiting.length === 0) throw new ApiError(403, 'no-access', 'This account has no access to the console. Ask an admin to add you.')
        return { uid, name: waiting[0]!.name, email: account.email ?? '', permissions: {}, pending_invitations: waiting.length }
      }
      const caller = own
      if (uid === caller.uid) return { uid, name: caller.name, email: caller.email, permissions: caller.permissions }
      // An invitation the caller may see answers as a pending user; anyone the caller cannot see as a missing uid.
      const target = await targetUser(db, caller, uid)
      const superAdmin = isSuperAdmin(caller.permissions)
      const visible = await administeredTenants(db, caller)
      const shared: Permissions = superAdmin ? target.permissions : permissionsWithin(target.permissions, visible, false)
      if (target.pending) return { uid: target.uid, name: target.name, email: target.email, permissions: shared, pending: true }
      // A user in none of the caller's tenants does not exist as far as the caller can tell.
      if (!superAdmin && Object.keys(shared).length === 0) throw notFound(`User "${uid}"`)
      return { uid: target.uid, name: target.name, email: target.email, permissions: shared }
    },
  )
}

const lastAdmin = () => new ApiError(409, 'last-admin', 'A tenant must keep at least one admin: make someone else admin first.')
