import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { json, startTestServer } from '../../test/http-test-server'
import { HttpError } from '../errors/http-error'
import { createTokenRefresher } from '../auth/create-token-refresher'
import { createSessionStore } from '../auth/session-store'
import { createFakeAuthAdapter } from '../testing/create-fake-auth-adapter'
import { createManualScheduler } from '../testing/create-manual-scheduler'
import { createHttpClient, withQuery, type FetchLike } from './http-client'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.url.startsWith('/ok')) return json(res, 200, { hello: 'world', echo: req.body ?? null })
    if (req.url.startsWith('/empty')) {
      res.writeHead(204)
      return res.end()
    }
    if (req.url.startsWith('/text')) {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      return res.end('pong')
    }
    if (req.url.startsWith('/bad')) return json(res, 422, { message: 'name is required', field: 'name' })
    if (req.url.startsWith('/html-error')) {
      res.writeHead(502, { 'Content-Type': 'application/json' })
      return res.end('<html>bad gateway</html>')
    }
    if (req.url.startsWith('/slow')) return void setTimeout(() => json(res, 200, {}), 2000)
    if (req.url.startsWith('/status/')) return json(res, Number(req.url.slice('/status/'.length)), { message: 'as asked' })
    // Accepts only the token named "fresh": a stale one answers 401, as the API does for an expired or revoked one.
    if (req.url.startsWith('/guarded')) {
      return req.headers.authorization === 'Bearer fresh' ? json(res, 200, { ok: true }) : json(res, 401, { message: 'expired' })
    }
    return json(res, 404, { message: 'not found' })
  })
})
afterAll(() => server.close())

describe('createHttpClient', () => {
  it('sends JSON in cors mode with a bearer token fetched before each call', async () => {
    let n = 0
    const getToken = vi.fn(async () => `token-${++n}`)
    const seen: RequestInit[] = []
    const http = createHttpClient({
      getToken,
      fetch: (url, init) => {
        seen.push(init)
        return fetch(url, init)
      },
    })
    await http.request('POST', `${server.url}/ok`, { body: { a: 1 } })
    await http.request('GET', `${server.url}/ok`)
    expect(getToken).toHaveBeenCalledTimes(2)
    const [first, second] = server.requests.slice(-2)
    expect(first!.headers.authorization).toBe('Bearer token-1')
    expect(second!.headers.authorization).toBe('Bearer token-2')
    expect(first!.headers['content-type']).toBe('application/json')
    expect(first!.body).toEqual({ a: 1 })
    expect(seen.every((init) => init.mode === 'cors')).toBe(true)
  })

  it('sends no Authorization header when signed out', async () => {
    const http = createHttpClient({ getToken: async () => undefined })
    await http.request('GET', `${server.url}/ok`)
    expect(server.requests.at(-1)!.headers.authorization).toBeUndefined()
  })

  it('answers the data of a 2xx answer, undefined for 204 and text for non-JSON', async () => {
    const http = createHttpClient()
    await expect(http.request('GET', `${server.url}/ok`)).resolves.toEqual({ hello: 'world', echo: null })
    await expect(http.request('DELETE', `${server.url}/empty`)).resolves.toBeUndefined()
    await expect(http.request('GET', `${server.url}/text`)).resolves.toBe('pong')
  })

  it('rejects a non-2xx answer with its status and error body', async () => {
    const http = createHttpClient()
    const error = await http.request('PUT', `${server.url}/bad`, { body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ code: 'http/status', status: 422, message: 'name is required' })
    expect((error as HttpError).body).toEqual({ message: 'name is required', field: 'name' })
  })

  it('keeps a malformed error body as text', async () => {
    const error = await createHttpClient()
      .request('GET', `${server.url}/html-error`)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 502, body: '<html>bad gateway</html>' })
  })

  it('times out', async () => {
    const error = await createHttpClient({ timeoutMs: 50 })
      .request('GET', `${server.url}/slow`)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'http/timeout', status: 0 })
  })

  it('says a call is slow while it still waits, once, and says nothing of a call answered in time', async () => {
    const onSlow = vi.fn()
    // 1 s: the quick call must answer within it on a loaded machine (at 100 ms, a CI run with load 15 said it slow too);
    // /slow answers after 2 s.
    const http = createHttpClient({ onSlow, slowAfterMs: 1000 })
    await http.request('GET', `${server.url}/ok`)
    const waiting = http.request('GET', `${server.url}/slow`)
    await vi.waitFor(() => expect(onSlow).toHaveBeenCalledTimes(1), { timeout: 5000 })
    await expect(waiting).resolves.toEqual({})
    expect(onSlow).toHaveBeenCalledTimes(1)
  })

  it('aborts when the caller aborts', async () => {
    const controller = new AbortController()
    const pending = createHttpClient().request('GET', `${server.url}/slow`, { signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(pending).rejects.toMatchObject({ code: 'http/aborted' })
    const already = AbortSignal.abort()
    await expect(createHttpClient().request('GET', `${server.url}/ok`, { signal: already })).rejects.toMatchObject({
      code: 'http/aborted',
    })
  })

  it('reports an unreachable server as a network error without the token', async () => {
    const http = createHttpClient({ getToken: async () => 'secret-token' })
    const error = await http.request('GET', 'http://127.0.0.1:1/nothing?key=x').catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'http/network', status: 0 })
    expect(String((error as Error).message)).not.toContain('secret-token')
    expect(String((error as Error).message)).not.toContain('key=x')
  })
})

