import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { Database } from './database'
import { withReadCache } from './read-cache'

/**
 * Embedded PostgreSQL (PGlite, WebAssembly): in memory, or persisted in `dataDir`.
 * PGlite runs one connection, so statements queue; that is fine for a reference server.
 */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const pg = dataDir ? new PGlite(dataDir) : new PGlite()
  await pg.waitReady
  // A PGlite query costs 100–150 µs of this process's CPU, however small. The database lives in this process,
  // so every write passes through it and empties the read cache: cached answers need no age limit.
  return withReadCache(
    {
      kind: 'pglite',
      async query<Row>(sql: string, params: readonly unknown[] = []) {
        const result = await pg.query<Row>(sql, params as unknown[])
        return result.rows
      },
      async exec(sql) {
        await pg.exec(sql)
      },
      transaction: (work) =>
        pg.transaction(async (tx) =>
          work({
            query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, params as unknown[])).rows,
          }),
        ),
      close: () => pg.close(),
    },
    { maxAgeMs: Infinity },
  )
}
