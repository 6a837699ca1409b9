import type { FastifyInstance } from 'fastify'
import { hasOrganisationPermission, MISSION_PLANNING_FLAG } from '@honu/core'
import { ApiError, forbidden, notFound } from '../api-error'
import { callerOf } from '../access/access-gate'
import type { OrganisationCaller } from '../access/organisation-caller'
import type { Database } from '../db/database'
import type { ExecutionService } from '../missions/execution-service'
import { ID, NAME } from '../schemas/field-schemas'

/** Options of {@link registerExecutionRoutes}. */
export interface ExecutionRouteOptions {
  db: Database
  executions: ExecutionService
  /** The server's feature flags: with `mission_planning` off, every execution command is refused. */
  features?: Record<string, boolean>
}

/** Whether the caller may do `action` in the organisation (super admins anywhere): the v2 routes' own rule. */
export const canInOrganisation = (caller: OrganisationCaller, organisationId: string, action: 'read' | 'write' | 'admin') =>
  caller.superAdmin || caller.memberships.some((m) => m.organisation_id === organisationId && hasOrganisationPermission(m, action))

/** Whether the server's feature map turns mission planning on (spec §6: the area needs the flag). */
export const missionPlanningOn = (features: Record<string, boolean> | undefined) => features?.[MISSION_PLANNING_FLAG] === true

const ACTIONS = ['start', 'pause', 'resume', 'abort'] as const
type Action = (typeof ACTIONS)[number]

const DESCRIPTIONS: Record<Action, string> = {
  start:
    'Starts a pending execution: the mission’s plan (its `plan`, a MissionPlan) is checked, uploaded to the platform’s ' +
    'vehicle over MAVLink, which is armed and put in AUTO. Answers 202 with the record in `uploading`; its state then ' +
    'changes on the record and on the live channel’s `organisations/{id}/executions` topic. Needs Organisation write ' +
    'and the control lease of the platform’s vehicle.',
  pause: 'Holds the vehicle where it is (`paused`). Needs Organisation write and the vehicle’s control lease.',
  resume: 'Flies on from the current item (`running`). Needs Organisation write and the vehicle’s control lease.',
  abort:
    'Ends the execution (`aborted`): an upload is cancelled, a flying vehicle returns to launch (or holds when it ' +
    'cannot). Needs Organisation write and the vehicle’s control lease.',
}

/** The answer of every action: the execution's v2 record, as `GET /api/v2/execution/{id}` answers it. */
const RECORD_ANSWER = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      additionalProperties: true,
      properties: {
        id: { type: 'string' },
        organisation_id: { type: 'string' },
        mission_id: { type: 'string' },
        platform_id: { type: 'string' },
        status: { type: 'string', enum: ['pending', 'uploading', 'running', 'paused', 'completed', 'aborted', 'failed'] },
        reason: { type: ['string', 'null'] },
        current_item: { type: ['integer', 'null'] },
        progress: { type: 'number' },
        started_at: { type: ['string', 'null'] },
        ended_at: { type: ['string', 'null'] },
      },
    },
  },
} as const

type RecordRow = { data: Record<string, unknown>; organisation_id: string; create_time: unknown; update_time: unknown }

/**
 * The v2 execution actions (issue 25): `POST /api/v2/execution/{id}/start`, `…/pause`, `…/resume` and `…/abort`,
 * beside the generic CRUD of `execution` records (src/routes/v2-resources.ts), with the same `?organisation_id=` for
 * an id two of the caller's organisations use. An execution of another organisation answers exactly as one that does
 * not exist (404); a reader's command is refused (403); a command without the vehicle's control lease is refused
 * naming who holds it (409 `not-in-control`).
 */
export function registerExecutionRoutes(app: FastifyInstance, options: ExecutionRouteOptions) {
  const { db, executions } = options

  /** The record in the organisations the caller reads; another organisation's answers as a missing one. */
  const findExecution = async (caller: OrganisationCaller, id: string, organisationId: string | undefined) => {
    const rows = (
      await db.query<RecordRow>(
        'select data, organisation_id, create_time, update_time from v2_records where resource = $1 and id = $2 order by organisation_id',
        ['execution', id],
      )
    ).filter((row) => canInOrganisation(caller, row.organisation_id, 'read') && (!organisationId || row.organisation_id === organisationId))
    if (rows.length > 1) {
      throw new ApiError(
        409,
        'ambiguous-id',
        `execution "${id}" exists in several of your organisations (${rows.map((r) => r.organisation_id).join(', ')}): add ?organisation_id= to say which.`,
      )
    }
    if (!rows[0]) throw notFound(`execution "${id}"`)
    return rows[0]
  }

  const recordOut = async (organisationId: string, id: string) => {
    const [row] = await db.query<RecordRow>(
      'select data, organisation_id, create_time, update_time from v2_records where resource = $1 and organisation_id = $2 and id = $3',
      ['execution', organisationId, id],
    )
    if (!row) throw notFound(`execution "${id}"`)
    return {
      data: {
        ...row.data,
        organisation_id: row.organisation_id,
        create_time: new Date(String(row.create_time)).toISOString(),
        update_time: new Date(String(row.update_time)).toISOString(),
      },
    }
  }

  for (const action of ACTIONS) {
    app.post(
      `/api/v2/execution/:id/${action}`,
      {
        config: { access: 'organisation' },
        schema: {
          tags: ['v2'],
          description: DESCRIPTIONS[action],
          params: { type: 'object', properties: { id: ID } },
          querystring: { type: 'object', additionalProperties: false, properties: { organisation_id: ID } },
          // Abort may say why (kept in the record's reason); the others take no body.
          ...(action === 'abort' ? { body: { type: ['object', 'null'], additionalProperties: false, properties: { reason: NAME } } } : {}),
          response: { 200: RECORD_ANSWER, 202: RECORD_ANSWER },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request)
        if (!missionPlanningOn(options.features)) {
          throw new ApiError(403, 'mission-planning-off', 'Mission planning is turned off on this server.')
        }
        const { id } = request.params as { id: string }
        const row = await findExecution(caller, id, (request.query as { organisation_id?: string }).organisation_id)
        if (!canInOrganisation(caller, row.organisation_id, 'write')) throw forbidden(`${action} this execution`)
        const operator = { uid: caller.uid, email: caller.memberships[0]?.email ?? null }
        const target = { organisationId: row.organisation_id, executionId: id, data: row.data }
        if (action === 'start') {
          await executions.start(operator, target)
          return reply.code(202).send(await recordOut(row.organisation_id, id))
        }
        const reason = (request.body as { reason?: string } | null | undefined)?.reason
        await executions.command(operator, target, action, reason)
        return recordOut(row.organisation_id, id)
      },
    )
  }
}