describe('reachability', () => {
  const outcomes = async (call: (http: ReturnType<typeof createHttpClient>) => Promise<unknown>, options = {}) => {
    const seen: boolean[] = []
    await call(createHttpClient({ ...options, onReachability: (up) => seen.push(up) })).catch(() => undefined)
    return seen
  }

  it('any answer but 502–504 means the server was reached, even an error', async () => {
    for (const status of [200, 401, 404, 422, 500, 501, 505]) {
      expect(await outcomes((http) => http.request('GET', `${server.url}/status/${status}`)), String(status)).toEqual([true])
    }
  })

  it('502–504 from a proxy, network failures and timeouts mean it was not', async () => {
    for (const status of [502, 503, 504]) {
      expect(await outcomes((http) => http.request('GET', `${server.url}/status/${status}`)), String(status)).toEqual([false])
    }
    expect(await outcomes((http) => http.request('GET', 'http://127.0.0.1:1/nothing'))).toEqual([false])
    expect(await outcomes((http) => http.request('GET', `${server.url}/slow`), { timeoutMs: 50 })).toEqual([false])
  })

  it('an aborted call says nothing about the server', async () => {
    expect(await outcomes((http) => http.request('GET', `${server.url}/ok`, { signal: AbortSignal.abort() }))).toEqual([])
  })
})

describe('a 401', () => {
  it('refreshes the token once and sends the call again with the new one', async () => {
    let token = 'stale'
    const onUnauthorized = vi.fn(async () => {
      token = 'fresh'
      return true
    })
    const http = createHttpClient({ getToken: async () => token, onUnauthorized })
    await expect(http.request('GET', `${server.url}/guarded`)).resolves.toEqual({ ok: true })
    expect(onUnauthorized.mock.calls).toEqual([[false]])
    expect(server.requests.slice(-2).map((r) => r.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh'])
  })

  it('refused again after the refresh: says the session is over and rejects with the 401', async () => {
    const onUnauthorized = vi.fn(async () => true)
    const http = createHttpClient({ getToken: async () => 'revoked', onUnauthorized })
    const before = server.requests.length
    const error = await http.request('GET', `${server.url}/guarded`).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'http/unauthorized', status: 401 })
    expect(onUnauthorized.mock.calls).toEqual([[false], [true]])
    expect(server.requests.length - before).toBe(2)
  })

  it('no refresh possible: rejects with the 401 without sending again', async () => {
    const onUnauthorized = vi.fn(async () => false)
    const http = createHttpClient({ getToken: async () => 'revoked', onUnauthorized })
    const before = server.requests.length
    await expect(http.request('GET', `${server.url}/guarded`)).rejects.toMatchObject({ status: 401 })
    expect(onUnauthorized.mock.calls).toEqual([[false]])
    expect(server.requests.length - before).toBe(1)
  })

  it('a call sent without a token (signed out) is not a session to refresh', async () => {
    const onUnauthorized = vi.fn(async () => true)
    const http = createHttpClient({ getToken: async () => undefined, onUnauthorized })
    await expect(http.request('GET', `${server.url}/guarded`)).rejects.toMatchObject({ status: 401 })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })
})

