import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/create-app'
import type { RunningServer } from '../src/start-server'
import { clientsAs, startTestServer } from './test-server'

// The isolation matrix (issue 10): every registered route × every demo role (and no token) × own, foreign and
// missing tenants and organisations, each answer checked against ONE access table below, keyed by `METHOD url`
// as the route is registered. A route added without a row here fails the first test.
//
// Mia (writer in Alpha, like Wes) signs in with a second factor and has no role of her own: Wes stands for her.

type Who = 'anonymous' | 'ops' | 'ada' | 'bea' | 'cal' | 'wes' | 'cora' | 'remy'
const PEOPLE: Who[] = ['anonymous', 'ops', 'ada', 'bea', 'cal', 'wes', 'cora', 'remy']

/** What each demo user is in each tenant (seed.ts), from the spec's roles: admin > writer > member. */
const TENANT_LEVEL: Record<Who, Record<string, 'admin' | 'writer' | 'member'>> = {
  anonymous: {},
  ops: { alpha: 'admin', bravo: 'admin', charlie: 'admin' }, // org-admin under '*'
  ada: { alpha: 'admin', bravo: 'member' },
  bea: { bravo: 'admin' },
  cal: { charlie: 'admin' },
  wes: { alpha: 'writer', charlie: 'writer' },
  cora: { bravo: 'member' }, // controller
  remy: { alpha: 'member' }, // reader
}

/** What each demo user may do in each organisation (seed.ts memberships); `super` is Olu's super admin flag. */
const ORG_LEVEL: Record<Who, Record<string, 'admin' | 'write' | 'read'> | 'super' | undefined> = {
  anonymous: undefined,
  ops: 'super',
  ada: { 'org-honu': 'admin' },
  remy: { 'org-honu': 'read' },
  cal: { 'org-kai': 'admin' },
  bea: undefined,
  wes: undefined,
  cora: undefined,
}

const TENANTS = ['alpha', 'bravo', 'charlie']
const MISSING_TENANT = 'zulu'
const ORGS = ['org-honu', 'org-kai']
const MISSING_ORG = 'org-none'

/** What a route needs, as the table states it. */
type Need =
  | 'public'
  | 'signed-in' // any console user
  | 'account' // any signed-in account, with or without a console record (its own invitations, its own record)
  | 'any-admin' // an admin of at least one tenant
  | 'member' // a role in the target tenant
  | 'writer'
  | 'admin'
  | 'admin-sees' // the target user is visible to admins of the target tenant only; anyone else: 404
  | 'org-member' // any mission-planning membership
  | 'org-read'
  | 'org-write'
  | 'org-admin'
  | 'org-super' // super admins only (creating and deleting organisations)
  | 'org-admin-or-super' // renaming an organisation
  | 'test'
  | 'live' // the live channel: a WebSocket whose first frame authenticates; over plain HTTP nobody (401)

interface Call {
  path: string
  body?: unknown
  /** Content type of the body; JSON by default. */
  type?: string
}

/** One row of the access table. */
interface Expectation {
  need: Need
  /** The scope of `target`: a tenant (v1 and media), an organisation (v2) or none. */
  scope: 'tenant' | 'organisation' | 'none'
  /** The status of an allowed call. */
  ok: number
  call: (target: string) => Call
}

const json = (path: string, body?: unknown): Call => ({ path, body })
const v2Sample = (resource: string, org: string): Record<string, unknown> => {
  const base = { id: 'mx-new', organisation_id: org }
  switch (resource) {
    case 'mission':
      return { ...base, name: 'Matrix', campaign_id: 'mx-rec' }
    case 'execution':
      return { ...base, mission_id: 'mx-rec', status: 'planned' }
    case 'user/rebac':
      return { ...base, subject: 'user:demo-remy', relation: 'viewer', object: 'chart:mx-rec' }
    default:
      return { ...base, name: 'Matrix' }
  }
}
const V2_RECORDS = ['campaign', 'platform', 'mission', 'execution', 'asset', 'asset/group', 'chart', 'user/rebac']

/**
 * THE access table. Targets are the tenants alpha, bravo, charlie and the missing zulu, or the organisations
 * org-honu, org-kai and the missing org-none. Each target holds the same scratch records (made in beforeAll):
 * stream `mx-video`, user `mx-user-{tenant}` (a reader there), v2 record `mx-rec` of every resource and member
 * `mx-member-{organisation}`.
 */
