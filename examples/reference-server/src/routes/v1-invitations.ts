import type { FastifyInstance } from 'fastify'
import { ALL_TENANTS, type Permissions } from '@honu/core'
import { randomInt, randomUUID } from 'node:crypto'
import { conflict, notFound } from '../api-error'
import { accountOf } from '../access/access-gate'
import type { Caller, Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { recordAudit } from '../audit/audit-log'
import { ID } from '../schemas/field-schemas'
import type { UserRow } from './v1-access'

/** A pending invitation as stored (issue 22: it waits for its invitee's consent). */
export interface InvitationRow {
  id: string
  email: string
  name: string
  invited_by: string
  tenant_id: string | null
  permissions: Permissions
  organisations: Record<string, { name: string; roles: Record<string, unknown> }>
}

const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** An invitation's id: 28 letters and digits, the shape of a Firebase uid, so the two cannot be told apart. */
export const invitationId = () => Array.from({ length: 28 }, () => UID_ALPHABET[randomInt(UID_ALPHABET.length)]).join('')

export const INVITATION_COLUMNS = 'id, email, name, invited_by, tenant_id, permissions, organisations'

/**
 * The caller's e-mail if the identity provider verified it, lower-cased; else undefined (no invitation is theirs).
 * In emulator mode an e-mail counts as verified: the Auth emulator sends no mail, and its accounts are test ones.
 */
export function verifiedEmail(identity: Pick<Identity, 'mode'>, account: Caller): string | undefined {
  if (!account.email) return undefined
  if (!account.emailVerified && identity.mode !== 'emulator') return undefined
  return account.email.trim().toLowerCase()
}

/**
 * The invitations waiting for this account: made for its verified e-mail and granting something (a role in a
 * tenant or an organisation membership). An invitation with nothing granted yet is not shown to its invitee.
 */
export async function pendingInvitationsOf(db: Pick<Database, 'query'>, identity: Pick<Identity, 'mode'>, account: Caller): Promise<InvitationRow[]> {
  const email = verifiedEmail(identity, account)
  if (!email) return []
  return db.query<InvitationRow>(
    `select ${INVITATION_COLUMNS} from invitations
     where lower(email) = $1 and (permissions <> '{}'::jsonb or organisations <> '{}'::jsonb) order by created, id`,
    [email],
  )
}

/** One of the caller's own invitations, locked; anything else (another person's, a missing id) is "not found". */
async function ownInvitation(tx: Pick<Database, 'query'>, identity: Identity, account: Caller, id: string): Promise<InvitationRow> {
  const email = verifiedEmail(identity, account)
  const [row] = email
    ? await tx.query<InvitationRow>(`select ${INVITATION_COLUMNS} from invitations where id = $1 and lower(email) = $2 for update`, [id, email])
    : []
  if (!row || (Object.keys(row.permissions).length === 0 && Object.keys(row.organisations).length === 0)) {
    throw notFound(`Invitation "${id}"`)
  }
  return row
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])]

/**
 * The invitee's side of an invitation (issue 22): roles granted to an invitation wait on it until the person with
 * its e-mail (verified by the identity provider) accepts; accepting makes or extends their console record,
 * declining drops it. Every change writes an audit entry per tenant (and organisation) it concerns.
 */
