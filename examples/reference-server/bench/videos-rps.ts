// Requests per second for GET /api/v1/videos on PGlite and (when HONU_POSTGRES_URL is set) PostgreSQL, with
// GET /health on the same server as the baseline, all measured in this one run over loopback.
// Run: pnpm --filter @honu/reference-server bench   (seconds per measurement: BENCH_SECONDS, default 10)
import autocannon from 'autocannon'
import { startAuthEmulator } from '../test/auth-emulator'
import { clientsAs, startTestServer } from '../test/test-server'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 }
}

const stopEmulator = await startAuthEmulator()
const rows: string[][] = []
try {
  const engines: [string, string | undefined][] = [['PGlite', undefined]]
  if (process.env.HONU_POSTGRES_URL) engines.push(['PostgreSQL', process.env.HONU_POSTGRES_URL])
  for (const [engine, databaseUrl] of engines) {
    const previous = process.env.DATABASE_URL
    if (databaseUrl) process.env.DATABASE_URL = databaseUrl
    else delete process.env.DATABASE_URL
    const server = await startTestServer()
    try {
      const { token } = await clientsAs(server, 'wes@honu.test')
      const health = await measure(`${server.url}/health`)
      const videos = await measure(`${server.url}/api/v1/videos?tenant_id=alpha`, { authorization: `Bearer ${token}` })
      rows.push([engine, String(health.rps), String(videos.rps), (videos.rps / health.rps).toFixed(3), `${videos.p99} ms`])
    } finally {
      await server.close()
      if (previous === undefined) delete process.env.DATABASE_URL
      else process.env.DATABASE_URL = previous
    }
  }
} finally {
  await stopEmulator()
}

console.log(`\nGET /api/v1/videos, 10 connections, ${seconds} s each, loopback`)
console.log('| database | /health req/s (baseline) | /api/v1/videos req/s | ratio to baseline | videos p99 |')
console.log('|---|---|---|---|---|')
for (const row of rows) console.log(`| ${row.join(' | ')} |`)
