import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { readIvfFrames } from '../media/ivf'
import { refuseIfDown, type LiveSources } from '../media/live-sources'
import { createWhepSessions, WhepBusyError, WhepOfferError } from '../media/whep-sessions'
import { SOURCE_PARAMS, STREAM_ID } from './live-media'

/** The committed fixture: 4 s of 640x360 VP8 at 30 fps, a keyframe every second (scripts/generate-media-fixtures.cjs). */
const FIXTURE = new URL('../../fixtures/vp8-360p/stream.ivf', import.meta.url)

/**
 * Live WebRTC for every stream id through WHEP (RFC 9725): `POST /media/live/{id}/whep` with an SDP offer
 * answers 201 with the SDP answer and the session's address in `Location`; `DELETE` on that address ends it.
 * A source taken down refuses new viewers (503) and closes its sessions.
 */
export function registerLiveWhep(app: FastifyInstance, options: { sources: LiveSources; maxSessions?: number }) {
  const sessions = createWhepSessions(readIvfFrames(readFileSync(FIXTURE)), { maxSessions: options.maxSessions })
  const offDown = options.sources.onDown((id) => sessions.closeSource(id))

  app.addContentTypeParser('application/sdp', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.post<{ Params: { id: string }; Body: string }>(
    '/media/live/:id/whep',
    {
      schema: {
        tags: ['media'],
        security: [],
        params: SOURCE_PARAMS,
        body: { type: 'string', minLength: 1 },
        consumes: ['application/sdp'],
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const refused = refuseIfDown(options.sources, id, reply)
      if (refused) return refused
      try {
        const session = await sessions.open(id, request.body)
        return reply
          .code(201)
          .header('content-type', 'application/sdp')
          .header('location', `/media/live/${id}/whep/${session.id}`)
          .send(session.answer)
      } catch (error) {
        if (error instanceof WhepOfferError) return reply.code(400).send({ code: 'invalid-request', message: error.message })
        if (error instanceof WhepBusyError) return reply.code(503).send({ code: 'busy', message: error.message })
        throw error // the app's error handler: 500 with a generic message, details in the log
      }
    },
  )

  app.delete<{ Params: { id: string; session: string } }>(
    '/media/live/:id/whep/:session',
    {
      schema: {
        tags: ['media'],
        security: [],
        params: {
          type: 'object',
          properties: { id: STREAM_ID, session: { type: 'string', pattern: '^[0-9a-f-]{36}$' } },
          required: ['id', 'session'],
        },
      },
    },
    async (request, reply) => {
      if (!sessions.close(request.params.id, request.params.session)) {
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