export function registerInvitationRoutes(app: FastifyInstance, db: Database, identity: Identity) {
  const params = { type: 'object', properties: { id: ID } } as const

  app.get(
    '/api/v1/invitations',
    {
      config: { access: 'account' },
      schema: {
        tags: ['v1'],
        summary: "The caller's pending invitations (for their verified e-mail only).",
        description:
          '`{ data: [{ id, name, tenants: [{ tenant_id, name, roles }], organisations: [{ organisation_id, name, roles }] }] }`. ' +
          'Works for a signed-in account with no console record yet.',
      },
    },
    async (request) => {
      const invitations = await pendingInvitationsOf(db, identity, accountOf(request))
      const tenantNames = new Map(
        (await db.query<{ tenant_id: string; name: string }>('select tenant_id, name from tenants', [], { cached: true })).map((t) => [
          t.tenant_id,
          t.name,
        ]),
      )
      const orgIds = [...new Set(invitations.flatMap((i) => Object.keys(i.organisations)))]
      const orgNames = new Map(
        orgIds.length === 0
          ? []
          : (
              await db.query<{ id: string; name: string }>(
                "select id, data ->> 'name' as name from v2_records where resource = 'organisation' and id = any($1::text[])",
                [orgIds],
              )
            ).map((o) => [o.id, o.name]),
      )
      return {
        data: invitations.map((invitation) => ({
          id: invitation.id,
          name: invitation.name,
          tenants: Object.entries(invitation.permissions).map(([tenant_id, roles]) => ({
            tenant_id,
            name: tenant_id === ALL_TENANTS ? 'All tenants' : (tenantNames.get(tenant_id) ?? tenant_id),
            roles,
          })),
          organisations: Object.entries(invitation.organisations).map(([organisation_id, membership]) => ({
            organisation_id,
            name: orgNames.get(organisation_id) ?? organisation_id,
            roles: membership.roles,
          })),
        })),
      }
    },
  )

  app.post(
    '/api/v1/invitations/:id/accept',
    {
      config: { access: 'account' },
      schema: {
        tags: ['v1'],
        params,
        summary: 'Accepts one of the caller’s invitations: its roles join the caller’s console record (made if need be).',
      },
    },
    async (request) => {
      const account = accountOf(request)
      const { id } = request.params as { id: string }
      return db.transaction(async (tx) => {
        const invitation = await ownInvitation(tx, identity, account, id)
        const email = verifiedEmail(identity, account)!
        let [user] = await tx.query<UserRow>('select uid, name, email, permissions from users where uid = $1 for update', [account.uid])
        if (!user) {
          const [other] = await tx.query<{ uid: string }>('select uid from users where lower(email) = $1', [email])
          // Another console record holds this e-mail (made outside this server): nothing to merge into safely.
          if (other) throw conflict(`Another console user already has the e-mail ${email}.`)
          ;[user] = await tx.query<UserRow>('insert into users (uid, name, email) values ($1, $2, $3) returning uid, name, email, permissions', [
            account.uid,
            invitation.name,
            email,
          ])
          await recordAudit(tx, {
            actor: { uid: account.uid, email },
            tenantId: invitation.tenant_id,
            action: 'user.create',
            resourceType: 'user',
            resourceId: account.uid,
            before: null,
            after: { name: invitation.name, email, invitation: invitation.id },
          })
        }
        const permissions: Record<string, readonly string[]> = { ...(user!.permissions as Record<string, readonly string[]>) }
        for (const [tenant, roles] of Object.entries(invitation.permissions as Record<string, readonly string[]>)) {
          const before = permissions[tenant] ?? []
          const after = union(before, roles)
          permissions[tenant] = after
          if (tenant !== ALL_TENANTS) {
            await tx.query('insert into tenant_members (tenant_id, uid) values ($1, $2) on conflict do nothing', [tenant, account.uid])
          }
          await recordAudit(tx, {
            actor: { uid: account.uid, email },
            tenantId: tenant === ALL_TENANTS ? null : tenant,
            action: 'invitation.accept',
            resourceType: 'user',
            resourceId: account.uid,
            before: { roles: [...before] },
            after: { roles: after, invitation: invitation.id },
          })
        }
        await tx.query('update users set permissions = $2::jsonb where uid = $1', [account.uid, JSON.stringify(permissions)])
        for (const [organisationId, membership] of Object.entries(invitation.organisations)) {
          const added = await tx.query(
            `insert into mp_users (id, uid, email, name, organisation_id, roles) values ($6, $1, $2, $3, $4, $5::jsonb)
             on conflict (uid, organisation_id) do nothing returning uid`,
            [account.uid, email, membership.name, organisationId, JSON.stringify(membership.roles), randomUUID()],
          )
          if (added.length === 0) continue
          await recordAudit(tx, {
            actor: { uid: account.uid, email },
            organisationId,
            action: 'invitation.accept',
            resourceType: 'org-user',
            resourceId: account.uid,
            before: null,
            after: { name: membership.name, email, roles: membership.roles, invitation: invitation.id },
          })
        }
        await tx.query('delete from invitations where id = $1', [invitation.id])
        return { uid: account.uid, permissions: permissions as Permissions }
      })
    },
  )

  app.post(
    '/api/v1/invitations/:id/decline',
    {
      config: { access: 'account' },
      schema: { tags: ['v1'], params, summary: 'Declines one of the caller’s invitations: it is removed, nothing is granted.' },
    },
    async (request, reply) => {
      const account = accountOf(request)
      const { id } = request.params as { id: string }
      await db.transaction(async (tx) => {
        const invitation = await ownInvitation(tx, identity, account, id)
        const actor = { uid: account.uid, email: account.email ?? null }
        for (const [tenant, roles] of Object.entries(invitation.permissions)) {
          await recordAudit(tx, {
            actor,
            tenantId: tenant === ALL_TENANTS ? null : tenant,
            action: 'invitation.decline',
            resourceType: 'invitation',
            resourceId: invitation.id,
            before: { roles },
            after: null,
          })
        }
        for (const [organisationId, membership] of Object.entries(invitation.organisations)) {
          await recordAudit(tx, {
            actor,
            organisationId,
            action: 'invitation.decline',
            resourceType: 'invitation',
            resourceId: invitation.id,
            before: { roles: membership.roles },
            after: null,
          })
        }
        await tx.query('delete from invitations where id = $1', [invitation.id])
      })
      return reply.code(204).send()
    },
  )
}
