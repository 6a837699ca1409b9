/** Locale settings of the console (spec §9: US English, Sunday-first week, 12-hour clock). */
export interface DateLocale {
  /** BCP 47 language tag. Default `en-US`. */
  locale: string
  /** First day of the week, 0 = Sunday. Default 0. */
  weekStartsOn: 0 | 1 | 2 | 3 | 4 | 5 | 6
  /** 12-hour clock. Default true. */
  hour12: boolean
}

/** The spec's defaults. */
export const defaultDateLocale: DateLocale = { locale: 'en-US', weekStartsOn: 0, hour12: true }

/** What {@link formatUtcDate} returns for a missing or unparseable value, instead of "Invalid Date". */
export const UNKNOWN_DATE = 'Unknown date'

function toDate(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/**
 * A record's timestamp (`create_time`, `update_time`) as a UTC date string through `Intl`.
 *
 * @example formatUtcDate('2026-11-22T13:05:00Z') // 'Sun, Nov 22, 2026, 1:05:00 PM UTC'
 */
export function formatUtcDate(value: string | number | Date | null | undefined, locale: Partial<DateLocale> = {}): string {
  const date = toDate(value)
  if (!date) return UNKNOWN_DATE
  const { locale: tag, hour12 } = { ...defaultDateLocale, ...locale }
  return new Intl.DateTimeFormat(tag, {
    timeZone: 'UTC',
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    // A 24-hour clock shows two-digit hours (00:11:56, as German writes it), a 12-hour one does not (12:11:56 AM).
    hour: hour12 ? 'numeric' : '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12,
    timeZoneName: 'short',
  }).format(date)
}

/**
 * A `joined` date: weekday, day, month and year only, in UTC (spec §3).
 *
 * @example formatJoinedDate('2026-11-22T23:59:00Z') // 'Sun, Nov 22, 2026'
 */
export function formatJoinedDate(value: string | number | Date | null | undefined, locale: Partial<DateLocale> = {}): string {
  const date = toDate(value)
  if (!date) return UNKNOWN_DATE
  return new Intl.DateTimeFormat(locale.locale ?? defaultDateLocale.locale, {
    timeZone: 'UTC',
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(date)
}

/** Weekday names in display order, starting on the locale's first day (Sunday by default). */
export function weekdayNames(locale: Partial<DateLocale> = {}, style: 'short' | 'long' = 'short'): string[] {
  const { locale: tag, weekStartsOn } = { ...defaultDateLocale, ...locale }
  const format = new Intl.DateTimeFormat(tag, { weekday: style, timeZone: 'UTC' })
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2023, 0, 1 + ((weekStartsOn + i) % 7))))
}
