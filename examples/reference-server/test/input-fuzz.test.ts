import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createApp, type RouteEntry } from '../src/create-app'
import type { Database, QueryOptions } from '../src/db/database'
import { clientsAs, startTestServer } from './test-server'

// Issue 10, point 4: no bad input answers 5xx, leaks an internal detail or changes anything. Generated from the
// app's route table, so every registered route and method is fuzzed, including routes added later: each path
// parameter, each query field and each body field in turn gets every value of a corpus of bad values while the
// rest of the request stays valid, with the token of a super admin (so it reaches validation) and without one.
// The valid values name things that do not exist (tenant "fuzz-tenant", stream "fuzz-video"…), so nearly every
// request a route accepts finds nothing to change. Every statement the app sends the database is watched: a
// request answered with an error must not have written anything, and the whole database must be as before after
// each route, apart from what a request answered 2xx created (a value that is odd but valid, such as an
// organisation named "NaN" or "../../etc/passwd", is stored as sent).
// Runs on PGlite, and on PostgreSQL (where a NUL in text fails) when DATABASE_URL is set, as every server test.

const server = await startTestServer()
afterAll(() => server.close())

/** Statements that change data, in the order the app sent them. */
const writes: string[] = []
const note = (sql: string) => {
  if (/^\s*(insert|update|delete|truncate|drop|alter|create)\b/i.test(sql)) writes.push(sql)
}
/** The test server's database, with every statement the fuzzed app sends noted. */
const watched: Database = {
  kind: server.db.kind,
  query: <Row>(sql: string, params?: readonly unknown[], options?: QueryOptions) => {
    note(sql)
    return server.db.query<Row>(sql, params, options)
  },
  exec: (sql) => {
    note(sql)
    return server.db.exec(sql)
  },
  transaction: (work) =>
    server.db.transaction((tx) =>
      work({
        query: <Row>(sql: string, params?: readonly unknown[], options?: QueryOptions) => {
          note(sql)
          return tx.query<Row>(sql, params, options)
        },
      }),
    ),
  // The test server closes the database.
  close: async () => {},
}
/** A second app on the same database, driven through `inject` (no sockets: thousands of requests stay quick). */
// Mission planning on, so the execution actions reach their handlers.
const app: FastifyInstance = await createApp({ db: watched, identity: server.identity, features: { mission_planning: true } })
await app.ready()
afterAll(() => app.close())
const ops = (await clientsAs(server, 'ops@honu.test')).token

/**
 * What the server must answer. `invalid`: 400, refused before any handler runs (the parser, the parameter check or
 * the route's schema), wherever in the request the value sits. `refused`: some 4xx. `survived`: anything but 5xx.
 */
type Expect = 'invalid' | 'refused' | 'survived'

/** A bad value as JSON text (body fields) and as URL text (path and query), each with what it must cause. */
interface BadValue {
  label: string
  json?: [text: string, expect: Expect]
  url?: [text: string, expect: Expect]
}

const text = (label: string, value: string, expect: Expect = 'survived'): BadValue => ({
  label,
  json: [JSON.stringify(value), expect],
  url: [encodeURIComponent(value), expect],
})
const json = (label: string, value: string, expect: Expect = 'survived'): BadValue => ({ label, json: [value, expect] })
const url = (label: string, value: string, expect: Expect): BadValue => ({ label, url: [value, expect] })
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

