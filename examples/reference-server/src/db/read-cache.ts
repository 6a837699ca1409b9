import type { Database } from './database'

/** Options of {@link withReadCache}. */
export interface ReadCacheOptions {
  /**
   * Longest time a cached answer is served, in milliseconds. `Infinity` when every write to the database passes
   * through this process (PGlite), since each one empties the cache; a bound when other processes write too.
   */
  maxAgeMs: number
  /** Most answers kept; a full cache is emptied and starts again. Default 1,000. */
  maxEntries?: number
  /** The clock, in epoch milliseconds; tests inject one. Default `Date.now`. */
  now?: () => number
  /**
   * Other processes' writes (PostgreSQL): `watch` is handed the function that empties this cache, to call when
   * another process says it wrote; `announce` is called after each of this process's writes whose statements
   * match `announced` (default: any), to tell the others. Within the latency of that message (milliseconds),
   * a role changed by one process is seen by every process; `maxAgeMs` stays the bound if a message is lost.
   */
  shared?: { watch(clear: () => void): void; announce(): void; announced?: RegExp }
}

const READ = /^\s*select\b/i

/**
 * Keeps the answers of the reads that ask for it (`query(sql, params, { cached: true })`: the hot, small reads of
 * every request, such as the caller's user record) so that a repeated request costs no database round trip.
 *
 * Every other statement that is not a `select` (insert, update, delete, DDL), every `exec` and every transaction
 * empties the cache both when it starts and when it ends, and so drops the answers still being read: a read that
 * may have seen the database before a write is never kept past that write. Within this process a cached answer is therefore never older than the last write this process made;
 * writes made by other processes are seen after at most `maxAgeMs`. Answers are copied in and out, so a caller
 * that changes the rows it got cannot change the cache.
 */
export function withReadCache(db: Database, options: ReadCacheOptions): Database {
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? 1000
  // By statement, then by parameters: the statement texts are constants whose hashes V8 keeps, so a lookup
  // hashes only the short parameter key. An answer is kept from the moment its read starts, so reads of the same
  // thing arriving meanwhile (every connection, right after a write) share that one read.
  const answers = new Map<string, Map<string, { answer: Promise<unknown[]>; readAt: number }>>()
  let size = 0
  const changed = () => {
    answers.clear()
    size = 0
  }
  options.shared?.watch(changed)
  const announced = options.shared?.announced ?? /./
  const writing = async <T>(run: () => Promise<T>, statements: () => readonly string[]): Promise<T> => {
    changed()
    try {
      return await run()
    } finally {
      changed()
      if (options.shared && statements().some((sql) => announced.test(sql))) options.shared.announce()
    }
  }

  return {
    kind: db.kind,
    async query<Row>(sql: string, params: readonly unknown[] = [], queryOptions?: { cached?: boolean }): Promise<Row[]> {
      const read = READ.test(sql)
      if (!queryOptions?.cached || !read)
        return read
          ? db.query<Row>(sql, params)
          : writing(
              () => db.query<Row>(sql, params),
              () => [sql],
            )
      const key = JSON.stringify(params)
      const readAt = now()
      const cached = answers.get(sql)?.get(key)
      if (cached && readAt - cached.readAt < options.maxAgeMs) return structuredClone(await cached.answer) as Row[]

      const rows = db.query<Row>(sql, params)
      const entry = { answer: rows.then((r) => structuredClone(r)), readAt }
      entry.answer.catch(() => {}) // the reader below is told; sharers are told when they await it
      // Full: start again rather than track which answer is oldest (a write empties it anyway).
      if (size >= maxEntries) changed()
      let byParams = answers.get(sql)
      if (!byParams) answers.set(sql, (byParams = new Map()))
      if (!byParams.has(key)) size++
      byParams.set(key, entry)
      try {
        return await rows
      } catch (error) {
        if (byParams.get(key) === entry && answers.get(sql) === byParams) {
          byParams.delete(key)
          size--
        }
        throw error
      }
    },
    exec: (sql) =>
      writing(
        () => db.exec(sql),
        () => [sql],
      ),
    transaction: (work) => {
      const statements: string[] = []
      return writing(
        () =>
          db.transaction((tx) =>
            work({
              query: <Row>(sql: string, params?: readonly unknown[]) => {
                if (!READ.test(sql) || /\bfor\s+update\b/i.test(sql)) statements.push(sql)
                return tx.query<Row>(sql, params)
              },
            }),
          ),
        () => statements,
      )
    },
    close: () => db.close(),
  }
}
