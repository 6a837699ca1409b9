import pg from 'pg'
import type { Database } from './database'
import { withReadCache } from './read-cache'

/**
 * How long a cached read may be served on PostgreSQL, where other server processes (and people) write to the
 * same database: their writes are seen at most this late. This process's own writes are seen at once.
 */
export const POSTGRES_READ_CACHE_MS = 1000

/** A real PostgreSQL server through a connection pool (`DATABASE_URL`). */
export async function createPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // An idle connection the server drops (restart, admin termination) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`))
  // Fail at start-up, with the reason, rather than on the first request.
  await pool.query('select 1')
  return withReadCache({
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
          query: async <Row>(sql: string, params: readonly unknown[] = []) =>
            (await client.query(sql, params as unknown[])).rows as Row[],
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
    close: () => pool.end(),
  }, { maxAgeMs: POSTGRES_READ_CACHE_MS })
}