const ACCESS: Record<string, Expectation> = {
  'GET /health': { need: 'public', scope: 'none', ok: 200, call: () => json('/health') },
  'GET /api/v1/features': { need: 'public', scope: 'none', ok: 200, call: () => json('/api/v1/features') },
  'GET /openapi.json': { need: 'public', scope: 'none', ok: 200, call: () => json('/openapi.json') },
  // The map's site packs (issue 25): OpenStreetMap land around the seeded harbours, the same for everyone.
  'GET /api/v1/site-packs/:file': { need: 'public', scope: 'none', ok: 200, call: () => json('/api/v1/site-packs/index.json') },
  'GET /api/v1/live': { need: 'live', scope: 'none', ok: 401, call: () => json('/api/v1/live') },
  // The remote-desktop bridge (issue 24): a WebSocket like the live channel; its own tests (remote-desktop.test.ts)
  // cover the tenant checks of its first frame.
  'GET /api/v1/devices/:device_id/desktop': { need: 'live', scope: 'none', ok: 401, call: () => json('/api/v1/devices/bravo-ra-1/desktop') },
  'POST /test/exit': { need: 'test', scope: 'none', ok: 202, call: () => json('/test/exit') },
  'POST /test/hang': { need: 'test', scope: 'none', ok: 202, call: () => json('/test/hang', { ms: 100 }) },
  'POST /test/faults': { need: 'test', scope: 'none', ok: 200, call: () => json('/test/faults') },
  'DELETE /test/faults': { need: 'test', scope: 'none', ok: 204, call: () => json('/test/faults') },
  'POST /test/audit/fill': { need: 'test', scope: 'none', ok: 201, call: () => json('/test/audit/fill', { tenant_id: 'alpha', count: 1 }) },
  'POST /test/users/fill': { need: 'test', scope: 'none', ok: 201, call: () => json('/test/users/fill', { tenant_id: 'alpha', count: 1 }) },
  'POST /media/test/:id/:state': { need: 'test', scope: 'none', ok: 200, call: () => json('/media/test/mx-video/up') },
  'POST /test/telemetry/:device_id/:action': { need: 'test', scope: 'none', ok: 204, call: () => json('/test/telemetry/alpha-usv-1/resume') },
  // The JSON telemetry ingest takes a vehicle's own ingest token, never a person's: every caller here is refused.
  'POST /api/v1/telemetry': { need: 'public', scope: 'none', ok: 401, call: () => json('/api/v1/telemetry', { mode: 'AUTO' }) },
  // Likewise the heartbeat of a device of any kind: its own ingest token only.
  'POST /api/v1/telemetry/heartbeat': { need: 'public', scope: 'none', ok: 401, call: () => json('/api/v1/telemetry/heartbeat') },

  // Media: the bearer token of a member of the stream's tenant (media tokens are tested with the media routes).
  'GET /media/:tenant_id/:video_id/index.m3u8': { need: 'member', scope: 'tenant', ok: 200, call: (t) => json(`/media/${t}/mx-video/index.m3u8`) },
  'GET /media/:tenant_id/:video_id/s:seq.ts': { need: 'member', scope: 'tenant', ok: 200, call: (t) => json(`/media/${t}/mx-video/s1.ts`) },
  'GET /media/:tenant_id/:video_id/mjpeg': { need: 'member', scope: 'tenant', ok: 200, call: (t) => json(`/media/${t}/mx-video/mjpeg`) },
  'GET /media/:tenant_id/:video_id/clip.mp4': { need: 'member', scope: 'tenant', ok: 200, call: (t) => json(`/media/${t}/mx-video/clip.mp4`) },
  // Allowed callers reach the handler, which refuses a malformed offer (400): no WebRTC session is opened here.
  'POST /media/:tenant_id/:video_id/whep': {
    need: 'member',
    scope: 'tenant',
    ok: 400,
    call: (t) => ({ path: `/media/${t}/mx-video/whep`, body: 'v=0\r\n', type: 'application/sdp' }),
  },
  // Allowed callers reach the handler, which knows no such session (404 with its own message).
  'DELETE /media/:tenant_id/:video_id/whep/:session': {
    need: 'member',
    scope: 'tenant',
    ok: 404,
    call: (t) => json(`/media/${t}/mx-video/whep/00000000-0000-4000-8000-000000000000`),
  },
  'POST /api/v1/videos/:video_id/media-token': {
    need: 'member',
    scope: 'tenant',
    ok: 200,
    call: (t) => json(`/api/v1/videos/mx-video/media-token?tenant_id=${t}`),
  },

  'GET /api/v1/videos': { need: 'member', scope: 'tenant', ok: 200, call: (t) => json(`/api/v1/videos?tenant_id=${t}`) },
  'POST /api/v1/videos': {
    need: 'writer',
    scope: 'tenant',
    ok: 201,
    call: (t) => json(`/api/v1/videos?tenant_id=${t}`, { video_id: 'mx-new', name: 'Matrix', source: 'x' }),
  },
  'PUT /api/v1/videos/:video_id': {
    need: 'writer',
    scope: 'tenant',
    ok: 200,
    call: (t) => json(`/api/v1/videos/mx-video?tenant_id=${t}`, { name: 'Matrix 2', source: 'y' }),
  },
  'DELETE /api/v1/videos/:video_id': { need: 'writer', scope: 'tenant', ok: 204, call: (t) => json(`/api/v1/videos/mx-video?tenant_id=${t}`) },
  'GET /api/v1/tenants': { need: 'signed-in', scope: 'none', ok: 200, call: () => json('/api/v1/tenants') },
  'PUT /api/v1/tenants/:tenant_id': { need: 'admin', scope: 'tenant', ok: 200, call: (t) => json(`/api/v1/tenants/${t}`, { name: 'Matrix' }) },
  'GET /api/v1/devices': { need: 'member', scope: 'tenant', ok: 200, call: (t) => json(`/api/v1/devices?tenant_id=${t}`) },
  // Devices managed by admins (issue 24); the scratch device of each tenant is `mx-device-<tenant>`.
  'GET /api/v1/devices/:device_id': { need: 'admin', scope: 'tenant', ok: 200, call: (t) => json(`/api/v1/devices/mx-device-${t}?tenant_id=${t}`) },
  'POST /api/v1/devices': {
    need: 'admin',
    scope: 'tenant',
    ok: 201,
    call: (t) => json(`/api/v1/devices?tenant_id=${t}`, { name: 'Matrix new', kind: 'camera', address: '10.9.9.10' }),
  },
  'PATCH /api/v1/devices/:device_id': {
    need: 'admin',
    scope: 'tenant',
    ok: 200,
    call: (t) => json(`/api/v1/devices/mx-device-${t}?tenant_id=${t}`, { name: 'Matrix 2' }),
  },
  'DELETE /api/v1/devices/:device_id': {
    need: 'admin',
    scope: 'tenant',
    ok: 204,
    call: (t) => json(`/api/v1/devices/mx-device-${t}?tenant_id=${t}`),
  },
  'POST /api/v1/devices/:device_id/ingest-token': {
    need: 'admin',
    scope: 'tenant',
    ok: 201,
    call: (t) => json(`/api/v1/devices/mx-device-${t}/ingest-token?tenant_id=${t}`),
  },
  'GET /api/v1/users/': { need: 'admin', scope: 'tenant', ok: 200, call: (t) => json(`/api/v1/users/?tenant_id=${t}`) },
  'POST /api/v1/users': {
    need: 'any-admin',
    scope: 'none',
    ok: 201,
    call: () => json('/api/v1/users', { name: 'Matrix', email: 'mx-invited@honu.test' }),
  },
  'POST /api/v1/users/:uid/role': {
    need: 'admin',
    scope: 'tenant',
    ok: 201,
    call: (t) => json(`/api/v1/users/mx-user-${t}/role`, { tenant: t, role: 'writer' }),
  },
  'PUT /api/v1/users/:uid/role': {
    need: 'admin',
    scope: 'tenant',
    ok: 200,
    call: (t) => json(`/api/v1/users/mx-user-${t}/role`, { tenant: t, role: 'reader', new_role: 'writer' }),
  },
  'DELETE /api/v1/users/:uid/role/:tenant_id': { need: 'admin', scope: 'tenant', ok: 204, call: (t) => json(`/api/v1/users/mx-user-${t}/role/${t}`) },
  'DELETE /api/v1/users/:uid/role/:tenant_id/:role': {
    need: 'admin',
    scope: 'tenant',
    ok: 204,
    call: (t) => json(`/api/v1/users/mx-user-${t}/role/${t}/reader`),
  },
  // The audit trail of a tenant: its admins (and super admins); a member who is no admin 403, anyone else 404.
  'GET /api/v1/audit': { need: 'admin', scope: 'tenant', ok: 200, call: (t) => json(`/api/v1/audit?tenant_id=${t}`) },
  'GET /api/v1/audit/export': { need: 'admin', scope: 'tenant', ok: 200, call: (t) => json(`/api/v1/audit/export?tenant_id=${t}&format=json`) },
  'GET /api/v1/users/:uid': { need: 'admin-sees', scope: 'tenant', ok: 200, call: (t) => json(`/api/v1/users/mx-user-${t}`) },
  // The caller's own invitations (issue 22): any signed-in account; none of the demo users has one, and nobody may
  // see, accept or decline the scratch invitation \`mx-invite\` (made for an e-mail none of them has).
  'GET /api/v1/invitations': { need: 'account', scope: 'none', ok: 200, call: () => json('/api/v1/invitations') },
  'POST /api/v1/invitations/:id/accept': { need: 'account', scope: 'none', ok: 404, call: () => json('/api/v1/invitations/mx-invite/accept') },
  'POST /api/v1/invitations/:id/decline': { need: 'account', scope: 'none', ok: 404, call: () => json('/api/v1/invitations/mx-invite/decline') },

  'GET /api/v2/organisation': { need: 'org-member', scope: 'none', ok: 200, call: () => json('/api/v2/organisation') },
  'GET /api/v2/organisation/:id': { need: 'org-read', scope: 'organisation', ok: 200, call: (o) => json(`/api/v2/organisation/${o}`) },
  'POST /api/v2/organisation': {
    need: 'org-super',
    scope: 'none',
    ok: 201,
    call: () => json('/api/v2/organisation', { id: 'mx-new', name: 'Matrix' }),
  },
  'PUT /api/v2/organisation/:id': {
    need: 'org-admin-or-super',
    scope: 'organisation',
    ok: 200,
    call: (o) => json(`/api/v2/organisation/${o}`, { name: 'Matrix' }),
  },
  'DELETE /api/v2/organisation/:id': { need: 'org-super', scope: 'organisation', ok: 204, call: (o) => json(`/api/v2/organisation/${o}`) },
  'GET /api/v2/audit': { need: 'org-member', scope: 'none', ok: 200, call: () => json('/api/v2/audit') },
  'GET /api/v2/audit/:id': { need: 'org-read', scope: 'organisation', ok: 200, call: (o) => json(`/api/v2/audit/mx-rec?organisation_id=${o}`) },
  ...Object.fromEntries(
    V2_RECORDS.flatMap((resource): [string, Expectation][] => {
      const change = resource === 'user/rebac' ? 'org-admin' : 'org-write'
      const one = (o: string) => `/api/v2/${resource}/mx-rec?organisation_id=${o}`
      return [
        [`GET /api/v2/${resource}`, { need: 'org-member', scope: 'none', ok: 200, call: () => json(`/api/v2/${resource}`) }],
        [`GET /api/v2/${resource}/:id`, { need: 'org-read', scope: 'organisation', ok: 200, call: (o) => json(one(o)) }],
        [
          `POST /api/v2/${resource}`,
          { need: change, scope: 'organisation', ok: 201, call: (o) => json(`/api/v2/${resource}`, v2Sample(resource, o)) },
        ],
        [`PUT /api/v2/${resource}/:id`, { need: change, scope: 'organisation', ok: 200, call: (o) => json(one(o), { name: 'Matrix 2' }) }],
        [`DELETE /api/v2/${resource}/:id`, { need: change, scope: 'organisation', ok: 204, call: (o) => json(one(o)) }],
      ]
    }),
  ),
  // Mission executions (issue 25): writers of the organisation reach the handler, which finds the scratch execution
  // with no mission and not flying (409); the flights themselves are tested in test/v2-executions.test.ts.
  ...Object.fromEntries(
    (['start', 'pause', 'resume', 'abort'] as const).map((action): [string, Expectation] => [
      `POST /api/v2/execution/:id/${action}`,
      {
        need: 'org-write',
        scope: 'organisation',
        ok: 409,
        call: (o) => json(`/api/v2/execution/mx-rec/${action}?organisation_id=${o}`, action === 'abort' ? { reason: 'Matrix' } : undefined),
      },
    ]),
  ),
  // Any member may ask; the list holds only memberships in organisations the caller reads (checked below).
  'GET /api/v2/user/:uid': { need: 'org-member', scope: 'organisation', ok: 200, call: (o) => json(`/api/v2/user/mx-member-${o}`) },
  'GET /api/v2/user/:ownerType/:ownerId': { need: 'org-read', scope: 'organisation', ok: 200, call: (o) => json(`/api/v2/user/organisation/${o}`) },
  // An invitation (issue 22): 202 whether or not the e-mail has an account.
  'POST /api/v2/user/:ownerType/:ownerId': {
    need: 'org-admin',
    scope: 'organisation',
    ok: 202,
    call: (o) => json(`/api/v2/user/organisation/${o}`, { name: 'Matrix', email: 'mx-member-new@honu.test' }),
  },
  'DELETE /api/v2/user/:ownerType/:ownerId/:uid': {
    need: 'org-admin',
    scope: 'organisation',
    ok: 204,
    call: (o) => json(`/api/v2/user/organisation/${o}/mx-member-${o}`),
  },
  'PUT /api/v2/user/:ownerType/:ownerId/:uid/role': {
    need: 'org-admin',
    scope: 'organisation',
    ok: 200,
    call: (o) => json(`/api/v2/user/organisation/${o}/mx-member-${o}/role`, { Organisation: ['read', 'write'] }),
  },
  'DELETE /api/v2/user/:ownerType/:ownerId/:uid/role': {
    need: 'org-admin',
    scope: 'organisation',
    ok: 204,
    call: (o) => json(`/api/v2/user/organisation/${o}/mx-member-${o}/role`),
  },
}

