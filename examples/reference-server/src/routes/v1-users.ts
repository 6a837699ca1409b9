import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { ALL_TENANTS, isSuperAdmin, type Permissions } from '@honu/core'
import { ApiError, badRequest, conflict, forbidden, notFound } from '../api-error'
import type { Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { EMAIL, ID, NAME, TENANT_SCOPE } from '../schemas/field-schemas'
import { administeredTenants, permissionsWithin, requireAdmin, type UserRow } from './v1-access'
import { userOf } from '../access/access-gate'

/** Roles a tenant admin may grant. `org-admin` exists only under `*` and only a super admin grants it. */
const GRANTABLE = ['admin', 'writer', 'controller', 'reader'] as const
const roleSchema = { type: 'string', enum: [...GRANTABLE, 'org-admin'] } as const

const isAdminRole = (role: string) => role.toLowerCase() === 'admin'

const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** An invitation's id: 28 letters and digits, the shape of a Firebase uid, so the two cannot be told apart. */
const invitationId = () => Array.from({ length: 28 }, () => UID_ALPHABET[randomInt(UID_ALPHABET.length)]).join('')

/**
 * Whether the caller may know this user exists: themselves, anyone for a super admin, else someone with a role
 * in a tenant the caller administers. Everyone else answers exactly as a uid nobody has.
 */
async function canSee(db: Pick<Database, 'query'>, caller: UserRow, target: UserRow): Promise<boolean> {
  if (target.uid === caller.uid || isSuperAdmin(caller.permissions)) return true
  return Object.keys(permissionsWithin(target.permissions, await administeredTenants(db, caller), false)).length > 0
}

/**
 * The user a role call names: a user the caller can see, or the account an invitation stands for. With `bind`
 * (granting a role), an invitation not yet bound is bound now: its e-mail's sign-in account is found or created
 * and becomes a console user. Anything else is "not found", whether or not it exists.
 */
async function targetUser(
  db: Pick<Database, 'query'>,
  identity: Identity,
  caller: UserRow,
  uid: string,
  options: { bind?: boolean } = {},
): Promise<UserRow> {
  const byUid = (id: string) => db.query<UserRow>('select uid, name, email, permissions from users where uid = $1', [id])
  const [row] = await byUid(uid)
  if (row && (await canSee(db, caller, row))) return row
  const [invitation] = await db.query<{ email: string; name: string; uid: string | null }>(
    'select email, name, uid from invitations where id = $1',
    [uid],
  )
  if (invitation?.uid) {
    const [bound] = await byUid(invitation.uid)
    if (bound) return bound
  }
  if (invitation && options.bind) {
    const account = await identity.ensureUser({ email: invitation.email, name: invitation.name })
    await db.query('insert into users (uid, name, email) values ($1, $2, $3) on conflict do nothing', [account, invitation.name, invitation.email])
    const [user] = await byUid(account)
    // The e-mail belongs to another console record (made outside this server): nothing to bind to safely.
    if (!user) throw conflict(`Another console user already has the e-mail ${invitation.email}.`)
    await db.query('update invitations set uid = $2 where id = $1', [uid, account])
    return user
  }
  throw notFound(`User "${uid}"`)
}

/** Whether, after `change`, the tenant still has a user with the admin role. */
async function keepsAnAdmin(
  db: Pick<Database, 'query'>,
  tenantId: string,
  uid: string,
  nextRoles: readonly string[],
): Promise<boolean> {
  if (nextRoles.some(isAdminRole)) return true
  const others = await db.query<{ uid: string }>(
    `select uid from users where uid <> $1 and exists (
       select 1 from jsonb_array_elements_text(coalesce(permissions -> $2::text, '[]'::jsonb)) r where lower(r) = 'admin')`,
    [uid, tenantId],
  )
  return others.length > 0
}

async function setRoles(db: Pick<Database, 'query'>, user: UserRow, tenantId: string, roles: readonly string[]) {
  const permissions: Record<string, readonly string[] | undefined> = { ...user.permissions }
  if (roles.length === 0) delete permissions[tenantId]
  else permissions[tenantId] = [...roles]
  await db.query('update users set permissions = $2::jsonb where uid = $1', [user.uid, JSON.stringify(permissions)])
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
        querystring: { type: 'object', additionalProperties: false, required: ['tenant_id'], properties: { tenant_id: ID } },
      },
    },
    async (request) => {
      const { tenant_id } = request.query as { tenant_id: string }
      await requireAdmin(db, userOf(request), tenant_id, 'see the users of this tenant')
      const rows = await db.query<UserRow & { joined: string }>(
        `select uid, name, email, permissions,
           to_char(joined at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as joined
         from users where permissions ? $1 order by lower(name), email`,
        [tenant_id],
      )
      // Only this tenant's roles: a tenant admin must not learn a user's roles elsewhere.
      return { data: rows.map((u) => ({ ...u, permissions: { [tenant_id]: u.permissions[tenant_id] ?? [] } })) }
    },
  )

  app.post(
    '/api/v1/users',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
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
      if ((await administeredTenants(db, caller)).size === 0) throw forbidden('create users')
      const { name, email } = request.body as { name: string; email: string }
      const normalised = email.trim().toLowerCase()
      const [existing] = await db.query<UserRow>('select uid, name, email, permissions from users where lower(email) = $1', [normalised])
      // Someone the caller can already see: their uid, as before.
      if (existing && (await canSee(db, caller, existing))) return reply.code(200).send({ uid: existing.uid })
      // Anyone else is invited, whether or not an account exists, so the answer tells nothing about who exists:
      // the invitation's id looks like a uid, and granting it a role binds it to the account.
      const uid = invitationId()
      await db.query('insert into invitations (id, email, name, invited_by) values ($1, $2, $3, $4)', [uid, normalised, name, caller.uid])
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
      const target = await targetUser(db, identity, caller, uid, { bind: true })
      const current = target.permissions[tenant] ?? []
      if (!current.includes(role)) await setRoles(db, target, tenant, [...current, role])
      return reply.code(201).send({ uid, tenant, roles: current.includes(role) ? current : [...current, role] })
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
      const target = await targetUser(db, identity, caller, uid)
      const current = target.permissions[tenant] ?? []
      if (!current.includes(role)) throw notFound(`Role "${role}" of this user in this tenant`)
      const next = [...new Set(current.map((r) => (r === role ? new_role : r)))]
      if (tenant !== ALL_TENANTS && !(await keepsAnAdmin(db, tenant, target.uid, next))) throw lastAdmin()
      await setRoles(db, target, tenant, next)
      return { uid, tenant, roles: next }
    },
  )

  const removeRoles = async (caller: UserRow, uid: string, tenant: string, role?: string) => {
    await withTenantAccess(caller, tenant, 'manage roles in this tenant')
    const target = await targetUser(db, identity, caller, uid)
    const current = target.permissions[tenant] ?? []
    if (current.length === 0 || (role && !current.includes(role))) throw notFound(`Role of this user in this tenant`)
    const next = role ? current.filter((r) => r !== role) : []
    if (tenant !== ALL_TENANTS && !(await keepsAnAdmin(db, tenant, target.uid, next))) throw lastAdmin()
    await setRoles(db, target, tenant, next)
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
    { config: { access: 'user' }, schema: { tags: ['v1'], params: { type: 'object', properties: { uid: ID, tenant_id: TENANT_SCOPE, role: roleSchema } } } },
    async (request, reply) => {
      const { uid, tenant_id, role } = request.params as { uid: string; tenant_id: string; role: string }
      await removeRoles(userOf(request), uid, tenant_id, role)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/v1/users/:uid',
    { config: { access: 'user' }, schema: { tags: ['v1'], params: roleParams } },
    async (request) => {
      const caller = userOf(request)
      const { uid } = request.params as { uid: string }
      if (uid === caller.uid) return { uid, name: caller.name, email: caller.email, permissions: caller.permissions }
      // A bound invitation's id names its account; anyone the caller cannot see answers as a missing uid.
      const target = await targetUser(db, identity, caller, uid)
      const superAdmin = isSuperAdmin(caller.permissions)
      const visible = await administeredTenants(db, caller)
      const shared: Permissions = superAdmin ? target.permissions : permissionsWithin(target.permissions, visible, false)
      // A user in none of the caller's tenants does not exist as far as the caller can tell.
      if (!superAdmin && Object.keys(shared).length === 0) throw notFound(`User "${uid}"`)
      return { uid: target.uid, name: target.name, email: target.email, permissions: shared }
    },
  )
}

const lastAdmin = () => new ApiError(409, 'last-admin', 'A tenant must keep at least one admin: make someone else admin first.')

