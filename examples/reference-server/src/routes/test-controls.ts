import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../api-error'
import type { Database } from '../db/database'
import { ID } from '../schemas/field-schemas'

/** A fault the test controls inject: the next `count` requests matching `method` and `url` answer `status`. */
export interface InjectedFault {
  /** HTTP method, e.g. `GET`. */
  method: string
  /** The route's pattern as registered, e.g. `/api/v1/users/:uid`. */
  url: string
  status: number
  count: number
}

/**
 * Test-only controls, registered only when the server runs with test controls on (`HONU_MEDIA_TEST_CONTROLS=1`),
 * so browser tests can meet real failures of the real server rather than faked answers in the browser:
 * - `POST /test/exit`: the process exits right after answering (the start command's supervisor restarts it).
 * - `POST /test/hang` with `{ ms }`: right after answering, the process stops (SIGSTOP) for `ms` and then goes on
 *   (a detached `sleep` sends SIGCONT): a real hang, its sockets open, connections accepted by the kernel and
 *   nothing answered, as a server stuck in a long pause or swapped out.
 * - `POST /test/faults` with `{ method, url, status, count }`: the next `count` requests to that route answer
 *   `status` with the server's usual error body; `DELETE /test/faults` clears them.
 * - `POST /test/audit/fill` with `{ tenant_id, count }`: `count` synthetic audit entries in the tenant, one a
 *   second up to now (for exporting a large trail).
 * - `POST /test/users/fill` with `{ tenant_id, count }`: `count` synthetic users (no sign-in accounts), readers in
 *   the tenant, joined one a minute up to now (for paging a large users list).
 */
export function registerTestControls(app: FastifyInstance, options: { exit?: () => void; db?: Database } = {}) {
  const faults: InjectedFault[] = []

  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url
    const fault = faults.find((f) => f.count > 0 && f.method === request.method && f.url === route)
    if (!fault) return
    fault.count -= 1
    return reply.code(fault.status).send({ code: 'injected-fault', message: 'The server failed to handle this request.' })
  })

  app.post('/test/exit', { config: { access: 'test' }, schema: { hide: true } }, async (_request, reply) => {
    await reply.code(202).send({ exiting: true })
    setTimeout(options.exit ?? (() => process.exit(75)), 50)
  })

  app.post(
    '/test/hang',
    {
      config: { access: 'test' },
      schema: {
        hide: true,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['ms'],
          properties: { ms: { type: 'integer', minimum: 100, maximum: 60_000 } },
        },
      },
    },
    async (request, reply) => {
      const { ms } = request.body as { ms: number }
      await reply.code(202).send({ hangingForMs: ms })
      setTimeout(() => {
        spawn('sh', ['-c', `sleep ${ms / 1000}; kill -CONT ${process.pid}`], { detached: true, stdio: 'ignore' }).unref()
        process.kill(process.pid, 'SIGSTOP')
      }, 50)
    },
  )

  app.post(
    '/test/faults',
    {
      config: { access: 'test' },
      schema: {
        hide: true,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['method', 'url', 'status', 'count'],
          properties: {
            method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE'] },
            url: { type: 'string', minLength: 1, maxLength: 200 },
            status: { type: 'integer', minimum: 400, maximum: 599 },
            count: { type: 'integer', minimum: 1, maximum: 100 },
          },
        },
      },
    },
    async (request) => {
      faults.push({ ...(request.body as InjectedFault) })
      return { faults }
    },
  )

  app.delete('/test/faults', { config: { access: 'test' }, schema: { hide: true } }, async (_request, reply) => {
    faults.splice(0)
    return reply.code(204).send()
  })

  if (options.db) registerFillControls(app, options.db)
}

/** The body of the fill controls. */
const FILL_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['tenant_id', 'count'],
  properties: { tenant_id: ID, count: { type: 'integer', minimum: 1, maximum: 100_000 } },
} as const

/** The fill controls: many audit entries or users at once, in one statement each. */
export function registerFillControls(app: FastifyInstance, db: Database) {
  const requireTenant = async (tenantId: string) => {
    const [tenant] = await db.query('select 1 from tenants where tenant_id = $1', [tenantId])
    if (!tenant) throw notFound(`Tenant "${tenantId}"`)
  }

  app.post('/test/audit/fill', { config: { access: 'test' }, schema: { hide: true, body: FILL_BODY } }, async (request, reply) => {
    const { tenant_id, count } = request.body as { tenant_id: string; count: number }
    await requireTenant(tenant_id)
    // Oldest first, so ids (the trail's order) and times agree; a name with a comma and a quote, and a formula, so
    // the export's quoting is exercised.
    await db.query(
      `insert into audit_entries (at, actor_uid, actor_email, tenant_id, action, resource_type, resource_id, before, after)
       select now() - make_interval(secs => $2::int - i), 'fill-actor', 'fill-actor@honu.test', $1,
         (array['video.update', 'tenant.rename', 'role.change'])[1 + i % 3],
         (array['video', 'tenant', 'user'])[1 + i % 3],
         'fill-' || i,
         jsonb_build_object('name', 'Stream "' || i || '", old'),
         jsonb_build_object('name', '=Stream ' || i)
       from generate_series(1, $2::int) as i`,
      [tenant_id, count],
    )
    // A bulk load refreshes the planner's statistics, as PostgreSQL's autovacuum would soon after (PGlite has none):
    // without them the trail's pages are read by sorting every entry of the tenant instead of walking its index.
    await db.exec('analyze audit_entries')
    return reply.code(201).send({ created: count })
  })

  app.post('/test/users/fill', { config: { access: 'test' }, schema: { hide: true, body: FILL_BODY } }, async (request, reply) => {
    const { tenant_id, count } = request.body as { tenant_id: string; count: number }
    await requireTenant(tenant_id)
    // A batch tag keeps the uids and e-mails of repeated fills apart.
    const batch = randomBytes(4).toString('hex')
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into users (uid, name, email, permissions, joined)
         select 'fill-' || $2 || '-' || lpad(i::text, 6, '0'), 'Test User ' || $2 || ' ' || lpad(i::text, 6, '0'),
           'fill-' || $2 || '-' || lpad(i::text, 6, '0') || '@honu.test', jsonb_build_object($1::text, jsonb_build_array('reader')),
           now() - make_interval(mins => $3::int - i)
         from generate_series(1, $3::int) as i`,
        [tenant_id, batch, count],
      )
      await tx.query(
        `insert into tenant_members (tenant_id, uid, joined)
         select $1, uid, joined from users where uid like 'fill-' || $2 || '-%'`,
        [tenant_id, batch],
      )
    })
    return reply.code(201).send({ created: count, batch })
  })
}
