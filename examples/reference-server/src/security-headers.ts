import type { FastifyInstance } from 'fastify'

/** The policy of every answer but media (JSON, errors, empty answers): nothing may load from it or frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'"
/**
 * The policy of media answers (playlists, segments, clips, SDP): framing refused only. A stricter one would also
 * govern the media document Chrome builds when a clip is opened in a tab, and block the clip it plays.
 */
export const MEDIA_CSP = "frame-ancestors 'none'"

/** Content types of media answers: video, audio, images, HLS playlists, WHEP's SDP, MJPEG's multipart. */
const MEDIA_TYPE = /^(video\/|audio\/|image\/|multipart\/|application\/(vnd\.apple\.mpegurl|x-mpegurl|sdp)\b)/i

/**
 * Sends the basic security headers on every answer of `app` (errors and 404s included): no MIME sniffing, no
 * Referer from anything the API serves, no framing. A header a route set itself is kept. They change nothing for
 * CORS or for media played by the console: a CSP governs documents and workers, not the fetches and media loads of
 * another page, and every media answer names its content type. (Hijacked answers, such as the MJPEG stream, are
 * written by their route and not seen here.)
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    const defaults: Record<string, string> = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy': MEDIA_TYPE.test(type) ? MEDIA_CSP : API_CSP,
    }
    for (const [name, value] of Object.entries(defaults)) if (!reply.hasHeader(name)) reply.header(name, value)
    return payload
  })
}