const CORPUS: BadValue[] = [
  text('a NUL character', 'fuzz\u0000value', 'invalid'),
  { label: 'a lone high surrogate', json: ['"fuzz\\ud800"', 'invalid'], url: ['fuzz%ED%A0%80', 'invalid'] },
  json('a lone low surrogate', '"\\udc00fuzz"', 'invalid'),
  url('invalid UTF-8', '%FF%FE', 'invalid'),
  url('an overlong NUL', '%C0%80', 'invalid'),
  url('a lone percent sign', 'fuzz%', 'invalid'),
  text('a right-to-left override', '\u202efuzz'),
  text('a bidirectional isolate', 'fu\u2066zz\u2069'),
  text('zero-width characters', 'fu\u200bz\u200dz\ufeff'),
  text('whitespace only', ' \t\u00a0 '),
  text('an empty string', ''),
  text('a control character and a line break', 'fu\u0007zz\nx'),
  text('10,000 characters', 'x'.repeat(10_000)),
  text('an SQL string', "fuzz' OR '1'='1'; drop table videos; --"),
  text('a path traversal', '../../../etc/passwd'),
  text('an encoded path traversal', '..%2F..%2Fetc%2Fpasswd'),
  text('NaN', 'NaN'),
  text('Infinity', '-Infinity'),
  text('a huge number as text', '1e999'),
  text('markup', '<img src=x onerror=alert(1)>'),
  json('a number', '12345'),
  json('a fraction', '-0.5'),
  json('an integer beyond 2^53', '9007199254740993', 'invalid'),
  json('a long integer', '123456789012345678901234567890', 'invalid'),
  json('a number that overflows', '1e400', 'invalid'),
  json('a negative number that overflows', '-1e400', 'invalid'),
  json('true', 'true'),
  json('null', 'null'),
  json('an empty array', '[]'),
  json('an array of strings', '["fuzz", "fuzz"]'),
  json('an empty object', '{}'),
  json('an object', '{"name": "fuzz"}'),
  json('9 levels of nesting', nested(9)),
  json('5,000 levels of nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'invalid'),
  json('a __proto__ object', '{"__proto__": {"polluted": true}}', 'invalid'),
  json('a constructor.prototype object', '{"constructor": {"prototype": {"polluted": true}}}', 'invalid'),
]

/** Field names no body may carry. */
const BAD_KEYS: [label: string, key: string, expect: Expect][] = [
  ['a __proto__ field', '"__proto__"', 'invalid'],
  ['a constructor field', '"constructor"', 'invalid'],
  ['a prototype field', '"prototype"', 'invalid'],
  ['a field name with a NUL', '"a\\u0000"', 'invalid'],
  ['a field name with a lone surrogate', '"\\ud800"', 'invalid'],
  ['an empty field name', '""', 'survived'],
]

/** Whole bodies: broken JSON and bytes, wrong shapes and content types. */
const RAW_BODIES: [label: string, body: string | Buffer, contentType: string | undefined, expect: Expect][] = [
  ['invalid JSON', '{"name": ', 'application/json', 'invalid'],
  ['JSON with trailing text', '{} x', 'application/json', 'invalid'],
  ['invalid UTF-8 bytes', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0x22, 0x7d]), 'application/json', 'invalid'],
  ['a body 5,000 levels deep', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json', 'invalid'],
  ['a __proto__ body', '{"__proto__": {"admin": true}}', 'application/json', 'invalid'],
  ['a body over the size limit', JSON.stringify({ name: 'x'.repeat(70_000) }), 'application/json', 'refused'],
  ['an array body', '[]', 'application/json', 'survived'],
  ['a string body', '"fuzz"', 'application/json', 'survived'],
  ['a null body', 'null', 'application/json', 'survived'],
  ['plain text', 'fuzz', 'text/plain', 'survived'],
  ['a form', 'name=fuzz&source=x', 'application/x-www-form-urlencoded', 'survived'],
  ['multipart', '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nfuzz\r\n--b--\r\n', 'multipart/form-data; boundary=b', 'survived'],
  ['XML', '<name>fuzz</name>', 'application/xml', 'survived'],
  ['JSON without a content type', '{"name": "fuzz"}', undefined, 'survived'],
  ['JSON in another charset', '{"name": "fuzz"}', 'application/json; charset=utf-16', 'survived'],
]

/** Valid values, by field name, naming nothing that exists: an accepted request finds nothing to change. */
const VALID: Record<string, string> = {
  tenant_id: 'fuzz-tenant',
  tenant: 'fuzz-tenant',
  video_id: 'fuzz-video',
  uid: 'fuzz-user',
  id: 'fuzz-record',
  ownerId: 'fuzz-org',
  organisation_id: 'fuzz-org',
  campaign_id: 'fuzz-campaign',
  mission_id: 'fuzz-mission',
  seq: '1',
  session: '00000000-0000-4000-8000-000000000000',
  // The caller's own address: POST /api/v1/users answers the caller's uid and changes nothing.
  email: 'ops@honu.test',
  name: 'Fuzz',
  source: '/media/fuzz',
}

interface FieldSchema {
  enum?: unknown[]
  type?: string | string[]
}
interface ObjectSchema {
  type?: string | string[]
  properties?: Record<string, FieldSchema>
  required?: string[]
}
interface RouteSchema {
  params?: ObjectSchema
  querystring?: ObjectSchema
  body?: ObjectSchema
}

const validValue = (name: string, schema: FieldSchema | undefined): unknown =>
  schema?.enum ? schema.enum[0] : schema?.type === 'integer' || schema?.type === 'number' ? 1 : (VALID[name] ?? 'fuzz-value')

