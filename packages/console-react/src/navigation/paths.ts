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
  adminConsole: '/adminconsole',
  collaboration: '/collaboration',
  networkTopology: '/networktopology',
  networkGraph: '/networktopology/networkgraph',
  missionOperations: '/missionoperations',
  missionReview: '/missionreview',
  userManagement: '/usermanagement',
} as const
