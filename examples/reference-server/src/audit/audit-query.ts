import { badRequest } from '../api-error'
import type { Database } from '../db/database'

/** An audit entry on the wire (GET /api/v1/audit and the JSON export). */
export interface AuditEntry {
  id: string
  at: string
  actor: { uid: string; email?: string }
  tenant_id: string | null
  organisation_id: string | null
  action: string
  resource: { type: string; id: string }
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

/** Which entries: the scope the caller may see (checked by the route), then the filters of the query. */
export interface AuditFilters {
  /** Entries of this v1 tenant only. */
  tenantId?: string
  /** Entries of this v2 organisation only. */
  organisationId?: string
  /** The actor's uid exactly, or a part of their e-mail (any case). */
  actor?: string
  /** An action exactly (`role.grant`), or every action of a kind with `.*` (`role.*`). */
  action?: string
  resourceType?: string
  resourceId?: string
  /** From this time on (inclusive), ISO 8601. */
  from?: string
  /** Before this time (exclusive), ISO 8601. */
  to?: string
}

interface AuditRow {
  id: string
  at: string
  actor_uid: string
  actor_email: string | null
  tenant_id: string | null
  organisation_id: string | null
  action: string
  resource_type: string
  resource_id: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

const COLUMNS = `id::text as id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, actor_uid, actor_email,
  tenant_id, organisation_id, action, resource_type, resource_id, before, after`

/** `%`, `_` and `\` of a search taken literally in a `like` pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A time of a filter as PostgreSQL reads it; a time that is no real time is refused here, not by the database. */
export function filterTime(value: string, field: 'from' | 'to'): string {
  // JavaScript reads a time without an offset as local time: here it is UTC, as the API says.
  const iso = value
    .replace(' ', 'T')
    .replace(/([+-][0-9]{2})([0-9]{2})$/, '$1:$2')
    .replace(/(T[0-9:.]+)$/, '$1Z')
  const time = new Date(iso)
  const year = time.getUTCFullYear()
  if (Number.isNaN(time.getTime()) || year < 1 || year > 9999)
    throw badRequest(`Invalid request: querystring.${field} must be an ISO 8601 date or time.`)
  return time.toISOString()
}

/** The `where` of the filters, with its parameters. */
function whereOf(filters: AuditFilters, before?: string): { sql: string; params: unknown[] } {
  const params: unknown[] = []
  const where: string[] = []
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value)
    where.push(condition(`$${params.length}`))
  }
  if (filters.tenantId !== undefined) add((n) => `tenant_id = ${n}`, filters.tenantId)
  if (filters.organisationId !== undefined) add((n) => `organisation_id = ${n}`, filters.organisationId)
  if (filters.actor) {
    params.push(filters.actor, `%${literal(filters.actor.toLowerCase())}%`)
    where.push(`(actor_uid = $${params.length - 1} or lower(actor_email) like $${params.length} escape '\\')`)
  }
  if (filters.action) {
    if (filters.action.endsWith('.*')) add((n) => `action like ${n} escape '\\'`, `${literal(filters.action.slice(0, -1))}%`)
    else add((n) => `action = ${n}`, filters.action)
  }
  if (filters.resourceType) add((n) => `resource_type = ${n}`, filters.resourceType)
  if (filters.resourceId) add((n) => `resource_id = ${n}`, filters.resourceId)
  if (filters.from) add((n) => `at >= ${n}::timestamptz`, filterTime(filters.from, 'from'))
  if (filters.to) add((n) => `at < ${n}::timestamptz`, filterTime(filters.to, 'to'))
  if (before !== undefined) add((n) => `id < ${n}::bigint`, before)
  return { sql: where.length ? `where ${where.join(' and ')}` : '', params }
}

const entryOf = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  actor: row.actor_email === null ? { uid: row.actor_uid } : { uid: row.actor_uid, email: row.actor_email },
  tenant_id: row.tenant_id,
  organisation_id: row.organisation_id,
  action: row.action,
  resource: { type: row.resource_type, id: row.resource_id },
  before: row.before,
  after: row.after,
})

/** A time of a filter: an ISO 8601 date, or date and time (UTC unless it names an offset). */
export const AUDIT_TIME = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\\.[0-9]{1,9})?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?$',
} as const

/** A cursor is the id of the last entry of the previous page: the next page starts below it. */
export const AUDIT_CURSOR = { type: 'string', pattern: '^[1-9][0-9]{0,17}$', description: 'The previous page’s next_cursor.' } as const

/**
 * One page of entries, newest first (by id, the order they were written in): the entries below `cursor`, and the
 * cursor of the next page (null after the last).
 */
export async function auditPage(
  db: Pick<Database, 'query'>,
  filters: AuditFilters,
  options: { cursor?: string; limit: number },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const { sql, params } = whereOf(filters, options.cursor)
  params.push(options.limit + 1)
  const rows = await db.query<AuditRow>(`select ${COLUMNS} from audit_entries ${sql} order by audit_entries.id desc limit $${params.length}`, params)
  const page = rows.slice(0, options.limit)
  return { entries: page.map(entryOf), nextCursor: rows.length > options.limit ? (page.at(-1)?.id ?? null) : null }
}

/** How many entries match the filters (every page together). */
export async function auditCount(db: Pick<Database, 'query'>, filters: AuditFilters): Promise<number> {
  const { sql, params } = whereOf(filters)
  const [row] = await db.query<{ count: string }>(`select count(*)::text as count from audit_entries ${sql}`, params)
  return Number(row?.count ?? 0)
}

/** The export's CSV columns, in order. */
export const CSV_COLUMNS = [
  'id',
  'at',
  'actor_uid',
  'actor_email',
  'tenant_id',
  'action',
  'resource_type',
  'resource_id',
  'before',
  'after',
  'organisation_id',
] as const

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote, a line break or spaces at its ends. A cell that
 * a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return) gets a `'` first.
 */
export function csvCell(value: string | null): string {
  if (value === null) return ''
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** One CSV line of an entry, with its CRLF. */
export function csvLine(entry: AuditEntry): string {
  const cells = [
    entry.id,
    entry.at,
    entry.actor.uid,
    entry.actor.email ?? null,
    entry.tenant_id,
    entry.action,
    entry.resource.type,
    entry.resource.id,
    entry.before === null ? null : JSON.stringify(entry.before),
    entry.after === null ? null : JSON.stringify(entry.after),
    entry.organisation_id,
  ]
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** Entries read per database round trip while exporting. */
export const EXPORT_PAGE = 1000

/**
 * Every entry matching the filters, newest first, as text chunks of the format: read a page at a time (never the
 * whole result at once), each page one chunk. Entries written after the export started are not in it.
 */
export async function* exportChunks(db: Pick<Database, 'query'>, filters: AuditFilters, format: 'csv' | 'json'): AsyncGenerator<Buffer> {
  yield Buffer.from(format === 'csv' ? `${CSV_COLUMNS.join(',')}\r\n` : '[')
  let cursor: string | undefined
  let first = true
  for (;;) {
    const { entries, nextCursor } = await auditPage(db, filters, { cursor, limit: EXPORT_PAGE })
    if (entries.length > 0) {
      const text =
        format === 'csv' ? entries.map(csvLine).join('') : `${first ? '' : ','}\n${entries.map((entry) => JSON.stringify(entry)).join(',\n')}`
      first = false
      yield Buffer.from(text)
    }
    if (nextCursor === null) break
    cursor = nextCursor
  }
  if (format === 'json') yield Buffer.from(first ? ']' : '\n]')
}
