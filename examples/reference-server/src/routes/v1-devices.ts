import { randomUUID } from 'node:crypto'
import { isIP } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError, notFound } from '../api-error'
import type { Database } from '../db/database'
import { ID, NAME } from '../schemas/field-schemas'
import { requireAdmin, type UserRow } from './v1-access'
import { userOf } from '../access/access-gate'
import { recordAudit, recordUpdate } from '../audit/audit-log'
import { endpointProblem } from '../remote/desktop-endpoints'
import { issueIngestToken } from '../telemetry/ingest-tokens'

const tenantQuery = { type: 'object', additionalProperties: false, required: ['tenant_id'], properties: { tenant_id: ID } } as const
const deviceParams = { type: 'object', properties: { device_id: ID } } as const

/** A device's network address as shown in the topology: an IPv4 or IPv6 address, or nothing. */
const NETWORK_ADDRESS = { type: ['string', 'null'], maxLength: 45 } as const
/** A remote-access device's desktop: host and port, and its VNC password (write-only; null clears it). */
const DESKTOP = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['host', 'port'],
  properties: {
    host: { type: 'string', minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.:-]+$' },
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    // VNC authentication reads the first 8 characters, as every VNC server does; a longer one is kept as typed.
    password: { type: ['string', 'null'], maxLength: 128, 'x-text': 'line-or-empty' },
  },
} as const

const deviceFields = {
  name: NAME,
  address: NETWORK_ADDRESS,
  mavlink_system_id: { type: ['integer', 'null'], minimum: 1, maximum: 255 },
  // A vehicle's MAVLink 2 signing key, 32 bytes in hex (write-only; null: its packets need no signature).
  mavlink_signing_key: { type: ['string', 'null'], pattern: '^[0-9A-Fa-f]{64}$' },
  desktop: DESKTOP,
} as const

interface DeviceBody {
  name?: string
  kind?: string
  address?: string | null
  mavlink_system_id?: number | null
  mavlink_signing_key?: string | null
  desktop?: { host: string; port: number; password?: string | null } | null
}

interface DeviceRecord {
  device_id: string
  tenant_id: string
  name: string
  kind: string
  address: string | null
  mavlink_system_id: number | null
  vnc_host: string | null
  vnc_port: number | null
  has_password: boolean
  has_signing_key: boolean
}

const recordSelect = `select device_id, tenant_id, name, kind, address, mavlink_system_id, vnc_host, vnc_port,
  vnc_password is not null as has_password, mavlink_signing_key is not null as has_signing_key from devices`

/** What an admin sees of a device: its desktop's host and port and whether it has a password, never the password. */
function toAdminView(row: DeviceRecord) {
  const { vnc_host, vnc_port, has_password, ...device } = row
  return {
    ...device,
    // has_signing_key says whether the vehicle's packets must be signed; the key itself is never answered.
    desktop: vnc_host && vnc_port ? { host: vnc_host, port: vnc_port, has_password } : null,
  }
}

/** The audit trail's view of a device: every field, the desktop's password as set or not (redacted by name anyway). */
const auditView = (row: DeviceRecord) => ({
  name: row.name,
  kind: row.kind,
  address: row.address,
  mavlink_system_id: row.mavlink_system_id,
  desktop: row.vnc_host ? `${row.vnc_host}:${row.vnc_port}` : null,
  desktop_password: row.has_password ? 'set' : null,
  mavlink_signing_key: row.has_signing_key ? 'set' : null,
})

/** `GET /api/v1/devices?tenant_id&view=admin`: the tenant's devices as its admins see them, by name (admins only). */
export async function listManagedDevices(db: Database, user: UserRow, tenantId: string) {
  await requireAdmin(db, user, tenantId, 'manage this tenant’s devices')
  const rows = await db.query<DeviceRecord>(`${recordSelect} where tenant_id = $1 order by name, device_id`, [tenantId])
  const data = rows.map(toAdminView)
  return { data, total_count: data.length }
}

/**
 * Devices managed by a tenant's admins (issue 24): register, edit and remove, a remote-access device's desktop
 * endpoint (inside HONU_VNC_ALLOWED_HOSTS) and password (write-only), and a device's ingest token (shown once, kept
 * hashed; a new one stops the old at once). Members read the list with `GET /api/v1/devices` (v1-tenants.ts), admins
 * with `view=admin` (listManagedDevices above).
 */
