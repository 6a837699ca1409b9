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

/** The vehicle a JSON-ingest token belongs to, or undefined for a token no device holds. */
export async function deviceOfIngestToken(
  db: Pick<Database, 'query'>,
  token: string,
): Promise<{ deviceId: string; tenantId: string } | undefined> {
  const [row] = await db.query<{ device_id: string; tenant_id: string }>(
    `select d.device_id, d.tenant_id from device_ingest_tokens t join devices d using (device_id)
     where t.token_hash = $1 and d.kind = 'vehicle'`,
    [hash(token)],
  )
  return row ? { deviceId: row.device_id, tenantId: row.tenant_id } : undefined
}
