import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../api-error'
import type { Database } from '../db/database'
import { ADDRESS, ID, NAME, OPTIONAL_ADDRESS } from '../schemas/field-schemas'
import { requireMember, requireWriter } from './v1-access'
import { userOf } from '../access/access-gate'
import { recordAudit, recordUpdate } from '../audit/audit-log'

const tenantQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['tenant_id'],
  properties: {
    tenant_id: ID,
    limit: { type: 'string', pattern: '^[0-9]{1,4}$' },
    offset: { type: 'string', pattern: '^[0-9]{1,9}$' },
  },
} as const

const streamFields = {
  name: NAME,
  source: ADDRESS,
  proxy: OPTIONAL_ADDRESS,
} as const

const videoColumns = `video_id, name, source, proxy, tenant_id, device_id,
  to_char(create_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as create_time,
  to_char(update_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as update_time`
const videoSelect = `select ${videoColumns} from videos`

/** Streams of a tenant: spec §7 `/api/v1/videos`. Members read; writers and admins change. */
export function registerVideoRoutes(app: FastifyInstance, db: Database) {
  app.get('/api/v1/videos', { config: { access: 'user' }, schema: { tags: ['v1'], querystring: tenantQuery } }, async (request) => {
    const { tenant_id, limit, offset } = request.query as { tenant_id: string; limit?: string; offset?: string }
    await requireMember(db, userOf(request), tenant_id)
    // One round trip for the page and the total (a window count over the tenant's rows, taken before the
    // limit); only a page past the end, which has no row to carry it, asks for the total apart.
    const rows = await db.query<{ total_count: string }>(
      `select ${videoColumns}, count(*) over () as total_count from videos where tenant_id = $1 order by name, video_id limit $2 offset $3`,
      [tenant_id, Math.min(Number(limit ?? 1000), 1000), Number(offset ?? 0)],
      { cached: true },
    )
    const total = rows[0]
      ? rows[0].total_count
      : ((await db.query<{ count: string }>('select count(*) from videos where tenant_id = $1', [tenant_id]))[0]?.count ?? '0')
    const data = rows.map(({ total_count: _, ...video }) => video)
    return { data, total_count: Number(total) }
  })

  app.post(
    '/api/v1/videos',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
        querystring: tenantQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'source'],
          properties: { ...streamFields, video_id: ID },
        },
      },
    },
    async (request, reply) => {
      const { tenant_id } = request.query as { tenant_id: string }
      const user = userOf(request)
      await requireWriter(db, user, tenant_id)
      const body = request.body as { name: string; source: string; proxy?: string | null; video_id?: string }
      const videoId = body.video_id ?? randomUUID()
      const created = await db.transaction(async (tx) => {
        // Ids are unique per tenant: only this tenant's streams can conflict, so another tenant's id is free here.
        const [existing] = await tx.query('select 1 from videos where tenant_id = $1 and video_id = $2', [tenant_id, videoId])
        if (existing) return undefined
        await tx.query('insert into videos (video_id, tenant_id, name, source, proxy) values ($1, $2, $3, $4, $5)', [
          videoId,
          tenant_id,
          body.name,
          body.source,
          body.proxy ?? null,
        ])
        await recordAudit(tx, {
          actor: user,
          tenantId: tenant_id,
          action: 'video.create',
          resourceType: 'video',
          resourceId: videoId,
          before: null,
          after: { name: body.name, source: body.source, proxy: body.proxy ?? null },
        })
        const [row] = await tx.query(`${videoSelect} where tenant_id = $1 and video_id = $2`, [tenant_id, videoId])
        return row
      })
      if (!created) return reply.code(409).send({ code: 'conflict', message: `A stream with id "${videoId}" already exists.` })
      return reply.code(201).send(created)
    },
  )

  app.put(
    '/api/v1/videos/:video_id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
        querystring: tenantQuery,
        params: { type: 'object', properties: { video_id: ID } },
        body: { type: 'object', additionalProperties: false, required: ['name', 'source'], properties: streamFields },
      },
    },
    async (request) => {
      const { tenant_id } = request.query as { tenant_id: string }
      const { video_id } = request.params as { video_id: string }
      const user = userOf(request)
      await requireWriter(db, user, tenant_id)
      const body = request.body as { name: string; source: string; proxy?: string | null }
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.query<{ name: string; source: string; proxy: string | null }>(
          'select name, source, proxy from videos where video_id = $1 and tenant_id = $2 for update',
          [video_id, tenant_id],
        )
        if (!before) return undefined
        const [updated] = await tx.query<{ update_time: string }>(
          `update videos set name = $3, source = $4, proxy = $5, update_time = clock_timestamp()
           where video_id = $1 and tenant_id = $2
           returning to_char(update_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as update_time`,
          [video_id, tenant_id, body.name, body.source, body.proxy ?? null],
        )
        const change = { actor: user, tenantId: tenant_id, action: 'video.update', resourceType: 'video', resourceId: video_id }
        await recordUpdate(tx, change, { ...before }, { name: body.name, source: body.source, proxy: body.proxy ?? null })
        return updated
      })
      if (!row) throw notFound(`Stream "${video_id}"`)
      return { update_time: row.update_time }
    },
  )

  app.delete(
    '/api/v1/videos/:video_id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
        querystring: tenantQuery,
        params: { type: 'object', properties: { video_id: ID } },
      },
    },
    async (request, reply) => {
      const { tenant_id } = request.query as { tenant_id: string }
      const { video_id } = request.params as { video_id: string }
      const user = userOf(request)
      await requireWriter(db, user, tenant_id)
      const deleted = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ name: string; source: string; proxy: string | null }>(
          'delete from videos where video_id = $1 and tenant_id = $2 returning name, source, proxy',
          [video_id, tenant_id],
        )
        if (!row) return false
        await recordAudit(tx, {
          actor: user,
          tenantId: tenant_id,
          action: 'video.delete',
          resourceType: 'video',
          resourceId: video_id,
          before: { ...row },
          after: null,
        })
        return true
      })
      if (!deleted) throw notFound(`Stream "${video_id}"`)
      return reply.code(204).send()
    },
  )
}
