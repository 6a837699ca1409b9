import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { clientsAs, raw, startTestServer } from './test-server'

// Issue 10, point 5: nothing a caller sends may tell them whether something exists in a tenant or an
// organisation they do not belong to. Each oracle the attack found is asked here, with the same call made for
// a foreign thing and for one that does not exist: the answers must not differ beyond the id itself.
let server: RunningServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const who of ['ada', 'bea', 'cal', 'wes', 'ops']) tokens[who] = (await clientsAs(server, `${who}@honu.test`)).token
})
afterAll(() => server.close())

const call = (who: string, method: string, path: string, body?: unknown) =>
  raw(server, method, path, { token: tokens[who], body: body === undefined ? undefined : JSON.stringify(body) })

/** An answer with the given ids replaced, to compare a foreign id's answer with a free one's. */
const withoutIds = (answer: { status: number; body: unknown }, ...ids: string[]) => {
  let text = JSON.stringify(answer.body)
  for (const id of ids) text = text.replaceAll(id, '<id>')
  return { status: answer.status, body: JSON.parse(text) as unknown }
}

describe('stream ids are unique per tenant', () => {
  it('creating a stream with another tenant’s id answers exactly as with a free id', async () => {
    const foreign = await call('wes', 'POST', '/api/v1/videos?tenant_id=alpha', { video_id: 'bravo-deck', name: 'Mine', source: 'x' })
    const free = await call('wes', 'POST', '/api/v1/videos?tenant_id=alpha', { video_id: 'never-used-id', name: 'Mine', source: 'x' })
    expect(foreign.status).toBe(201)
    expect(Object.keys(foreign.body).sort()).toEqual(Object.keys(free.body).sort())
    expect(foreign.body).toMatchObject({ video_id: 'bravo-deck', tenant_id: 'alpha', name: 'Mine' })
    // Bravo's stream of the same id is untouched, and each tenant lists only its own.
    const [bravo] = await server.db.query<{ name: string }>("select name from videos where tenant_id = 'bravo' and video_id = 'bravo-deck'")
    expect(bravo?.name).toBe('Deck camera')
    // A second stream with an id this tenant already uses is a conflict the writer can see anyway.
    expect((await call('wes', 'POST', '/api/v1/videos?tenant_id=alpha', { video_id: 'bravo-deck', name: 'Again', source: 'x' })).status).toBe(409)
    for (const id of ['bravo-deck', 'never-used-id']) expect((await call('wes', 'DELETE', `/api/v1/videos/${id}?tenant_id=alpha`)).status).toBe(204)
    expect((await call('bea', 'GET', '/api/v1/videos?tenant_id=bravo')).body.data).toContainEqual(expect.objectContaining({ video_id: 'bravo-deck' }))
  })

  it('changing or deleting another tenant’s stream through one’s own tenant answers as a missing one', async () => {
    for (const [method, body] of [
      ['PUT', { name: 'x', source: 'y' }],
      ['DELETE', undefined],
    ] as const) {
      const foreign = await call('wes', method, '/api/v1/videos/bravo-deck?tenant_id=alpha', body)
      const missing = await call('wes', method, '/api/v1/videos/no-such-stream?tenant_id=alpha', body)
      expect(foreign.status).toBe(404)
      expect(withoutIds(foreign, 'bravo-deck')).toEqual(withoutIds(missing, 'no-such-stream'))
    }
  })
})

