import { createHash, randomBytes } from 'node:crypto'
import type { Database } from '../db/database'

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url')

/**
 * Gives a device a new JSON-ingest token (replacing its old one) and answers it: the only time the token exists
 * outside the device, since the database keeps its SHA-256 hash. 32 random bytes, so a hash without salt is enough.
 */
export async function issueIngestToken(db: Pick<Database, 'query'>, deviceId: string): Promise<string> {
  const token = `honu_dev_${randomBytes(32).toString('base64url')}`
  await db.query(
    `insert into device_ingest_tokens (device_id, token_hash) values ($1, $2)
     on conflict (device_id) do update set token_hash = excluded.token_hash, created = now()`,
    [deviceId, hash(token)],
  )
  return token
}

/**
 * The device a JSON-ingest token belongs to, or undefined for a token no device holds. By default only a vehicle's
 * token counts (telemetry reports); `anyKind` takes every device's (heartbeats).
 */
export async function deviceOfIngestToken(
  db: Pick<Database, 'query'>,
  token: string,
  options: { anyKind?: boolean } = {},
): Promise<{ deviceId: string; tenantId: string } | undefined> {
  const [row] = await db.query<{ device_id: string; tenant_id: string }>(
    `select d.device_id, d.tenant_id from device_ingest_tokens t join devices d using (device_id)
     where t.token_hash = $1 and ($2 or d.kind = 'vehicle')`,
    [hash(token), options.anyKind === true],
  )
  return row ? { deviceId: row.device_id, tenantId: row.tenant_id } : undefined
}

/**
 * The ingest token of a seeded demo device (emulator mode only, like the demo accounts' password): derived from
 * the device id, so the simulator, its own process, can heartbeat for the seeded devices without a channel to the
 * server. Never for a real device: anyone who reads this file can compute it.
 */
export function demoIngestToken(deviceId: string): string {
  return `honu_dev_demo_${createHash('sha256').update(`honu-demo-ingest:${deviceId}`, 'utf8').digest('base64url')}`
}

/** Stores the demo tokens' hashes for these devices (replacing any token they had). */
export async function issueDemoIngestTokens(db: Pick<Database, 'query'>, deviceIds: readonly string[]): Promise<void> {
  if (deviceIds.length === 0) return
  await db.query(
    `insert into device_ingest_tokens (device_id, token_hash)
     select d, h from unnest($1::text[], $2::text[]) as x(d, h)
     on conflict (device_id) do update set token_hash = excluded.token_hash, created = now()`,
    [deviceIds, deviceIds.map((id) => hash(demoIngestToken(id)))],
  )
}
