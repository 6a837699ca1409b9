import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { refuseIfDown, type LiveSources } from '../media/live-sources'
import { MEDIA_QUERY } from '../media/media-access'
import { SOURCE_PARAMS } from './live-media'

/** The committed fixture: 2 s of 320x180 JPEG frames at 10 fps (scripts/generate-media-fixtures.cjs). */
const FIXTURE = new URL('../../fixtures/mjpeg-180p/', import.meta.url)
const FRAME_MS = 100
const BOUNDARY = 'honu-frame'

/**
 * Live MJPEG for every stream (`/media/{tenant_id}/{video_id}/mjpeg`, behind the media check): the fixture's frames looped as `multipart/x-mixed-replace`, each part with
 * its `Content-Length`, as IP cameras send it. A source taken down refuses new viewers (503) and ends its open
 * streams.
 */
export function registerLiveMjpeg(app: FastifyInstance, options: { sources: LiveSources; fixtureDir?: string }) {
  const dir = options.fixtureDir ?? fileURLToPath(FIXTURE)
  const frames = readdirSync(dir)
    .filter((name) => name.endsWith('.jpg'))
    .sort()
    .map((name) => readFileSync(join(dir, name)))
  const open = new Set<() => void>()

  app.get<{ Params: { tenant_id: string; video_id: string } }>(
    '/media/:tenant_id/:video_id/mjpeg',
    { config: { access: 'media' }, schema: { tags: ['media'], params: SOURCE_PARAMS, querystring: MEDIA_QUERY } },
    async (request, reply) => {
      const { video_id: id } = request.params
      const refused = refuseIfDown(options.sources, id, reply)
      if (refused) return refused
      reply.hijack()
      const response = reply.raw
      // Hijacked: the CORS headers set by the app's hook are copied over by hand.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) response.setHeader(name, value)
      response.writeHead(200, {
        'content-type': `multipart/x-mixed-replace; boundary=${BOUNDARY}`,
        'cache-control': 'no-store',
        // An ended stream leaves no idle keep-alive socket behind to hold up the server's close.
        connection: 'close',
      })
      // A HEAD asks whether the stream is there, not for it: its headers, and done.
      if (request.method === 'HEAD') return void response.end()
      let next = 0
      const send = () => {
        const frame = frames[next++ % frames.length]!
        response.write(`--${BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${frame.length}\r\n\r\n`)
        response.write(frame)
        response.write('\r\n')
      }
      const timer = setInterval(send, FRAME_MS)
      let stopped = false
      const stop = () => {
        if (stopped) return
        stopped = true
        clearInterval(timer)
        offDown()
        open.delete(stop)
        // Ended, then the socket closed once flushed: a viewer that stopped reading must not hold it open.
        response.end(() => response.destroy())
      }
      const offDown = options.sources.onDown((downId) => downId === id && stop())
      open.add(stop)
      response.on('close', stop)
      send()
    },
  )

  // Open streams never finish by themselves: end them so closing the server does not wait for viewers.
  app.addHook('preClose', async () => {
    for (const stop of [...open]) stop()
  })
}