describe('a new user is invited, not looked up', () => {
  const uidShape = /^[A-Za-z0-9]{28}$/

  it('an account that shares no tenant with the admin answers like an e-mail nobody has', async () => {
    // Bea administers Bravo; Cal is only in Charlie.
    const known = await call('bea', 'POST', '/api/v1/users', { name: 'Cal', email: 'cal@honu.test' })
    const unknown = await call('bea', 'POST', '/api/v1/users', { name: 'Nobody', email: `nobody-${Date.now()}@honu.test` })
    expect(known.status).toBe(201)
    expect(unknown.status).toBe(201)
    const [invited, fresh] = [known.body as unknown as { uid: string }, unknown.body as unknown as { uid: string }]
    expect(Object.keys(invited)).toEqual(['uid'])
    expect(Object.keys(fresh)).toEqual(['uid'])
    expect(invited.uid).toMatch(uidShape)
    expect(fresh.uid).toMatch(uidShape)
    expect(invited.uid).not.toBe('demo-cal')
    // The invitation is its inviter's (pending, under its own id, never Cal's); to anyone else (Ada administers
    // Alpha only) it is as unknown as any other id.
    expect(await call('bea', 'GET', `/api/v1/users/${invited.uid}`)).toMatchObject({
      status: 200,
      body: { uid: invited.uid, email: 'cal@honu.test', permissions: {}, pending: true },
    })
    const pending = await call('ada', 'GET', `/api/v1/users/${invited.uid}`)
    const missing = await call('ada', 'GET', '/api/v1/users/NoSuchUidNoSuchUidNoSuchUid0')
    expect(pending.status).toBe(404)
    expect(withoutIds(pending, invited.uid)).toEqual(withoutIds(missing, 'NoSuchUidNoSuchUidNoSuchUid0'))
  })

  it('a user the admin already shares a tenant with answers their uid', async () => {
    // Cora is a controller in Bravo.
    expect(await call('bea', 'POST', '/api/v1/users', { name: 'Cora', email: 'Cora@honu.test' })).toMatchObject({
      status: 200,
      body: { uid: 'demo-cora' },
    })
  })

  it('granting a role leaves it on the invitation: the account is not attached by its e-mail (issue 22)', async () => {
    const { body } = await call('bea', 'POST', '/api/v1/users', { name: 'Cal', email: 'cal@honu.test' })
    const invitation = (body as unknown as { uid: string }).uid
    expect(await call('bea', 'POST', `/api/v1/users/${invitation}/role`, { tenant: 'bravo', role: 'reader' })).toMatchObject({ status: 201 })
    // The role waits on the invitation; Cal's account and record are untouched, and still invisible to Bea.
    expect(await call('bea', 'GET', `/api/v1/users/${invitation}`)).toMatchObject({
      status: 200,
      body: { uid: invitation, email: 'cal@honu.test', permissions: { bravo: ['reader'] }, pending: true },
    })
    const [cal] = await server.db.query<{ permissions: Record<string, string[]> }>("select permissions from users where uid = 'demo-cal'")
    expect(cal?.permissions).toEqual({ charlie: ['admin'] })
    expect((await call('bea', 'GET', '/api/v1/users/demo-cal')).status).toBe(404)
    // Deleting its roles removes the invitation.
    expect((await call('bea', 'DELETE', `/api/v1/users/${invitation}/role/bravo`)).status).toBe(204)
    expect((await call('bea', 'GET', `/api/v1/users/${invitation}`)).status).toBe(404)
  })

  it('an invitation for a new e-mail makes no account when a role is granted', async () => {
    const email = `invited-${Date.now()}@honu.test`
    const { body } = await call('ada', 'POST', '/api/v1/users', { name: 'Invited', email })
    const invitation = (body as unknown as { uid: string }).uid
    expect((await call('ada', 'POST', `/api/v1/users/${invitation}/role`, { tenant: 'alpha', role: 'reader' })).status).toBe(201)
    expect(await server.db.query('select 1 from users where email = $1', [email])).toEqual([])
    const [pending] = await server.db.query<{ permissions: unknown }>('select permissions from invitations where id = $1', [invitation])
    expect(pending).toEqual({ permissions: { alpha: ['reader'] } })
  })

  it('role calls on a user who shares no tenant answer as on a missing uid', async () => {
    // Ada administers Alpha; Bea is only in Bravo (where Ada is a reader, not an admin).
    for (const [method, path, body] of [
      ['POST', 'role', { tenant: 'alpha', role: 'reader' }],
      ['PUT', 'role', { tenant: 'alpha', role: 'reader', new_role: 'writer' }],
      ['DELETE', 'role/alpha', undefined],
      ['GET', '', undefined],
    ] as const) {
      const foreign = await call('ada', method, `/api/v1/users/demo-bea/${path}`.replace(/\/$/, ''), body)
      const missing = await call('ada', method, `/api/v1/users/demo-nobody/${path}`.replace(/\/$/, ''), body)
      expect(foreign.status).toBe(404)
      expect(withoutIds(foreign, 'demo-bea')).toEqual(withoutIds(missing, 'demo-nobody'))
    }
    const [bea] = await server.db.query<{ permissions: unknown }>("select permissions from users where uid = 'demo-bea'")
    expect(bea?.permissions).toEqual({ bravo: ['admin'] })
  })
})

