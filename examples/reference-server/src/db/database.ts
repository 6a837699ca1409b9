/** The SQL the server needs from a database: PGlite (embedded) and PostgreSQL both provide it. */
export interface Database {
  /**
   * Runs one parameterised statement ($1, $2…) and answers its rows. With `cached`, a `select` may be answered
   * from the read cache (see `withReadCache`): use it for small reads repeated on every request; the answer
   * reflects every write this process made, and other processes' writes after a bound.
   */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<Row[]>
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  /** Runs `work` in one transaction: all of it lands, or none. */
  transaction<T>(work: (tx: Pick<Database, 'query'>) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** Which engine, for logs and benchmarks. */
  readonly kind: 'pglite' | 'postgres'
}

/** Options of {@link Database.query}. */
export interface QueryOptions {
  /** The answer may come from the read cache. */
  cached?: boolean
}
