import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { EMULATOR_HOST } from './auth-emulator'
import { clientsAs, startTestServer } from './test-server'

// Issue 15: the users list of a large tenant, paged by the server (limit, cursor), searched (q) and sorted (sort),
// while a request without limit keeps spec §7's contract (every user, `{ data }`).

let server: RunningServer
let ada: string
let ops: string

interface User {
  uid: string
  name: string
  email: string
  permissions: Record<string, string[]>
  joined: string
}
interface Page {
  data: User[]
  next_cursor: string | null
  total_count: number
}

const FILLED = 2500

async function get(token: string, path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
  return { status: response.status, body: (await response.json()) as Page & { message?: string } }
}

/** Every user of Alpha, page after page. */
async function allPages(query: string, limit: number) {
  const users: User[] = []
  let cursor: string | null = null
  let pages = 0
  let total = -1
  do {
    const { status, body } = await get(ada, `/api/v1/users/?tenant_id=alpha&limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`)
    expect(status).toBe(200)
    expect(body.data.length).toBeLessThanOrEqual(limit)
    total = body.total_count
    users.push(...body.data)
    cursor = body.next_cursor
    pages++
  } while (cursor)
  return { users, pages, total }
}

beforeAll(async () => {
  server = await startTestServer({ mediaTestControls: true })
  ada = (await clientsAs(server, 'ada@honu.test')).token
  ops = (await clientsAs(server, 'ops@honu.test')).token
  const response = await fetch(`${server.url}/test/users/fill`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant_id: 'alpha', count: FILLED }),
  })
  expect(response.status).toBe(201)
})
afterAll(() => server.close())

