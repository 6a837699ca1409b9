import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { createLiveSources, refuseIfDown, type LiveSources } from '../media/live-sources'

/** The committed fixture: three 2 s MPEG-TS segments (scripts/generate-media-fixtures.cjs). */
const FIXTURE = new URL('../../fixtures/hls-360p/', import.meta.url)
const SEGMENT_SECONDS = 2
/** Segments listed in the live playlist (a sliding window, as a live encoder's would be). */
const WINDOW = 4

/** A stream id in a media path: letters, digits, `_` and `-` only, so it can never name a file. */
export const STREAM_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const
/** Route parameters of a live source. */
export const SOURCE_PARAMS = { type: 'object', properties: { id: STREAM_ID }, required: ['id'] } as const

/**
 * Live HLS for the seeded streams: every stream id plays the fixture, looped as a live playlist whose media
 * sequence follows the wall clock (so a player that comes back finds the live edge), with a discontinuity at
 * each loop. With `testControls`, `POST /media/test/{id}/down|up` takes one source down (503s, and its open
 * MJPEG and WebRTC streams end) and back.
 */
export function registerLiveMedia(
  app: FastifyInstance,
  options: { sources?: LiveSources; testControls?: boolean; now?: () => number; fixtureDir?: string } = {},
): LiveSources {
  const dir = options.fixtureDir ?? fileURLToPath(FIXTURE)
  const segments = [0, 1, 2].map((i) => readFileSync(join(dir, `seg${i}.ts`)))
  const sources = options.sources ?? createLiveSources()
  const now = options.now ?? Date.now
  const startedAt = now()

  app.get<{ Params: { id: string } }>(
    '/media/live/:id/index.m3u8',
    { schema: { tags: ['media'], security: [], params: SOURCE_PARAMS } },
    async (request, reply) => {
      const refused = refuseIfDown(sources, request.params.id, reply)
      if (refused) return refused
      // Counted from the server's start, not the epoch: hls.js slows down badly on media and discontinuity
      // sequence numbers in the hundreds of millions.
      const live = WINDOW + Math.floor((now() - startedAt) / 1000 / SEGMENT_SECONDS)
      const first = Math.max(0, live - WINDOW + 1)
      const lines = [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
        `#EXT-X-MEDIA-SEQUENCE:${first}`,
        // Every loop of the fixture starts again at time zero: a discontinuity before each first segment.
        `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.ceil(first / segments.length)}`,
      ]
      for (let seq = first; seq <= live; seq++) {
        if (seq % segments.length === 0) lines.push('#EXT-X-DISCONTINUITY')
        lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, `s${seq}.ts`)
      }
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'no-store')
        .send(`${lines.join('\n')}\n`)
    },
  )

  app.get<{ Params: { id: string; seq: string } }>(
    '/media/live/:id/s:seq.ts',
    {
      schema: {
        tags: ['media'],
        security: [],
        params: { type: 'object', properties: { id: STREAM_ID, seq: { type: 'string', pattern: '^[0-9]{1,12}$' } }, required: ['id', 'seq'] },
      },
    },
    async (request, reply) => {
      const refused = refuseIfDown(sources, request.params.id, reply)
      if (refused) return refused
      const segment = segments[Number(request.params.seq) % segments.length]!
      return reply.header('content-type', 'video/mp2t').header('cache-control', 'max-age=60').send(segment)
    },
  )

  if (options.testControls) {
    app.post<{ Params: { id: string; state: 'down' | 'up' } }>(
      '/media/test/:id/:state',
      {
        schema: {
          hide: true,
          params: { type: 'object', properties: { id: STREAM_ID, state: { enum: ['down', 'up'] } }, required: ['id', 'state'] },
        },
      },
      async (request) => {
        sources.setDown(request.params.id, request.params.state === 'down')
        return { id: request.params.id, down: sources.isDown(request.params.id) }
      },
    )
  }
  return sources
}
