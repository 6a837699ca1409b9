import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { Database } from './database'
import { withReadCache } from './read-cache'

/**
 * How long a cached read may be served on PostgreSQL, where other server processes (and people) write to the
 * same database: their writes are seen at most this late. This process's own writes are seen at once.
 */
export const POSTGRES_READ_CACHE_MS = 1000

/**
 * The channel on which server processes on one database tell each other they changed who may do what (users,
 * roles, tenants, memberships): each empties its read cache at once, so a role taken away by one process is
 * refused by every other within milliseconds, not {@link POSTGRES_READ_CACHE_MS}.
 */
export const READ_CACHE_CHANNEL = 'honu_read_cache'
const ACCESS_TABLES = /\b(?:users|mp_users|tenants|tenant_members|invitations)\b/i

/** A real PostgreSQL server through a connection pool (`DATABASE_URL`). */
export async function createPostgresDatabase(connectionString: string, options: { readCacheMs?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // An idle connection the server drops (restart, admin termination) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`))
  // Fail at start-up, with the reason, rather than on the first request.
  await pool.query('select 1')

  // Its own connection, LISTENing: a pooled one would be handed to queries. A lost one is replaced; meanwhile
  // POSTGRES_READ_CACHE_MS bounds how stale a cached read can be.
  const origin = randomUUID()
  let clearCache = () => {}
  let listener: pg.Client | undefined
  let closed = false
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString })
    client.on('notification', (message) => {
      if (message.channel === READ_CACHE_CHANNEL && message.payload !== origin) clearCache()
    })
    client.on('error', (error) => {
      if (closed) return
      console.warn(`PostgreSQL LISTEN connection lost (${error.message}); reconnecting`)
      void client.end().catch(() => {})
      listener = undefined
      clearCache()
      setTimeout(() => !closed && void listen().catch((e: Error) => console.warn(`PostgreSQL LISTEN failed: ${e.message}`)), 1000).unref()
    })
    await client.connect()
    await client.query(`listen ${READ_CACHE_CHANNEL}`)
    if (closed) await client.end()
    else listener = client
  }
  await listen()

  return withReadCache(
    {
      kind: 'postgres',
      async query<Row>(sql: string, params: readonly unknown[] = []) {
        return (await pool.query(sql, params as unknown[])).rows as Row[]
      },
      async exec(sql) {
        await pool.query(sql)
      },
      async transaction(work) {
        const client = await pool.connect()
        try {
          await client.query('begin')
          const result = await work({
            query: async <Row>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, params as unknown[])).rows as Row[],
          })
          await client.query('commit')
          return result
        } catch (error) {
          await client.query('rollback')
          throw error
        } finally {
          client.release()
        }
      },
      close: async () => {
        closed = true
        await listener?.end().catch(() => {})
        await pool.end()
      },
    },
    {
      maxAgeMs: options.readCacheMs ?? POSTGRES_READ_CACHE_MS,
      shared: {
        watch: (clear) => (clearCache = clear),
        announce: () => void pool.query('select pg_notify($1, $2)', [READ_CACHE_CHANNEL, origin]).catch(() => {}),
        announced: ACCESS_TABLES,
      },
    },
  )
}