describe('GET /api/v1/users/ paged', () => {
  it('without limit answers every user as { data } only (spec §7)', async () => {
    const { status, body } = await get(ada, '/api/v1/users/?tenant_id=alpha')
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['data'])
    expect(body.data.length).toBeGreaterThan(FILLED)
    expect(body.data[0]).toEqual({
      uid: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      permissions: { alpha: expect.any(Array) },
      joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    })
  })

  it('pages through every user once, in the same order as the whole list, with the total', async () => {
    const whole = (await get(ada, '/api/v1/users/?tenant_id=alpha&sort=name')).body.data
    const { users, pages, total } = await allPages('sort=name', 1000)
    expect(total).toBe(whole.length)
    expect(pages).toBe(Math.ceil(whole.length / 1000))
    expect(users.map((u) => u.uid)).toEqual(whole.map((u) => u.uid))
    // Only Alpha's roles are answered.
    expect(users.every((u) => Object.keys(u.permissions).join() === 'alpha')).toBe(true)
    const ada_ = users.find((u) => u.uid === 'demo-ada')!
    expect(ada_.permissions).toEqual({ alpha: ['admin'] })
  })

  it('sorts by name, e-mail and joined, ascending and descending', async () => {
    for (const sort of ['name', '-name', 'email', '-email', 'joined', '-joined']) {
      const whole = (await get(ada, `/api/v1/users/?tenant_id=alpha&sort=${sort}`)).body.data
      const { users } = await allPages(`sort=${encodeURIComponent(sort)}`, 700)
      expect({ sort, uids: users.map((u) => u.uid) }).toEqual({ sort, uids: whole.map((u) => u.uid) })
      // The filled users were named, addressed and joined in the same order: within them each sort is that order.
      const filled = users.filter((u) => u.uid.startsWith('fill-')).map((u) => u.uid)
      const ascending = [...filled].sort()
      expect({ sort, filled }).toEqual({ sort, filled: sort.startsWith('-') ? ascending.reverse() : ascending })
    }
    const joined = (await allPages('sort=joined', 1000)).users.map((u) => Date.parse(u.joined))
    expect(joined).toEqual([...joined].sort((a, b) => a - b))
  })

  it('searches name and e-mail, any case, with % and _ taken literally', async () => {
    const byName = await allPages('q=test%20user', 1000)
    expect(byName.total).toBe(FILLED)
    expect(byName.users).toHaveLength(FILLED)
    const one = (await get(ada, '/api/v1/users/?tenant_id=alpha&limit=10&q=ADA@HONU')).body
    expect(one.total_count).toBe(1)
    expect(one.data.map((u) => u.uid)).toEqual(['demo-ada'])
    expect(one.next_cursor).toBeNull()
    expect((await get(ada, '/api/v1/users/?tenant_id=alpha&limit=10&q=%25')).body.total_count).toBe(0)
    expect((await get(ada, '/api/v1/users/?tenant_id=alpha&limit=10&q=fill_')).body.total_count).toBe(0)
    expect((await get(ada, '/api/v1/users/?tenant_id=alpha&limit=10&q=fill-')).body.total_count).toBe(FILLED)
  })

  it('refuses a cursor of another sort or search, and a forged one', async () => {
    const first = (await get(ada, '/api/v1/users/?tenant_id=alpha&limit=5&sort=name')).body
    const other = await get(ada, `/api/v1/users/?tenant_id=alpha&limit=5&sort=email&cursor=${first.next_cursor}`)
    expect(other.status).toBe(400)
    expect(other.body.message).toMatch(/querystring\.cursor/)
    const forged = Buffer.from(JSON.stringify({ s: 'joined', k: '12345', u: 'x' })).toString('base64url')
    expect((await get(ada, `/api/v1/users/?tenant_id=alpha&limit=5&sort=joined&cursor=${forged}`)).status).toBe(400)
    const nul = Buffer.from(JSON.stringify({ s: 'name', k: 'a\u0000', u: 'x' })).toString('base64url')
    expect((await get(ada, `/api/v1/users/?tenant_id=alpha&limit=5&cursor=${nul}`)).status).toBe(400)
    expect((await get(ada, '/api/v1/users/?tenant_id=alpha&limit=5&cursor=!!')).status).toBe(400)
    expect((await get(ada, '/api/v1/users/?tenant_id=alpha&sort=age')).status).toBe(400)
  })

  it('keeps the access rules: admins of the tenant only', async () => {
    expect((await get(ada, '/api/v1/users/?tenant_id=bravo&limit=5')).status).toBe(403)
    expect((await get(ada, '/api/v1/users/?tenant_id=charlie&limit=5')).status).toBe(404)
    expect((await get(ops, '/api/v1/users/?tenant_id=charlie&limit=5')).status).toBe(200)
  })

  it('joined is the first role grant in the tenant, kept when the roles go and come back', async () => {
    // A fresh e-mail each run: the invitee signs up in the Auth emulator, which outlives a run.
    const email = `joiner.${Date.now()}@honu.test`
    const { uid } = (await (
      await fetch(`${server.url}/api/v1/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ops}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Joiner', email }),
      })
    ).json()) as { uid: string }
    const grant = (tenant: string, target = uid) =>
      fetch(`${server.url}/api/v1/users/${target}/role`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ops}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tenant, role: 'reader' }),
      })
    expect((await grant('bravo')).status).toBe(201)
    // The role waits on the invitation (issue 22) until the invitee signs up and accepts it.
    const signedUp = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'joiner-pass-1', returnSecureToken: true }),
    })
    const { idToken } = (await signedUp.json()) as { idToken: string }
    const accepted = await fetch(`${server.url}/api/v1/invitations/${uid}/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}` },
    })
    expect(accepted.status).toBe(200)
    const joinedIn = async (tenant: string) => {
      const body = (await get(ops, `/api/v1/users/?tenant_id=${tenant}&q=${email}`)).body
      return body.data.find((u) => u.email === email)?.joined
    }
    const first = await joinedIn('bravo')
    expect(first).toBeDefined()
    // The account (whose console record was made when the invitation was accepted) and its membership rows are the database's own record.
    const [member] = await server.db.query<{ joined: string }>(
      `select to_char(m.joined at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as joined
       from tenant_members m join users u on u.uid = m.uid where m.tenant_id = 'bravo' and u.email = $1`,
      [email],
    )
    expect(first).toBe(member!.joined)
    const account = (await get(ops, `/api/v1/users/?tenant_id=bravo&q=${email}`)).body.data[0]!.uid
    await server.db.query(`update tenant_members set joined = '2020-02-02T02:02:02Z' where uid = $1`, [account])
    const removed = await fetch(`${server.url}/api/v1/users/${account}/role/bravo`, { method: 'DELETE', headers: { authorization: `Bearer ${ops}` } })
    expect(removed.status).toBe(204)
    expect(await joinedIn('bravo')).toBeUndefined()
    expect((await grant('bravo', account)).status).toBe(201)
    expect(await joinedIn('bravo')).toBe('2020-02-02T02:02:02Z')
  })
})
