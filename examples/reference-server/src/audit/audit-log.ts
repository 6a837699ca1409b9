import type { Database } from '../db/database'

/** What stands in for a secret in an audit entry. */
export const REDACTED = '[redacted]'

/** Who made a change. */
export interface AuditActor {
  uid: string
  email?: string | null
}

/** One change of data, as the route that made it describes it. */
export interface AuditChange {
  actor: AuditActor
  /** The v1 tenant changed; null or absent for a global change (a role under `*`, a user invited without a tenant). */
  tenantId?: string | null
  /** The v2 organisation changed. */
  organisationId?: string | null
  /** `video.create`, `tenant.rename`, `role.grant`, `mission.update`, `org-user.create`… */
  action: string
  resourceType: string
  resourceId: string
  /** The record before the change (null: it did not exist). Only the fields that changed are kept. */
  before: Record<string, unknown> | null
  /** The record after the change (null: it no longer exists). Only the fields that changed are kept. */
  after: Record<string, unknown> | null
}

/** Field names whose values are secrets, wherever they sit in a record. */
const SECRET_FIELD = /pass(?:word|wd|phrase)?$|secret|token|credential|api[_-]?key|private[_-]?key|authori[sz]ation|cookie|^sig(?:nature)?$/i
/** Query parameters of an address whose values are secrets. */
const SECRET_QUERY = /([?&][^=&#]*(?:pass|secret|token|credential|key|sig|auth)[^=&#]*=)[^&#]*/gi
/** The user-info part of an address (`rtsp://user:password@camera/…`). */
const USER_INFO = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#@\s]*@/

/** An address with its user-info and secret query values replaced; any other text as it is. */
export function redactText(value: string): string {
  return value.replace(USER_INFO, `$1${REDACTED}@`).replace(SECRET_QUERY, `$1${REDACTED}`)
}

/** A copy of `value` with every secret (by field name, or credentials inside an address) replaced by "[redacted]". */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value)
  if (Array.isArray(value)) return value.map(redact)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, field]) => [key, SECRET_FIELD.test(key) ? REDACTED : redact(field)]),
    )
  }
  return value
}

/** JSON with object keys sorted: jsonb keeps its own key order, so two equal records may print differently. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value ?? null)

/** Whether two values are the same JSON, whatever the order of their object keys. */
export const sameJson = (a: unknown, b: unknown) => canonical(a) === canonical(b)
const same = sameJson

/**
 * Only the fields that differ between two versions of a record (a field missing on one side counts as null
 * there). Answers null when nothing changed: no entry is written for a change that changes nothing.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !same(before[key], after[key]))
  if (keys.length === 0) return null
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  }
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the change and its entry land
 * together or not at all. Secrets are redacted here, whatever the route passed.
 */
export async function recordAudit(tx: Pick<Database, 'query'>, change: AuditChange): Promise<void> {
  await tx.query(
    `insert into audit_entries (actor_uid, actor_email, tenant_id, organisation_id, action, resource_type, resource_id, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [
      change.actor.uid,
      change.actor.email ?? null,
      change.tenantId ?? null,
      change.organisationId ?? null,
      change.action,
      change.resourceType,
      change.resourceId,
      change.before === null ? null : JSON.stringify(redact(change.before)),
      change.after === null ? null : JSON.stringify(redact(change.after)),
    ],
  )
}

/**
 * Writes the entry of an update: only the changed fields, and nothing at all when no field changed. Answers
 * whether an entry was written.
 */
export async function recordUpdate(
  tx: Pick<Database, 'query'>,
  change: Omit<AuditChange, 'before' | 'after'>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<boolean> {
  const diff = changedFields(before, after)
  if (!diff) return false
  await recordAudit(tx, { ...change, ...diff })
  return true
}
