/** The SQL the server needs from a database: PGlite (embedded) and PostgreSQL both provide it. */
export interface Database {
  /** Runs one parameterised statement ($1, $2…) and answers its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  /** Runs `work` in one transaction: all of it lands, or none. */
  transaction<T>(work: (tx: Pick<Database, 'query'>) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** Which engine, for logs and benchmarks. */
  readonly kind: 'pglite' | 'postgres'
}
