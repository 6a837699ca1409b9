import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { MEDIA_QUERY } from '../media/media-access'
import { SOURCE_PARAMS } from './live-media'

/** The committed clip: 4 s, 640x360, H.264 in MP4 with its index first (scripts/generate-media-fixtures.cjs). */
const CLIP = new URL('../../fixtures/clip-360p/clip.mp4', import.meta.url)

/**
 * A recorded clip as a plain file source (`/media/{tenant_id}/{video_id}/clip.mp4`, behind the media check), with
 * byte ranges as browsers request them for video, so the console's file playback is exercised against a real
 * server. A `<video src>` cannot send a header: the player asks for a media token and puts it in the query.
 */
export function registerMediaClip(app: FastifyInstance, options: { file?: string | URL } = {}) {
  const clip = readFileSync(options.file ?? CLIP)

  const schema = { tags: ['media'], params: SOURCE_PARAMS, querystring: MEDIA_QUERY }
  app.get('/media/:tenant_id/:video_id/clip.mp4', { config: { access: 'media' }, schema }, async (request, reply) => {
    // Private: a shared cache must not hand the clip to someone who has not passed the check.
    reply.header('content-type', 'video/mp4').header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600')
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '')
    if (!range || (range[1] === '' && range[2] === '')) return reply.send(clip)
    // "bytes=a-b", "bytes=a-" or the last n bytes "bytes=-n".
    const start = range[1] === '' ? Math.max(0, clip.length - Number(range[2])) : Number(range[1])
    const end = range[1] === '' || range[2] === '' ? clip.length - 1 : Math.min(Number(range[2]), clip.length - 1)
    if (start > end || start >= clip.length) {
      return reply
        .code(416)
        .header('content-range', `bytes */${clip.length}`)
        .type('application/json')
        .send({
          code: 'invalid-range',
          message: `The range ${request.headers.range} is outside the ${clip.length}-byte clip.`,
        })
    }
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${clip.length}`)
      .send(clip.subarray(start, end + 1))
  })
}