describe('v2 records stay in their organisation', () => {
  it('a record cannot point at another organisation’s record; the refusal is that of a missing one', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['mission', { name: 'm', organisation_id: 'org-kai', campaign_id: 'camp-reef' }, 'camp-reef', 'camp-none'],
      ['execution', { status: 'planned', organisation_id: 'org-kai', mission_id: 'mis-north' }, 'mis-north', 'mis-none'],
      ['execution', { status: 'planned', mission_id: 'mis-bay', platform_id: 'plat-kahu' }, 'plat-kahu', 'plat-none'],
      ['asset', { name: 'a', organisation_id: 'org-kai', group_id: 'grp-sensors' }, 'grp-sensors', 'grp-none'],
    ]
    // Even a super admin, who can read both organisations, cannot join them.
    for (const who of ['cal', 'ops']) {
      for (const [resource, body, foreignId, missingId] of cases) {
        const foreign = await call(who, 'POST', `/api/v2/${resource}`, body)
        const missing = await call(who, 'POST', `/api/v2/${resource}`, JSON.parse(JSON.stringify(body).replace(foreignId, missingId)))
        expect({ resource, who, status: foreign.status }).toEqual({ resource, who, status: 400 })
        expect(withoutIds(foreign, foreignId)).toEqual(withoutIds(missing, missingId))
      }
    }
    // Nor can an update re-point a record.
    const moved = await call('cal', 'PUT', '/api/v2/mission/mis-bay', { campaign_id: 'camp-reef' })
    expect(moved).toMatchObject({ status: 400, body: { message: 'campaign_id "camp-reef" does not exist.' } })
    expect((await call('cal', 'GET', '/api/v2/mission/mis-bay')).body.data).toMatchObject({ campaign_id: 'camp-coast' })
  })

  it('a parent named without an organisation is looked up only in the caller’s organisations', async () => {
    const foreign = await call('cal', 'POST', '/api/v2/mission', { name: 'm', campaign_id: 'camp-reef' })
    const missing = await call('cal', 'POST', '/api/v2/mission', { name: 'm', campaign_id: 'camp-none' })
    expect(foreign.status).toBe(400)
    expect(withoutIds(foreign, 'camp-reef')).toEqual(withoutIds(missing, 'camp-none'))
  })

  it('creating in another organisation answers as in a missing one', async () => {
    const foreign = await call('cal', 'POST', '/api/v2/chart', { name: 'c', organisation_id: 'org-honu' })
    const missing = await call('cal', 'POST', '/api/v2/chart', { name: 'c', organisation_id: 'org-none' })
    expect(foreign.status).toBe(404)
    expect(withoutIds(foreign, 'org-honu')).toEqual(withoutIds(missing, 'org-none'))
    // A super admin cannot create records in an organisation that does not exist either.
    expect((await call('ops', 'POST', '/api/v2/chart', { name: 'c', organisation_id: 'org-none' })).status).toBe(404)
  })

  it('v2 ids are unique per organisation: another organisation’s id is as free as an unused one', async () => {
    const foreign = await call('cal', 'POST', '/api/v2/campaign', { id: 'camp-reef', name: 'Kai reef', organisation_id: 'org-kai' })
    const free = await call('cal', 'POST', '/api/v2/campaign', { id: 'camp-unused', name: 'Kai reef', organisation_id: 'org-kai' })
    expect(foreign.status).toBe(201)
    expect(withoutIds(foreign, 'camp-reef')).toMatchObject({ status: 201, body: { data: { name: 'Kai reef', organisation_id: 'org-kai' } } })
    expect(Object.keys(foreign.body.data as object).sort()).toEqual(Object.keys(free.body.data as object).sort())
    // Each organisation reads its own record under the shared id.
    expect((await call('cal', 'GET', '/api/v2/campaign/camp-reef')).body.data).toMatchObject({ name: 'Kai reef', organisation_id: 'org-kai' })
    expect((await call('ada', 'GET', '/api/v2/campaign/camp-reef')).body.data).toMatchObject({
      name: 'Reef survey 2026',
      organisation_id: 'org-honu',
    })
    // Someone who reads both is asked to say which, and can.
    expect(await call('ops', 'GET', '/api/v2/campaign/camp-reef')).toMatchObject({ status: 409, body: { code: 'ambiguous-id' } })
    expect((await call('ops', 'GET', '/api/v2/campaign/camp-reef?organisation_id=org-kai')).body.data).toMatchObject({ name: 'Kai reef' })
    expect((await call('cal', 'DELETE', '/api/v2/campaign/camp-reef')).status).toBe(204)
    expect((await call('cal', 'DELETE', '/api/v2/campaign/camp-unused')).status).toBe(204)
    expect((await call('ada', 'GET', '/api/v2/campaign/camp-reef')).status).toBe(200)
  })
})
