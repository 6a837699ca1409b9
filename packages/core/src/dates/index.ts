export { formatUtcDate, formatJoinedDate, weekdayNames, defaultDateLocale, UNKNOWN_DATE, type DateLocale } from './format-date'
