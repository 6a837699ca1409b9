import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { migrate, migrations } from '../db/migrate'
import { recordAudit, recordUpdate } from './audit-log'
import { auditCount, auditPage, CSV_COLUMNS, exportChunks, type AuditEntry, type AuditFilters } from './audit-query'

// The audit trail's writes and reads against the server's schema in an in-process PGlite. A fresh PGlite spends
// most of its start-up creating the database cluster; the mutation run starts this file once per mutant, so the
// migrated database is kept as a dump in the system's temporary folder (named by a hash of the migrations) and
// later runs start from it.

const adapter = (pg: PGlite): Database => ({
  kind: 'pglite',
  query: async <Row>(sql: string, params: readonly unknown[] = []) => (await pg.query<Row>(sql, params as unknown[])).rows,
  exec: async (sql) => void (await pg.exec(sql)),
  transaction: (work) =>
    pg.transaction((tx) =>
      work({ query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, params as unknown[])).rows }),
    ),
  close: () => pg.close(),
})

async function migratedDatabase(): Promise<Database> {
  const key = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16)
  const template = join(tmpdir(), `honu-audit-test-db-${key}.tar`)
  if (existsSync(template)) {
    const pg = new PGlite({ loadDataDir: new Blob([readFileSync(template)]) })
    await pg.waitReady
    return adapter(pg)
  }
  const pg = new PGlite()
  await pg.waitReady
  const db = adapter(pg)
  await migrate(db)
  const dump = await pg.dumpDataDir('none')
  const partial = `${template}.${process.pid}`
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
  renameSync(partial, template)
  return db
}

let db: Database
const ada = { uid: 'ada', email: 'Ada.Lovelace@honu.test' }

beforeAll(async () => {
  db = await migratedDatabase()
}, 120_000)
afterAll(() => db.close())

/**
 * The entries the reading tests query, ids 1 to 7 in this order, an hour apart from 2026-11-26T01:00Z. Every test
 * awaits it first, rather than a hook: a write that fails then fails the tests (an error in a hook only skips them,
 * which a mutation run reads as passing).
 */
let seeded: Promise<void> | undefined
const seed = () => (seeded ??= seedEntries())
async function seedEntries() {
  const seed: Parameters<typeof recordAudit>[1][] = [
    { actor: ada, tenantId: 'q', action: 'role.grant', resourceType: 'user', resourceId: 'u1', before: null, after: { roles: ['reader'] } },
    {
      actor: { uid: 'ops_1', email: 'ops_1@honu.test' },
      tenantId: 'q',
      action: 'role.remove',
      resourceType: 'user',
      resourceId: 'u2',
      before: { roles: ['writer'] },
      after: null,
    },
    {
      actor: { uid: 'opsx1', email: 'opsx1@honu.test' },
      tenantId: 'q',
      action: 'roles.grant',
      resourceType: 'user',
      resourceId: 'u3',
      before: null,
      after: { roles: ['admin'] },
    },
    {
      actor: { uid: 'bob' },
      tenantId: 'q',
      action: 'tenant.rename',
      resourceType: 'tenant',
      resourceId: 'q',
      before: { name: 'Q' },
      after: { name: 'Queue' },
    },
    { actor: ada, tenantId: 'other', action: 'role.grant', resourceType: 'user', resourceId: 'u1', before: null, after: { roles: ['reader'] } },
    {
      actor: ada,
      organisationId: 'org-q',
      action: 'mission.update',
      resourceType: 'mission',
      resourceId: 'm1',
      before: { name: 'North' },
      after: { name: 'South' },
    },
    {
      actor: { uid: 'cy', email: null },
      organisationId: 'org-q',
      action: 'record.create',
      resourceType: 'mission',
      resourceId: 'm2',
      before: null,
      after: { name: 'East' },
    },
  ]
  for (const change of seed) await recordAudit(db, change)
  await db.query(`update audit_entries set at = '2026-11-26T00:00:00Z'::timestamptz + id * interval '1 hour'`)
}

