import type { FastifyInstance } from 'fastify'
import { userOf } from '../access/access-gate'
import type { Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { createLiveSources } from '../media/live-sources'
import { createMediaCheck, MEDIA_PARAMS, registerMediaGate, requireStream } from '../media/media-access'
import { loadMediaTokenSecret, MEDIA_TOKEN_TTL_SECONDS, signMediaToken } from '../media/media-token'
import type { WhepLimits } from '../media/whep-sessions'
import { registerLiveMedia } from './live-media'
import { registerLiveMjpeg } from './live-mjpeg'
import { registerLiveWhep } from './live-whep'
import { registerMediaClip } from './media-clip'

/** Options of {@link registerMedia}. */
export interface MediaOptions {
  db: Database
  identity: Identity
  /** `POST /media/test/{video_id}/down|up` (browser tests). Off by default. */
  testControls?: boolean
  /** WebRTC session limits; defaults in `DEFAULT_WHEP_LIMITS`. */
  whepLimits?: Partial<WhepLimits>
}

/**
 * Every media route of a stream (`/media/{tenant_id}/{video_id}/index.m3u8`, `/s{seq}.ts`, `/mjpeg`, `/whep`,
 * `/clip.mp4`), all behind one media check, and the call that issues media tokens for them.
 */
export async function registerMedia(app: FastifyInstance, options: MediaOptions) {
  const secret = await loadMediaTokenSecret(options.db)
  registerMediaGate(app, createMediaCheck({ db: options.db, identity: options.identity, secret }))
  const sources = createLiveSources()
  registerLiveMedia(app, { sources, testControls: options.testControls })
  registerLiveMjpeg(app, { sources })
  registerLiveWhep(app, { sources, limits: options.whepLimits })
  registerMediaClip(app)

  app.post<{ Params: { video_id: string }; Querystring: { tenant_id: string } }>(
    '/api/v1/videos/:video_id/media-token',
    {
      config: { access: 'user' },
      schema: {
        tags: ['v1', 'media'],
        summary: 'A media token for one stream, for players that cannot send a bearer header (a <video src>).',
        params: { type: 'object', properties: { video_id: MEDIA_PARAMS.video_id }, required: ['video_id'] },
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['tenant_id'],
          properties: { tenant_id: MEDIA_PARAMS.tenant_id },
        },
      },
    },
    async (request) => {
      const user = userOf(request)
      const { tenant_id: tenantId } = request.query
      const { video_id: videoId } = request.params
      await requireStream(options.db, user, tenantId, videoId)
      const exp = Math.floor(Date.now() / 1000) + MEDIA_TOKEN_TTL_SECONDS
      return {
        token: signMediaToken(secret, { tenant: tenantId, video: videoId, uid: user.uid, exp }),
        expires_at: new Date(exp * 1000).toISOString(),
      }
    },
  )
}