describe('a 401 is retried once, never more', () => {
  // An API that refuses every token, counted. After `LOOP` sends it answers 200: a client that kept retrying gets
  // out of its loop with a resolved call and a count, and the assertions below say so at once (not a test timeout).
  const LOOP = 10
  const refusing = () => {
    const sent: string[] = []
    const fetch: FetchLike = async (_url, init) => {
      sent.push(new Headers(init.headers).get('authorization') ?? '')
      return sent.length > LOOP
        ? Response.json({ looped: true })
        : Response.json({ message: 'revoked' }, { status: 401, headers: { 'content-type': 'application/json' } })
    }
    return { sent, fetch }
  }

  it('whatever onUnauthorized answers: two sends, then the 401 is the caller’s error', async () => {
    const api = refusing()
    const onUnauthorized = vi.fn(async () => true)
    const http = createHttpClient({ getToken: async () => 'revoked', onUnauthorized, fetch: api.fetch })
    const outcome = await http.request('GET', 'https://api.test/guarded').then(
      (body) => ({ resolved: body }),
      (error: unknown) => ({ rejected: error }),
    )
    expect(api.sent).toHaveLength(2)
    expect(onUnauthorized.mock.calls).toEqual([[false], [true]])
    expect(outcome).toEqual({ rejected: expect.objectContaining({ code: 'http/unauthorized', status: 401 }) })
  })

  it('wired to the token refresher: one refresh, two sends, and the session ends', async () => {
    const api = refusing()
    const auth = createFakeAuthAdapter({ initialUser: { uid: 'u1', email: 'ada@x.io' } })
    const session = createSessionStore()
    const tokens = createTokenRefresher({
      auth,
      session,
      scheduler: createManualScheduler(),
      logger: { warn: vi.fn(), error: vi.fn() },
      resetAll: () => session.getState().clear(),
    })
    session.getState().setSession({ uid: 'u1', email: 'ada@x.io' }, await tokens.current())
    const refreshes = auth.refreshCount
    const http = createHttpClient({ getToken: tokens.current, onUnauthorized: tokens.onUnauthorized, fetch: api.fetch })
    const outcome = await http.request('GET', 'https://api.test/guarded').then(
      (body) => ({ resolved: body }),
      (error: unknown) => ({ rejected: error }),
    )
    expect(api.sent).toHaveLength(2)
    // The second send carried the refreshed token.
    expect(api.sent[1]).not.toBe(api.sent[0])
    expect(auth.refreshCount - refreshes).toBe(1)
    expect(outcome).toEqual({ rejected: expect.objectContaining({ code: 'http/unauthorized', status: 401 }) })
    expect(session.getState()).toMatchObject({ status: 'signed-out', notice: 'session-ended' })
  })
})

describe('withQuery', () => {
  it('encodes values and leaves out missing ones', () => {
    expect(withQuery('/v', { tenant_id: 'a b&c', x: undefined, y: null, n: 2 })).toBe('/v?tenant_id=a%20b%26c&n=2')
    expect(withQuery('/v?a=1', { b: true })).toBe('/v?a=1&b=true')
    expect(withQuery('/v', {})).toBe('/v')
  })
})