/** A request of the fuzz: the route's valid request with one part replaced. */
interface FuzzRequest {
  label: string
  expect: Expect
  url: string
  payload?: string | Buffer
  contentType?: string
}

/** Builds the valid request of a route and every bad variation of it. */
function requestsFor(route: RouteEntry): FuzzRequest[] {
  const schema = (route.schema ?? {}) as RouteSchema
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!)
  const params = Object.fromEntries(paramNames.map((n) => [n, encodeURIComponent(String(validValue(n, schema.params?.properties?.[n])))]))
  const queryFields = Object.keys(schema.querystring?.properties ?? {})
  const query = Object.fromEntries(
    (schema.querystring?.required ?? []).map((n) => [n, encodeURIComponent(String(validValue(n, schema.querystring?.properties?.[n])))]),
  )
  const bodyFields = Object.keys(schema.body?.properties ?? {})
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD'
  const objectBody = hasBody && schema.body !== undefined && [schema.body.type].flat().includes('object')
  const body: Record<string, string> = Object.fromEntries(
    (schema.body?.required ?? []).map((n) => [n, JSON.stringify(validValue(n, schema.body?.properties?.[n]))]),
  )

  const build = (p: Record<string, string>, q: Record<string, string> | string, b?: Record<string, string>) => {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) => p[n]!)
    const qs =
      typeof q === 'string'
        ? q
        : Object.entries(q)
            .map(([k, v]) => `${k}=${v}`)
            .join('&')
    const payload =
      b &&
      `{${Object.entries(b)
        .map(([k, v]) => `${JSON.stringify(k)}: ${v}`)
        .join(', ')}}`
    return { url: qs ? `${path}?${qs}` : path, payload, contentType: payload === undefined ? undefined : 'application/json' }
  }
  const validBody = objectBody ? body : undefined
  const requests: FuzzRequest[] = [{ label: 'the valid request', expect: 'survived', ...build(params, query, validBody) }]

  for (const value of CORPUS) {
    if (value.url) {
      const [encoded, expect] = value.url
      // An undecodable path names no route: the router answers 404 before any parameter is read.
      const inPath: Expect = expect === 'invalid' && /%(?![0-9A-Fa-f]{2})|%[89A-Fa-f][0-9A-Fa-f]|%C0/i.test(encoded) ? 'refused' : expect
      for (const name of paramNames) {
        requests.push({ label: `params.${name}: ${value.label}`, expect: inPath, ...build({ ...params, [name]: encoded }, query, validBody) })
      }
      for (const name of [...queryFields, 'fuzz_extra']) {
        requests.push({ label: `querystring.${name}: ${value.label}`, expect, ...build(params, { ...query, [name]: encoded }, validBody) })
      }
    }
    if (value.json && objectBody) {
      const [raw, expect] = value.json
      for (const name of [...bodyFields, 'fuzz_extra']) {
        requests.push({ label: `body.${name}: ${value.label}`, expect, ...build(params, query, { ...body, [name]: raw }) })
      }
    }
  }
  const rawQuery = Object.entries(query).map(([k, v]) => `${k}=${v}`)
  requests.push(
    { label: 'a query field name with a NUL', expect: 'invalid', ...build(params, [...rawQuery, '%00=1'].join('&'), validBody) },
    { label: 'a query field name with invalid UTF-8', expect: 'invalid', ...build(params, [...rawQuery, '%ED%A0%80=1'].join('&'), validBody) },
    ...queryFields.map((name) => ({
      label: `querystring.${name} twice`,
      expect: 'survived' as const,
      ...build(params, [...rawQuery, `${name}=fuzz-a`, `${name}=fuzz-b`].join('&'), validBody),
    })),
  )
  if (objectBody) {
    for (const [label, key, expect] of BAD_KEYS) {
      const payload = `{${[...Object.entries(body).map(([k, v]) => `${JSON.stringify(k)}: ${v}`), `${key}: 1`].join(', ')}}`
      requests.push({ label, expect, url: build(params, query).url, payload, contentType: 'application/json' })
    }
  }
  if (hasBody) {
    for (const [label, payload, contentType, expect] of RAW_BODIES) {
      // Without a body schema the body is never read, so a body of another type is simply ignored.
      if (!objectBody && contentType !== 'application/json') continue
      requests.push({ label: `body: ${label}`, expect, url: build(params, query).url, payload, contentType })
    }
  }
  return requests
}

