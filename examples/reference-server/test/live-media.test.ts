import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerLiveMedia } from '../src/routes/live-media'
import { allowEveryViewer } from './media-test-gate'

async function app(testControls: boolean, now: () => number) {
  const server = Fastify()
  allowEveryViewer(server)
  registerLiveMedia(server, { testControls, now })
  await server.ready()
  return server
}

describe('live media', () => {
  it('serves a live playlist that slides with the clock, with a discontinuity at each loop of the fixture', async () => {
    let clock = 1_000_000
    const server = await app(false, () => clock)
    const first = (await server.inject('/media/alpha/alpha-bow/index.m3u8')).body
    expect(first).toContain('#EXT-X-TARGETDURATION:2')
    expect(first).toContain('#EXT-X-MEDIA-SEQUENCE:1')
    expect(first.match(/^s\d+\.ts$/gm)).toEqual(['s1.ts', 's2.ts', 's3.ts', 's4.ts'])
    // Segment 3 starts a new loop of the three-segment fixture.
    expect(first).toMatch(/#EXT-X-DISCONTINUITY\n#EXTINF:2\.000,\ns3\.ts/)
    clock += 4000
    const later = (await server.inject('/media/alpha/alpha-bow/index.m3u8')).body
    expect(later).toContain('#EXT-X-MEDIA-SEQUENCE:3')
    expect(later).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1')
    const segment = await server.inject('/media/alpha/alpha-bow/s4.ts')
    expect(segment.statusCode).toBe(200)
    expect(segment.headers['content-type']).toBe('video/mp2t')
    expect(segment.rawPayload[0]).toBe(0x47) // MPEG-TS sync byte
    await server.close()
  })

  it('takes one source down and back with the test switch, which is off unless asked for', async () => {
    const plain = await app(false, Date.now)
    expect((await plain.inject({ method: 'POST', url: '/media/test/alpha-bow/down' })).statusCode).toBe(404)
    await plain.close()

    const server = await app(true, Date.now)
    await server.inject({ method: 'POST', url: '/media/test/alpha-mast/down' })
    const down = await server.inject('/media/alpha/alpha-mast/index.m3u8')
    expect(down.statusCode).toBe(503)
    expect(down.json()).toMatchObject({ code: 'source-down' })
    expect((await server.inject('/media/alpha/alpha-mast/s1.ts')).statusCode).toBe(503)
    expect((await server.inject('/media/alpha/alpha-bow/index.m3u8')).statusCode).toBe(200)
    await server.inject({ method: 'POST', url: '/media/test/alpha-mast/up' })
    expect((await server.inject('/media/alpha/alpha-mast/index.m3u8')).statusCode).toBe(200)
    await server.close()
  })

  it('refuses stream ids that are not plain names', async () => {
    const server = await app(false, Date.now)
    expect((await server.inject('/media/alpha/..%2f..%2fetc/index.m3u8')).statusCode).toBe(400)
    await server.close()
  })
})
