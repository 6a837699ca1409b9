import type { AuditTrailEntry } from '@honu/core'

/** One changed field of an audit entry, its values as text. */
export interface FieldChange {
  field: string
  /** The value before, as JSON text; `undefined` when the field did not exist (something created). */
  before: string | undefined
  /** The value after, as JSON text; `undefined` when the field no longer exists (something deleted). */
  after: string | undefined
}

/**
 * A value as the trail shows it: JSON text, so a string shows in quotes, a list in brackets and `null` as null,
 * and whatever the value holds (markup too) stays text. Never HTML: the caller renders it as a text node.
 */
export function valueText(value: unknown): string {
  if (value === undefined) return ''
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/**
 * The fields an entry changed, each with its value before and after, in the order the server wrote them (the
 * fields of `before` first, then those only `after` has). The server writes only changed fields, with secrets
 * already "[redacted]".
 *
 * @example fieldChanges({ roles: ['writer'] }, { roles: ['reader'] }) // [{ field: 'roles', before: '["writer"]', after: '["reader"]' }]
 */
export function fieldChanges(before: AuditTrailEntry['before'], after: AuditTrailEntry['after']): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return fields.map((field) => ({
    field,
    before: before && Object.hasOwn(before, field) ? valueText(before[field]) : undefined,
    after: after && Object.hasOwn(after, field) ? valueText(after[field]) : undefined,
  }))
}

/**
 * The changes on one line, for a table cell: `roles: ["writer"] → ["reader"]; name: "A" → "B"`, with `none` for a
 * value that was not there (a field created or deleted).
 */
export function changesLine(changes: readonly FieldChange[], none: string): string {
  return changes.map((change) => `${change.field}: ${change.before ?? none} → ${change.after ?? none}`).join('; ')
}
