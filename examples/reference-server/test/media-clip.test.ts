import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerMediaClip } from '../src/routes/media-clip'
import { allowEveryViewer } from './media-test-gate'

async function app() {
  const server = Fastify()
  allowEveryViewer(server)
  registerMediaClip(server, { file: new URL('../fixtures/clip-360p/clip.mp4', import.meta.url) })
  await server.ready()
  return server
}

describe('recorded clip', () => {
  it('serves the whole MP4, its index first, and says it takes ranges', async () => {
    const response = await (await app()).inject('/media/bravo/bravo-clip/clip.mp4')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('video/mp4')
    expect(response.headers['accept-ranges']).toBe('bytes')
    // "+faststart": the moov box comes before the media data, so playback starts before the download ends.
    expect(response.rawPayload.indexOf('moov')).toBeLessThan(response.rawPayload.indexOf('mdat'))
  })

  it('answers byte ranges as browsers ask for them', async () => {
    const server = await app()
    const whole = (await server.inject('/media/bravo/bravo-clip/clip.mp4')).rawPayload
    const first = await server.inject({ url: '/media/bravo/bravo-clip/clip.mp4', headers: { range: 'bytes=0-99' } })
    expect(first.statusCode).toBe(206)
    expect(first.headers['content-range']).toBe(`bytes 0-99/${whole.length}`)
    expect(first.rawPayload).toEqual(whole.subarray(0, 100))
    const open = await server.inject({ url: '/media/bravo/bravo-clip/clip.mp4', headers: { range: 'bytes=100-' } })
    expect(open.rawPayload).toEqual(whole.subarray(100))
    const last = await server.inject({ url: '/media/bravo/bravo-clip/clip.mp4', headers: { range: 'bytes=-10' } })
    expect(last.headers['content-range']).toBe(`bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`)
    expect(last.rawPayload).toEqual(whole.subarray(-10))
  })

  it('refuses a range outside the clip with 416 and its size', async () => {
    const response = await (await app()).inject({ url: '/media/bravo/bravo-clip/clip.mp4', headers: { range: 'bytes=99999999-' } })
    expect(response.statusCode).toBe(416)
    expect(response.headers['content-range']).toMatch(/^bytes \*\/\d+$/)
    expect(response.json().message).toMatch(/outside the \d+-byte clip/)
  })
})