/** A route asked another way that changes who it answers: a row of its own, keyed by its query. */
const VARIANTS: Record<string, Expectation> = {
  // The devices as their admins see them, in one answer (issue 24).
  'GET /api/v1/devices?view=admin': { need: 'admin', scope: 'tenant', ok: 200, call: (t) => json(`/api/v1/devices?tenant_id=${t}&view=admin`) },
}

/** The answer the table expects from `who` calling a route that needs `need` on `target`. */
function expected(need: Need, ok: number, who: Who, target: string): number {
  if (need === 'public') return ok
  // Tenant isolation on the live channel's topics is tested over real sockets (test/live-channel.test.ts).
  if (who === 'anonymous' || need === 'live') return 401
  const tenantLevel = TENANT_LEVEL[who][target]
  const rank = tenantLevel ? { member: 1, writer: 2, admin: 3 }[tenantLevel] : 0
  switch (need) {
    case 'signed-in':
    case 'account':
      return ok
    case 'any-admin':
      return Object.values(TENANT_LEVEL[who]).includes('admin') ? ok : 403
    case 'member':
      return rank >= 1 ? ok : 404
    case 'writer':
      return rank === 0 ? 404 : rank >= 2 ? ok : 403
    case 'admin':
      return rank === 0 ? 404 : rank >= 3 ? ok : 403
    case 'admin-sees':
      return rank >= 3 ? ok : 404
    case 'test':
      throw new Error('Test controls are not called by the matrix.')
  }
  // v2: an account with no membership has no access to mission planning at all.
  const org = ORG_LEVEL[who]
  if (!org) return 403
  if (need === 'org-member') return ok
  // Creating an organisation names none the caller is in: super admins only.
  if (target === '-') return org === 'super' ? ok : 403
  if (target === MISSING_ORG) return 404
  const level = org === 'super' ? 'super' : org[target]
  const orgRank = level ? { read: 1, write: 2, admin: 3, super: 4 }[level] : 0
  if (orgRank === 0) return 404
  const required = { 'org-read': 1, 'org-write': 2, 'org-admin': 3, 'org-admin-or-super': 3, 'org-super': 4 }[need]
  return orgRank >= required ? ok : 403
}

