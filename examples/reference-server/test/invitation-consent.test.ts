import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { EMULATOR_HOST } from './auth-emulator'
import { clientsAs, raw, startTestServer } from './test-server'

// Issue 22, item 2: an invitation waits for its invitee's consent. Granting it a role never attaches an existing
// account (found by its e-mail) nor makes a sign-in account; the person with the e-mail accepts or declines.
let server: RunningServer
const tokens: Record<string, string> = {}
const EMULATOR = `http://${EMULATOR_HOST}`
const ADMIN = { 'content-type': 'application/json', authorization: 'Bearer owner' }

beforeAll(async () => {
  server = await startTestServer()
  for (const who of ['ada', 'bea', 'cal']) tokens[who] = (await clientsAs(server, `${who}@honu.test`)).token
})
afterAll(() => server.close())

const call = (token: string, method: string, path: string, body?: unknown) =>
  raw(server, method, path, { token, body: body === undefined ? undefined : JSON.stringify(body) })
const as = (who: string, method: string, path: string, body?: unknown) => call(tokens[who]!, method, path, body)

/** Signs a person up in the Auth emulator, as they would themselves; answers their uid and a token. */
async function signUp(email: string, password = 'consent-pass-1'): Promise<{ uid: string; token: string }> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const { localId, idToken } = (await response.json()) as { localId: string; idToken: string }
  return { uid: localId, token: idToken }
}

