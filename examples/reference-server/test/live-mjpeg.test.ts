import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { createLiveSources } from '../src/media/live-sources'
import { registerLiveMjpeg } from '../src/routes/live-mjpeg'
import { allowEveryViewer } from './media-test-gate'

const apps: { close(): Promise<unknown> }[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close()
})

async function start() {
  const sources = createLiveSources()
  const app = Fastify({ forceCloseConnections: true })
  allowEveryViewer(app)
  registerLiveMjpeg(app, { sources })
  apps.push(app)
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { sources, url, app }
}

/** Reads multipart parts until `count` JPEG frames arrived, or the stream ended. */
async function readFrames(response: Response, count: number) {
  const reader = response.body!.getReader()
  let buffered = Buffer.alloc(0)
  const frames: Buffer[] = []
  while (frames.length < count) {
    const { value, done } = await reader.read()
    if (done) return { frames, ended: true }
    buffered = Buffer.concat([buffered, value])
    for (;;) {
      const headerEnd = buffered.indexOf('\r\n\r\n')
      if (headerEnd < 0) break
      const length = Number(/Content-Length: (\d+)/i.exec(buffered.subarray(0, headerEnd).toString())?.[1])
      if (buffered.length < headerEnd + 4 + length) break
      frames.push(buffered.subarray(headerEnd + 4, headerEnd + 4 + length))
      buffered = buffered.subarray(headerEnd + 4 + length)
    }
  }
  return { frames, ended: false, reader }
}

describe('live MJPEG', () => {
  it('streams JPEG frames as multipart/x-mixed-replace, each with its length', async () => {
    const { url } = await start()
    const response = await fetch(`${url}/media/bravo/bravo-crane/mjpeg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('multipart/x-mixed-replace; boundary=honu-frame')
    const { frames, reader } = await readFrames(response, 3)
    expect(frames).toHaveLength(3)
    for (const frame of frames) expect([...frame.subarray(0, 2), ...frame.subarray(-2)]).toEqual([0xff, 0xd8, 0xff, 0xd9])
    expect(frames[0]).not.toEqual(frames[1])
    await reader?.cancel()
  })

  it('ends open streams of a source taken down, refuses it while down, and serves it again when up', async () => {
    const { sources, url } = await start()
    const other = await fetch(`${url}/media/bravo/bravo-other/mjpeg`)
    const response = await fetch(`${url}/media/bravo/bravo-crane/mjpeg`)
    await readFrames(response, 1).then((r) => r.reader?.releaseLock())
    sources.setDown('bravo-crane', true)
    const after = await readFrames(response, 1000)
    expect(after.ended).toBe(true)
    const refused = await fetch(`${url}/media/bravo/bravo-crane/mjpeg`)
    expect(refused.status).toBe(503)
    expect(((await refused.json()) as { message: string }).message).toBe('The source of stream bravo-crane is not sending video.')
    // The other source kept streaming.
    const stillStreaming = await readFrames(other, 2)
    expect(stillStreaming.frames).toHaveLength(2)
    await stillStreaming.reader?.cancel()
    sources.setDown('bravo-crane', false)
    const again = await fetch(`${url}/media/bravo/bravo-crane/mjpeg`)
    expect(again.status).toBe(200)
    await again.body?.cancel()
  })

  it('answers a HEAD with the headers alone and ends it, rather than streaming to nobody', async () => {
    const { app } = await start()
    // inject resolves only once the answer has ended.
    const head = await app.inject({ method: 'HEAD', url: '/media/bravo/bravo-crane/mjpeg' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('multipart/x-mixed-replace; boundary=honu-frame')
    expect(head.rawPayload).toHaveLength(0)
  })

  it('refuses a stream id that could name a file', async () => {
    const { url } = await start()
    expect((await fetch(`${url}/media/bravo/..%2f..%2fetc/mjpeg`)).status).toBe(400)
  })
})
