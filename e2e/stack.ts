/**
 * Where the browser tests reach the stack: the ports `npm test` chose (scripts/stack-ports.mjs sets HONU_APP_PORT,
 * HONU_API_PORT and HONU_AUTH_PORT before Playwright starts), else `npm start`'s defaults.
 */
const port = (name: string, fallback: number) => Number(process.env[name]?.trim() || fallback)
const appPort = port('HONU_APP_PORT', 5173)

/** The built reference app. */
export const APP = `http://127.0.0.1:${appPort}`
/** The reference server the stack runs for the browser tests. */
export const API = `http://127.0.0.1:${port('HONU_API_PORT', 8080)}`
/** The Firebase Auth emulator. */
export const AUTH = `http://127.0.0.1:${port('HONU_AUTH_PORT', 9099)}`
/** The Auth emulator's host:port, as a server's FIREBASE_AUTH_EMULATOR_HOST names it. */
export const AUTH_HOST = AUTH.replace(/^http:\/\//, '')

/**
 * The built app the stack serves: scripts/serve.mjs builds into `dist` on the default port and into `dist-<port>` on
 * any other (so a test run beside `npm start` leaves its build alone), unless HONU_APP_DIST names the folder.
 */
export const APP_DIST = `examples/host-app/${process.env.HONU_APP_DIST?.trim() || (appPort === 5173 ? 'dist' : `dist-${appPort}`)}`

/** What a build of the host app made by a test needs to reach this stack (the addresses are built in). */
export const APP_BUILD_ENV = { VITE_HONU_API: API, VITE_FIREBASE_AUTH_EMULATOR: AUTH }