/** The sign-in accounts the emulator has for an e-mail. */
async function accountsWith(email: string): Promise<unknown[]> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-honu/accounts:lookup`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ email: [email] }),
  })
  return ((await response.json()) as { users?: unknown[] }).users ?? []
}

const permissionsOf = async (uid: string) =>
  (await server.db.query<{ permissions: Record<string, string[]> }>('select permissions from users where uid = $1', [uid]))[0]?.permissions

/** Ada invites `email` to Alpha and grants the invitation a role there; answers the invitation's id. */
async function inviteToAlpha(email: string, role = 'reader'): Promise<string> {
  const invited = await as('ada', 'POST', '/api/v1/users?tenant_id=alpha', { name: 'Invitee', email })
  expect(invited.status).toBe(201)
  const { uid: id } = invited.body as unknown as { uid: string }
  expect((await as('ada', 'POST', `/api/v1/users/${id}/role`, { tenant: 'alpha', role })).status).toBe(201)
  return id
}

describe('an invitation waits for consent', () => {
  it('granting a role to an existing account’s invitation changes nothing until they accept; accepting binds it', async () => {
    // Cal (Charlie's admin, in no tenant of Ada's) is invited to Alpha.
    const before = await permissionsOf('demo-cal')
    const id = await inviteToAlpha('cal@honu.test', 'writer')
    expect(await permissionsOf('demo-cal')).toEqual(before)
    // Alpha's list shows the invitation as pending, under its own id, never Cal's uid.
    const list = await as('ada', 'GET', '/api/v1/users/?tenant_id=alpha')
    const rows = (list.body as unknown as { data: { uid: string; pending?: boolean; email: string }[] }).data
    expect(rows.find((row) => row.email === 'cal@honu.test')).toMatchObject({ uid: id, pending: true, permissions: { alpha: ['writer'] } })
    expect(rows.some((row) => row.uid === 'demo-cal')).toBe(false)
    // A change of the role stays on the invitation too.
    expect((await as('ada', 'PUT', `/api/v1/users/${id}/role`, { tenant: 'alpha', role: 'writer', new_role: 'reader' })).status).toBe(200)
    expect(await permissionsOf('demo-cal')).toEqual(before)

    // Cal sees it (for his own e-mail only) and accepts: now he is a reader of Alpha.
    const mine = await as('cal', 'GET', '/api/v1/invitations')
    expect(mine.status).toBe(200)
    expect((mine.body as unknown as { data: unknown[] }).data).toEqual([
      { id, name: 'Invitee', tenants: [{ tenant_id: 'alpha', name: 'Alpha Harbour', roles: ['reader'] }], organisations: [] },
    ])
    expect(await as('cal', 'POST', `/api/v1/invitations/${id}/accept`)).toMatchObject({ status: 200, body: { uid: 'demo-cal' } })
    expect(await permissionsOf('demo-cal')).toEqual({ ...before, alpha: ['reader'] })
    expect((await as('cal', 'GET', '/api/v1/invitations')).body).toEqual({ data: [] })
    const [entry] = await server.db.query<{ action: string; before: unknown; after: unknown }>(
      "select action, before, after from audit_entries where action = 'invitation.accept' and resource_id = 'demo-cal' and tenant_id = 'alpha'",
    )
    expect(entry).toEqual({ action: 'invitation.accept', before: { roles: [] }, after: { roles: ['reader'], invitation: id } })
    // Put Cal back as he was.
    expect((await as('ada', 'DELETE', '/api/v1/users/demo-cal/role/alpha')).status).toBe(204)
  })

  it('an unknown e-mail makes no sign-in account; the new person signs up and accepts', async () => {
    const email = `consent-new-${Date.now()}@honu.test`
    const id = await inviteToAlpha(email)
    expect(await accountsWith(email)).toEqual([])
    expect(await server.db.query('select 1 from users where lower(email) = $1', [email])).toEqual([])
    // They sign up themselves: before accepting, their own record answers their pending invitations.
    const person = await signUp(email)
    expect(await call(person.token, 'GET', `/api/v1/users/${person.uid}`)).toMatchObject({
      status: 200,
      body: { uid: person.uid, permissions: {}, pending_invitations: 1 },
    })
    expect((await call(person.token, 'GET', '/api/v1/tenants')).status).toBe(403)
    expect((await call(person.token, 'POST', `/api/v1/invitations/${id}/accept`)).status).toBe(200)
    expect(await permissionsOf(person.uid)).toEqual({ alpha: ['reader'] })
    expect(await call(person.token, 'GET', `/api/v1/users/${person.uid}`)).toMatchObject({
      status: 200,
      body: { permissions: { alpha: ['reader'] } },
    })
  })

  it('an account with neither a console record nor invitations is still refused (Error logging in)', async () => {
    const person = await signUp(`consent-none-${Date.now()}@honu.test`)
    expect(await call(person.token, 'GET', `/api/v1/users/${person.uid}`)).toMatchObject({ status: 403, body: { code: 'no-access' } })
  })

  it('v2 invites answer the same shape for an existing and an unknown e-mail, never the account’s uid', async () => {
    const unknownEmail = `consent-v2-${Date.now()}@honu.test`
    const known = await as('ada', 'POST', '/api/v2/user/organisation/org-honu', { name: 'Bea', email: 'bea@honu.test' })
    const unknown = await as('ada', 'POST', '/api/v2/user/organisation/org-honu', { name: 'Nobody', email: unknownEmail })
    expect(known.status).toBe(unknown.status)
    const shape = (body: unknown) => JSON.stringify(body).replace(/"uid":"[A-Za-z0-9]{28}"/, '"uid":"<id>"')
    expect(shape(known.body)).toBe(shape(unknown.body))
    expect(JSON.stringify(known.body)).not.toContain('demo-bea')
    expect(await accountsWith(unknownEmail)).toEqual([])
    expect(await server.db.query("select 1 from mp_users where uid = 'demo-bea'")).toEqual([])
    // Bea accepts: the membership is hers now.
    const { uid: id } = (known.body as unknown as { data: { uid: string } }).data
    expect((await as('bea', 'POST', `/api/v1/invitations/${id}/accept`)).status).toBe(200)
    expect(await server.db.query<{ roles: unknown }>("select roles from mp_users where uid = 'demo-bea' and organisation_id = 'org-honu'")).toEqual([
      { roles: { Organisation: ['read'] } },
    ])
  })

  it('declining removes the invitation and grants nothing', async () => {
    const before = await permissionsOf('demo-cal')
    const id = await inviteToAlpha('cal@honu.test')
    expect((await as('cal', 'POST', `/api/v1/invitations/${id}/decline`)).status).toBe(204)
    expect(await permissionsOf('demo-cal')).toEqual(before)
    expect(await server.db.query('select 1 from invitations where id = $1', [id])).toEqual([])
    expect((await as('cal', 'POST', `/api/v1/invitations/${id}/accept`)).status).toBe(404)
    const list = (await as('ada', 'GET', '/api/v1/users/?tenant_id=alpha')).body as unknown as { data: { uid: string }[] }
    expect(list.data.some((row) => row.uid === id)).toBe(false)
  })

  it('another tenant’s admin cannot see the invitation, and nobody else can accept it', async () => {
    const email = `consent-other-${Date.now()}@honu.test`
    const id = await inviteToAlpha(email)
    // Bea administers Bravo only: the invitation answers as a missing id, and is not in Bravo's list.
    const seen = await as('bea', 'GET', `/api/v1/users/${id}`)
    const missing = await as('bea', 'GET', '/api/v1/users/NoSuchUidNoSuchUidNoSuchUid0')
    expect(seen.status).toBe(404)
    expect(JSON.stringify(seen.body).replaceAll(id, '<id>')).toBe(JSON.stringify(missing.body).replaceAll('NoSuchUidNoSuchUidNoSuchUid0', '<id>'))
    expect((await as('bea', 'POST', `/api/v1/users/${id}/role`, { tenant: 'bravo', role: 'reader' })).status).toBe(404)
    const bravo = (await as('bea', 'GET', '/api/v1/users/?tenant_id=bravo')).body as unknown as { data: { email: string }[] }
    expect(bravo.data.some((row) => row.email === email)).toBe(false)
    // Another person cannot see or accept it.
    expect((await as('cal', 'GET', '/api/v1/invitations')).body).toEqual({ data: [] })
    expect((await as('cal', 'POST', `/api/v1/invitations/${id}/accept`)).status).toBe(404)
    // Deleting its only role removes it.
    expect((await as('ada', 'DELETE', `/api/v1/users/${id}/role/alpha`)).status).toBe(204)
    expect(await server.db.query('select 1 from invitations where id = $1', [id])).toEqual([])
  })
})
