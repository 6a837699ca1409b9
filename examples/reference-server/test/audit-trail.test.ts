import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../src/audit/audit-query'
import type { RunningServer } from '../src/start-server'
import { EMULATOR_HOST, signIn } from './auth-emulator'
import { clientsAs, raw, startTestServer } from './test-server'

// Issue 15: every v1 and v2 change writes exactly one audit entry, in its own transaction, with the changed fields
// before and after and no secret; admins read their tenant's trail and nothing else; the export streams every
// entry as CSV or JSON. Real server, real emulator, real database (PGlite, or PostgreSQL with DATABASE_URL).

let server: RunningServer
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer({ mediaTestControls: true })
  for (const who of ['ops', 'ada', 'bea', 'cal', 'wes', 'remy']) tokens[who] = (await clientsAs(server, `${who}@honu.test`)).token
})
afterAll(() => server.close())

type Entry = AuditEntry
interface AuditPage {
  data: Entry[]
  next_cursor: string | null
  total_count: number
}

/** A request with a body kept as it came (the typed clients and `raw` parse it). */
function fetchFrom(target: Pick<RunningServer, 'url'>, method: string, path: string, token?: string, body?: unknown) {
  return fetch(`${target.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function call(who: string, method: string, path: string, body?: unknown) {
  const response = await fetchFrom(server, method, path, tokens[who], body)
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text && response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : undefined,
  }
}

const lastId = async () => Number((await server.db.query<{ id: string | null }>('select max(id)::text as id from audit_entries'))[0]?.id ?? 0)
/** The entries written since `since` (an id), oldest first, as the API answers them (read as a super admin). */
async function entriesSince(since: number): Promise<Entry[]> {
  const { json } = await call('ops', 'GET', '/api/v1/audit?limit=500')
  return (json as AuditPage).data.filter((e) => Number(e.id) > since).reverse()
}

/** Makes a change and answers the entries it wrote. */
async function change(who: string, method: string, path: string, body?: unknown, status?: number) {
  const since = await lastId()
  const answer = await call(who, method, path, body)
  if (status !== undefined)
    expect({ path, status: answer.status, text: answer.status === status ? '' : answer.text }).toEqual({ path, status, text: '' })
  return { answer, entries: await entriesSince(since) }
}

describe('every v1 change writes exactly one entry', () => {
  it('streams: create, update (only changed fields), delete; credentials in addresses never stored', async () => {
    const source = 'rtsp://cam-user:cam-secret@10.10.1.30/hull?token=tok-secret&quality=high'
    const created = await change('wes', 'POST', '/api/v1/videos?tenant_id=alpha', { video_id: 'audit-hull', name: 'Hull', source }, 201)
    expect(created.entries).toEqual([
      {
        id: expect.any(String),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        actor: { uid: 'demo-wes', email: 'wes@honu.test' },
        tenant_id: 'alpha',
        organisation_id: null,
        action: 'video.create',
        resource: { type: 'video', id: 'audit-hull' },
        before: null,
        after: { name: 'Hull', source: 'rtsp://[redacted]@10.10.1.30/hull?token=[redacted]&quality=high', proxy: null },
      },
    ])

    const updated = await change('wes', 'PUT', '/api/v1/videos/audit-hull?tenant_id=alpha', { name: 'Hull aft', source }, 200)
    expect(updated.entries.map((e) => [e.action, e.before, e.after])).toEqual([['video.update', { name: 'Hull' }, { name: 'Hull aft' }]])

    // The same values again change nothing: no entry.
    const same = await change('wes', 'PUT', '/api/v1/videos/audit-hull?tenant_id=alpha', { name: 'Hull aft', source }, 200)
    expect(same.entries).toEqual([])

    const deleted = await change('wes', 'DELETE', '/api/v1/videos/audit-hull?tenant_id=alpha', undefined, 204)
    expect(deleted.entries.map((e) => [e.action, e.resource, e.before, e.after])).toEqual([
      [
        'video.delete',
        { type: 'video', id: 'audit-hull' },
        { name: 'Hull aft', source: 'rtsp://[redacted]@10.10.1.30/hull?token=[redacted]&quality=high', proxy: null },
        null,
      ],
    ])

    const stored = await server.db.query<{ text: string }>(
      "select string_agg(before::text || coalesce(after::text, ''), ' ') as text from audit_entries",
    )
    expect(stored[0]!.text).not.toMatch(/cam-secret|tok-secret|cam-user/)
  })

  it('a refused or failed change writes nothing', async () => {
    // A reader may not create streams; a stream id already taken conflicts; a missing stream is not found.
    expect((await change('remy', 'POST', '/api/v1/videos?tenant_id=alpha', { name: 'X', source: 'x' }, 403)).entries).toEqual([])
    expect((await change('wes', 'POST', '/api/v1/videos?tenant_id=alpha', { video_id: 'alpha-bow', name: 'X', source: 'x' }, 409)).entries).toEqual(
      [],
    )
    expect((await change('wes', 'PUT', '/api/v1/videos/nope?tenant_id=alpha', { name: 'X', source: 'x' }, 404)).entries).toEqual([])
    // Removing the only admin of Bravo is refused (409) and changes nothing.
    expect((await change('bea', 'DELETE', '/api/v1/users/demo-bea/role/bravo', undefined, 409)).entries).toEqual([])
    expect((await change('bea', 'PUT', '/api/v1/users/demo-bea/role', { tenant: 'bravo', role: 'admin', new_role: 'reader' }, 409)).entries).toEqual(
      [],
    )
  })

  it('the change and its entry land together or not at all', async () => {
    // The trail cannot be written (its table is gone for a moment): every change fails and changes nothing.
    await server.db.exec('alter table audit_entries rename to audit_entries_away')
    try {
      expect((await call('wes', 'POST', '/api/v1/videos?tenant_id=alpha', { video_id: 'audit-atomic', name: 'Atomic', source: 'x' })).status).toBe(
        500,
      )
      expect((await call('cal', 'PUT', '/api/v1/tenants/charlie', { name: 'Not renamed' })).status).toBe(500)
      expect((await call('ada', 'POST', '/api/v1/users/demo-remy/role', { tenant: 'alpha', role: 'writer' })).status).toBe(500)
      expect((await call('ada', 'PUT', '/api/v2/campaign/camp-reef', { name: 'Not renamed' })).status).toBe(500)
    } finally {
      await server.db.exec('alter table audit_entries_away rename to audit_entries')
    }
    expect(await server.db.query("select 1 from videos where video_id = 'audit-atomic'")).toEqual([])
    expect(await server.db.query("select name from tenants where tenant_id = 'charlie'")).toEqual([{ name: 'Charlie Survey' }])
    expect(await server.db.query("select permissions from users where uid = 'demo-remy'")).toEqual([{ permissions: { alpha: ['reader'] } }])
    const [campaign] = await server.db.query<{ data: { name: string } }>(
      "select data from v2_records where resource = 'campaign' and id = 'camp-reef'",
    )
    expect(campaign!.data.name).not.toBe('Not renamed')
  })

  it('a tenant rename records the old and new name', async () => {
    const { entries } = await change('cal', 'PUT', '/api/v1/tenants/charlie', { name: 'Charlie Survey II' }, 200)
    expect(entries.map((e) => [e.actor.uid, e.tenant_id, e.action, e.resource, e.before, e.after])).toEqual([
      ['demo-cal', 'charlie', 'tenant.rename', { type: 'tenant', id: 'charlie' }, { name: 'Charlie Survey' }, { name: 'Charlie Survey II' }],
    ])
    expect((await change('cal', 'PUT', '/api/v1/tenants/charlie', { name: 'Charlie Survey II' }, 200)).entries).toEqual([])
    await change('cal', 'PUT', '/api/v1/tenants/charlie', { name: 'Charlie Survey' }, 200)
  })

  it('users and roles: create, grant, change, remove one, remove all — each one entry in the tenant', async () => {
    const created = await change('ada', 'POST', '/api/v1/users?tenant_id=alpha', { name: 'Audit Person', email: 'Audit.Person@honu.test' }, 201)
    const { uid } = created.answer.json as { uid: string }
    expect(created.entries.map((e) => [e.tenant_id, e.action, e.resource, e.before, e.after])).toEqual([
      ['alpha', 'user.create', { type: 'user', id: uid }, null, { name: 'Audit Person', email: 'audit.person@honu.test' }],
    ])
    // Granting puts the role on the invitation (issue 22: it waits for the invitee's consent): the entry names it.
    const granted = await change('ada', 'POST', `/api/v1/users/${uid}/role`, { tenant: 'alpha', role: 'writer' }, 201)
    expect(granted.entries.map((e) => [e.tenant_id, e.action, e.before, e.after])).toEqual([
      ['alpha', 'role.grant', { roles: [] }, { roles: ['writer'] }],
    ])
    const account = granted.entries[0]!.resource.id
    expect(granted.entries[0]!.resource).toEqual({ type: 'invitation', id: uid })
    // Granting a role the user has changes nothing.
    expect((await change('ada', 'POST', `/api/v1/users/${uid}/role`, { tenant: 'alpha', role: 'writer' }, 201)).entries).toEqual([])

    const changed = await change('ada', 'PUT', `/api/v1/users/${account}/role`, { tenant: 'alpha', role: 'writer', new_role: 'reader' }, 200)
    expect(changed.entries.map((e) => [e.action, e.resource.id, e.before, e.after])).toEqual([
      ['role.change', account, { roles: ['writer'] }, { roles: ['reader'] }],
    ])

    await change('ada', 'POST', `/api/v1/users/${account}/role`, { tenant: 'alpha', role: 'controller' }, 201)
    const removed = await change('ada', 'DELETE', `/api/v1/users/${account}/role/alpha/reader`, undefined, 204)
    expect(removed.entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['role.remove', { roles: ['reader', 'controller'] }, { roles: ['controller'] }],
    ])

    const all = await change('ada', 'DELETE', `/api/v1/users/${account}/role/alpha`, undefined, 204)
    expect(all.entries.map((e) => [e.tenant_id, e.action, e.before, e.after])).toEqual([
      ['alpha', 'role.remove-all', { roles: ['controller'] }, { roles: [] }],
    ])
  })

  it('roles under "*" and users invited without a tenant are global entries (super admins only)', async () => {
    const invited = await change('ops', 'POST', '/api/v1/users', { name: 'Global Person', email: 'global.person@honu.test' }, 201)
    expect(invited.entries.map((e) => [e.tenant_id, e.action])).toEqual([[null, 'user.create']])
    const { uid } = invited.answer.json as { uid: string }
    const granted = await change('ops', 'POST', `/api/v1/users/${uid}/role`, { tenant: '*', role: 'reader' }, 201)
    expect(granted.entries.map((e) => [e.tenant_id, e.action, e.after])).toEqual([[null, 'role.grant', { roles: ['reader'] }]])
    const account = granted.entries[0]!.resource.id
    await change('ops', 'DELETE', `/api/v1/users/${account}/role/*`, undefined, 204)
    for (const who of ['ada', 'bea', 'cal']) {
      for (const tenant of ['alpha', 'bravo', 'charlie']) {
        const answer = await call(who, 'GET', `/api/v1/audit?tenant_id=${tenant}&limit=500`)
        if (answer.status !== 200) continue
        expect((answer.json as AuditPage).data.filter((e) => e.resource.id === uid || e.resource.id === account)).toEqual([])
      }
    }
  })
})

describe('every v2 change writes exactly one entry', () => {
  it('records: create, update (changed fields only), delete, in the organisation', async () => {
    const created = await change(
      'ada',
      'POST',
      '/api/v2/campaign',
      { id: 'audit-camp', organisation_id: 'org-honu', name: 'Audit', area: 'reef', api_token: 'tok-v2-secret' },
      201,
    )
    expect(created.entries.map((e) => [e.actor, e.tenant_id, e.organisation_id, e.action, e.resource, e.before, e.after])).toEqual([
      [
        { uid: 'demo-ada', email: 'ada@honu.test' },
        null,
        'org-honu',
        'campaign.create',
        { type: 'campaign', id: 'audit-camp' },
        null,
        { id: 'audit-camp', name: 'Audit', area: 'reef', api_token: '[redacted]' },
      ],
    ])
    const updated = await change('ada', 'PUT', '/api/v2/campaign/audit-camp', { name: 'Audit 2', area: 'reef' }, 200)
    expect(updated.entries.map((e) => [e.action, e.before, e.after])).toEqual([['campaign.update', { name: 'Audit' }, { name: 'Audit 2' }]])
    const deleted = await change('ada', 'DELETE', '/api/v2/campaign/audit-camp', undefined, 204)
    expect(deleted.entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['campaign.delete', { id: 'audit-camp', name: 'Audit 2', area: 'reef', api_token: '[redacted]' }, null],
    ])
    const stored = await server.db.query<{ n: string }>(
      "select count(*)::text as n from audit_entries where before::text like '%tok-v2-secret%' or after::text like '%tok-v2-secret%'",
    )
    expect(stored[0]!.n).toBe('0')
    // A refused change (a reader of the organisation) writes nothing.
    expect((await change('remy', 'POST', '/api/v2/campaign', { organisation_id: 'org-honu', name: 'No' }, 403)).entries).toEqual([])
  })

  it('every v2 resource: one entry per create, update and delete', async () => {
    const samples: Record<string, Record<string, unknown>> = {
      organisation: { id: 'audit-org', name: 'Audit org' },
      campaign: { id: 'audit-all', organisation_id: 'org-honu', name: 'C' },
      platform: { id: 'audit-all', organisation_id: 'org-honu', name: 'P' },
      mission: { id: 'audit-all', name: 'M', campaign_id: 'camp-reef' },
      execution: { id: 'audit-all', mission_id: 'mis-north', status: 'planned' },
      asset: { id: 'audit-all', organisation_id: 'org-honu', name: 'A' },
      'asset/group': { id: 'audit-all', organisation_id: 'org-honu', name: 'G' },
      chart: { id: 'audit-all', organisation_id: 'org-honu', name: 'Ch' },
      'user/rebac': { id: 'audit-all', organisation_id: 'org-honu', subject: 'user:demo-remy', relation: 'viewer', object: 'chart:x' },
    }
    for (const [resource, body] of Object.entries(samples)) {
      const id = String(body.id)
      const organisation = resource === 'organisation' ? id : 'org-honu'
      const created = await change('ops', 'POST', `/api/v2/${resource}`, body, 201)
      expect({ resource, entries: created.entries.map((e) => [e.action, e.organisation_id, e.resource.id, e.before]) }).toEqual({
        resource,
        entries: [[`${resource}.create`, organisation, id, null]],
      })
      const updated = await change('ops', 'PUT', `/api/v2/${resource}/${id}?organisation_id=${organisation}`, { note: 'changed' }, 200)
      expect({ resource, entries: updated.entries.map((e) => [e.action, e.before, e.after]) }).toEqual({
        resource,
        entries: [[`${resource}.update`, { note: null }, { note: 'changed' }]],
      })
      const deleted = await change('ops', 'DELETE', `/api/v2/${resource}/${id}?organisation_id=${organisation}`, undefined, 204)
      expect({ resource, entries: deleted.entries.map((e) => [e.action, e.before?.note, e.after]) }).toEqual({
        resource,
        entries: [[`${resource}.delete`, 'changed', null]],
      })
    }
  })

  it('organisation users and roles: invite, accept, role update, role delete, delete', async () => {
    const email = `audit.member.${Date.now()}@honu.test`
    const created = await change('ada', 'POST', '/api/v2/user/organisation/org-honu', { name: 'Audit Member', email }, 202)
    const { uid: invitation } = (created.answer.json as { data: { uid: string } }).data
    expect(created.entries.map((e) => [e.organisation_id, e.action, e.resource, e.before, e.after])).toEqual([
      [
        'org-honu',
        'org-user.invite',
        { type: 'invitation', id: invitation },
        null,
        { name: 'Audit Member', email, roles: { Organisation: ['read'] } },
      ],
    ])
    // Inviting again changes nothing.
    expect((await change('ada', 'POST', '/api/v2/user/organisation/org-honu', { name: 'Audit Member', email }, 202)).entries).toEqual([])
    // The invitee signs up and accepts: the membership is made, with its entry in the organisation.
    const signedUp = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'audit-pass-1', returnSecureToken: true }),
    })
    const { localId: uid, idToken } = (await signedUp.json()) as { localId: string; idToken: string }
    const accepted = await raw(server, 'POST', `/api/v1/invitations/${invitation}/accept`, { token: idToken })
    expect(accepted.status).toBe(200)
    const [entry] = await server.db.query<{ action: string; before: unknown; after: unknown }>(
      "select action, before, after from audit_entries where organisation_id = 'org-honu' and resource_id = $1",
      [uid],
    )
    expect(entry).toEqual({
      action: 'invitation.accept',
      before: null,
      after: { name: 'Audit Member', email, roles: { Organisation: ['read'] }, invitation },
    })
    const role = await change('ada', 'PUT', `/api/v2/user/organisation/org-honu/${uid}/role`, { Organisation: ['read', 'write'] }, 200)
    expect(role.entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['org-role.update', { roles: { Organisation: ['read'] } }, { roles: { Organisation: ['read', 'write'] } }],
    ])
    const cleared = await change('ada', 'DELETE', `/api/v2/user/organisation/org-honu/${uid}/role`, undefined, 204)
    expect(cleared.entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['org-role.delete', { roles: { Organisation: ['read', 'write'] } }, { roles: {} }],
    ])
    const removed = await change('ada', 'DELETE', `/api/v2/user/organisation/org-honu/${uid}`, undefined, 204)
    expect(removed.entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['org-user.delete', { name: 'Audit Member', email, roles: {}, super_admin: false }, null],
    ])
  })

  it("organisation admins read their organisation's trail; others do not", async () => {
    const honu = await call('ada', 'GET', '/api/v1/audit?organisation_id=org-honu')
    expect(honu.status).toBe(200)
    expect((honu.json as AuditPage).data.length).toBeGreaterThan(0)
    expect((honu.json as AuditPage).data.every((e) => e.organisation_id === 'org-honu')).toBe(true)
    // Cal is admin of org-kai only; Remy reads org-honu but is no admin; Bea has no membership at all.
    expect((await call('cal', 'GET', '/api/v1/audit?organisation_id=org-honu')).status).toBe(404)
    expect((await call('remy', 'GET', '/api/v1/audit?organisation_id=org-honu')).status).toBe(403)
    expect((await call('bea', 'GET', '/api/v1/audit?organisation_id=org-honu')).status).toBe(404)
    expect((await call('ops', 'GET', '/api/v1/audit?organisation_id=org-honu')).status).toBe(200)
  })
})

describe('reading the trail', () => {
  it("no entry leaks to another tenant's admin, in the list or the export", async () => {
    // Something in every tenant.
    for (const [who, tenant] of [
      ['ada', 'alpha'],
      ['bea', 'bravo'],
      ['cal', 'charlie'],
    ] as const) {
      await change(who, 'POST', `/api/v1/videos?tenant_id=${tenant}`, { video_id: `leak-${tenant}`, name: `Leak ${tenant}`, source: 'x' }, 201)
    }
    for (const [who, own] of [
      ['ada', 'alpha'],
      ['bea', 'bravo'],
      ['cal', 'charlie'],
    ] as const) {
      const list = await call(who, 'GET', `/api/v1/audit?tenant_id=${own}&limit=500`)
      expect(list.status).toBe(200)
      const entries = (list.json as AuditPage).data
      expect(entries.some((e) => e.resource.id === `leak-${own}`)).toBe(true)
      expect(entries.filter((e) => e.tenant_id !== own)).toEqual([])
      for (const format of ['csv', 'json']) {
        const file = await call(who, 'GET', `/api/v1/audit/export?tenant_id=${own}&format=${format}`)
        expect(file.status).toBe(200)
        for (const other of ['alpha', 'bravo', 'charlie'].filter((t) => t !== own)) expect(file.text).not.toContain(`leak-${other}`)
        expect(file.text).toContain(`leak-${own}`)
      }
      for (const other of ['alpha', 'bravo', 'charlie'].filter((t) => t !== own)) {
        for (const path of [`/api/v1/audit?tenant_id=${other}`, `/api/v1/audit/export?tenant_id=${other}&format=csv`]) {
          const answer = await call(who, 'GET', path)
          // Ada reads Bravo (403: a member, not its admin); everyone else is not in the tenant (404, as a missing one).
          expect({ who, path, status: answer.status }).toEqual({ who, path, status: who === 'ada' && other === 'bravo' ? 403 : 404 })
          expect(answer.text).not.toContain('leak-')
        }
      }
      // Without a tenant: only super admins.
      expect((await call(who, 'GET', '/api/v1/audit')).status).toBe(403)
      expect((await call(who, 'GET', '/api/v1/audit/export?format=json')).status).toBe(403)
    }
    // A writer and a reader never read the trail.
    expect((await call('wes', 'GET', '/api/v1/audit?tenant_id=alpha')).status).toBe(403)
    expect((await call('remy', 'GET', '/api/v1/audit/export?tenant_id=alpha&format=csv')).status).toBe(403)
    expect((await fetchFrom(server, 'GET', '/api/v1/audit?tenant_id=alpha')).status).toBe(401)
    // The super admin reads everything, or one tenant.
    const all = (await call('ops', 'GET', '/api/v1/audit?limit=500')).json as AuditPage
    expect(new Set(all.data.map((e) => e.tenant_id))).toEqual(new Set(['alpha', 'bravo', 'charlie', null]))
  })

  it('pages newest first with a cursor, counts, and filters by actor, action, resource and time', async () => {
    const fill = await call('ops', 'POST', '/test/audit/fill', { tenant_id: 'bravo', count: 250 })
    expect(fill.status).toBe(201)
    const seen: Entry[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: AuditPage = (
        await call('bea', 'GET', `/api/v1/audit?tenant_id=bravo&actor=fill-actor&limit=100${cursor ? `&cursor=${cursor}` : ''}`)
      ).json as AuditPage
      expect(page.total_count).toBe(250)
      seen.push(...page.data)
      cursor = page.next_cursor
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toHaveLength(250)
    expect(new Set(seen.map((e) => e.id)).size).toBe(250)
    const ids = seen.map((e) => Number(e.id))
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(Date.parse(seen[0]!.at)).toBeGreaterThan(Date.parse(seen.at(-1)!.at))

    const count = async (query: string) =>
      ((await call('bea', 'GET', `/api/v1/audit?tenant_id=bravo&actor=fill-actor&${query}`)).json as AuditPage).total_count
    expect(await count('action=role.change')).toBe(83) // i % 3 = 2 for i in 1..250
    expect(await count('action=role.*')).toBe(83)
    expect(await count('action=video.*')).toBe(83)
    expect(await count('resource_type=tenant')).toBe(84)
    expect(await count('resource_id=fill-7')).toBe(1)
    expect(((await call('bea', 'GET', '/api/v1/audit?tenant_id=bravo&actor=FILL-ACTOR@honu')).json as AuditPage).total_count).toBe(250)
    // Entry i was written 250 - i seconds before now: the last ten seconds hold about ten of them.
    const from = new Date(Date.parse(seen[0]!.at) - 9_500).toISOString()
    const recent = await count(`from=${encodeURIComponent(from)}`)
    expect(recent).toBe(10)
    expect(await count(`to=${encodeURIComponent(from)}`)).toBe(240)
    // The default page is 100, the largest 500.
    expect(((await call('bea', 'GET', '/api/v1/audit?tenant_id=bravo')).json as AuditPage).data).toHaveLength(100)
    expect(((await call('ops', 'GET', '/api/v1/audit?limit=100000')).json as AuditPage).data.length).toBeLessThanOrEqual(500)
    // Bad times and cursors are refused with a clear message.
    for (const bad of ['from=2026-13-01', 'to=yesterday', 'cursor=abc', 'limit=-1']) {
      const answer = await call('bea', 'GET', `/api/v1/audit?tenant_id=bravo&${bad}`)
      expect({ bad, status: answer.status }).toEqual({ bad, status: 400 })
      expect((answer.json as { message: string }).message).toMatch(/querystring\.(from|to|cursor|limit)/)
    }
  })

  it('exports 10,000+ entries as CSV and JSON, streamed, with the right columns', async () => {
    expect((await call('ops', 'POST', '/test/audit/fill', { tenant_id: 'charlie', count: 10_000 })).status).toBe(201)
    const expected = ((await call('cal', 'GET', '/api/v1/audit?tenant_id=charlie&limit=1')).json as AuditPage).total_count
    expect(expected).toBeGreaterThan(10_000)

    const response = await fetchFrom(server, 'GET', '/api/v1/audit/export?tenant_id=charlie&format=csv', tokens.cal)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-charlie-\d{4}-\d\d-\d\d\.csv"$/)
    // Streamed: the body arrives in many chunks, a page of the database at a time.
    const reader = response.body!.getReader()
    const chunks: Uint8Array[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
    }
    expect(chunks.length).toBeGreaterThan(5)
    const csv = parseCsv(Buffer.concat(chunks).toString('utf8'))
    expect(csv[0]).toEqual([
      'id',
      'at',
      'actor_uid',
      'actor_email',
      'tenant_id',
      'action',
      'resource_type',
      'resource_id',
      'before',
      'after',
      'organisation_id',
    ])
    const rows = csv.slice(1)
    expect(rows).toHaveLength(expected)
    expect(rows.every((row) => row.length === 11 && row[4] === 'charlie')).toBe(true)
    const filled = rows.find((row) => row[7] === 'fill-42')!
    // A value starting with "=" is no formula in a spreadsheet; JSON with quotes and commas survives the quoting.
    expect(JSON.parse(filled[8]!)).toEqual({ name: 'Stream "42", old' })
    expect(JSON.parse(filled[9]!)).toEqual({ name: '=Stream 42' })
    expect(new Set(rows.map((row) => row[0])).size).toBe(expected)

    const json = await call('cal', 'GET', '/api/v1/audit/export?tenant_id=charlie&format=json')
    expect(json.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-charlie-\d{4}-\d\d-\d\d\.json"$/)
    const entries = JSON.parse(json.text) as Entry[]
    expect(entries).toHaveLength(expected)
    expect(Object.keys(entries[0]!).sort()).toEqual(['action', 'actor', 'after', 'at', 'before', 'id', 'organisation_id', 'resource', 'tenant_id'])
    expect(entries.map((e) => e.id)).toEqual(rows.map((row) => row[0]))

    // Filters apply to the export as to the list.
    const filtered = JSON.parse(
      (await call('cal', 'GET', '/api/v1/audit/export?tenant_id=charlie&format=json&action=tenant.rename&actor=demo-cal')).text,
    ) as Entry[]
    expect(filtered.map((e) => e.action)).toEqual(['tenant.rename', 'tenant.rename'])
    // An empty result is an empty file with its header.
    expect((await call('cal', 'GET', '/api/v1/audit/export?tenant_id=charlie&format=json&resource_id=none')).text).toBe('[]')
    expect((await call('cal', 'GET', '/api/v1/audit/export?tenant_id=charlie&format=csv&resource_id=none')).text).toBe(`${csv[0]!.join(',')}\r\n`)
  })

  it('lets the console read the file name across origins', async () => {
    const response = await fetch(`${server.url}/api/v1/audit/export?tenant_id=alpha&format=json`, {
      headers: { authorization: `Bearer ${tokens.ada}`, origin: 'http://127.0.0.1:5173' },
    })
    await response.body?.cancel()
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(response.headers.get('access-control-expose-headers')?.split(/,\s*/)).toContain('Content-Disposition')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('a formula at the start of a cell is defused in the CSV, for every character the guard names', async () => {
    // A stream id may start with "-" (letters, digits, _ and -), and the export writes it as a cell of its own.
    await change('wes', 'POST', '/api/v1/videos?tenant_id=alpha', { video_id: '-2-3', name: 'Minus', source: 'x' }, 201)
    // The identity provider takes any uid, and the export writes the actor's uid as a cell of its own: one account
    // per character csvCell names (=, +, -, @, tab, carriage return), each a writer in Alpha who adds a stream.
    const formulas = ['=HYPERLINK("http://evil.test","x")', '+1+2', '-1+2', '@SUM(1+2)', '\t=1+2', '\r=1+2']
    expect(formulas.map((formula) => formula[0])).toEqual(['=', '+', '-', '@', '\t', '\r'])
    for (const [i, formula] of formulas.entries()) {
      const email = `formula-${i}@honu.test`
      expect(await server.identity.ensureUser({ uid: formula, email, password: 'formula-pass-1' })).toBe(formula)
      await server.db.query('insert into users (uid, name, email, permissions) values ($1, $2, $3, $4)', [
        formula,
        'Formula',
        email,
        { alpha: ['writer'] },
      ])
      tokens[`formula-${i}`] = await signIn(email, 'formula-pass-1')
      const { entries } = await change(
        `formula-${i}`,
        'POST',
        '/api/v1/videos?tenant_id=alpha',
        { video_id: `formula-${i}`, name: 'F', source: 'x' },
        201,
      )
      expect(entries.map((e) => e.actor.uid)).toEqual([formula])
    }

    const file = await call('ada', 'GET', '/api/v1/audit/export?tenant_id=alpha&format=csv&action=video.create')
    expect(file.status).toBe(200)
    const rows = parseCsv(file.text).slice(1)
    const rowOf = (videoId: string) => rows.find((row) => row[7] === videoId || row[7] === `'${videoId}`)!
    // Each value is in its cell as it is, after a "'" that makes it text, never a formula.
    expect(rowOf('-2-3')[7]).toBe(`'-2-3`)
    expect(formulas.map((_, i) => rowOf(`formula-${i}`)[2])).toEqual(formulas.map((formula) => `'${formula}`))
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })
})

