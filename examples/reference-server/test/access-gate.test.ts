import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type RouteEntry } from '../src/create-app'
import type { RunningServer } from '../src/start-server'
import { raw, startTestServer } from './test-server'

// The access gate runs on the route the router matched, so every spelling of a path that reaches a route meets
// that route's check, and every spelling that reaches none is a 404. Issue 10 found `/api/%761/tenants` reaching
// the v1 handlers with no token at all.
let server: RunningServer
let routes: RouteEntry[]
beforeAll(async () => {
  server = await startTestServer()
  const app = await createApp({ db: server.db, identity: server.identity })
  routes = app.routeTable
  await app.close()
})
afterAll(() => server.close())

/** A request sent byte for byte as written: fetch and URL would normalise the very paths under test. */
function rawRequest(method: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/`, { method, path, agent: false }, (response) => {
      // A live stream never ends: the status and the first bytes are enough.
      if ((response.headers['content-type'] ?? '').startsWith('multipart/')) {
        resolve({ status: response.statusCode ?? 0, body: '' })
        request.destroy()
        return
      }
      let body = ''
      response.on('data', (chunk) => (body += String(chunk)))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    request.on('error', reject)
    request.end()
  })
}

/** A concrete path for a route pattern. */
const SAMPLES: Record<string, string> = {
  tenant_id: 'alpha',
  video_id: 'alpha-bow',
  id: 'mis-north',
  uid: 'demo-remy',
  role: 'reader',
  ownerType: 'organisation',
  ownerId: 'org-honu',
  session: '00000000-0000-4000-8000-000000000000',
  seq: '1',
}
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => SAMPLES[name] ?? 'x')
const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`

/** Encoded and alternate spellings of a path: each either reaches the same route (and its gate) or none. */
function variants(path: string): string[] {
  const segments = path.split('/').slice(1)
  const join = (parts: string[]) => `/${parts.join('/')}`
  const out = new Set<string>()
  segments.forEach((segment, i) => {
    if (!segment) return
    const swap = (value: string) => join(segments.map((s, j) => (j === i ? value : s)))
    out.add(swap(hex(segment[0]!) + segment.slice(1))) // /api/%761/tenants
    out.add(swap(segment.slice(0, -1) + hex(segment.at(-1)!))) // /api/v%31/tenants
    out.add(swap(`%25${hex(segment[0]!).slice(1)}${segment.slice(1)}`)) // double encoded: %2576
    out.add(swap(`${segment}%00`)) // NUL
    out.add(swap('%00'))
    out.add(swap(`${segment}.`)) // trailing dot
    out.add(swap(`${segment};x=1`))
    out.add(swap(`${segment}%zz`)) // not validly encoded
    out.add(swap(segment.toUpperCase()))
  })
  out.add([...path].map((c) => (c === '/' ? c : hex(c))).join('')) // every character encoded
  out.add(`/${path}`) // //api/v1/tenants
  out.add(path.replace(/\/([^/]*)$/, '//$1'))
  out.add(`${path}/`)
  out.add(`${path}.`)
  out.add(`${path}%20`)
  out.add(`${path}%`)
  out.add(`${path}%23x`)
  out.add(`/${segments.join('%2F')}`)
  out.add(`/${segments.join('%2f')}`)
  out.add(`/${segments.join('%5C')}`)
  out.add(`/${segments[0]}/x/../${segments.slice(1).join('/')}`)
  out.add(`/${segments[0]}/x/%2e%2e/${segments.slice(1).join('/')}`)
  out.add(`/${segments[0]}/./${segments.slice(1).join('/')}`)
  out.add(`/${segments[0]}%2F..%2F${segments.slice(1).join('/')}`)
  out.add(path.toUpperCase())
  out.delete(path)
  return [...out]
}

/** Everything the database holds: no spelling may have reached a handler that changed something. */
const snapshot = async () =>
  JSON.stringify([
    await server.db.query('select * from tenants order by tenant_id'),
    await server.db.query('select uid, permissions from users order by uid'),
    await server.db.query('select tenant_id, video_id, name, update_time from videos order by tenant_id, video_id'),
    await server.db.query('select resource, organisation_id, id, data, update_time from v2_records order by 1, 2, 3'),
    await server.db.query('select * from mp_users order by id'),
    await server.db.query('select * from invitations order by id'),
  ])

describe('encoded and alternate paths without a token', () => {
  it('answer 401 or 404 on every route (a public route may answer as its plain path does), never 5xx', async () => {
    const before = await snapshot()
    let sent = 0
    for (const route of routes) {
      const path = concrete(route.url)
      const plain = await rawRequest(route.method, path)
      if (route.access !== 'public')
        expect({ route: `${route.method} ${route.url}`, status: plain.status }).toEqual({ route: `${route.method} ${route.url}`, status: 401 })
      for (const variant of variants(path)) {
        const answer = await rawRequest(route.method, variant)
        sent++
        const allowed = route.access === 'public' ? [401, 404, plain.status] : [401, 404]
        expect({ route: `${route.method} ${variant}`, status: answer.status }).toEqual({
          route: `${route.method} ${variant}`,
          status: expect.toSatisfy((status: number) => allowed.includes(status)),
        })
        // Every refusal is the API's JSON error, without a stack or the server's internals.
        if (answer.status >= 400 && route.method !== 'HEAD') {
          expect(JSON.parse(answer.body)).toEqual({ code: expect.any(String), message: expect.any(String) })
        }
      }
    }
    expect(sent).toBeGreaterThan(routes.length * 20)
    expect(await snapshot()).toBe(before)
  })

  it('the paths the attack used reach the gate: 401, not a handler', async () => {
    for (const [method, path] of [
      ['GET', '/api/%761/tenants'],
      ['GET', '/api/v%31/tenants'],
      ['POST', '/api/%761/users'],
      ['GET', '/api/v1/%74enants'],
      ['GET', '/api/v2/%6Dission'],
      ['GET', '/media/alpha/alpha-bow/index%2Em3u8'],
    ]) {
      expect({ path, ...(await rawRequest(method!, path!)) }).toEqual({
        path,
        status: 401,
        body: expect.stringContaining('"code":"unauthenticated"'),
      })
    }
  })

  it('a path that is not validly encoded is a JSON 404', async () => {
    expect(await rawRequest('GET', '/api/%zz/tenants')).toEqual({ status: 404, body: expect.stringContaining('"code":"not-found"') })
  })
})

describe('declared access', () => {
  it('a route without a declared access, or with an unknown one, is refused when it is registered', async () => {
    const app = await createApp({ db: server.db, identity: server.identity })
    expect(() => app.get('/undeclared', async () => 'open')).toThrow(
      'Route GET /undeclared declares no access: give it config: { access } with one of public, user, account, organisation, media, test, live',
    )
    expect(() => app.get('/misspelt', { config: { access: 'pubic' as never } }, async () => 'open')).toThrow(
      'Route GET /misspelt declares an unknown access "pubic"',
    )
    await app.close()
    // Inside a plugin the same refusal fails the start-up.
    const plugged = await createApp({ db: server.db, identity: server.identity })
    await expect(
      plugged.register(async (scoped) => {
        scoped.post('/in-a-plugin', async () => 'open')
      }),
    ).rejects.toThrow('Route POST /in-a-plugin declares no access')
    // Closing releases what the app opened (media sources); a start-up that failed may refuse to close cleanly.
    await plugged.close().catch(() => undefined)
  })

  it('every route of every app (main, test controls, each split v2 service) declares its access', async () => {
    const apps = [
      await createApp({ db: server.db, identity: server.identity, mediaTestControls: true }),
      await createApp({ db: server.db, identity: server.identity, v2Families: new Set(['mission', 'user']) }),
    ]
    for (const app of apps) {
      expect(app.routeTable.length).toBeGreaterThan(0)
      for (const route of app.routeTable) expect(['public', 'user', 'account', 'organisation', 'media', 'test', 'live']).toContain(route.access)
      await app.close()
    }
  })

  it('the OpenAPI document states each route’s security from its declaration', async () => {
    const { body } = await raw(server, 'GET', '/openapi.json')
    const paths = (body as unknown as { paths: Record<string, Record<string, { security?: unknown }>> }).paths
    expect(paths['/health']!.get!.security).toEqual([])
    expect(paths['/api/v1/features']!.get!.security).toEqual([])
    expect(paths['/api/v1/videos']!.get!.security).toEqual([{ bearer: [] }])
    expect(paths['/api/v2/mission/{id}']!.put!.security).toEqual([{ bearer: [] }])
    expect(paths['/media/{tenant_id}/{video_id}/index.m3u8']!.get!.security).toEqual([{ bearer: [] }, { mediaToken: [] }])
  })

  it('split v2 services serve their families behind the same gate', async () => {
    const split = await startTestServer({ splitPortBase: 0 })
    try {
      const mission = split.v2Services.mission!
      expect((await fetch(`${mission}/mission`)).status).toBe(401)
      expect((await fetch(`${mission}/%6Dission`)).status).toBe(401)
      expect((await fetch(`${mission}/campaign`)).status).toBe(404)
    } finally {
      await split.close()
    }
  })
})
