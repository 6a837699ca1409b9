import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { hasOrganisationPermission, V2_RESOURCE_NAMES } from '@honu/core'
import { ApiError, forbidden, notFound, badRequest } from '../api-error'
import { callerOf } from '../access/access-gate'
import type { Membership, OrganisationCaller as V2Caller } from '../access/organisation-caller'
import type { Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { invitationId } from './v1-invitations'
import { EMAIL, ID, NAME, V2_FILTERS, V2_RECORD, V2_ROLES } from '../schemas/field-schemas'
import { recordAudit, recordUpdate, sameJson, type AuditActor } from '../audit/audit-log'

type Action = 'read' | 'write' | 'admin'

const can = (caller: V2Caller, organisationId: string, action: Action) =>
  caller.superAdmin || caller.memberships.some((m) => m.organisation_id === organisationId && hasOrganisationPermission(m, action))

/** Parent whose organisation a record inherits when it names none. */
const PARENT: Partial<Record<string, [resource: string, field: string]>> = {
  mission: ['campaign', 'campaign_id'],
  execution: ['mission', 'mission_id'],
}

/**
 * Records a record points at, which must be in its own organisation: a mission cannot name another
 * organisation's campaign, and a foreign id is refused exactly as an id nobody uses.
 */
const REFERENCES: Partial<Record<string, [field: string, resource: string][]>> = {
  mission: [['campaign_id', 'campaign']],
  execution: [
    ['mission_id', 'mission'],
    ['platform_id', 'platform'],
  ],
  asset: [['group_id', 'asset/group']],
}

type RecordRow = { data: Record<string, unknown>; organisation_id: string; create_time: unknown; update_time: unknown }

/** Required fields of each resource (beyond organisation_id), checked on create. */
const REQUIRED: Record<string, string[]> = {
  organisation: ['name'],
  campaign: ['name'],
  platform: ['name'],
  mission: ['name', 'campaign_id'],
  execution: ['mission_id', 'status'],
  asset: ['name'],
  'asset/group': ['name'],
  chart: ['name'],
  'user/rebac': ['subject', 'relation', 'object'],
}

const envelope = (data: unknown) => ({ data })

/** The audit trail's actor of a v2 change: the account, with the e-mail of its first membership. */
const actorOf = (caller: V2Caller): AuditActor => ({ uid: caller.uid, email: caller.memberships[0]?.email ?? null })

/** The first path segment: the resource family a split-port service serves. */
export const familyOf = (resource: string) => resource.split('/')[0]!

/** Options of {@link registerV2Routes}. */
export interface V2RouteOptions {
  /** Path prefix: `/api/v2` on the main server, empty on a per-family service. */
  prefix: string
  /** Serve only these families (split-port mode); all when absent. */
  families?: ReadonlySet<string>
}

/**
 * The mission planning API: every v2 resource of spec §3 as CRUD, the user calls of §7, all answers in the
 * `{ data }` envelope the client unwraps. Records are scoped to organisations; reading needs the Organisation
 * `read` permission, changing needs `write`, managing users and relationships needs `admin`.
 */
/** The states an execution is flown through: the server sets them (the actions, the vehicle), never a PUT. */
const FLIGHT_STATES = new Set(['uploading', 'running', 'paused', 'completed', 'aborted', 'failed'])

/**
 * A PUT of an execution may not move it into, out of or between the states of its flight (issue 25): those follow
 * the vehicle, through the start, pause, resume and abort actions. Anything else of the record (a planned
 * execution's status among them) may change.
 */
function refuseFlightStateChange(before: Record<string, unknown>, changes: Record<string, unknown>) {
  if (!('status' in changes) || sameJson(changes.status, before.status)) return
  if (FLIGHT_STATES.has(String(before.status)) || FLIGHT_STATES.has(String(changes.status))) {
    throw new ApiError(
      409,
      'execution-state',
      `An execution's flight state (${String(before.status)}) changes only through its actions: start, pause, resume, abort.`,
    )
  }
}

export function registerV2Routes(app: FastifyInstance, db: Database, identity: Identity, options: V2RouteOptions) {
  const serves = (resource: string) => !options.families || options.families.has(familyOf(resource))
  const p = options.prefix

  /**
   * The v2 `audit` resource's record of a change (spec §3's resource type, read through GET audit), written in the
   * change's transaction next to its entry in the audit trail.
   */
  const audit = async (tx: Pick<Database, 'query'>, caller: V2Caller, organisationId: string, action: string, resource: string) => {
    const id = randomUUID()
    await tx.query('insert into v2_records (resource, id, organisation_id, data) values ($1, $2, $3, $4::jsonb)', [
      'audit',
      id,
      organisationId,
      JSON.stringify({ id, actor: caller.uid, action, resource }),
    ])
  }

  const recordOut = (row: { data: Record<string, unknown>; create_time: unknown; update_time: unknown; organisation_id: string }) => ({
    ...row.data,
    organisation_id: row.organisation_id,
    create_time: new Date(String(row.create_time)).toISOString(),
    update_time: new Date(String(row.update_time)).toISOString(),
  })

  /** One record of one organisation: ids are unique per resource and organisation only. */
  const recordIn = async (resource: string, organisationId: string, id: string) => {
    const [row] = await db.query<RecordRow>(
      'select data, organisation_id, create_time, update_time from v2_records where resource = $1 and organisation_id = $2 and id = $3',
      [resource, organisationId, id],
    )
    return row
  }

  /**
   * The record with this id in the organisations the caller may read (or in `organisationId` when given);
   * undefined when there is none, whether or not another organisation has one. Two of the caller's own
   * organisations may use the same id: the caller then names the organisation.
   */
  const findVisible = async (caller: V2Caller, resource: string, id: string, organisationId?: string) => {
    const rows = (
      await db.query<RecordRow>(
        'select data, organisation_id, create_time, update_time from v2_records where resource = $1 and id = $2 order by organisation_id',
        [resource, id],
      )
    ).filter((row) => can(caller, row.organisation_id, 'read') && (!organisationId || row.organisation_id === organisationId))
    if (rows.length > 1) {
      throw new ApiError(
        409,
        'ambiguous-id',
        `${resource} "${id}" exists in several of your organisations (${rows.map((r) => r.organisation_id).join(', ')}): add ?organisation_id= to say which.`,
      )
    }
    return rows[0]
  }

  const organisationFor = async (caller: V2Caller, resource: string, id: string | undefined, body: Record<string, unknown>) => {
    if (resource === 'organisation') return id ?? randomUUID()
    if (typeof body.organisation_id === 'string' && body.organisation_id) return body.organisation_id
    const parent = PARENT[resource]
    const parentId = parent ? body[parent[1]] : undefined
    if (parent && typeof parentId === 'string') {
      const row = await findVisible(caller, parent[0], parentId)
      if (row) return row.organisation_id
      throw badRequest(`${parent[1]} "${parentId}" does not exist.`)
    }
    throw badRequest('organisation_id is required.')
  }

  /** Every record a record names must be in the same organisation; another organisation's is as absent as none. */
  const checkReferences = async (resource: string, organisationId: string, data: Record<string, unknown>) => {
    for (const [field, target] of REFERENCES[resource] ?? []) {
      const value = data[field]
      if (typeof value === 'string' && !(await recordIn(target, organisationId, value))) {
        throw badRequest(`${field} "${value}" does not exist.`)
      }
    }
  }

  /** A record is created in an organisation the caller can see: another organisation answers as a missing one. */
  const requireOrganisation = async (caller: V2Caller, organisationId: string) => {
    if (!(await recordIn('organisation', organisationId, organisationId)) || !can(caller, organisationId, 'read')) {
      throw notFound(`organisation "${organisationId}"`)
    }
  }

  const bodySchema = V2_RECORD
  const idParams = { type: 'object', properties: { id: ID } } as const
  /** Which organisation's record, when two of the caller's organisations use the same id. */
  const idQuery = { type: 'object', additionalProperties: false, properties: { organisation_id: ID } } as const

  for (const resource of V2_RESOURCE_NAMES) {
    if (!serves(resource) || resource === 'user') continue
    const base = `${p}/${resource}`
    const readOnly = resource === 'audit'

    app.get(base, { config: { access: 'organisation' }, schema: { tags: ['v2'], querystring: V2_FILTERS } }, async (request) => {
      const caller = callerOf(request)
      const filters = request.query as Record<string, string>
      const rows = await db.query<RecordRow>(
        'select data, organisation_id, create_time, update_time from v2_records where resource = $1 order by create_time, id',
        [resource],
      )
      const visible = rows
        .filter((row) => can(caller, row.organisation_id, 'read'))
        .map(recordOut)
        .filter((record) => Object.entries(filters).every(([key, value]) => String((record as Record<string, unknown>)[key]) === value))
      return envelope(visible)
    })

    app.get(
      `${base}/:id`,
      { config: { access: 'organisation' }, schema: { tags: ['v2'], params: idParams, querystring: idQuery } },
      async (request) => {
        const caller = callerOf(request)
        const { id } = request.params as { id: string }
        const row = await findVisible(caller, resource, id, (request.query as { organisation_id?: string }).organisation_id)
        if (!row) throw notFound(`${resource} "${id}"`)
        return envelope(recordOut(row))
      },
    )

    if (readOnly) continue
    const changeAction: Action = resource === 'user/rebac' ? 'admin' : 'write'

    app.post(base, { config: { access: 'organisation' }, schema: { tags: ['v2'], body: bodySchema } }, async (request, reply) => {
      const caller = callerOf(request)
      const body = request.body as Record<string, unknown>
      const missing = (REQUIRED[resource] ?? []).filter((field) => typeof body[field] !== 'string' || body[field] === '')
      if (missing.length) throw badRequest(`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required.`)
      // The schema refused an id that fails its pattern: one that is sent is used, never silently replaced.
      const id = typeof body.id === 'string' ? body.id : randomUUID()
      const organisationId = await organisationFor(caller, resource, id, body)
      if (resource !== 'organisation') await requireOrganisation(caller, organisationId)
      if (resource === 'organisation' ? !caller.superAdmin : !can(caller, organisationId, changeAction)) {
        throw forbidden(`create ${resource} records here`)
      }
      await checkReferences(resource, organisationId, body)
      // Only this organisation's records can conflict: an id another organisation uses is free here.
      if (await recordIn(resource, organisationId, id)) throw new ApiError(409, 'conflict', `${resource} "${id}" already exists.`)
      const data = { ...body, id }
      delete (data as Record<string, unknown>).organisation_id
      await db.transaction(async (tx) => {
        await tx.query('insert into v2_records (resource, id, organisation_id, data) values ($1, $2, $3, $4::jsonb)', [
          resource,
          id,
          organisationId,
          JSON.stringify(data),
        ])
        await audit(tx, caller, organisationId, 'create', `${resource}/${id}`)
        await recordAudit(tx, {
          actor: actorOf(caller),
          organisationId,
          action: `${resource}.create`,
          resourceType: resource,
          resourceId: id,
          before: null,
          after: data,
        })
      })
      return reply.code(201).send(envelope(recordOut((await recordIn(resource, organisationId, id))!)))
    })

    app.put(
      `${base}/:id`,
      { config: { access: 'organisation' }, schema: { tags: ['v2'], params: idParams, querystring: idQuery, body: bodySchema } },
      async (request) => {
        const caller = callerOf(request)
        const { id } = request.params as { id: string }
        const row = await findVisible(caller, resource, id, (request.query as { organisation_id?: string }).organisation_id)
        if (!row) throw notFound(`${resource} "${id}"`)
        if (resource === 'organisation' ? !caller.superAdmin && !can(caller, id, 'admin') : !can(caller, row.organisation_id, changeAction)) {
          throw forbidden(`change this ${resource}`)
        }
        const changes = { ...(request.body as Record<string, unknown>) }
        // The id and the organisation of a record never change.
        delete changes.id
        delete changes.organisation_id
        await checkReferences(resource, row.organisation_id, changes)
        await db.transaction(async (tx) => {
          // The record as it is now, locked until this change lands (the one read above may be older).
          const [current] = await tx.query<{ data: Record<string, unknown> }>(
            'select data from v2_records where resource = $1 and organisation_id = $2 and id = $3 for update',
            [resource, row.organisation_id, id],
          )
          const before = current?.data ?? row.data
          if (resource === 'execution') refuseFlightStateChange(before, changes)
          const after = { ...before, ...changes, id }
          await tx.query(
            'update v2_records set data = $4::jsonb, update_time = clock_timestamp() where resource = $1 and organisation_id = $2 and id = $3',
            [resource, row.organisation_id, id, JSON.stringify(after)],
          )
          await audit(tx, caller, row.organisation_id, 'update', `${resource}/${id}`)
          const change = {
            actor: actorOf(caller),
            organisationId: row.organisation_id,
            action: `${resource}.update`,
            resourceType: resource,
            resourceId: id,
          }
          await recordUpdate(tx, change, before, after)
        })
        return envelope(recordOut((await recordIn(resource, row.organisation_id, id))!))
      },
    )

    app.delete(
      `${base}/:id`,
      { config: { access: 'organisation' }, schema: { tags: ['v2'], params: idParams, querystring: idQuery } },
      async (request, reply) => {
        const caller = callerOf(request)
        const { id } = request.params as { id: string }
        const row = await findVisible(caller, resource, id, (request.query as { organisation_id?: string }).organisation_id)
        if (!row) throw notFound(`${resource} "${id}"`)
        if (resource === 'organisation' ? !caller.superAdmin : !can(caller, row.organisation_id, changeAction)) {
          throw forbidden(`delete this ${resource}`)
        }
        await db.transaction(async (tx) => {
          const [deleted] = await tx.query<{ data: Record<string, unknown> }>(
            'delete from v2_records where resource = $1 and organisation_id = $2 and id = $3 returning data',
            [resource, row.organisation_id, id],
          )
          await audit(tx, caller, row.organisation_id, 'delete', `${resource}/${id}`)
          await recordAudit(tx, {
            actor: actorOf(caller),
            organisationId: row.organisation_id,
            action: `${resource}.delete`,
            resourceType: resource,
            resourceId: id,
            before: deleted?.data ?? row.data,
            after: null,
          })
        })
        return reply.code(204).send()
      },
    )
  }

  if (serves('user')) registerV2UserRoutes(app, db, identity, p, can)
}

function registerV2UserRoutes(app: FastifyInstance, db: Database, identity: Identity, p: string, allowed: typeof can) {
  const select = 'select id, uid, email, name, organisation_id, roles, super_admin from mp_users'
  const orgParams = {
    type: 'object',
    properties: {
      ownerType: { type: 'string', enum: ['organisation'] },
      ownerId: ID,
      uid: ID,
    },
  } as const
  const envelope = (data: unknown) => ({ data })

  const requireOrganisation = async (caller: V2Caller, organisationId: string, action: Action) => {
    const [org] = await db.query('select 1 from v2_records where resource = $1 and id = $2', ['organisation', organisationId])
    if (!org || !allowed(caller, organisationId, 'read')) throw notFound(`organisation "${organisationId}"`)
    if (!allowed(caller, organisationId, action)) throw forbidden('manage the users of this organisation')
  }

  // GET user/{uid}: a list (one entry per organisation); the client uses the first (spec §7).
  app.get(`${p}/user/:uid`, { config: { access: 'organisation' }, schema: { tags: ['v2'], params: orgParams } }, async (request) => {
    const caller = callerOf(request)
    const { uid } = request.params as { uid: string }
    const rows = await db.query<Membership>(`${select} where uid = $1 order by organisation_id`, [uid])
    return envelope(rows.filter((row) => row.uid === caller.uid || allowed(caller, row.organisation_id, 'read')))
  })

  app.get(`${p}/user/:ownerType/:ownerId`, { config: { access: 'organisation' }, schema: { tags: ['v2'], params: orgParams } }, async (request) => {
    const caller = callerOf(request)
    const { ownerId } = request.params as { ownerId: string }
    await requireOrganisation(caller, ownerId, 'read')
    return envelope(await db.query(`${select} where organisation_id = $1 order by lower(name), email`, [ownerId]))
  })

  app.post(
    `${p}/user/:ownerType/:ownerId`,
    {
      config: { access: 'organisation' },
      schema: {
        tags: ['v2'],
        params: orgParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'email'],
          properties: { name: NAME, email: EMAIL },
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const { ownerId } = request.params as { ownerId: string }
      await requireOrganisation(caller, ownerId, 'admin')
      const { name, email } = request.body as { name: string; email: string }
      const normalised = email.trim().toLowerCase()
      const roles = { Organisation: ['read'] }
      // Issue 22: the person is invited, whether or not an account has this e-mail, and the answer is the same
      // either way (the invitation's id, shaped like a uid, never someone's uid). The membership waits on the
      // invitation until the person with this e-mail accepts it (POST /api/v1/invitations/{id}/accept).
      const id = await db.transaction(async (tx) => {
        const [open] = await tx.query<{ id: string }>(
          'select id from invitations where lower(email) = $1 and organisations ? $2 order by created limit 1',
          [normalised, ownerId],
        )
        // Already invited to this organisation: the same invitation, nothing changed, nothing to record.
        if (open) return open.id
        const id = invitationId()
        await tx.query('insert into invitations (id, email, name, invited_by, organisations) values ($1, $2, $3, $4, $5::jsonb)', [
          id,
          normalised,
          name,
          caller.uid,
          JSON.stringify({ [ownerId]: { name, roles } }),
        ])
        await recordAudit(tx, {
          actor: actorOf(caller),
          organisationId: ownerId,
          action: 'org-user.invite',
          resourceType: 'invitation',
          resourceId: id,
          before: null,
          after: { name, email: normalised, roles },
        })
        return id
      })
      return reply.code(202).send(envelope({ uid: id, status: 'invited' }))
    },
  )

  const membership = async (organisationId: string, uid: string) => {
    const [row] = await db.query<Membership>(`${select} where organisation_id = $1 and uid = $2`, [organisationId, uid])
    if (!row) throw notFound(`user "${uid}" in this organisation`)
    return row
  }

  app.delete(
    `${p}/user/:ownerType/:ownerId/:uid`,
    { config: { access: 'organisation' }, schema: { tags: ['v2'], params: orgParams } },
    async (request, reply) => {
      const caller = callerOf(request)
      const { ownerId, uid } = request.params as { ownerId: string; uid: string }
      await requireOrganisation(caller, ownerId, 'admin')
      await membership(ownerId, uid)
      await db.transaction(async (tx) => {
        const [gone] = await tx.query<Membership>(
          'delete from mp_users where organisation_id = $1 and uid = $2 returning name, email, roles, super_admin',
          [ownerId, uid],
        )
        if (!gone) return
        await recordAudit(tx, {
          actor: actorOf(caller),
          organisationId: ownerId,
          action: 'org-user.delete',
          resourceType: 'org-user',
          resourceId: uid,
          before: { name: gone.name, email: gone.email, roles: gone.roles, super_admin: gone.super_admin },
          after: null,
        })
      })
      return reply.code(204).send()
    },
  )

  /** Sets a member's roles and writes the audit entry (none when the roles stay the same), in one transaction. */
  const setOrganisationRoles = (
    caller: V2Caller,
    organisationId: string,
    uid: string,
    roles: Record<string, unknown>,
    action: 'org-role.update' | 'org-role.delete',
  ) =>
    db.transaction(async (tx) => {
      const [current] = await tx.query<{ roles: Record<string, unknown> }>(
        'select roles from mp_users where organisation_id = $1 and uid = $2 for update',
        [organisationId, uid],
      )
      if (!current) return
      await tx.query('update mp_users set roles = $3::jsonb where organisation_id = $1 and uid = $2', [organisationId, uid, JSON.stringify(roles)])
      const change = { actor: actorOf(caller), organisationId, action, resourceType: 'org-user', resourceId: uid }
      // The whole roles object is the field: before and after show it entire.
      if (!sameJson(current.roles, roles)) {
        await recordAudit(tx, { ...change, before: { roles: current.roles }, after: { roles } })
      }
    })

  app.put(
    `${p}/user/:ownerType/:ownerId/:uid/role`,
    { config: { access: 'organisation' }, schema: { tags: ['v2'], params: orgParams, body: V2_ROLES } },
    async (request) => {
      const caller = callerOf(request)
      const { ownerId, uid } = request.params as { ownerId: string; uid: string }
      await requireOrganisation(caller, ownerId, 'admin')
      await membership(ownerId, uid)
      await setOrganisationRoles(caller, ownerId, uid, request.body as Record<string, unknown>, 'org-role.update')
      return envelope(await membership(ownerId, uid))
    },
  )

  app.delete(
    `${p}/user/:ownerType/:ownerId/:uid/role`,
    { config: { access: 'organisation' }, schema: { tags: ['v2'], params: orgParams } },
    async (request, reply) => {
      const caller = callerOf(request)
      const { ownerId, uid } = request.params as { ownerId: string; uid: string }
      await requireOrganisation(caller, ownerId, 'admin')
      await membership(ownerId, uid)
      await setOrganisationRoles(caller, ownerId, uid, {}, 'org-role.delete')
      return reply.code(204).send()
    },
  )
}
