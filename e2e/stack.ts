/**
 * Where the browser tests reach the stack: the ports `npm test` chose (scripts/stack-ports.mjs sets HONU_APP_PORT,
 * HONU_API_PORT and HONU_AUTH_PORT before Playwright starts), else `npm start`'s defaults.
 */
const port = (name: string, fallback: number) => Number(process.env[name]?.trim() || fallback)

/** The built reference app. */
export const APP = `http://127.0.0.1:${port('HONU_APP_PORT', 5173)}`
/** The reference server the stack runs for the browser tests. */
export const API = `http://127.0.0.1:${port('HONU_API_PORT', 8080)}`
/** The Firebase Auth emulator. */
export const AUTH = `http://127.0.0.1:${port('HONU_AUTH_PORT', 9099)}`