describe('the OpenAPI document', () => {
  it("describes the audit routes and the users list's paging, each behind a bearer token; hides the test controls", async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown; parameters?: { name: string; in: string }[]; summary?: string }>>
    }
    const query = (path: string) =>
      (document.paths[path]?.get?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort()
    expect(query('/api/v1/audit')).toEqual([
      'action',
      'actor',
      'cursor',
      'from',
      'limit',
      'organisation_id',
      'resource_id',
      'resource_type',
      'tenant_id',
      'to',
    ])
    expect(query('/api/v1/audit/export')).toEqual([
      'action',
      'actor',
      'format',
      'from',
      'organisation_id',
      'resource_id',
      'resource_type',
      'tenant_id',
      'to',
    ])
    expect(query('/api/v1/users/')).toEqual(['cursor', 'limit', 'q', 'sort', 'tenant_id'])
    for (const path of ['/api/v1/audit', '/api/v1/audit/export']) {
      expect(document.paths[path]!.get!.security).toEqual([{ bearer: [] }])
      expect(document.paths[path]!.get!.summary).toBeTruthy()
    }
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/test/'))).toEqual([])
  })
})

describe('test controls', () => {
  it('exist only on a server started with test controls', async () => {
    const plain = await startTestServer()
    try {
      for (const path of ['/test/audit/fill', '/test/users/fill']) {
        const response = await fetchFrom(plain, 'POST', path, undefined, { tenant_id: 'alpha', count: 1 })
        expect({ path, status: response.status }).toEqual({ path, status: 404 })
      }
    } finally {
      await plain.close()
    }
    expect((await call('ops', 'POST', '/test/audit/fill', { tenant_id: 'zulu', count: 1 })).status).toBe(404)
    expect((await call('ops', 'POST', '/test/audit/fill', { tenant_id: 'alpha', count: 0 })).status).toBe(400)
  })
})

/** A CSV parser after RFC 4180 (quoted cells, doubled quotes, CRLF), as a spreadsheet reads the file. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}
