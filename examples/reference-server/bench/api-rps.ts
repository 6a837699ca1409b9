// Requests per second and p99 latency of the reference API, in one run, over loopback: GET /health (the
// baseline), a read route (GET /api/v1/videos), a write route (PUT a stream's name) and the read route while one
// connection writes, on PGlite, on PostgreSQL with one server process and on PostgreSQL with two (node:cluster,
// one port). Each server runs in its own process, as `pnpm server` runs it; the load generator (autocannon) runs
// here. Ratios are against /health of
// the same server in the same run. A benchmark, not a test: nothing is asserted about speed.
//
// Run: pnpm --filter @honu/reference-server run bench
//   BENCH_SECONDS   seconds per route and set-up (default 12), in 3 rounds taken in turn, after a 2 s warm-up
//   BENCH_CONNECTIONS  concurrent connections (default 10)
//   HONU_POSTGRES_URL  a PostgreSQL server to use (each server gets a fresh database, dropped after); without it,
//                      scripts/start-postgres.sh starts Debian's PostgreSQL, and if that fails the PostgreSQL
//                      rows are skipped with the reason.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { signIn, startAuthEmulator } from '../test/auth-emulator'
import { DEMO_PASSWORD } from '../src/seed'

const seconds = Number(process.env.BENCH_SECONDS ?? 12)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const serverDir = fileURLToPath(new URL('..', import.meta.url))

interface Measured {
  rps: number
  p99: number
}

/** Turns each route gets per set-up; `BENCH_SECONDS` is shared among them. */
const ROUNDS = 3

/** The middle of the rounds' figures, requests per second and p99 each on its own. */
function median(all: Measured[]): Measured {
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  return { rps: middle(all.map((m) => m.rps)), p99: middle(all.map((m) => m.p99)) }
}

async function measure(options: autocannon.Options, duration: number): Promise<Measured> {
  const result = await autocannon({ connections, ...options, duration })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.method ?? 'GET'} ${options.url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors`)
  }
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 }
}

/** Starts `src/<entry>` in its own process on a free port and answers its address once it listens. */
async function startServerProcess(entry: string, env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--conditions=@honu/source', '--import', 'tsx', `src/${entry}`], {
    cwd: serverDir,
    env: { ...process.env, HONU_AUTH_MODE: 'emulator', HOST: '127.0.0.1', HONU_DATA_DIR: 'memory', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk)
      const match = /listening on (http:\/\/[^\s,]+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)))
    child.once('exit', (code) => reject(new Error(`src/${entry} exited (${code}) before listening:\n${output.slice(-2000)}`)))
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** A fresh database on the PostgreSQL server of `adminUrl`, and how to drop it. */
async function freshDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `honu_bench_${randomUUID().replace(/-/g, '')}`
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await run(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}

function postgresUrl(): { url?: string; reason?: string } {
  if (process.env.HONU_POSTGRES_URL) return { url: process.env.HONU_POSTGRES_URL }
  try {
    const script = fileURLToPath(new URL('../../../scripts/start-postgres.sh', import.meta.url))
    return { url: execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() }
  } catch (error) {
    return { reason: `scripts/start-postgres.sh failed (${error instanceof Error ? error.message.split('\n')[0] : error}); set HONU_POSTGRES_URL` }
  }
}

interface Setup {
  name: string
  entry: string
  env: Record<string, string>
  database?: string
}

// The last row: reads on all connections but one, which keeps renaming a stream meanwhile, so every answer the
// read cache holds is thrown away again and again (its figures are the reads').
const routes = ['GET /health', 'GET /api/v1/videos', 'PUT /api/v1/videos/:id', 'GET /api/v1/videos, 1 writer'] as const
type Route = (typeof routes)[number]
const rows: { setup: string; route: string; measured: Measured; health: Measured }[] = []
const skipped: string[] = []

const stopEmulator = await startAuthEmulator()
try {
  const postgres = postgresUrl()
  const setups: Setup[] = [{ name: 'PGlite, 1 process', entry: 'main.ts', env: {} }]
  if (postgres.url) {
    setups.push(
      { name: 'PostgreSQL, 1 process', entry: 'main.ts', env: {}, database: postgres.url },
      { name: 'PostgreSQL, 2 processes', entry: 'main-workers.ts', env: { HONU_WORKERS: '2' }, database: postgres.url },
    )
  } else {
    skipped.push(`PostgreSQL: ${postgres.reason}`)
  }

  for (const setup of setups) {
    const database = setup.database ? await freshDatabase(setup.database) : undefined
    const server = await startServerProcess(setup.entry, {
      PORT: '0',
      ...setup.env,
      ...(database ? { DATABASE_URL: database.url } : {}),
    })
    // With two processes on port 0, both share the port the first one was given (node:cluster).
    try {
      // A writer in Alpha: reads Alpha's streams and renames one.
      const authorization = `Bearer ${await signIn('wes@honu.test', DEMO_PASSWORD)}`
      const read: autocannon.Options = { url: `${server.url}/api/v1/videos?tenant_id=alpha`, headers: { authorization } }
      const write: autocannon.Options = {
        url: `${server.url}/api/v1/videos/alpha-bow?tenant_id=alpha`,
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bow camera', source: '/media/alpha/alpha-bow/index.m3u8' }),
      }
      const run: Record<Route, (duration: number) => Promise<Measured>> = {
        'GET /health': (duration) => measure({ url: `${server.url}/health` }, duration),
        'GET /api/v1/videos': (duration) => measure(read, duration),
        'PUT /api/v1/videos/:id': (duration) => measure(write, duration),
        'GET /api/v1/videos, 1 writer': async (duration) =>
          (await Promise.all([measure({ ...read, connections: connections - 1 }, duration), measure({ ...write, connections: 1 }, duration)]))[0],
      }
      for (const route of routes) await run[route](2)
      // The routes take turns, in rounds, so that a change in the machine's load during the run weighs on each
      // of them alike; each route's figures are the median of its rounds.
      const rounds = Object.fromEntries(routes.map((route) => [route, [] as Measured[]])) as Record<Route, Measured[]>
      for (let round = 0; round < ROUNDS; round++) {
        for (const route of routes) rounds[route].push(await run[route](seconds / ROUNDS))
      }
      const health = median(rounds['GET /health'])
      for (const route of routes) {
        const measured = median(rounds[route])
        console.error(`${setup.name}: ${route} ${measured.rps} req/s, p99 ${measured.p99} ms`)
        rows.push({ setup: setup.name, route, measured, health })
      }
    } finally {
      await server.stop()
      await database?.drop()
    }
  }
} finally {
  await stopEmulator()
}

console.log(
  `\nReference API over loopback: autocannon, ${connections} connections, ${seconds} s per row in ${ROUNDS} rounds ` +
    `(medians), after a 2 s warm-up; ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
)
console.log('| server | route | req/s | p99 | ratio to /health |')
console.log('|---|---|---|---|---|')
for (const { setup, route, measured, health } of rows) {
  console.log(`| ${setup} | ${route} | ${measured.rps} | ${measured.p99} ms | ${(measured.rps / health.rps).toFixed(3)} |`)
}
const single = rows.find((r) => r.setup === 'PostgreSQL, 1 process' && r.route === 'GET /api/v1/videos')
const double = rows.find((r) => r.setup === 'PostgreSQL, 2 processes' && r.route === 'GET /api/v1/videos')
if (single && double) {
  console.log(`\nGET /api/v1/videos on PostgreSQL, two processes against one: ${(double.measured.rps / single.measured.rps).toFixed(2)}×`)
}
for (const line of skipped) console.log(`skipped: ${line}`)
