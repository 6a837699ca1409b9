/**
 * The types of the audit trail's calls: its filters, a page, an export. The code (query, schemas, file names) is in
 * `audit.ts`, which loads with the first audit call, so a console that never opens the trail does not carry it.
 */

/** What the trail is narrowed to. Empty strings and `undefined` are left out of the query. */
export interface AuditFilters {
  /** The tenant whose trail to read. `null` or `undefined`: every tenant's, which only a super admin may ask. */
  tenantId?: string | null
  /** Who made the change: the actor's uid or e-mail, as the server matches it. */
  actor?: string
  /** The action, e.g. `role.grant`, `video.update`. */
  action?: string
  /** The resource type, e.g. `user`, `video`, `tenant`. */
  resourceType?: string
  /** One resource's id. */
  resourceId?: string
  /** Entries at or after this instant (ISO 8601, UTC). */
  from?: string
  /** Entries before or at this instant (ISO 8601, UTC). */
  to?: string
}

/** One page's position in the trail: where the page starts and how many entries it holds (server default 100, at most 500). */
export interface AuditPageRequest {
  cursor?: string | null
  limit?: number
}

/** The formats of `GET /api/v1/audit/export`. */
export type AuditExportFormat = 'csv' | 'json'

/** The file an export downloads: its content and the name the server gave it. */
export interface AuditExport {
  blob: Blob
  /** From `Content-Disposition`, else `audit-<tenant or all>-<UTC date>.<format>`. */
  fileName: string
}

/**
 * One entry of the audit trail: who changed what, when, in which tenant, and the changed fields before and after
 * (secrets already replaced by "[redacted]" by the server).
 */
export interface AuditTrailEntry {
  /** Orders the trail: a later change has a greater id. */
  id: string
  /** When the change was made (ISO 8601). */
  at: string
  /** Who made it. */
  actor: { uid: string; email: string | null }
  /** The tenant the change belongs to; `null` for a global one (a user created without a tenant). */
  tenant_id: string | null
  /** The v2 organisation of a mission-planning change; `null` or absent for a v1 one. */
  organisation_id?: string | null
  /** What was done: `user.create`, `role.grant`, `video.update`, … */
  action: string
  /** What it was done to. */
  resource: { type: string; id: string }
  /** The changed fields before the change; `null` for something created. */
  before: Record<string, unknown> | null
  /** The changed fields after the change; `null` for something deleted. */
  after: Record<string, unknown> | null
}

/** A page of the trail, newest first. */
export interface AuditPage {
  entries: AuditTrailEntry[]
  /** Where the next page starts; `null` on the last page. */
  nextCursor: string | null
  /** How many entries match the filters, when the server counts them. */
  totalCount?: number
}
