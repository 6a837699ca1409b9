import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { json, startTestServer } from '../../test/http-test-server'
import { createConsoleClient } from '../client/create-console-client'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createFakeAuthAdapter } from '../testing/create-fake-auth-adapter'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { getQueryCache } from './get-query-cache'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.url === '/health') return json(res, 200, { status: 'ok' })
    if (req.url.startsWith('/api/v1/users/u1')) return json(res, 200, { email: 'ada@x.io', permissions: { t1: ['reader'] } })
    return json(res, 404, {})
  })
})
afterAll(() => server.close())

function setup() {
  const auth = createFakeAuthAdapter({ initialUser: { uid: 'u1', email: 'ada@x.io' }, accounts: [{ uid: 'u1', email: 'ada@x.io', password: 'pw' }] })
  const client = createConsoleClient({
    api: { baseUrl: server.url },
    auth,
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    scheduler: createManualScheduler(),
    logger: { warn: vi.fn(), error: vi.fn() },
  })
  client.start()
  return { client, auth }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

it('is one cache per console, a different one for another console', () => {
  const a = setup().client
  const b = setup().client
  expect(getQueryCache(a)).toBe(getQueryCache(a))
  expect(getQueryCache(a)).not.toBe(getQueryCache(b))
  a.stop()
  b.stop()
})

it('loads the watched queries that failed again when the connection returns, and only those', async () => {
  const { client } = setup()
  await vi.waitFor(() => expect(client.session.getState().user?.uid).toBe('u1'))
  const cache = getQueryCache(client)
  const failing = vi
    .fn()
    .mockRejectedValueOnce(Object.assign(new Error('down'), { status: 0 }))
    .mockResolvedValue(['alpha'])
  const fine = vi.fn(async () => 'ok')
  cache.watch(['tenants'], failing, () => {})
  cache.watch(['fine'], fine, () => {})
  await flush()
  expect(cache.get(['tenants'])?.status).toBe('error')
  client.connection.getState().reportUnreachable()
  client.connection.getState().reportReachable()
  await flush()
  expect(cache.get(['tenants'])).toEqual({ status: 'ready', data: ['alpha'] })
  expect(failing).toHaveBeenCalledTimes(2)
  expect(fine).toHaveBeenCalledTimes(1)
  client.stop()
})

it('forgets every answer when the user signs out, so the next user never sees them', async () => {
  const { client } = setup()
  await vi.waitFor(() => expect(client.session.getState().user?.uid).toBe('u1'))
  const cache = getQueryCache(client)
  await cache.fetch(['tenants'], async () => ['alpha'])
  expect(cache.get(['tenants'])).toEqual({ status: 'ready', data: ['alpha'] })
  await client.signOut()
  expect(cache.get(['tenants'])).toBeUndefined()
  client.stop()
})

it('loads what is still watched again for a user who signs in after it was asked', async () => {
  const { client, auth } = setup()
  await vi.waitFor(() => expect(client.session.getState().user?.uid).toBe('u1'))
  await client.signOut()
  const cache = getQueryCache(client)
  let user = 'nobody'
  const load = vi.fn(async () => `tenants of ${user}`)
  cache.watch(['tenants'], load, () => {})
  await flush()
  user = 'u1'
  await auth.signIn({ email: 'ada@x.io', password: 'pw' })
  await vi.waitFor(() => expect(cache.get(['tenants'])).toEqual({ status: 'ready', data: 'tenants of u1' }))
  client.stop()
})
