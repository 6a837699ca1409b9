import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { hasOrganisationPermission, isSuperAdmin } from '@honu/core'
import { badRequest, forbidden, notFound } from '../api-error'
import { userOf } from '../access/access-gate'
import type { Membership } from '../access/organisation-caller'
import { AUDIT_CURSOR, AUDIT_TIME, auditCount, auditPage, exportChunks, filterTime, type AuditFilters } from '../audit/audit-query'
import type { Database } from '../db/database'
import { ID, text } from '../schemas/field-schemas'
import { requireAdmin, type UserRow } from './v1-access'

/** The filters both audit routes take. */
const FILTERS = {
  tenant_id: { ...ID, description: "A tenant's entries. Required unless the caller is a super admin (then: every entry)." },
  organisation_id: { ...ID, description: "A mission-planning organisation's entries (its admins and super admins)." },
  actor: { ...text(320), description: "The actor's uid exactly, or a part of their e-mail (any case)." },
  action: { ...text(100), description: 'An action exactly (`role.grant`), or all of a kind (`role.*`).' },
  resource_type: text(100),
  resource_id: text(200),
  from: { ...AUDIT_TIME, description: 'From this time on (inclusive). ISO 8601; UTC unless an offset is given.' },
  to: { ...AUDIT_TIME, description: 'Before this time (exclusive). ISO 8601; UTC unless an offset is given.' },
} as const

type FilterQuery = { [K in keyof typeof FILTERS]?: string }

const MAX_LIMIT = 500
const DEFAULT_LIMIT = 100

/**
 * The scope the caller may read, as filters: a tenant they administer, an organisation they administer, or (super
 * admins only) everything. A tenant or organisation the caller is not in answers as one that does not exist.
 */
async function scopeOf(db: Database, user: UserRow, query: FilterQuery): Promise<Pick<AuditFilters, 'tenantId' | 'organisationId'>> {
  const superAdmin = isSuperAdmin(user.permissions)
  if (query.tenant_id !== undefined && query.organisation_id !== undefined) {
    throw badRequest('Give tenant_id or organisation_id, not both.')
  }
  if (query.tenant_id !== undefined) {
    await requireAdmin(db, user, query.tenant_id, 'see the audit trail of this tenant')
    return { tenantId: query.tenant_id }
  }
  if (query.organisation_id !== undefined) {
    const organisationId = query.organisation_id
    const [organisation] = await db.query('select 1 from v2_records where resource = $1 and organisation_id = $2 and id = $2', [
      'organisation',
      organisationId,
    ])
    if (superAdmin && organisation) return { organisationId }
    type Roles = Pick<Membership, 'roles' | 'super_admin'>
    const memberships = await db.query<Roles>('select roles, super_admin from mp_users where uid = $1', [user.uid])
    const mpSuper = memberships.some((m) => m.super_admin)
    const member = await db.query<Roles>('select roles, super_admin from mp_users where uid = $1 and organisation_id = $2', [
      user.uid,
      organisationId,
    ])
    if (!organisation || (!mpSuper && member.length === 0)) throw notFound(`Organisation "${organisationId}"`)
    if (!mpSuper && !member.some((m) => hasOrganisationPermission(m, 'admin'))) throw forbidden('see the audit trail of this organisation')
    return { organisationId }
  }
  if (!superAdmin) throw forbidden('see the audit trail of every tenant: give tenant_id')
  return {}
}

const filtersOf = (query: FilterQuery): Omit<AuditFilters, 'tenantId' | 'organisationId'> => ({
  actor: query.actor || undefined,
  action: query.action || undefined,
  resourceType: query.resource_type || undefined,
  resourceId: query.resource_id || undefined,
  from: query.from,
  to: query.to,
})

/**
 * The audit trail: `GET /api/v1/audit` (a page, newest first) and `GET /api/v1/audit/export` (every matching entry
 * as CSV or JSON, streamed). Admins of a tenant read its entries, super admins any or all.
 */
export function registerAuditRoutes(app: FastifyInstance, db: Database) {
  app.get(
    '/api/v1/audit',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1', 'audit'],
        summary: 'The audit trail: who changed what, when, with the changed fields before and after.',
        description:
          'Newest first, `limit` entries (1–500, default 100; larger is read as 500). Pass `next_cursor` back as ' +
          '`cursor` (with the same filters) for the next page; it is null after the last. `total_count` counts every ' +
          'matching entry. Secrets are never recorded ("[redacted]").',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...FILTERS, cursor: AUDIT_CURSOR, limit: { type: 'string', pattern: '^[0-9]{1,6}$' } },
        },
      },
    },
    async (request) => {
      const query = request.query as FilterQuery & { cursor?: string; limit?: string }
      const scope = await scopeOf(db, userOf(request), query)
      const limit = Math.min(Math.max(Number(query.limit ?? DEFAULT_LIMIT), 1), MAX_LIMIT)
      const filters = { ...scope, ...filtersOf(query) }
      const { entries, nextCursor } = await auditPage(db, filters, { cursor: query.cursor, limit })
      return { data: entries, next_cursor: nextCursor, total_count: await auditCount(db, filters) }
    },
  )

  app.get(
    '/api/v1/audit/export',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1', 'audit'],
        summary: 'Every entry matching the filters, as a CSV or JSON file, streamed (no cap).',
        description:
          'CSV (RFC 4180, CRLF, UTF-8 without BOM): id, at, actor_uid, actor_email, tenant_id, action, resource_type, ' +
          'resource_id, before, after (JSON text), organisation_id; a cell starting with =, +, -, @, tab or CR gets a ' +
          "leading ' (no formulas in a spreadsheet). JSON: one array of the entries GET /api/v1/audit answers. " +
          'Newest first. Content-Disposition names the file audit-<tenant, organisation or all>-<UTC date>.<csv|json>.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['format'],
          properties: { ...FILTERS, format: { type: 'string', enum: ['csv', 'json'] } },
        },
      },
    },
    async (request, reply) => {
      const query = request.query as FilterQuery & { format: 'csv' | 'json' }
      const scope = await scopeOf(db, userOf(request), query)
      const filters = { ...scope, ...filtersOf(query) }
      // A bad time fails here, before the answer starts, rather than in the middle of the file.
      if (filters.from) filterTime(filters.from, 'from')
      if (filters.to) filterTime(filters.to, 'to')
      const name = `audit-${scope.tenantId ?? scope.organisationId ?? 'all'}-${new Date().toISOString().slice(0, 10)}.${query.format}`
      reply
        .header('content-type', query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
      // A HEAD request gets the headers only: no need to read the whole trail for nothing.
      if (request.method === 'HEAD') return reply.send('')
      return reply.send(Readable.from(exportChunks(db, filters, query.format), { objectMode: false }))
    },
  )
}
