/** Access token refresh interval: 50 minutes (spec §4, §9). */
export const TOKEN_REFRESH_INTERVAL_MS = 50 * 60 * 1000
/** Hidden periodic task interval: 14 minutes, 840000 ms (spec §2, §9). We use it for the health ping. */
export const PERIODIC_TASK_INTERVAL_MS = 840_000
/** The resource-refreshing flag is cleared after 300 ms (spec §4, §9). */
export const RESOURCE_REFRESH_FLAG_MS = 300
/** Default toast timeout (spec §5, §9). */
export const TOAST_TIMEOUT_MS = 5000
/** Start-up notifications: shown bottom-right for 1500 ms (spec §9). */
export const STARTUP_TOAST_TIMEOUT_MS = 1500
export const STARTUP_TOAST_POSITION = 'bottom-right'
/** Stream sidebar defaults (spec §9). */
export const STREAM_SPLITTER_DEFAULT = 25
export const STREAM_SIDEBAR_OPEN_DEFAULT = true
/** Dark mode is on by default (spec §1, §9). */
export const DARK_MODE_DEFAULT = true
/** Default rows of a textarea (spec §9). */
export const TEXTAREA_ROWS_DEFAULT = 6
/** Screen breakpoints in px (spec §9). */
export const BREAKPOINTS = { sm: 600, md: 1024, lg: 1440, xl: 1920 } as const
/** Auth popup size and close detection (spec §9). */
export const AUTH_POPUP = { width: 500, height: 600, closedAfterMs: 8000 } as const
/** Token sync max age: 5 minutes (spec §9). */
export const TOKEN_SYNC_MAX_AGE_MS = 5 * 60 * 1000
/** Local store poll interval (spec §9). */
export const LOCAL_STORE_POLL_MS = 800
