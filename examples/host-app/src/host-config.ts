/** The reference app's settings, from Vite environment variables, defaulting to the embedded stack. */
export interface HostConfig {
  apiBase: string
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string }
  /** Auth emulator address, or undefined for a real Firebase project. */
  authEmulator?: string
  /** The console's language (`VITE_HONU_LOCALE`, e.g. `de-DE`); undefined: the browser's. */
  locale?: string
}

export function readHostConfig(env: Record<string, string | boolean | undefined>): HostConfig {
  const str = (key: string) => (typeof env[key] === 'string' && env[key] !== '' ? (env[key] as string) : undefined)
  const projectId = str('VITE_FIREBASE_PROJECT_ID') ?? 'demo-honu'
  return {
    apiBase: str('VITE_HONU_API') ?? 'http://127.0.0.1:8080',
    firebase: {
      apiKey: str('VITE_FIREBASE_API_KEY') ?? 'demo-api-key',
      authDomain: str('VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
      projectId,
      appId: str('VITE_FIREBASE_APP_ID'),
    },
    // A demo project (demo-*) always uses the emulator; a real one only when asked.
    authEmulator: str('VITE_FIREBASE_AUTH_EMULATOR') ?? (projectId.startsWith('demo-') ? 'http://127.0.0.1:9099' : undefined),
    locale: str('VITE_HONU_LOCALE'),
  }
}
