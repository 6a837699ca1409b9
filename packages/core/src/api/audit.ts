import { array, check, looseObject, nullable, nullish, number, pipe, record, string, unknown } from 'valibot'
import { HttpError } from '../errors/http-error'
import { objectMessage, parseWith } from '../platform/schema'
import type { BlobAnswer, HttpClient, Query, RequestOptions } from './http-client'
import type { AuditExport, AuditExportFormat, AuditFilters, AuditPage, AuditPageRequest, AuditTrailEntry } from './audit-types'

/**
 * The audit trail's edge: the valibot schema every page of entries is parsed with before a screen sees it (house
 * style §11, schemas at the edges). `create-v1-client.ts` imports this module on the first audit call, so neither
 * valibot's checks nor these schemas weigh on the routes that never show the trail. The filters and file names, with
 * no schema library, are in `audit-query.ts`.
 */

// A field's values before or after the change: only the fields that changed, secrets already "[redacted]".
const changedFields = nullish(record(string(), unknown(), '{path} is not a set of fields'), null)

/** The schema of one entry as the server sends it (the server's `AuditEntry`). */
const auditEntrySchema = looseObject(
  {
    id: string('{path} is not an id'),
    at: pipe(
      string('{path} is not a time'),
      check((value) => !Number.isNaN(Date.parse(value)), '{path} is not a time'),
    ),
    actor: looseObject({ uid: string('{path} is not a uid'), email: nullish(string('{path} is not an e-mail'), null) }, objectMessage('an actor')),
    tenant_id: nullable(string('{path} is not a tenant id')),
    organisation_id: nullish(string('{path} is not an organisation id')),
    action: pipe(
      string('{path} is not an action'),
      check((value) => value !== '', '{path} is empty'),
    ),
    resource: looseObject({ type: string('{path} is not a resource type'), id: string('{path} is not an id') }, objectMessage('a resource')),
    before: changedFields,
    after: changedFields,
  },
  objectMessage('an audit entry'),
)

const auditPageSchema = looseObject(
  {
    data: array(auditEntrySchema, '{path} is not a list'),
    next_cursor: nullish(string('{path} is not a cursor'), null),
    total_count: nullish(number('{path} is not a number')),
  },
  objectMessage('a page of the audit trail'),
)

/**
 * Parses an answer of `GET /api/v1/audit`.
 *
 * @throws {HttpError} `http/status` naming the field and why, when the answer is not a page of the trail (a server
 *   of another version, a proxy's page): the screen shows it as a failed load rather than drawing half an entry.
 */
export function parseAuditPage(body: unknown): AuditPage {
  const parsed = parseWith(auditPageSchema, body)
  if (!parsed.ok) {
    throw new HttpError({ code: 'http/status', status: 200, body, message: `The server's audit trail could not be read: ${parsed.problem}.` })
  }
  const { data, next_cursor, total_count } = parsed.value
  return {
    entries: data satisfies AuditTrailEntry[],
    nextCursor: next_cursor ?? null,
    ...(typeof total_count === 'number' ? { totalCount: total_count } : {}),
  }
}

/** The query of an audit call: the filters (and page) under the server's parameter names. */
export function auditQuery(filters: AuditFilters, page: AuditPageRequest & { format?: AuditExportFormat } = {}): Query {
  const text = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? undefined : value.trim())
  return {
    format: page.format,
    tenant_id: text(filters.tenantId),
    actor: text(filters.actor),
    action: text(filters.action),
    resource_type: text(filters.resourceType),
    resource_id: text(filters.resourceId),
    from: text(filters.from),
    to: text(filters.to),
    cursor: text(page.cursor),
    limit: page.limit,
  }
}

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` before `filename="…"`), reduced to a
 * plain name (no folders, no control characters), or `undefined` when it gives none.
 *
 * @example fileNameFromDisposition('attachment; filename="audit-alpha-2026-11-26.csv"') // 'audit-alpha-2026-11-26.csv'
 */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined
  let name: string | undefined
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim()
  if (extended) {
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(extended.replace(/^"|"$/g, ''))
    if (match) {
      try {
        name = decodeURIComponent(match[2]!)
      } catch {
        name = undefined
      }
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header)
    if (plain) name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim()
  }
  const safe = name
    ?.split(/[\\/]/)
    .pop()
    // eslint-disable-next-line no-control-regex
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
  return safe && safe !== '.' && safe !== '..' ? safe : undefined
}

/** The name of an export whose answer named no file. */
export function fallbackExportName(filters: AuditFilters, format: AuditExportFormat, now: Date = new Date()): string {
  const tenant = filters.tenantId?.trim() ? filters.tenantId.trim().replace(/[^\w.-]+/g, '_') : 'all'
  return `audit-${tenant}-${now.toISOString().slice(0, 10)}.${format}`
}

/** `v1.listAudit`'s body: `GET /audit` with the filters and the page, parsed with the trail's schema. */
export async function fetchAuditPage(
  http: HttpClient,
  base: string,
  filters: AuditFilters,
  page: AuditPageRequest,
  request: Pick<RequestOptions, 'signal'>,
): Promise<AuditPage> {
  return parseAuditPage(await http.request('GET', `${base}/audit`, { ...request, query: auditQuery(filters, page) }))
}

/** `v1.exportAudit`'s body: `GET /audit/export` as a file, with the server's file name (else one of ours). */
export async function fetchAuditExport(
  http: HttpClient,
  base: string,
  filters: AuditFilters,
  format: AuditExportFormat,
  request: Pick<RequestOptions, 'signal' | 'timeoutMs'>,
): Promise<AuditExport> {
  const answer = await http.request<BlobAnswer>('GET', `${base}/audit/export`, {
    timeoutMs: 600_000,
    ...request,
    query: auditQuery(filters, { format }),
    responseType: 'blob',
  })
  return {
    blob: answer.blob,
    fileName: fileNameFromDisposition(answer.headers.get('content-disposition')) ?? fallbackExportName(filters, format),
  }
}