const idsOf = async (filters: AuditFilters) => (await auditPage(db, filters, { limit: 100 })).entries.map((e) => Number(e.id))

describe('recording', () => {
  it('writes one entry with every field, secrets redacted, and null for what is absent', async () => {
    await seed()
    await recordAudit(db, {
      actor: { uid: 'rec-1', email: 'rec@honu.test' },
      tenantId: 'rec',
      organisationId: 'org-rec',
      action: 'video.create',
      resourceType: 'video',
      resourceId: 'v1',
      before: { source: 'rtsp://admin:pw@10.0.0.5/live', password: 'p' },
      after: { source: 'rtsp://10.0.0.5/live?token=t', port: 554 },
    })
    await recordAudit(db, { actor: { uid: 'rec-2' }, action: 'role.grant', resourceType: 'role', resourceId: 'r', before: null, after: null })
    expect(
      await db.query(
        // `is null`: a record that did not exist is no value at all (SQL null), not the JSON value null.
        `select actor_uid, actor_email, tenant_id, organisation_id, action, resource_type, resource_id, before, after,
                before is null as no_before, after is null as no_after
           from audit_entries where actor_uid like 'rec-%' order by id`,
      ),
    ).toEqual([
      {
        actor_uid: 'rec-1',
        actor_email: 'rec@honu.test',
        tenant_id: 'rec',
        organisation_id: 'org-rec',
        action: 'video.create',
        resource_type: 'video',
        resource_id: 'v1',
        before: { source: 'rtsp://[redacted]@10.0.0.5/live', password: '[redacted]' },
        after: { source: 'rtsp://10.0.0.5/live?token=[redacted]', port: 554 },
        no_before: false,
        no_after: false,
      },
      {
        actor_uid: 'rec-2',
        actor_email: null,
        tenant_id: null,
        organisation_id: null,
        action: 'role.grant',
        resource_type: 'role',
        resource_id: 'r',
        before: null,
        after: null,
        no_before: true,
        no_after: true,
      },
    ])
  })

  it('an update writes only the changed fields, and nothing when nothing changed', async () => {
    await seed()
    const change = { actor: { uid: 'upd' }, tenantId: 'upd', action: 'video.update', resourceType: 'video', resourceId: 'v2' }
    const entries = () => db.query(`select before, after from audit_entries where actor_uid = 'upd' order by id`)
    expect(await recordUpdate(db, change, { name: 'A', source: 's' }, { source: 's', name: 'A' })).toBe(false)
    expect(await entries()).toEqual([])
    expect(await recordUpdate(db, change, { name: 'A', source: 's' }, { name: 'B', source: 's' })).toBe(true)
    expect(await entries()).toEqual([{ before: { name: 'A' }, after: { name: 'B' } }])
  })
})

