import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from './database'
import { withReadCache } from './read-cache'

// The cache over a real PGlite. `raw` writes behind the cache's back, as another server process would, which is
// how the tests see whether an answer came from the cache.
let pg: PGlite
let raw: Database
let clock = 0
beforeAll(async () => {
  pg = new PGlite()
  await pg.exec(`create table streams (id text primary key, name text not null); insert into streams values ('s1', 'Bow')`)
  raw = {
    kind: 'pglite',
    query: async <Row>(sql: string, params: readonly unknown[] = []) => (await pg.query<Row>(sql, params as unknown[])).rows,
    exec: async (sql) => void (await pg.exec(sql)),
    transaction: (work) =>
      pg.transaction((tx) =>
        work({ query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, params as unknown[])).rows }),
      ),
    close: () => pg.close(),
  }
})
beforeEach(async () => {
  await pg.exec(`update streams set name = 'Bow'`)
  clock = 0
})
afterAll(() => pg.close())

const nameOf = async (db: Database, cached = true) =>
  (await db.query<{ name: string }>('select name from streams where id = $1', ['s1'], { cached }))[0]?.name

describe('read cache', () => {
  it('answers a cached read from the cache until its age runs out', async () => {
    const db = withReadCache(raw, { maxAgeMs: 1000, now: () => clock })
    expect(await nameOf(db)).toBe('Bow')
    await raw.query(`update streams set name = 'Stern'`)
    clock = 999
    expect(await nameOf(db)).toBe('Bow')
    expect(await nameOf(db, false)).toBe('Stern')
    clock = 1000
    expect(await nameOf(db)).toBe('Stern')
  })

  it('forgets everything on any write, exec or transaction of its own', async () => {
    const db = withReadCache(raw, { maxAgeMs: Infinity, now: () => clock })
    expect(await nameOf(db)).toBe('Bow')
    await db.query(`update streams set name = 'Stern' where id = $1`, ['s1'])
    expect(await nameOf(db)).toBe('Stern')
    await db.exec(`update streams set name = 'Port'`)
    expect(await nameOf(db)).toBe('Port')
    await db.transaction((tx) => tx.query(`update streams set name = 'Starboard'`))
    expect(await nameOf(db)).toBe('Starboard')
    await db.query(`with changed as (update streams set name = 'Keel' returning id) select id from changed`)
    expect(await nameOf(db)).toBe('Keel')
  })

  it('keeps no answer read while a write was under way', async () => {
    // A pool answers in any order: the read below finishes after the write, yet may have seen the old row.
    let finishRead: (() => void) | undefined
    const slow: Database = {
      ...raw,
      query: async <Row>(sql: string, params: readonly unknown[] = []) => {
        const rows = await raw.query<Row>(sql, params)
        if (/^select/.test(sql)) await new Promise<void>((resolve) => (finishRead = resolve))
        return rows
      },
    }
    const db = withReadCache(slow, { maxAgeMs: Infinity, now: () => clock })
    const staleRead = nameOf(db)
    await new Promise((resolve) => setTimeout(resolve, 10))
    await db.query(`update streams set name = 'Stern'`)
    finishRead!()
    expect(await staleRead).toBe('Bow')
    const freshRead = nameOf(db)
    await new Promise((resolve) => setTimeout(resolve, 10))
    finishRead!()
    expect(await freshRead).toBe('Stern')
  })

  it('lets reads of the same thing arriving together share one query, but none that arrives after a write', async () => {
    let queries = 0
    const counting: Database = { ...raw, query: (sql, params) => (queries++, raw.query(sql, params)) }
    const db = withReadCache(counting, { maxAgeMs: Infinity, now: () => clock })
    const together = await Promise.all([nameOf(db), nameOf(db), nameOf(db)])
    expect(together).toEqual(['Bow', 'Bow', 'Bow'])
    expect(queries).toBe(1)

    await db.query(`update streams set name = 'Bow'`)
    const before = nameOf(db) // still being read when the write below starts
    const writing = db.query(`update streams set name = 'Stern'`)
    const after = nameOf(db)
    await writing
    expect(await before).toBe('Bow')
    expect(await after).toBe('Stern')
    expect(queries).toBe(5)
  })

  it('keeps at most maxEntries answers', async () => {
    const db = withReadCache(raw, { maxAgeMs: Infinity, maxEntries: 1, now: () => clock })
    expect(await nameOf(db)).toBe('Bow')
    await raw.query(`update streams set name = 'Stern'`)
    expect(await nameOf(db)).toBe('Bow')
    await db.query('select name from streams where id = $1', ['s2'], { cached: true })
    expect(await nameOf(db)).toBe('Stern')
  })

  it('hands out copies, so a caller changing its rows changes nothing cached', async () => {
    const db = withReadCache(raw, { maxAgeMs: Infinity, now: () => clock })
    const [first] = await db.query<{ name: string }>('select name from streams', [], { cached: true })
    first!.name = 'Changed by a caller'
    const [second] = await db.query<{ name: string }>('select name from streams', [], { cached: true })
    expect(second!.name).toBe('Bow')
  })
})