/** Words only a tenant's or an organisation's data holds: none may reach anyone outside it. */
const MARKERS: Record<string, string[]> = {
  alpha: ['Alpha Harbour', 'alpha-bow', 'alpha-cam-1', '10.10.0.0/16'],
  bravo: ['Bravo Fleet', 'bravo-deck', 'bravo-cam-1', '10.10.128.0/20'],
  charlie: ['Charlie Survey', 'charlie-drone', 'charlie-uav-1', '172.20.0.0/16'],
  'org-honu': ['Honu Ocean Operations', 'camp-reef', 'Reef survey 2026', 'mp-remy'],
  'org-kai': ['Kai Mapping', 'camp-coast', 'Coastline mapping', 'mp-cal'],
}
const sees = (who: Who, scope: string) =>
  scope.startsWith('org-') ? expected('org-read', 200, who, scope) === 200 : expected('member', 200, who, scope) === 200

let server: RunningServer
const tokens: Partial<Record<Who, string>> = {}
const TABLES = ['tenants', 'devices', 'videos', 'users', 'invitations', 'v2_records', 'mp_users'] as const
let baseline: Record<string, string> = {}

/** Every table as JSON, to put the data back after an allowed change and to prove a refused one changed nothing. */
async function tableRows(): Promise<Record<string, string>> {
  // One statement for all tables: it runs after every refused change.
  const columns = TABLES.map((table) => `(select coalesce(jsonb_agg(t order by t::text), '[]'::jsonb)::text from ${table} t) as ${table}`)
  const [row] = await server.db.query<Record<string, string>>(`select ${columns.join(', ')}`)
  return row!
}

