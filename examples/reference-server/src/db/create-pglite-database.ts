import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { Database } from './database'
import { withReadCache } from './read-cache'

/**
 * Embedded PostgreSQL (PGlite, WebAssembly): in memory, or persisted in `dataDir`.
 * PGlite runs one connection, so statements queue; that is fine for a reference server.
 *
 * `template` is an empty cluster dumped by `dumpPgliteTemplate` (an in-memory database only): loading it costs
 * about a third of what `initdb` costs on every `new PGlite()` (0.5 s against 1.7 s here, 0.75 s of CPU against
 * 2.5 s), which the server suite pays for each of its servers.
 */
export async function createPgliteDatabase(dataDir?: string, { template }: { template?: Blob } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const pg = dataDir ? new PGlite(dataDir) : new PGlite(template ? { loadDataDir: template } : undefined)
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

/** An empty cluster as PGlite dumps it (an uncompressed tar), for `createPgliteDatabase`'s `template`. */
export async function dumpPgliteTemplate(): Promise<Blob> {
  const pg = new PGlite()
  try {
    await pg.waitReady
    return await pg.dumpDataDir('none')
  } finally {
    await pg.close()
  }
}
