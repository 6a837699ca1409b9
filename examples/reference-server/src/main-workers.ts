// Several server processes on one PostgreSQL database, sharing one port (node:cluster): HONU_WORKERS of them
// (default 2), each running src/main.ts. Run: DATABASE_URL=… HONU_WORKERS=2 pnpm --filter @honu/reference-server
// run serve:workers. The database is migrated and seeded once, here, before any worker starts; each worker then
// finds nothing to do. A worker that exits is replaced after a second; SIGINT or SIGTERM stops them all.
import cluster, { type Worker } from 'node:cluster'
import { fileURLToPath } from 'node:url'
import { createIdentity } from './auth/identity'
import { readConfig } from './config'
import { createPostgresDatabase } from './db/create-postgres-database'
import { migrate } from './db/migrate'
import { seed } from './seed'

/** The number of worker processes asked for by `HONU_WORKERS` (default 2). */
export function readWorkerCount(value: string | undefined): number {
  if (value === undefined || value === '') return 2
  const count = Number(value)
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new Error(`HONU_WORKERS must be a whole number of processes from 1 to 64, not "${value}".`)
  }
  return count
}

try {
  const config = readConfig()
  const count = readWorkerCount(process.env.HONU_WORKERS)
  if (!config.databaseUrl) {
    throw new Error('Several server processes need PostgreSQL (DATABASE_URL): PGlite lives inside one process.')
  }
  if (config.splitPortBase !== undefined) {
    throw new Error('HONU_SPLIT_PORT_BASE is for one process: run the workers without it.')
  }

  const db = await createPostgresDatabase(config.databaseUrl)
  const identity = createIdentity({ mode: config.authMode, projectId: config.projectId, emulatorHost: config.emulatorHost })
  try {
    await migrate(db)
    if (config.seed) await seed(db, identity)
  } finally {
    await identity.close()
    await db.close()
  }

  cluster.setupPrimary({ exec: fileURLToPath(new URL('./main.ts', import.meta.url)) })
  let stopping = false
  const listened = new WeakSet<Worker>()
  const start = (): Worker => cluster.fork({ HONU_SEED: '0' })
  const stop = (code = 0) => {
    stopping = true
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w)
    if (workers.length === 0) process.exit(code)
    let left = workers.length
    for (const worker of workers) {
      worker.once('exit', () => --left === 0 && process.exit(code))
      worker.process.kill('SIGTERM')
    }
  }
  cluster.on('listening', (worker) => listened.add(worker))
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    if (!listened.has(worker)) {
      // It failed to start (its reason is above): another would fail the same way.
      console.error(`server worker ${worker.process.pid} exited before listening; stopping`)
      return stop(1)
    }
    console.warn(`server worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another in 1 s`)
    setTimeout(() => !stopping && start(), 1000)
  })
  for (let i = 0; i < count; i++) start()
  console.log(`${count} server processes on one PostgreSQL database, sharing one port`)

  process.on('SIGINT', () => stop())
  process.on('SIGTERM', () => stop())
} catch (error) {
  console.error('reference server failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
}