async function restore() {
  await server.db.transaction(async (tx) => {
    for (const table of [...TABLES].reverse()) await tx.query(`delete from ${table}`)
    for (const table of TABLES) {
      await tx.query(`insert into ${table} select * from jsonb_populate_recordset(null::${table}, $1::jsonb)`, [baseline[table]])
    }
  })
}

async function send(method: string, call: Call, token: string | undefined) {
  const response = await fetch(`${server.url}${call.path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(call.body !== undefined ? { 'content-type': call.type ?? 'application/json' } : {}),
    },
    body: call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body),
  })
  // A live MJPEG stream never ends and media is binary: only JSON answers are read.
  const type = response.headers.get('content-type') ?? ''
  let body: unknown
  if (type.startsWith('application/json')) body = await response.json()
  else await response.body?.cancel()
  return { status: response.status, body, endless: type.startsWith('multipart/') }
}

/** The status of a HEAD request, on a connection of its own closed at once (a live stream's HEAD never ends). */
function head(path: string, token: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${server.url}${path}`,
      { method: 'HEAD', agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (response) => {
        resolve(response.statusCode ?? 0)
        request.destroy()
      },
    )
    request.on('error', reject)
    request.end()
  })
}

beforeAll(async () => {
  server = await startTestServer()
  for (const who of PEOPLE) if (who !== 'anonymous') tokens[who] = (await clientsAs(server, `${who}@honu.test`)).token
  // The scratch records every target holds, made the same way in each so foreign and missing can be compared.
  for (const tenant of TENANTS) {
    await server.db.query(`insert into videos (video_id, tenant_id, name, source) values ('mx-video', $1, 'Matrix', 'x')`, [tenant])
    await server.db.query(`insert into devices (device_id, tenant_id, name, kind, address) values ($1, $2, 'Matrix', 'remote_access', '10.9.9.9')`, [
      `mx-device-${tenant}`,
      tenant,
    ])
    await server.db.query(`insert into users (uid, name, email, permissions) values ($1, 'Matrix', $2, $3::jsonb)`, [
      `mx-user-${tenant}`,
      `mx-user-${tenant}@honu.test`,
      JSON.stringify({ [tenant]: ['reader'] }),
    ])
  }
  for (const org of ORGS) {
    for (const resource of [...V2_RECORDS, 'audit']) {
      await server.db.query(`insert into v2_records (resource, id, organisation_id, data) values ($1, 'mx-rec', $2, $3::jsonb)`, [
        resource,
        org,
        JSON.stringify({ id: 'mx-rec', name: 'Matrix' }),
      ])
    }
    await server.db.query(
      `insert into mp_users (id, uid, email, name, organisation_id, roles) values ($1, $1, $2, 'Matrix', $3, '{"Organisation":["read"]}'::jsonb)`,
      [`mx-member-${org}`, `mx-member-${org}@honu.test`, org],
    )
  }
  await server.db.query(
    `insert into invitations (id, email, name, invited_by, tenant_id, permissions) values ('mx-invite', 'mx-invitee@honu.test', 'Matrix', 'demo-ada', 'alpha', '{"alpha":["reader"]}'::jsonb)`,
  )
  baseline = await tableRows()
})
afterAll(() => server.close())