describe('reading', () => {
  it('answers entries newest first as the API shows them', async () => {
    await seed()
    const { entries, nextCursor } = await auditPage(db, { tenantId: 'q' }, { limit: 10 })
    expect(nextCursor).toBeNull()
    // toStrictEqual: an actor without e-mail has no `email` key at all.
    expect(entries).toStrictEqual([
      {
        id: '4',
        at: '2026-11-26T04:00:00.000Z',
        actor: { uid: 'bob' },
        tenant_id: 'q',
        organisation_id: null,
        action: 'tenant.rename',
        resource: { type: 'tenant', id: 'q' },
        before: { name: 'Q' },
        after: { name: 'Queue' },
      },
      {
        id: '3',
        at: '2026-11-26T03:00:00.000Z',
        actor: { uid: 'opsx1', email: 'opsx1@honu.test' },
        tenant_id: 'q',
        organisation_id: null,
        action: 'roles.grant',
        resource: { type: 'user', id: 'u3' },
        before: null,
        after: { roles: ['admin'] },
      },
      {
        id: '2',
        at: '2026-11-26T02:00:00.000Z',
        actor: { uid: 'ops_1', email: 'ops_1@honu.test' },
        tenant_id: 'q',
        organisation_id: null,
        action: 'role.remove',
        resource: { type: 'user', id: 'u2' },
        before: { roles: ['writer'] },
        after: null,
      },
      {
        id: '1',
        at: '2026-11-26T01:00:00.000Z',
        actor: { uid: 'ada', email: 'Ada.Lovelace@honu.test' },
        tenant_id: 'q',
        organisation_id: null,
        action: 'role.grant',
        resource: { type: 'user', id: 'u1' },
        before: null,
        after: { roles: ['reader'] },
      },
    ])
  })

  it('filters by scope, actor, action, resource and time, each alone and together', async () => {
    await seed()
    const cases: [AuditFilters, number[]][] = [
      [{ tenantId: 'q' }, [4, 3, 2, 1]],
      [{ tenantId: 'other' }, [5]],
      [{ organisationId: 'org-q' }, [7, 6]],
      // The actor: the uid exactly, or any part of the e-mail in any case; `_` and `%` are no wildcards.
      [{ tenantId: 'q', actor: 'ada' }, [1]],
      [{ tenantId: 'q', actor: 'LOVELACE@HONU' }, [1]],
      [{ tenantId: 'q', actor: 'lovelace' }, [1]],
      [{ tenantId: 'q', actor: 'ops_1@' }, [2]],
      [{ tenantId: 'q', actor: 'ops%' }, []],
      [{ tenantId: 'q', actor: 'bo' }, []],
      // The action exactly, or a kind with `.*` (`role.*` is not `roles.*`).
      [{ tenantId: 'q', action: 'role.grant' }, [1]],
      [{ tenantId: 'q', action: 'role.*' }, [2, 1]],
      [{ action: 'role.*', resourceType: 'user' }, [5, 2, 1]],
      [{ organisationId: 'org-q', action: 'mission.*' }, [6]],
      [{ tenantId: 'q', action: 'role' }, []],
      [{ tenantId: 'q', resourceType: 'tenant' }, [4]],
      [{ resourceId: 'm2' }, [7]],
      [{ resourceType: 'user', resourceId: 'u1' }, [5, 1]],
      // From inclusive, to exclusive; a date alone is its midnight UTC, an offset counts.
      [{ tenantId: 'q', from: '2026-11-26T02:00:00Z' }, [4, 3, 2]],
      [{ tenantId: 'q', to: '2026-11-26T02:00:00Z' }, [1]],
      [{ tenantId: 'q', from: '2026-11-26 03:00:00+01:00', to: '2026-11-26T03:00' }, [2]],
      [{ tenantId: 'q', from: '2026-11-27' }, []],
      [{ tenantId: 'q', to: '2026-11-26' }, []],
      [{ tenantId: 'q', actor: 'ada', action: 'role.*', resourceType: 'user', resourceId: 'u1', from: '2026-11-26', to: '2026-11-27' }, [1]],
    ]
    for (const [filters, ids] of cases) {
      expect({ filters, ids: await idsOf(filters) }).toEqual({ filters, ids })
      expect({ filters, count: await auditCount(db, filters) }).toEqual({ filters, count: ids.length })
    }
    const [all] = await db.query<{ count: number }>('select count(*)::int as count from audit_entries')
    expect(await auditCount(db, {})).toBe(all!.count)
  })

  it('pages below a cursor; the next cursor is the last entry of a full page, null after the last', async () => {
    await seed()
    const page = (limit: number, cursor?: string) =>
      auditPage(db, { tenantId: 'q' }, { limit, cursor }).then(({ entries, nextCursor }) => ({ ids: entries.map((e) => e.id), nextCursor }))
    expect(await page(3)).toEqual({ ids: ['4', '3', '2'], nextCursor: '2' })
    expect(await page(3, '2')).toEqual({ ids: ['1'], nextCursor: null })
    expect(await page(1)).toEqual({ ids: ['4'], nextCursor: '4' })
    expect(await page(2, '3')).toEqual({ ids: ['2', '1'], nextCursor: null })
    expect(await page(4)).toEqual({ ids: ['4', '3', '2', '1'], nextCursor: null })
    expect(await page(5, '1')).toEqual({ ids: [], nextCursor: null })
    // The count is of every page, whatever the cursor.
    expect(await auditCount(db, { tenantId: 'q' })).toBe(4)
  })

  it('refuses a filter time that is no time, naming the field', async () => {
    await seed()
    await expect(auditPage(db, { tenantId: 'q', from: '2026-13-01' }, { limit: 1 })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid request: querystring.from must be an ISO 8601 date or time.',
    })
    await expect(auditCount(db, { tenantId: 'q', to: '2026-02-30T25:00' })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid request: querystring.to must be an ISO 8601 date or time.',
    })
  })
})

