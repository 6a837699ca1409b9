/** Paths of the console's routes (spec §2), relative to wherever the host mounts the console. */
export const PATHS = {
  root: '/',
  login: '/login',
  authAction: '/auth/action',
  mfaSignIn: '/mfasignin',
  tenant: '/tenant',
  orgSelection: '/orgselection',
  entryPoint: '/entrypoint',
  streams: '/streams',
  /** The vehicle page (spec §2: a lazily loaded page whose route the spec does not show). */
  vehicle: '/vehicles/:deviceId',
  adminConsole: '/adminconsole',
  collaboration: '/collaboration',
  networkTopology: '/networktopology',
  networkGraph: '/networktopology/networkgraph',
  missionOperations: '/missionoperations',
  missionReview: '/missionreview',
  userManagement: '/usermanagement',
} as const

/** The console's paths, each as a string (what {@link pathsUnder} returns). */
export type ConsolePaths = { [K in keyof typeof PATHS]: string }

/**
 * The console's paths under the base path where the host mounts it, for the host's own links and redirects:
 * `pathsUnder('/ops').streams` is `'/ops/streams'`, `pathsUnder('/ops').root` is `'/ops'`. A trailing slash on the
 * base is ignored; `pathsUnder('')` (or `'/'`) gives {@link PATHS} as they are.
 */
export function pathsUnder(base: string): ConsolePaths {
  const prefix = base.replace(/\/+$/, '')
  return Object.fromEntries(Object.entries(PATHS).map(([key, path]) => [key, path === '/' ? prefix || '/' : `${prefix}${path}`])) as ConsolePaths
}