describe('the isolation matrix', () => {
  it('has exactly one expectation for every registered route, test controls included', async () => {
    // The same apps the server runs, built again to read their route tables: without and with test controls.
    const apps = [
      await createApp({ db: server.db, identity: server.identity, telemetry: server.telemetry }),
      await createApp({ db: server.db, identity: server.identity, telemetry: server.telemetry, mediaTestControls: true }),
    ]
    const table = apps.flatMap((app) => app.routeTable)
    for (const app of apps) await app.close()
    const registered = new Set(table.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))
    expect([...registered].filter((key) => !ACCESS[key])).toEqual([])
    expect(Object.keys(ACCESS).filter((key) => !registered.has(key))).toEqual([])
    // The table and the declarations agree on who is let through at all.
    for (const route of table) {
      const key = `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`
      const need = ACCESS[key]!.need
      const declared =
        need === 'public'
          ? 'public'
          : need === 'test'
            ? 'test'
            : need === 'live'
              ? 'live'
              : need === 'account' || key === 'GET /api/v1/users/:uid'
                ? 'account'
                : route.url.startsWith('/media/')
                  ? 'media'
                  : need.startsWith('org-')
                    ? 'organisation'
                    : 'user'
      expect({ key, access: route.access }).toEqual({ key, access: declared })
    }
  })

  // Test controls are left out: they exist only in browser-test servers, and one of them ends the process.
  const routes = [...Object.entries(ACCESS).filter(([, e]) => e.need !== 'test'), ...Object.entries(VARIANTS)]

  it.each(routes)('%s', async (key, expectation) => {
    const method = key.split(' ')[0]!
    const targets =
      expectation.scope === 'tenant' ? [...TENANTS, MISSING_TENANT] : expectation.scope === 'organisation' ? [...ORGS, MISSING_ORG] : ['-']
    const missing = expectation.scope === 'tenant' ? MISSING_TENANT : MISSING_ORG
    for (const who of PEOPLE) {
      const answers: Record<string, { status: number; body: unknown }> = {}
      for (const target of targets) {
        const call = expectation.call(target)
        const answer = await send(method, call, tokens[who])
        answers[target] = answer
        const want = expected(expectation.need, expectation.ok, who, target)
        expect({ who, target, status: answer.status }).toEqual({ who, target, status: want })
        // A GET's HEAD twin is the same route behind the same gate. (Not for a live MJPEG stream a member may
        // watch: its handler only writes, and Node sends a HEAD's headers on end(), so that HEAD never answers.)
        if (method === 'GET' && !answer.endless)
          expect({ who, target, head: await head(call.path, tokens[who]) }).toEqual({ who, target, head: want })
        // Nothing of a tenant or organisation the caller is not in, unless the request itself named it.
        const text = JSON.stringify(answer.body ?? '')
        const asked = JSON.stringify(call)
        const leaked = Object.entries(MARKERS)
          .filter(([scope]) => who === 'anonymous' || !sees(who, scope))
          .flatMap(([, words]) => words)
          .filter((word) => text.includes(word) && !asked.includes(word))
        expect({ who, target, leaked }).toEqual({ who, target, leaked: [] })
        // An allowed change is undone; a refused call has changed nothing.
        if (answer.status < 300 && method !== 'GET') await restore()
        else if (method !== 'GET') expect(await tableRows()).toEqual(baseline)
      }
      // A foreign tenant or organisation answers exactly as a missing one, but for its id.
      for (const target of targets.filter((t) => t !== missing && t !== '-')) {
        if (who === 'anonymous' || sees(who, target)) continue
        const same = (answer: { status: number; body: unknown }, id: string) => ({
          status: answer.status,
          body: JSON.parse(JSON.stringify(answer.body ?? null).replaceAll(id, '<id>')) as unknown,
        })
        expect({ who, target, answer: same(answers[target]!, target) }).toEqual({ who, target, answer: same(answers[missing]!, missing) })
      }
    }
  })
})
