import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { RouteAccess } from '../access/route-access'
import { ApiError, unauthorized } from '../api-error'
import { authenticate } from '../auth/caller'
import type { Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { loadUser, rolesIn, type UserRow } from '../routes/v1-access'
import { verifyMediaToken } from './media-token'

/** Who may watch what, once a media request has passed the check: one stream of one tenant, for one user. */
export interface MediaGrant {
  tenantId: string
  videoId: string
  uid: string
  /** Set when the request came with a media token (in its URL) rather than a bearer header. */
  mediaToken?: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the media check on every route declared `media`; undefined elsewhere. */
    mediaGrant?: MediaGrant
  }
}

/** Checks one media request for `/media/{tenant_id}/{video_id}/…`; rejects with an {@link ApiError}. */
export type MediaCheck = (request: FastifyRequest, tenantId: string, videoId: string) => Promise<MediaGrant>

/** Tenant and stream in a media path. Tenant ids are free text in the API: anything but `/` and control characters. */
export const MEDIA_PARAMS = {
  tenant_id: { type: 'string', pattern: '^[^/\\u0000-\\u001f\\u007f]{1,200}$' },
  video_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
} as const

/**
 * The query of a media route: only the media token, for what cannot send a header (a `<video src>`). It is the one
 * credential allowed in a URL, because it names one stream and expires in minutes; the ID token never is.
 */
export const MEDIA_QUERY = {
  type: 'object',
  properties: { media_token: { type: 'string', minLength: 1, maxLength: 2048 } },
} as const

/** The same answer for a stream of another tenant, one that does not exist and a tenant the caller is not in. */
export const noSuchStream = () => new ApiError(404, 'not-found', 'There is no such stream in this tenant, or you are not a member of the tenant.')

/**
 * The same rule as `requireMember`, for one stream: the caller has a role in the tenant and the stream exists
 * there (its row stands for the tenant's). Otherwise 404, one body for every case. Membership is looked at
 * first, so a non-member's answer does not depend on the stream at all.
 */
export async function requireStream(db: Pick<Database, 'query'>, user: UserRow, tenantId: string, videoId: string) {
  if (rolesIn(user, tenantId).length === 0) throw noSuchStream()
  const [stream] = await db.query('select 1 from videos where tenant_id = $1 and video_id = $2', [tenantId, videoId])
  if (!stream) throw noSuchStream()
}

const refusedMediaToken = () => new ApiError(401, 'unauthenticated', 'The media token is invalid, expired or for another stream; ask for a new one.')

/**
 * Puts the media check in front of every route declaring `config: { access: 'media' }`, wherever it is
 * registered: one place, and a media route cannot be added without it. Call before registering media routes.
 * The check runs as the route's first preHandler, after the path and query are validated and before the handler
 * (so a refused WebRTC offer allocates nothing); its grant is on `request.mediaGrant`.
 */
export function registerMediaGate(app: FastifyInstance, check: MediaCheck) {
  const gate: preHandlerAsyncHookHandler = async (request) => {
    const { tenant_id: tenantId, video_id: videoId } = request.params as { tenant_id?: string; video_id?: string }
    if (tenantId === undefined || videoId === undefined) {
      throw new Error(`Media route ${request.routeOptions.url} has no {tenant_id}/{video_id} in its path.`)
    }
    request.mediaGrant = await check(request, tenantId, videoId)
  }
  const media: RouteAccess = 'media'
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== media) return
    const existing = [route.preHandler ?? []].flat()
    // A GET's HEAD twin is built from the same options: the gate goes in once.
    if (!existing.includes(gate)) route.preHandler = [gate, ...existing]
  })
}

/** The grant the media check gave; fails closed on a route that somehow was not checked. */
export function grantOf(request: FastifyRequest): MediaGrant {
  if (!request.mediaGrant) throw new Error(`${request.method} ${request.routeOptions.url} serves media without the media check.`)
  return request.mediaGrant
}

/**
 * The real media check: a bearer ID token (hls.js, fetch), else a media token from the query (`<video src>`).
 * No credentials or bad ones answer 401 before anything about the stream is looked up, so a 401 says nothing
 * about which streams exist. Then {@link requireStream}.
 * A media token's membership is checked again on every request, so a removed member loses access at once; a
 * revoked ID token keeps a media token issued before the revocation working for at most its lifetime.
 */
export function createMediaCheck(options: { db: Database; identity: Identity; secret: Buffer; now?: () => number }): MediaCheck {
  const now = options.now ?? Date.now
  return async (request, tenantId, videoId) => {
    let uid: string
    let mediaToken: string | undefined
    const fromQuery = (request.query as { media_token?: string } | undefined)?.media_token
    if (request.headers.authorization !== undefined) {
      uid = (await authenticate(request, options.identity)).uid
    } else if (fromQuery !== undefined) {
      const claims = verifyMediaToken(options.secret, fromQuery, now())
      if (!claims || claims.tenant !== tenantId || claims.video !== videoId) throw refusedMediaToken()
      uid = claims.uid
      mediaToken = fromQuery
    } else {
      throw unauthorized()
    }
    await requireStream(options.db, await loadUser(options.db, uid), tenantId, videoId)
    return { tenantId, videoId, uid, mediaToken }
  }
}
