import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { createLiveSources, refuseIfDown, type LiveSources } from '../media/live-sources'
import { grantOf, MEDIA_PARAMS, MEDIA_QUERY } from '../media/media-access'

/** The committed fixture: three 2 s MPEG-TS segments (scripts/generate-media-fixtures.cjs). */
const FIXTURE = new URL('../../fixtures/hls-360p/', import.meta.url)
const SEGMENT_SECONDS = 2
/** Segments listed in the live playlist (a sliding window, as a live encoder's would be). */
const WINDOW = 4

/** A stream id in a media path: letters, digits, `_` and `-` only, so it can never name a file. */
export const STREAM_ID = MEDIA_PARAMS.video_id
/** Route parameters of a live source: `/media/{tenant_id}/{video_id}/…`. */
export const SOURCE_PARAMS = { type: 'object', properties: MEDIA_PARAMS, required: ['tenant_id', 'video_id'] } as const
/** Where a media route of a stream lives, each part encoded (a tenant id is free text). */
export const mediaPath = (tenantId: string, videoId: string, rest: string) =>
  `/media/${encodeURIComponent(tenantId)}/${encodeURIComponent(videoId)}/${rest}`

/**
 * Live HLS for every stream (`/media/{tenant_id}/{video_id}/index.m3u8`, behind the media check): each plays the fixture, looped as a live playlist whose media
 * sequence follows the wall clock (so a player that comes back finds the live edge), with a discontinuity at
 * each loop. With `testControls`, `POST /media/test/{video_id}/down|up` takes one source down (503s, and its
 * open MJPEG and WebRTC streams end) and back; `test` is a fixed path segment there, so with test controls on a
 * tenant named `test` could not post WHEP offers.
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

  app.get<{ Params: { tenant_id: string; video_id: string } }>(
    '/media/:tenant_id/:video_id/index.m3u8',
    { config: { access: 'media' }, schema: { tags: ['media'], params: SOURCE_PARAMS, querystring: MEDIA_QUERY } },
    async (request, reply) => {
      const refused = refuseIfDown(sources, request.params.video_id, reply)
      if (refused) return refused
      // A player that could not send a header came with a media token: its segments need it too (the player
      // resolves them against the playlist, which drops the query).
      const { mediaToken } = grantOf(request)
      const query = mediaToken ? `?media_token=${encodeURIComponent(mediaToken)}` : ''
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
        lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, `s${seq}.ts${query}`)
      }
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'no-store')
        .send(`${lines.join('\n')}\n`)
    },
  )

  app.get<{ Params: { tenant_id: string; video_id: string; seq: string } }>(
    '/media/:tenant_id/:video_id/s:seq.ts',
    {
      config: { access: 'media' },
      schema: {
        tags: ['media'],
        params: {
          type: 'object',
          properties: { ...MEDIA_PARAMS, seq: { type: 'string', pattern: '^[0-9]{1,12}$' } },
          required: ['tenant_id', 'video_id', 'seq'],
        },
        querystring: MEDIA_QUERY,
      },
    },
    async (request, reply) => {
      const refused = refuseIfDown(sources, request.params.video_id, reply)
      if (refused) return refused
      const segment = segments[Number(request.params.seq) % segments.length]!
      // Private: a shared cache must not hand one member's segment to someone who has not passed the check.
      return reply.header('content-type', 'video/mp2t').header('cache-control', 'private, max-age=60').send(segment)
    },
  )

  if (options.testControls) {
    app.post<{ Params: { id: string; state: 'down' | 'up' } }>(
      '/media/test/:id/:state',
      {
        config: { access: 'test' },
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
