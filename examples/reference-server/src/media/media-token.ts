import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Database } from '../db/database'

/** How long a media token is good for. Short: it may sit in a URL, and it is the bound on a removed member's access. */
export const MEDIA_TOKEN_TTL_SECONDS = 300

/** What a media token grants: one stream of one tenant, to one user, until `exp` (seconds since the epoch). */
export interface MediaTokenClaims {
  tenant: string
  video: string
  uid: string
  exp: number
}

/** Prefix of every media token, so one is never mistaken for (or confused with) an ID token. */
const PREFIX = 'hm1'

/**
 * Signs a stream-scoped media token: `hm1.<claims as base64url JSON>.<HMAC-SHA256 as base64url>`. It is not the
 * user's ID token and says nothing the ID token would let someone do elsewhere: one stream, a few minutes.
 */
export function signMediaToken(secret: Buffer, claims: MediaTokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${PREFIX}.${payload}.${mac(secret, payload)}`
}

/** The claims of a well-formed, correctly signed and unexpired token; undefined for anything else. */
export function verifyMediaToken(secret: Buffer, token: string, nowMs: number): MediaTokenClaims | undefined {
  const [prefix, payload, signature, ...rest] = token.split('.')
  if (prefix !== PREFIX || !payload || !signature || rest.length > 0) return undefined
  const expected = Buffer.from(mac(secret, payload))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  let claims: Partial<MediaTokenClaims>
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<MediaTokenClaims>
  } catch {
    return undefined
  }
  const { tenant, video, uid, exp } = claims
  if (typeof tenant !== 'string' || typeof video !== 'string' || typeof uid !== 'string' || typeof exp !== 'number') return undefined
  if (exp * 1000 <= nowMs) return undefined
  return { tenant, video, uid, exp }
}

/** A request URL fit for a log: its media token (if any) replaced, so no credential is ever written down. */
export function withoutMediaToken(url: string): string {
  return url.replace(/([?&]media_token=)[^&#]*/g, '$1[redacted]')
}

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(`${PREFIX}.${payload}`).digest('base64url')

/**
 * The signing secret, shared by every server process on the database: the first process to ask creates it
 * (a random 32 bytes, `on conflict do nothing` so racing processes agree on the winner's), the rest read it.
 * A per-process random would make a token issued by one process fail on the next.
 */
export async function loadMediaTokenSecret(db: Pick<Database, 'query'>): Promise<Buffer> {
  await db.query("insert into server_secrets (name, value) values ('media-token', $1) on conflict (name) do nothing", [
    randomBytes(32).toString('base64'),
  ])
  const [row] = await db.query<{ value: string }>("select value from server_secrets where name = 'media-token'")
  if (!row) throw new Error('The media token secret could not be stored.')
  return Buffer.from(row.value, 'base64')
}
