import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { readIvfFrames } from '../media/ivf'
import { refuseIfDown, type LiveSources } from '../media/live-sources'
import { grantOf, MEDIA_PARAMS, MEDIA_QUERY } from '../media/media-access'
import { createWhepSessions, WhepBusyError, WhepLimitError, WhepOfferError, type WhepLimits } from '../media/whep-sessions'
import { mediaPath, SOURCE_PARAMS } from './live-media'

/** The committed fixture: 4 s of 640x360 VP8 at 30 fps, a keyframe every second (scripts/generate-media-fixtures.cjs). */
const FIXTURE = new URL('../../fixtures/vp8-360p/stream.ivf', import.meta.url)

/**
 * Live WebRTC for every stream through WHEP (RFC 9725), behind the media check: `POST
 * /media/{tenant_id}/{video_id}/whep` with an SDP offer answers 201 with the SDP answer and the session's address
 * in `Location`; `DELETE` on that address by the same user ends it. A refused offer (no or bad credentials,
 * another tenant) never reaches the handler, so it allocates nothing. Sessions are limited per user, per tenant
 * (429) and on the whole server (503). A source taken down refuses new viewers (503) and closes its sessions.
 */
export function registerLiveWhep(app: FastifyInstance, options: { sources: LiveSources; limits?: Partial<WhepLimits> }) {
  const sessions = createWhepSessions(readIvfFrames(readFileSync(FIXTURE)), { limits: options.limits })
  const offDown = options.sources.onDown((id) => sessions.closeSource(id))

  app.addContentTypeParser('application/sdp', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.post<{ Params: { tenant_id: string; video_id: string }; Body: string }>(
    '/media/:tenant_id/:video_id/whep',
    {
      config: { access: 'media' },
      schema: {
        tags: ['media'],
        params: SOURCE_PARAMS,
        querystring: MEDIA_QUERY,
        body: { type: 'string', minLength: 1 },
        consumes: ['application/sdp'],
      },
    },
    async (request, reply) => {
      const { tenant_id: tenantId, video_id: videoId } = request.params
      const refused = refuseIfDown(options.sources, videoId, reply)
      if (refused) return refused
      try {
        const session = await sessions.open(grantOf(request), request.body)
        return reply
          .code(201)
          .header('content-type', 'application/sdp')
          .header('location', mediaPath(tenantId, videoId, `whep/${session.id}`))
          .send(session.answer)
      } catch (error) {
        if (error instanceof WhepOfferError) return reply.code(400).send({ code: 'invalid-request', message: error.message })
        if (error instanceof WhepLimitError) return reply.code(429).send({ code: 'too-many-sessions', message: error.message })
        if (error instanceof WhepBusyError) return reply.code(503).send({ code: 'busy', message: error.message })
        throw error // the app's error handler: 500 with a generic message, details in the log
      }
    },
  )

  app.delete<{ Params: { tenant_id: string; video_id: string; session: string } }>(
    '/media/:tenant_id/:video_id/whep/:session',
    {
      config: { access: 'media' },
      schema: {
        tags: ['media'],
        params: {
          type: 'object',
          properties: { ...MEDIA_PARAMS, session: { type: 'string', pattern: '^[0-9a-f-]{36}$' } },
          required: ['tenant_id', 'video_id', 'session'],
        },
        querystring: MEDIA_QUERY,
      },
    },
    async (request, reply) => {
      if (!sessions.close(grantOf(request), request.params.session)) {
        return reply.code(404).send({ code: 'not-found', message: 'There is no such WebRTC session.' })
      }
      return reply.code(204).send()
    },
  )

  app.addHook('onClose', async () => {
    offDown()
    await sessions.closeAll()
  })
  return sessions
}
