import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiError } from '../api-error'
import type { Caller, Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { withReadCache } from '../db/read-cache'
import type { UserRow } from '../routes/v1-access'
import { accountOf, callerOf, declaredAccess, registerAccessGate, userOf } from './access-gate'
import { loadOrganisationCaller, type Membership } from './organisation-caller'
import { ROUTE_ACCESS, securityOf, type RouteAccess } from './route-access'

// The gate's decisions, with a stand-in identity provider that knows a few fixed tokens and the two reads it makes
// answered from memory. The integration tests (test/access-gate.test.ts, test/isolation-matrix.test.ts…)
// run the same gate inside the whole server against the Firebase Auth emulator.

const CALLERS: Record<string, Caller> = {
  'token-ada': { uid: 'ada', email: 'ada@honu.test', emailVerified: true },
  'token-noel': { uid: 'noel', email: 'noel@honu.test', emailVerified: true },
  'token-mia': { uid: 'mia', email: 'mia@honu.test', emailVerified: true },
  'token-sam': { uid: 'sam', email: 'sam@honu.test', emailVerified: true },
}
/** Verifies only the tokens above; any other token is refused, as the identity provider refuses a bad one. */
const identity: Identity = {
  mode: 'emulator',
  verify: async (token) => {
    const caller = CALLERS[token]
    if (!caller) throw new Error('invalid token')
    return { ...caller }
  },
  ensureUser: async () => 'unused',
  deleteUser: async () => undefined,
  close: async () => undefined,
}

// ada: a console user. noel: signed in, no console record, no membership. mia: member of two organisations, super
// admin in one. sam: member of one organisation, no super admin.
const USERS: UserRow[] = [{ uid: 'ada', name: 'Ada', email: 'ada@honu.test', permissions: { alpha: ['reader'] } }]
const member = (id: string, uid: string, organisationId: string, superAdmin: boolean): Membership => ({
  id,
  uid,
  email: `${uid}@honu.test`,
  name: uid,
  organisation_id: organisationId,
  roles: {},
  super_admin: superAdmin,
})
const MEMBERSHIPS: Membership[] = [member('m1', 'mia', 'org-a', false), member('m2', 'mia', 'org-b', true), member('s1', 'sam', 'org-a', false)]

/**
 * The database at the boundary: answers the two reads the gate makes (a console user, an account's memberships)
 * from the arrays above. Any other statement fails the test. (The integration tests run the real SQL.)
 */
const memoryDb = (memberships: Membership[] = MEMBERSHIPS): Database => ({
  kind: 'pglite',
  query: async <Row>(sql: string, params: readonly unknown[] = []) => {
    if (/^select .+ from users where uid = \$1$/.test(sql)) return USERS.filter((u) => u.uid === params[0]) as Row[]
    if (/^select .+ from mp_users where uid = \$1$/.test(sql)) return memberships.filter((m) => m.uid === params[0]) as Row[]
    throw new Error(`unexpected statement: ${sql}`)
  },
  exec: async () => {
    throw new Error('unexpected exec')
  },
  transaction: async () => {
    throw new Error('unexpected transaction')
  },
  close: async () => undefined,
})
const db = memoryDb()

describe('declared access', () => {
  it('answers each of the seven accesses a route may declare', () => {
    expect(ROUTE_ACCESS).toEqual(['public', 'user', 'account', 'organisation', 'media', 'test', 'live'])
    for (const access of ROUTE_ACCESS) expect(declaredAccess({ method: 'GET', url: '/x', config: { access } })).toBe(access)
  })

  it('refuses a route without an access, naming the route and the accesses it may declare', () => {
    const hint = 'give it config: { access } with one of public, user, account, organisation, media, test, live (see src/access/route-access.ts).'
    expect(() => declaredAccess({ method: 'GET', url: '/open' })).toThrow(`Route GET /open declares no access: ${hint}`)
    expect(() => declaredAccess({ method: 'POST', url: '/open', config: {} })).toThrow(`Route POST /open declares no access: ${hint}`)
    expect(() => declaredAccess({ method: ['GET', 'HEAD'], url: '/both', config: {} })).toThrow(`Route GET,HEAD /both declares no access: ${hint}`)
  })

  it('refuses an unknown access, misspelt or of the wrong type', () => {
    const cases: [unknown, string][] = [
      ['pubic', '"pubic"'],
      ['User', '"User"'],
      ['', '""'],
      [null, 'null'],
      [true, 'true'],
      [['public'], '["public"]'],
    ]
    for (const [access, shown] of cases) {
      expect(() => declaredAccess({ method: 'GET', url: '/x', config: { access } })).toThrow(
        `Route GET /x declares an unknown access ${shown}: give it config: { access } with one of `,
      )
    }
  })
})

describe('OpenAPI security of an access', () => {
  it('needs nothing on public, test and live routes, a bearer token elsewhere, and on media routes a media token instead', () => {
    const expected: Record<RouteAccess, Record<string, string[]>[]> = {
      public: [],
      test: [],
      live: [],
      user: [{ bearer: [] }],
      account: [{ bearer: [] }],
      organisation: [{ bearer: [] }],
      media: [{ bearer: [] }, { mediaToken: [] }],
    }
    for (const access of ROUTE_ACCESS) expect({ access, security: securityOf(access) }).toEqual({ access, security: expected[access] })
  })
})

/** What a route's handler saw on the request. */
interface Seen {
  user: unknown
  account: unknown
  caller: unknown
}

/** A Fastify app with the gate, one route per access, and the API's error answer for an ApiError. */
async function gatedApp(): Promise<{ app: FastifyInstance; errors: string[] }> {
  const app = Fastify()
  const errors: string[] = []
  registerAccessGate(app, { db, identity })
  app.setErrorHandler((error: Error, _request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send({ code: error.code, message: error.message })
    errors.push(error.message)
    return reply.code(500).send({ code: 'internal' })
  })
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ code: 'not-found' }))
  const seen = (request: FastifyRequest): Seen => ({ user: request.user, account: request.account, caller: request.caller })
  for (const access of ROUTE_ACCESS) app.get(`/${access}`, { config: { access } }, async (request) => seen(request))
  app.get('/user/me', { config: { access: 'user' } }, async (request) => userOf(request))
  app.get('/account/me', { config: { access: 'account' } }, async (request) => accountOf(request))
  app.get('/organisation/me', { config: { access: 'organisation' } }, async (request) => callerOf(request))
  // A handler reading what its route's access does not load.
  app.get('/public/reads-user', { config: { access: 'public' } }, async (request) => userOf(request))
  // Cannot happen in the server (createApp refuses such a route at registration): the gate fails closed.
  app.get('/undeclared', async () => 'open')
  await app.ready()
  return { app, errors }
}