/** Every table, each row as text: the whole state a request could change. */
async function snapshot(): Promise<string> {
  const tables = await server.db.query<{ tablename: string }>(
    'select tablename from pg_tables where schemaname = current_schema() order by tablename',
  )
  const rows = await Promise.all(tables.map(({ tablename }) => server.db.query(`select t::text as row from "${tablename}" t order by 1`)))
  return JSON.stringify(Object.fromEntries(tables.map(({ tablename }, i) => [tablename, rows[i]])))
}

/** Traces of the server's insides that no answer may carry. */
const INTERNAL = [
  /\n\s+at .+[:(]/, // a stack frame
  /node_modules|\/src\/|\.ts:\d+/,
  /FST_[A-Z_]+/,
  /invalid byte sequence|unsupported Unicode escape|syntax error at|violates .* constraint|relation "|pglite|postgres/i,
]

/** A refusal names the field ("Invalid request: body.name must not be blank.") or what is wrong with the body. */
const NAMES_WHAT =
  /^Invalid request: (body|querystring|params|a field name in (body|querystring|params))\b|^The request body is not valid (JSON|UTF-8)\.$/

/** A request that never ends (a stream answered for real) fails the case rather than hanging the run. */
const NO_ANSWER_MS = 10_000

async function send(route: RouteEntry, request: FuzzRequest, token: string | undefined) {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (request.contentType) headers['content-type'] = request.contentType
  let timer: NodeJS.Timeout | undefined
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${route.method} ${request.url} (${request.label}) did not answer`)), NO_ANSWER_MS)
  })
  try {
    return await Promise.race([app.inject({ method: route.method as 'GET', url: request.url, headers, payload: request.payload }), hung])
  } finally {
    clearTimeout(timer)
  }
}

const routes = app.routeTable

describe('input fuzz over the route table', () => {
  it('covers the registered routes, and every path parameter of every route has a schema', () => {
    expect(routes.length).toBeGreaterThan(50)
    const unchecked = routes.flatMap((route) => {
      const declared = ((route.schema ?? {}) as RouteSchema).params?.properties ?? {}
      return [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)]
        .map((m) => m[1]!)
        .filter((n) => !(n in declared))
        .map((n) => `${route.method} ${route.url}: ${n}`)
    })
    expect(unchecked).toEqual([])
  })

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s: no bad input answers 5xx, shows an internal detail or changes anything',
    async (_name, route) => {
      const requests = requestsFor(route)
      let before = await snapshot()
      const problems: string[] = []
      for (const request of requests) {
        for (const token of [ops, undefined]) {
          const who = token ? 'super admin' : 'no token'
          const written = writes.length
          const response = await send(route, request, token)
          const what = `${who}, ${request.label}: ${route.method} ${request.url.slice(0, 160)} answered ${response.statusCode}`
          if (writes.length > written) {
            if (response.statusCode >= 300) problems.push(`${what} but wrote: ${writes.slice(written).join('; ').slice(0, 200)}`)
            // Accepted as valid: what it stored is the new state to keep.
            else before = await snapshot()
          }
          if (response.statusCode >= 500) problems.push(`${what} ${response.body.slice(0, 200)}`)
          const leak = INTERNAL.find((pattern) => pattern.test(response.body))
          if (leak && response.statusCode >= 400) problems.push(`${what} with an internal detail (${leak}): ${response.body.slice(0, 200)}`)
          if (response.statusCode >= 400 && route.method !== 'HEAD') {
            const shape = response.headers['content-type']?.toString().startsWith('application/json')
              ? Object.keys(response.json() as object).sort()
              : []
            if (shape.join() !== 'code,message') problems.push(`${what} without the { code, message } error shape: ${response.body.slice(0, 200)}`)
          }
          if (!token && route.access !== 'public' && response.statusCode < 400) problems.push(`${what} without a token`)
          if (token && request.expect === 'invalid' && response.statusCode !== 400) problems.push(`${what}, not 400`)
          if (token && request.expect === 'invalid' && response.statusCode === 400 && route.method !== 'HEAD') {
            const { message } = response.json() as { message?: string }
            if (!NAMES_WHAT.test(message ?? '')) problems.push(`${what} with a message that does not say what is wrong: ${message}`)
          }
          if (token && request.expect === 'refused' && (response.statusCode < 400 || response.statusCode >= 500)) problems.push(`${what}, not 4xx`)
        }
      }
      expect(problems).toEqual([])
      expect(await snapshot()).toBe(before)
    },
  )
})