export function registerDeviceRoutes(
  app: FastifyInstance,
  db: Database,
  options: {
    allowedVncHosts: readonly string[]
    /** The MAVLink ingest re-reads its bindings (system ids, signing keys) at once. */ devicesChanged?: () => Promise<void>
  },
) {
  const changed = () => options.devicesChanged?.().catch((error: Error) => app.log.warn(`telemetry bindings reload failed: ${error.message}`))
  const checkBody = (body: DeviceBody, kind: string) => {
    if (body.address && !isIP(body.address))
      throw new ApiError(400, 'invalid-request', 'Invalid request: body.address must be an IPv4 or IPv6 address.')
    if (body.desktop && kind !== 'remote_access') {
      throw new ApiError(400, 'invalid-request', 'Invalid request: body.desktop is for remote-access devices only.')
    }
    if (body.mavlink_system_id != null && kind !== 'vehicle') {
      throw new ApiError(400, 'invalid-request', 'Invalid request: body.mavlink_system_id is for vehicles only.')
    }
    if (body.mavlink_signing_key != null && kind !== 'vehicle') {
      throw new ApiError(400, 'invalid-request', 'Invalid request: body.mavlink_signing_key is for vehicles only.')
    }
    const problem = body.desktop ? endpointProblem(body.desktop, options.allowedVncHosts) : undefined
    if (problem) throw new ApiError(400, 'invalid-request', `Invalid request: ${problem}`)
  }
  /** One UDP ingest serves every tenant, so a system id is unique on the server: say it is taken, not by whom. */
  const systemIdTaken = (error: unknown) => /mavlink_system_id|devices_mavlink_system_id_key/.test(String((error as Error).message))
  const taken = () => new ApiError(409, 'conflict', 'That MAVLink system id is taken on this server: pick another.')

  /** Every route here: the tenant from the query, the device from the path, and the caller an admin of the tenant. */
  const adminOf = async (request: FastifyRequest) => {
    const { tenant_id } = request.query as { tenant_id: string }
    const { device_id } = request.params as { device_id?: string }
    const user = userOf(request)
    await requireAdmin(db, user, tenant_id, 'manage this tenant’s devices')
    return { tenant_id, device_id: device_id!, user }
  }

  app.get(
    '/api/v1/devices/:device_id',
    { config: { access: 'user' }, schema: { tags: ['v1'], querystring: tenantQuery, params: deviceParams } },
    async (request) => {
      const { tenant_id, device_id } = await adminOf(request)
      const [row] = await db.query<DeviceRecord>(`${recordSelect} where device_id = $1 and tenant_id = $2`, [device_id, tenant_id])
      if (!row) throw notFound(`Device "${device_id}"`)
      return toAdminView(row)
    },
  )

  app.post(
    '/api/v1/devices',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
        querystring: tenantQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'kind'],
          properties: { ...deviceFields, kind: { type: 'string', enum: ['camera', 'vehicle', 'remote_access'] } },
        },
      },
    },
    async (request, reply) => {
      const { tenant_id, user } = await adminOf(request)
      const body = request.body as DeviceBody & { name: string; kind: string }
      checkBody(body, body.kind)
      // The server names the device: an id chosen by the client could tell whether another tenant uses it.
      const deviceId = `dev-${randomUUID()}`
      try {
        const row = await db.transaction(async (tx) => {
          await tx.query(
            `insert into devices (device_id, tenant_id, name, kind, address, mavlink_system_id, vnc_host, vnc_port, vnc_password, mavlink_signing_key)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [
              deviceId,
              tenant_id,
              body.name,
              body.kind,
              body.address ?? null,
              body.mavlink_system_id ?? null,
              body.desktop?.host ?? null,
              body.desktop?.port ?? null,
              body.desktop?.password || null,
              body.mavlink_signing_key?.toLowerCase() ?? null,
            ],
          )
          const [created] = await tx.query<DeviceRecord>(`${recordSelect} where device_id = $1`, [deviceId])
          await recordAudit(tx, {
            actor: user,
            tenantId: tenant_id,
            action: 'device.create',
            resourceType: 'device',
            resourceId: deviceId,
            before: null,
            after: auditView(created!),
          })
          return created!
        })
        await changed()
        return reply.code(201).send(toAdminView(row))
      } catch (error) {
        if (systemIdTaken(error)) throw taken()
        throw error
      }
    },
  )

  app.patch(
    '/api/v1/devices/:device_id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1'],
        querystring: tenantQuery,
        params: deviceParams,
        body: { type: 'object', additionalProperties: false, minProperties: 1, properties: deviceFields },
      },
    },
    async (request) => {
      const { tenant_id, device_id, user } = await adminOf(request)
      const body = request.body as DeviceBody
      try {
        const row = await db.transaction(async (tx) => {
          const [before] = await tx.query<DeviceRecord>(`${recordSelect} where device_id = $1 and tenant_id = $2 for update`, [device_id, tenant_id])
          if (!before) return undefined
          checkBody(body, before.kind)
          const set: string[] = []
          const values: unknown[] = [device_id, tenant_id]
          const assign = (column: string, value: unknown) => {
            values.push(value)
            set.push(`${column} = $${values.length}`)
          }
          if (body.name !== undefined) assign('name', body.name)
          if (body.address !== undefined) assign('address', body.address)
          if (body.mavlink_system_id !== undefined) assign('mavlink_system_id', body.mavlink_system_id)
          if (body.mavlink_signing_key !== undefined) assign('mavlink_signing_key', body.mavlink_signing_key?.toLowerCase() ?? null)
          if (body.desktop !== undefined) {
            assign('vnc_host', body.desktop?.host ?? null)
            assign('vnc_port', body.desktop?.port ?? null)
            // A desktop sent without a password keeps the one stored; null (or no desktop) clears it.
            if (body.desktop === null || body.desktop.password !== undefined) assign('vnc_password', body.desktop?.password || null)
          }
          await tx.query(`update devices set ${set.join(', ')} where device_id = $1 and tenant_id = $2`, values)
          const [after] = await tx.query<DeviceRecord>(`${recordSelect} where device_id = $1`, [device_id])
          const change = { actor: user, tenantId: tenant_id, action: 'device.update', resourceType: 'device', resourceId: device_id }
          const passwordChanged = (body.desktop?.password !== undefined && body.desktop !== null) || typeof body.mavlink_signing_key === 'string'
          const wrote = await recordUpdate(tx, change, auditView(before), auditView(after!))
          if (!wrote && passwordChanged) {
            await recordAudit(tx, { ...change, before: { secret: 'set' }, after: { secret: 'changed' } })
          }
          return after!
        })
        if (!row) throw notFound(`Device "${device_id}"`)
        await changed()
        return toAdminView(row)
      } catch (error) {
        if (systemIdTaken(error)) throw taken()
        throw error
      }
    },
  )

  app.delete(
    '/api/v1/devices/:device_id',
    { config: { access: 'user' }, schema: { tags: ['v1'], querystring: tenantQuery, params: deviceParams } },
    async (request, reply) => {
      const { tenant_id, device_id, user } = await adminOf(request)
      const deleted = await db.transaction(async (tx) => {
        const [row] = await tx.query<DeviceRecord>(`${recordSelect} where device_id = $1 and tenant_id = $2`, [device_id, tenant_id])
        if (!row) return false
        await tx.query('delete from devices where device_id = $1 and tenant_id = $2', [device_id, tenant_id])
        await recordAudit(tx, {
          actor: user,
          tenantId: tenant_id,
          action: 'device.delete',
          resourceType: 'device',
          resourceId: device_id,
          before: auditView(row),
          after: null,
        })
        return true
      })
      if (!deleted) throw notFound(`Device "${device_id}"`)
      await changed()
      return reply.code(204).send()
    },
  )

  app.post(
    '/api/v1/devices/:device_id/ingest-token',
    { config: { access: 'user' }, schema: { tags: ['v1'], querystring: tenantQuery, params: deviceParams } },
    async (request, reply) => {
      const { tenant_id, device_id, user } = await adminOf(request)
      const token = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ rotated: boolean }>(
          `select exists (select 1 from device_ingest_tokens where device_id = $1) as rotated from devices where device_id = $1 and tenant_id = $2 for update`,
          [device_id, tenant_id],
        )
        if (!row) return undefined
        const issued = await issueIngestToken(tx, device_id)
        await recordAudit(tx, {
          actor: user,
          tenantId: tenant_id,
          action: row.rotated ? 'device.token-rotate' : 'device.token-issue',
          resourceType: 'device',
          resourceId: device_id,
          before: null,
          after: { ingest_token: 'issued' },
        })
        return issued
      })
      if (!token) throw notFound(`Device "${device_id}"`)
      // Shown once: the server keeps only its hash. Not cached anywhere on the way.
      reply.header('Cache-Control', 'no-store')
      return reply.code(201).send({ device_id, token })
    },
  )
}
