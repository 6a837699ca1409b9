import { cidrContains } from '@honu/core'
import { DEFAULT_REVOCATION_CHECK_AGE_MS, type AuthMode } from './auth/identity'
import type { PresenceTiming } from './live/device-presence'
import { MAX_LARGE_TENANT_DEVICES } from './seed'
import { readMavlinkPort } from './telemetry/start-telemetry'
import { readAllowedVncHosts } from './remote/desktop-endpoints'
import type { DesktopSettings } from './remote/desktop-session'
import { readDemoDesktops, type DemoDesktop } from './remote/demo-desktops'

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
  /**
   * How long an account's passed revocation check is trusted, in seconds (`HONU_REVOCATION_CHECK_SECONDS`, 0–60,
   * default 5; 0 asks the identity provider on every request). A revoked, disabled or deleted account is refused
   * by the API at most this long later, and its open live sockets closed at most a second after that.
   */
  revocationCheckSeconds: number
  /**
   * UDP port of the MAVLink 2 telemetry ingest (`HONU_MAVLINK_PORT`, default 14550; `0` turns it off, so
   * undefined). Given programmatically, 0 binds a free port (tests).
   */
  mavlinkPort?: number
  /**
   * `HONU_SEED_LARGE_TENANT=<count>`: also seed the large tenant Delta Grid with `count` devices and its reader
   * dana@honu.test (the network topology's benchmark and scroll test). Off when absent.
   */
  largeTenant?: number
  /** When devices turn stale and offline on the live channel (tests shorten them; not from the environment). */
  presenceTiming?: Partial<PresenceTiming>
  /**
   * The remote-desktop bridge: the hosts a desktop endpoint may lie in (`HONU_VNC_ALLOWED_HOSTS`, loopback only by
   * default), a session's idle end (`HONU_DESKTOP_IDLE_SECONDS`, default 900) and absolute limit
   * (`HONU_DESKTOP_SESSION_LIMIT_SECONDS`, default 28 800).
   */
  desktop: Pick<DesktopSettings, 'allowedHosts' | 'idleMs' | 'sessionLimitMs'>
  /** A control lease whose holder sends no input for this long ends (`HONU_CONTROL_IDLE_SECONDS`, default 120). */
  controlIdleMs: number
  /** `npm start`'s desktops for seeded devices (`HONU_DEMO_DESKTOPS`, emulator mode only), and their password. */
  demoDesktops: DemoDesktop[]
  demoDesktopPassword?: string
}

/** Storybook's origins: its VideoPlayer stories call a running reference server from there (development only). */
export const STORYBOOK_ORIGINS = ['http://localhost:6006', 'http://127.0.0.1:6006'] as const

/**
 * The origins whose pages may call the API (CORS): `ALLOWED_ORIGINS`, comma-separated, or the reference app's own;
 * in development (emulator mode, `NODE_ENV` not `production`) Storybook's as well.
 */
function readAllowedOrigins(env: NodeJS.ProcessEnv, authMode: AuthMode): string[] {
  const listed = (env.ALLOWED_ORIGINS ?? 'http://127.0.0.1:5173,http://localhost:5173')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  const development = authMode === 'emulator' && env.NODE_ENV !== 'production'
  return development ? [...new Set([...listed, ...STORYBOOK_ORIGINS])] : listed
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
    allowedOrigins: readAllowedOrigins(env, authMode),
    seed: env.HONU_SEED !== '0',
    splitPortBase: env.HONU_SPLIT_PORT_BASE ? Number(env.HONU_SPLIT_PORT_BASE) : undefined,
    features,
    mediaTestControls: env.HONU_MEDIA_TEST_CONTROLS === '1',
    revocationCheckSeconds: readRevocationCheckSeconds(env.HONU_REVOCATION_CHECK_SECONDS),
    mavlinkPort: readMavlinkPort(env.HONU_MAVLINK_PORT),
    largeTenant: readLargeTenant(env.HONU_SEED_LARGE_TENANT),
    desktop: {
      allowedHosts: readAllowedVncHosts(env.HONU_VNC_ALLOWED_HOSTS),
      idleMs: readSeconds('HONU_DESKTOP_IDLE_SECONDS', env.HONU_DESKTOP_IDLE_SECONDS, 900) * 1000,
      sessionLimitMs: readSeconds('HONU_DESKTOP_SESSION_LIMIT_SECONDS', env.HONU_DESKTOP_SESSION_LIMIT_SECONDS, 8 * 3600) * 1000,
    },
    controlIdleMs: readSeconds('HONU_CONTROL_IDLE_SECONDS', env.HONU_CONTROL_IDLE_SECONDS, 120) * 1000,
    demoDesktops: readDemoDesktops(env.HONU_DEMO_DESKTOPS),
    demoDesktopPassword: env.HONU_DEMO_DESKTOP_PASSWORD || undefined,
  }
}

/**
 * A duration in whole seconds from 1 to a week, or `fallback` when unset.
 *
 * @throws {Error} naming the variable and the value.
 */
function readSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const seconds = Number(value)
  if (!/^\d+$/.test(value.trim()) || seconds < 1 || seconds > 7 * 24 * 3600) {
    throw new Error(`${name} must be a whole number of seconds from 1 to 604800, not "${value}".`)
  }
  return seconds
}

/**
 * `HONU_SEED_LARGE_TENANT`: how many devices the large tenant gets; undefined (none) when unset, empty or 0.
 *
 * @throws {Error} for anything but a whole number from 0 to {@link MAX_LARGE_TENANT_DEVICES}.
 */
export function readLargeTenant(value: string | undefined): number | undefined {
  if (value === undefined || value === '' || value === '0') return undefined
  const count = Number(value)
  if (!/^\d+$/.test(value) || count > MAX_LARGE_TENANT_DEVICES) {
    throw new Error(`HONU_SEED_LARGE_TENANT must be a number of devices from 1 to ${MAX_LARGE_TENANT_DEVICES} (or 0 for none), not "${value}".`)
  }
  return count
}

/**
 * Whether `host` names only this machine: `localhost`, an address in 127.0.0.0/8, `::1`, or an IPv4-mapped
 * loopback address. Written strictly (no hostnames but `localhost`), so a name that merely resolves to loopback
 * today is not trusted.
 */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true
  try {
    return cidrContains('127.0.0.0/8', host) || cidrContains('::1/128', host) || cidrContains('::ffff:127.0.0.0/104', host)
  } catch {
    return false
  }
}

/**
 * Refuses emulator mode on anything but a loopback address. Emulator mode accepts unsigned tokens, which anyone
 * can forge (`alg: none`), so it must only be reachable from this machine.
 *
 * @throws {Error} naming the address and what to do instead.
 */
export function assertSafeAuthMode(config: Pick<ServerConfig, 'authMode' | 'host'>, boundAddress = config.host): void {
  if (config.authMode !== 'emulator' || isLoopbackHost(boundAddress)) return
  throw new Error(
    `emulator mode (HONU_AUTH_MODE=emulator) accepts unsigned tokens anyone can forge, so it listens only on a ` +
      `loopback address (127.0.0.1, ::1 or localhost), not on ${boundAddress}. Set HOST=127.0.0.1, or verify real ` +
      `Firebase tokens instead (leave HONU_AUTH_MODE unset and set FIREBASE_PROJECT_ID).`,
  )
}

function readRevocationCheckSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_REVOCATION_CHECK_AGE_MS / 1000
  const seconds = Number(value)
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 60) {
    throw new Error(`HONU_REVOCATION_CHECK_SECONDS must be a whole number of seconds from 0 to 60, not "${value}".`)
  }
  return seconds
}