// Built by the first test that asks, not in a hook: a gate that fails to register then fails the tests (an error
// in a hook only skips them, which a mutation run reads as passing).
let built: Promise<{ app: FastifyInstance; errors: string[] }> | undefined
const gate = () => (built ??= gatedApp())
afterAll(async () => {
  await (await built?.catch(() => undefined))?.app.close()
})

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await (await gate()).app.inject({ method: 'GET', url, headers })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const unauthenticated = { code: 'unauthenticated', message: 'Sign in again: the access token is missing, invalid or expired.' }

describe('the access gate', () => {
  it('registers on an app: the request fields it fills start empty, and it runs on every request', async () => {
    const { app } = await gatedApp()
    try {
      expect((await app.inject({ method: 'GET', url: '/public' })).json()).toEqual({ user: null, account: null, caller: null })
      expect((await app.inject({ method: 'GET', url: '/user' })).statusCode).toBe(401)
      expect((await app.inject({ method: 'GET', url: '/organisation', headers: bearer('token-sam') })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('refuses a user, account or organisation route without a valid bearer token: 401 unauthenticated', async () => {
    for (const route of ['/user', '/account', '/organisation']) {
      for (const headers of [{}, bearer('token-unknown'), { authorization: 'Basic YWRhOnB3' }, { authorization: 'Bearer ' }]) {
        expect({ route, headers, ...(await get(route, headers)) }).toEqual({ route, headers, status: 401, body: unauthenticated })
      }
    }
  })

  it('lets a public, test or live route through with no token, and loads no one', async () => {
    for (const route of ['/public', '/test', '/live']) {
      expect({ route, ...(await get(route)) }).toEqual({ route, status: 200, body: { user: null, account: null, caller: null } })
      // A token changes nothing there: no one is looked up.
      expect({ route, ...(await get(route, bearer('token-ada'))) }).toEqual({
        route,
        status: 200,
        body: { user: null, account: null, caller: null },
      })
    }
  })

  it('a user route: a console user gets in with their record on the request; an account without one is refused 403 no-access', async () => {
    expect(await get('/user', bearer('token-ada'))).toEqual({
      status: 200,
      body: { user: { uid: 'ada', name: 'Ada', email: 'ada@honu.test', permissions: { alpha: ['reader'] } }, account: null, caller: null },
    })
    expect((await get('/user/me', bearer('token-ada'))).body).toEqual({
      uid: 'ada',
      name: 'Ada',
      email: 'ada@honu.test',
      permissions: { alpha: ['reader'] },
    })
    // Signed in, but no console record (a mission-planning member is no console user either).
    for (const token of ['token-noel', 'token-mia']) {
      expect(await get('/user', bearer(token))).toEqual({
        status: 403,
        body: { code: 'no-access', message: 'This account has no access to the console. Ask an admin to add you.' },
      })
    }
  })

  it('an account route: any verified account gets in, with or without a console record, as the verified caller', async () => {
    expect(await get('/account', bearer('token-noel'))).toEqual({
      status: 200,
      body: { user: null, account: { uid: 'noel', email: 'noel@honu.test', emailVerified: true }, caller: null },
    })
    expect((await get('/account/me', bearer('token-ada'))).body).toEqual({ uid: 'ada', email: 'ada@honu.test', emailVerified: true })
  })

  it('an organisation route: a member gets in with every membership; an account with none is refused 403 no-access', async () => {
    const mia = await get('/organisation', bearer('token-mia'))
    expect(mia.status).toBe(200)
    expect(mia.body.user).toBeNull()
    expect(mia.body.account).toBeNull()
    const caller = mia.body.caller as { uid: string; superAdmin: boolean; memberships: { id: string }[] }
    expect({ ...caller, memberships: caller.memberships.map((m) => m.id) }).toEqual({ uid: 'mia', superAdmin: true, memberships: ['m1', 'm2'] })
    expect((await get('/organisation/me', bearer('token-sam'))).body).toEqual({
      uid: 'sam',
      superAdmin: false,
      memberships: [{ id: 's1', uid: 'sam', email: 'sam@honu.test', name: 'sam', organisation_id: 'org-a', roles: {}, super_admin: false }],
    })
    // A console user with no membership is no mission-planning caller.
    for (const token of ['token-ada', 'token-noel']) {
      expect(await get('/organisation', bearer(token))).toEqual({
        status: 403,
        body: { code: 'no-access', message: 'This account has no access to mission planning. Ask an organisation admin.' },
      })
    }
  })

  it('a media route: refused 401 with neither a bearer header nor a media token; either one reaches the route, which checks it', async () => {
    expect(await get('/media')).toEqual({ status: 401, body: unauthenticated })
    expect(await get('/media?other=1')).toEqual({ status: 401, body: unauthenticated })
    const through = { status: 200, body: { user: null, account: null, caller: null } }
    // The gate does not verify these (the media routes check them against the stream): even a bad one gets through.
    expect(await get('/media', bearer('token-unknown'))).toEqual(through)
    expect(await get('/media?media_token=anything')).toEqual(through)
    expect(await get('/media?media_token=')).toEqual(through)
  })

  it('fails closed on a route that declares no access (500), and leaves a request no route matched to the not-found handler', async () => {
    expect(await get('/undeclared')).toEqual({ status: 500, body: { code: 'internal' } })
    expect((await gate()).errors).toContain('Route GET /undeclared has no declared access.')
    const before = (await gate()).errors.length
    expect(await get('/nowhere')).toEqual({ status: 404, body: { code: 'not-found' } })
    expect((await gate()).errors).toHaveLength(before)
  })
})

describe('reading what the gate loaded', () => {
  // A programmer error: a handler reads what its route's access does not load.
  const request = { method: 'GET', routeOptions: { url: '/api/x' }, user: null, account: null, caller: null } as unknown as FastifyRequest

  it('throws, naming the route and the access it would need', () => {
    expect(() => userOf(request)).toThrow("GET /api/x reads the user but is not declared 'user'.")
    expect(() => callerOf(request)).toThrow("GET /api/x reads the caller but is not declared 'organisation'.")
    expect(() => accountOf(request)).toThrow("GET /api/x reads the account but is not declared 'account'.")
  })

  it('a route of another access reading the user is a server error, not an answer, even for a console user', async () => {
    expect(await get('/public/reads-user', bearer('token-ada'))).toEqual({ status: 500, body: { code: 'internal' } })
    expect((await gate()).errors).toContain("GET /public/reads-user reads the user but is not declared 'user'.")
  })
})

describe('the organisation caller', () => {
  it('is read through the read cache: a membership removed behind its back counts once the cached answer is too old', async () => {
    // The memberships change behind the cache's back, as another server process would change them.
    let clock = 0
    const memberships = [member('t1', 'tia', 'org-a', false)]
    const cached = withReadCache(memoryDb(memberships), { maxAgeMs: 1000, now: () => clock })
    expect((await loadOrganisationCaller(cached, 'tia')).memberships.map((m) => m.id)).toEqual(['t1'])
    memberships.pop()
    clock = 999
    expect((await loadOrganisationCaller(cached, 'tia')).memberships.map((m) => m.id)).toEqual(['t1'])
    clock = 1000
    await expect(loadOrganisationCaller(cached, 'tia')).rejects.toMatchObject({ status: 403, code: 'no-access' })
  })

  it('is a super admin when any one membership says so', async () => {
    expect((await loadOrganisationCaller(db, 'mia')).superAdmin).toBe(true)
    expect((await loadOrganisationCaller(db, 'sam')).superAdmin).toBe(false)
  })
})