describe('export', () => {
  const chunksOf = async (filters: AuditFilters, format: 'csv' | 'json') => {
    const chunks: string[] = []
    for await (const chunk of exportChunks(db, filters, format)) chunks.push(chunk.toString('utf8'))
    return chunks
  }

  it('writes the header and one chunk per page as CSV, and a JSON array of the entries the list answers', async () => {
    await seed()
    const { entries } = await auditPage(db, { organisationId: 'org-q' }, { limit: 10 })
    expect(await chunksOf({ organisationId: 'org-q' }, 'csv')).toEqual([
      'id,at,actor_uid,actor_email,tenant_id,action,resource_type,resource_id,before,after,organisation_id\r\n',
      '7,2026-11-26T07:00:00.000Z,cy,,,record.create,mission,m2,,"{""name"":""East""}",org-q\r\n' +
        '6,2026-11-26T06:00:00.000Z,ada,Ada.Lovelace@honu.test,,mission.update,mission,m1,"{""name"":""North""}","{""name"":""South""}",org-q\r\n',
    ])
    const json = await chunksOf({ organisationId: 'org-q' }, 'json')
    expect(json).toHaveLength(3)
    expect(JSON.parse(json.join(''))).toEqual(JSON.parse(JSON.stringify(entries)))
    expect(json.join('')).toBe(`[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]`)
  })

  it('an export that matches nothing is the header alone, or an empty array', async () => {
    await seed()
    expect(await chunksOf({ resourceId: 'none' }, 'csv')).toEqual([`${CSV_COLUMNS.join(',')}\r\n`])
    expect((await chunksOf({ resourceId: 'none' }, 'json')).join('')).toBe('[]')
  })

  it('reads a large trail a page at a time, every entry once, newest first', async () => {
    await seed()
    await db.query(
      `insert into audit_entries (actor_uid, tenant_id, action, resource_type, resource_id, after)
         select 'bulk', 'bulk', 'video.create', 'video', 'v' || n, jsonb_build_object('n', n) from generate_series(1, 1203) as n`,
    )
    const json = await chunksOf({ tenantId: 'bulk' }, 'json')
    // '[', a page of 1,000, a page of 203, the closing ']'.
    expect(json).toHaveLength(4)
    const entries = JSON.parse(json.join('')) as AuditEntry[]
    expect(entries).toHaveLength(1203)
    expect(entries.map((e) => e.resource.id)).toEqual(Array.from({ length: 1203 }, (_, i) => `v${1203 - i}`))
    const csv = await chunksOf({ tenantId: 'bulk' }, 'csv')
    expect(csv).toHaveLength(3)
    const lines = csv.join('').split('\r\n')
    expect(lines).toHaveLength(1205) // header, 1,203 entries, and the empty text after the last CRLF
    expect(lines.slice(1, -1).map((line) => line.split(',')[7])).toEqual(entries.map((e) => e.resource.id))
  })
})
