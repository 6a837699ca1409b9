import type { FastifyInstance } from 'fastify'
import { ALL_TENANTS } from '@honu/core'
import type { Database } from '../db/database'
import { ID, NAME } from '../schemas/field-schemas'
import { requireAdmin, requireMember } from './v1-access'
import { userOf } from '../access/access-gate'
import { recordUpdate } from '../audit/audit-log'
import { listManagedDevices } from './v1-devices'

const tenantParams = {
  type: 'object',
  properties: { tenant_id: ID },
} as const
const tenantQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['tenant_id'],
  properties: { tenant_id: ID },
} as const

/** Tenants the caller belongs to, renaming, and the device list per tenant. */
export function registerTenantRoutes(app: FastifyInstance, db: Database) {
  app.get('/api/v1/tenants', { config: { access: 'user' }, schema: { tags: ['v1'] } }, async (request) => {
    const user = userOf(request)
    const all = await db.query<{ tenant_id: string }>('select tenant_id, tenant_id as id, name, remote_cidr, vpn_cidr from tenants order by name')
    const everywhere = (user.permissions[ALL_TENANTS]?.length ?? 0) > 0
    return { data: all.filter((t) => everywhere || (user.permissions[t.tenant_id]?.length ?? 0) > 0) }
  })

  app.put(
    '/api/v1/tenants/:tenant_id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
        params: tenantParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { name: NAME },
        },
      },
    },
    async (request) => {
      const { tenant_id } = request.params as { tenant_id: string }
      const user = userOf(request)
      await requireAdmin(db, user, tenant_id, 'rename this tenant')
      const { name } = request.body as { name: string }
      await db.transaction(async (tx) => {
        const [before] = await tx.query<{ name: string }>('select name from tenants where tenant_id = $1 for update', [tenant_id])
        await tx.query('update tenants set name = $2 where tenant_id = $1', [tenant_id, name])
        const change = { actor: user, tenantId: tenant_id, action: 'tenant.rename', resourceType: 'tenant', resourceId: tenant_id }
        if (before) await recordUpdate(tx, change, { name: before.name }, { name })
      })
      return { name }
    },
  )

  // Not in the spec's table: the devices the console shows per tenant (camera, vehicle, remote_access;
  // any other kind is reported as unknown, spec §1).
  // `view=admin` (issue 24): every device as its admins see it, in one answer (the admin console's Devices tab).
  const listQuery = { ...tenantQuery, properties: { ...tenantQuery.properties, view: { type: 'string', enum: ['admin'] } } } as const
  app.get('/api/v1/devices', { config: { access: 'user' }, schema: { tags: ['v1'], querystring: listQuery } }, async (request) => {
    const { tenant_id, view } = request.query as { tenant_id: string; view?: 'admin' }
    if (view === 'admin') return listManagedDevices(db, userOf(request), tenant_id)
    await requireMember(db, userOf(request), tenant_id)
    const rows = await db.query<{ kind: string }>(
      'select device_id, tenant_id, name, kind, address from devices where tenant_id = $1 order by name',
      [tenant_id],
    )
    const data = rows.map((d) => ({ ...d, kind: ['camera', 'vehicle', 'remote_access'].includes(d.kind) ? d.kind : 'unknown' }))
    return { data, total_count: data.length }
  })
}
