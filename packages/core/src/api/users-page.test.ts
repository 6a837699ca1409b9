import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, startTestServer } from '../../test/http-test-server'
import { ConsoleError } from '../errors/console-error'
import { createHttpClient } from './http-client'
import { createV1Client } from './create-v1-client'

let server: Awaited<ReturnType<typeof startTestServer>>
let answer: { status: number; body: unknown }
beforeAll(async () => {
  server = await startTestServer((_req, res) => json(res, answer.status, answer.body))
})
afterAll(() => server.close())
beforeEach(() => {
  answer = { status: 200, body: { data: [], next_cursor: null, total_count: 0 } }
})

const client = () => createV1Client({ http: createHttpClient({ getToken: async () => 't' }), baseUrl: server.url })
const last = () => server.requests.at(-1)!

describe('listUsersPage (the paged GET /users/ of issue 15)', () => {
  it('asks for the page, search and sort under the server parameter names, with the bearer token', async () => {
    await client().listUsersPage('t1', { limit: 100, cursor: 'c2', q: '  ada ', sort: '-joined' })
    expect(last()).toMatchObject({ method: 'GET', url: '/api/v1/users/?tenant_id=t1&limit=100&cursor=c2&q=ada&sort=-joined' })
    expect(last().headers.authorization).toBe('Bearer t')
  })

  it('leaves out what is not asked (an empty search, no cursor)', async () => {
    await client().listUsersPage('t1', { limit: 50, q: '   ' })
    expect(last().url).toBe('/api/v1/users/?tenant_id=t1&limit=50')
  })

  it('answers users with role, avatar and joined, the next cursor and the total', async () => {
    answer = {
      status: 200,
      body: {
        data: [
          { uid: 'u1', name: 'Ada', email: 'ada@example.com', permissions: { t1: ['writer'] }, joined: '2026-01-04T00:00:00.000Z' },
          { uid: 'u2', name: 'Bo', email: 'bo@example.com', permissions: { '*': ['org-admin'] } },
        ],
        next_cursor: 'next',
        total_count: 10_000,
      },
    }
    const page = await client().listUsersPage('t1', { limit: 2 })
    expect(page.nextCursor).toBe('next')
    expect(page.totalCount).toBe(10_000)
    expect(page.users[0]).toMatchObject({ uid: 'u1', role: 'writer', joined: '2026-01-04T00:00:00.000Z' })
    expect(page.users[0]!.avatar).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}/)
    expect(page.users[1]).toMatchObject({ uid: 'u2', role: 'org-admin' })
    expect(page.users[1]).not.toHaveProperty('joined')
  })

  it('a last page answers no cursor; without total_count the total is the page', async () => {
    answer = { status: 200, body: { data: [{ uid: 'u1', name: 'Ada', email: 'a@x', permissions: {} }] } }
    await expect(client().listUsersPage('t1')).resolves.toMatchObject({ nextCursor: null, totalCount: 1 })
  })

  it.each([
    ['no data field', {}],
    ['an empty answer', null],
  ])('a missing user list (%s) only logs a warning and answers an empty page (spec §8)', async (_what, body) => {
    answer = { status: 200, body }
    const logger = { warn: vi.fn(), error: vi.fn() }
    const v1 = createV1Client({ http: createHttpClient({ getToken: async () => 't' }), baseUrl: server.url, logger })
    await expect(v1.listUsersPage('t1', { limit: 10 })).resolves.toEqual({ users: [], nextCursor: null, totalCount: 0 })
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(logger.warn.mock.calls[0]![0]).toMatch(/no user list for tenant "t1"/)
  })

  it('refuses an answer that is not a page of users, naming the field', async () => {
    answer = { status: 200, body: { data: [{ name: 'no uid' }] } }
    await expect(client().listUsersPage('t1')).rejects.toMatchObject({
      code: 'http/status',
      message: expect.stringMatching(/data\[0\]\.uid is missing/),
    })
  })

  it('fails with "Unable to find Tenant Id" without a tenant id, asking nothing', async () => {
    const before = server.requests.length
    const failure = await client()
      .listUsersPage('')
      .catch((e: unknown) => e)
    expect(ConsoleError.is(failure)).toBe(true)
    expect((failure as ConsoleError).message).toBe('Unable to find Tenant Id')
    expect(server.requests.length).toBe(before)
  })

  it('hands the server refusal on (403)', async () => {
    answer = { status: 403, body: { message: 'Forbidden' } }
    await expect(client().listUsersPage('t1', { limit: 10 })).rejects.toMatchObject({ status: 403 })
  })
})

describe('createUser with a tenant (issue 15: the audit entry of a creation is filed under it)', () => {
  it('sends tenant_id in the query, the spec payload in the body', async () => {
    answer = { status: 201, body: { uid: 'new-uid' } }
    await expect(client().createUser({ name: 'Ada', email: 'a@x' }, { tenantId: 't1' })).resolves.toEqual({ uid: 'new-uid' })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/v1/users?tenant_id=t1', body: { name: 'Ada', email: 'a@x' } })
  })
})
