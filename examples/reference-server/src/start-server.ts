import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { createIdentity, type Identity } from './auth/identity'
import { assertSafeAuthMode, type ServerConfig } from './config'
import { createApp } from './create-app'
import { createPgliteDatabase } from './db/create-pglite-database'
import { createPostgresDatabase } from './db/create-postgres-database'
import type { Database } from './db/database'
import { migrate } from './db/migrate'
import { familyOf } from './routes/v2-resources'
import { seed, seedLargeTenant } from './seed'
import { applyDemoDesktops } from './remote/demo-desktops'
import { createTelemetryHub, type TelemetryHub } from './live/telemetry-hub'
import { startTelemetry, type RunningTelemetry } from './telemetry/start-telemetry'
import { createGroundLink, type GroundLink } from './missions/ground-link'
import type { ExecutionServiceOptions } from './missions/execution-service'
import { V2_RESOURCE_NAMES } from '@honu/core'

/** A running server: its address, the per-family v2 services in split mode, and how to stop it. */
export interface RunningServer {
  /** Where clients reach the main app (for an all-interfaces bind, a local address). */
  url: string
  /** Every address the main app really bound, as URLs (`http://0.0.0.0:8080`, `http://[::1]:8080`). */
  listening: string[]
  /** Split mode: v2 resource family → base address. */
  v2Services: Record<string, string>
  db: Database
  identity: Identity
  /** The telemetry hub behind the live channel: telemetry ingest publishes here. */
  hub: TelemetryHub
  /** The telemetry ingest (MAVLink over UDP at `telemetry.mavlink`, JSON reports), publishing to the hub. */
  telemetry: RunningTelemetry
  /** The MAVLink ground link on the ingest's UDP socket: mission executions talk to the vehicles through it. */
  groundLink: GroundLink
  close(): Promise<void>
}

/**
 * Opens the database, migrates, seeds, and listens; in split mode also one service per v2 family. `pgliteTemplate`
 * (tests) starts an in-memory database from a dumped empty cluster instead of running `initdb` again.
 */
export async function startServer(
  config: ServerConfig,
  { pgliteTemplate, executionTiming }: { pgliteTemplate?: Blob; executionTiming?: ExecutionServiceOptions['timing'] } = {},
): Promise<RunningServer> {
  // Before anything is opened: an unsafe configuration leaves nothing behind.
  assertSafeAuthMode(config)
  const db = config.databaseUrl
    ? await createPostgresDatabase(config.databaseUrl)
    : await createPgliteDatabase(config.dataDir === 'memory' ? undefined : config.dataDir, { template: pgliteTemplate })
  await migrate(db)
  // PGlite runs no autovacuum: without statistics the planner would read a large audit trail's pages by sorting the
  // whole tenant's entries rather than walking the index. One ANALYZE at start-up (milliseconds on demo data) gives it
  // the tenants' proportions, which change slowly. PostgreSQL's autovacuum keeps its own.
  if (db.kind === 'pglite') await db.exec('analyze')
  const identity = createIdentity({
    mode: config.authMode,
    projectId: config.projectId,
    emulatorHost: config.emulatorHost,
    revocationCheckAgeMs: config.revocationCheckSeconds * 1000,
  })
  if (config.seed) await seed(db, identity)
  if (config.seed && config.largeTenant) await seedLargeTenant(db, config.largeTenant, identity)
  // `npm start`'s real VNC servers for seeded remote-access devices (scripts/serve.mjs): a demo's, never a real one's.
  if (config.authMode === 'emulator' && config.demoDesktops.length > 0) await applyDemoDesktops(db, config.demoDesktops, config.demoDesktopPassword)

  // With PostgreSQL, every process's publishes reach every process's sockets (LISTEN/NOTIFY).
  const hub = createTelemetryHub(db, { databaseUrl: config.databaseUrl })
  await hub.ready
  const telemetry = await startTelemetry({ db, sink: hub, port: config.mavlinkPort, host: config.host })
  // The ground station's side of MAVLink (issue 25): it hears the vehicles through the ingest's accepted packets and
  // answers them from the ingest's own socket. Under serve:workers only the process that bound the port reaches them.
  const groundLink = createGroundLink({ transport: telemetry })

  const apps: FastifyInstance[] = []
  const common = { db, identity, features: config.features, allowedOrigins: config.allowedOrigins }
  const main = await createApp({
    ...common,
    mediaTestControls: config.mediaTestControls,
    hub,
    telemetry,
    presenceTiming: config.presenceTiming,
    desktop: config.desktop,
    controlIdleMs: config.controlIdleMs,
    groundLink,
    executionTiming,
  })
  apps.push(main)
  const url = await main.listen({ host: config.host, port: config.port })

  const v2Services: Record<string, string> = {}
  if (config.splitPortBase !== undefined) {
    const families = [...new Set(V2_RESOURCE_NAMES.map(familyOf))]
    for (const [index, family] of families.entries()) {
      const app = await createApp({ ...common, v2Families: new Set([family]) })
      apps.push(app)
      v2Services[family] = await app.listen({ host: config.host, port: config.splitPortBase === 0 ? 0 : config.splitPortBase + index })
    }
  }

  const close = async () => {
    for (const app of apps) await app.close()
    groundLink.close()
    await telemetry.close()
    await hub.close()
    await identity.close()
    await db.close()
  }
  // What was really bound, not what was asked for: a name can resolve elsewhere than its spelling suggests.
  // (A string is a Unix socket path: reachable only on this machine.)
  const bound = apps.flatMap((app) => app.addresses()).filter((a): a is AddressInfo => typeof a !== 'string')
  try {
    for (const { address } of bound) assertSafeAuthMode(config, address)
  } catch (error) {
    await close()
    throw error
  }

  return {
    url,
    listening: main.addresses().map((a) => (typeof a === 'string' ? a : `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`)),
    v2Services,
    db,
    identity,
    hub,
    telemetry,
    groundLink,
    close,
  }
}
