/**
 * The trail's time filters are typed in UTC, as the trail shows its times (spec §3: UTC date strings): a
 * `datetime-local` field's value (`2026-11-26T03:00`) is read as that instant in UTC, not in the browser's zone.
 */

/** A `datetime-local` value read as UTC, as ISO 8601 (`2026-11-26T03:00:00.000Z`); `undefined` when empty or invalid. */
export function utcInputToIso(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value.trim())
  if (!match) return undefined
  const [, y, mo, d, h, mi, s = '0', ms = '0'] = match
  const time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')))
  const date = new Date(time)
  // Date.UTC rolls over (Feb 30 → Mar 2): such a value is not a date.
  if (Number.isNaN(time) || date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(mo) - 1) return undefined
  return date.toISOString()
}

/** An ISO instant as a `datetime-local` value in UTC (minutes), for showing an applied filter in its field. */
export function isoToUtcInput(iso: string | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16)
}
