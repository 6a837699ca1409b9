import type { AuthMode } from './auth/identity'

/** The server's settings, from environment variables. */
export interface ServerConfig {
  host: string
  port: number
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string
  /** PGlite data folder; in memory when `memory`. */
  dataDir: string
  authMode: AuthMode
  projectId: string
  emulatorHost?: string
  allowedOrigins: string[]
  seed: boolean
  /** First port of the per-family v2 services (split mode); off when absent. */
  splitPortBase?: number
  features: Record<string, boolean>
  /** Test-only switch that takes a live media source down and back (`HONU_MEDIA_TEST_CONTROLS=1`). */
  mediaTestControls: boolean
}

/** Reads the configuration. Emulator mode must be asked for explicitly: it accepts unsigned tokens. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const authMode = env.HONU_AUTH_MODE === 'emulator' ? 'emulator' : 'firebase'
  let features: Record<string, boolean> = { mission_planning: true }
  if (env.HONU_FEATURES) {
    try {
      features = JSON.parse(env.HONU_FEATURES) as Record<string, boolean>
    } catch {
      throw new Error('HONU_FEATURES is not valid JSON; expected a map such as {"mission_planning":true}.')
    }
  }
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.HONU_DATA_DIR ?? '.data/pglite',
    authMode,
    projectId: env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT ?? 'demo-honu',
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? (authMode === 'emulator' ? '127.0.0.1:9099' : undefined),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? 'http://127.0.0.1:5173,http://localhost:5173').split(',').filter(Boolean),
    seed: env.HONU_SEED !== '0',
    splitPortBase: env.HONU_SPLIT_PORT_BASE ? Number(env.HONU_SPLIT_PORT_BASE) : undefined,
    features,
    mediaTestControls: env.HONU_MEDIA_TEST_CONTROLS === '1',
  }
}
