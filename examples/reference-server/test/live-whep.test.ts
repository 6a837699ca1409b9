import Fastify from 'fastify'
import { RTCPeerConnection, useOPUS, useVP8 } from 'werift'
import { afterEach, describe, expect, it } from 'vitest'
import { createLiveSources } from '../src/media/live-sources'
import { registerLiveWhep } from '../src/routes/live-whep'
import type { WhepLimits, WhepSessions } from '../src/media/whep-sessions'
import { startStunResponder } from '../src/media/stun-responder'
import { allowEveryViewer } from './media-test-gate'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function start(limits: Partial<WhepLimits> = { total: 2 }) {
  const sources = createLiveSources()
  const app = Fastify()
  allowEveryViewer(app)
  const sessions: WhepSessions = registerLiveWhep(app, { sources, limits })
  cleanups.push(() => app.close())
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { sources, sessions, url }
}

/** A real WebRTC viewer (werift on the Node side): a receive-only offer, as the console's player sends. */
async function viewer() {
  // Its own loopback STUN server: werift would otherwise wait 5 s for Google's (see stun-responder.ts).
  const stun = await startStunResponder()
  cleanups.push(() => stun.close())
  const pc = new RTCPeerConnection({
    iceServers: [{ urls: `stun:127.0.0.1:${stun.port}` }],
    codecs: { video: [useVP8()], audio: [useOPUS()] },
  })
  cleanups.push(() => pc.close())
  pc.addTransceiver('video', { direction: 'recvonly' })
  pc.addTransceiver('audio', { direction: 'recvonly' })
  const packets: Buffer[] = []
  pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => packets.push(rtp.payload)))
  await pc.setLocalDescription(await pc.createOffer())
  return { pc, packets, offer: pc.localDescription!.sdp }
}

/** An offer for a stream (`tenant/video`) from a viewer (the test gate's `x-viewer`). */
async function post(url: string, stream: string, sdp: string, type = 'application/sdp', viewer = 'viewer') {
  const path = stream.includes('/') ? stream : `bravo/${stream}`
  return fetch(`${url}/media/${path}/whep`, { method: 'POST', headers: { 'content-type': type, 'x-viewer': viewer }, body: sdp })
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50))
  if (!check()) throw new Error(`Timed out waiting for ${what}`)
}

describe('live WebRTC through WHEP', () => {
  it('answers an offer with 201, the SDP answer and the session in Location, then sends VP8 frames', async () => {
    const { url, sessions } = await start()
    const { pc, packets, offer } = await viewer()
    const response = await post(url, 'bravo-rov', offer)
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toBe('application/sdp')
    expect(response.headers.get('location')).toMatch(/^\/media\/bravo\/bravo-rov\/whep\/[0-9a-f-]{36}$/)
    const answer = await response.text()
    expect(answer).toMatch(/a=sendonly/)
    expect(answer).toMatch(/VP8\/90000/)
    await pc.setRemoteDescription({ type: 'answer', sdp: answer })
    await until(() => packets.length > 20, 'RTP packets')
    // The first packet starts a VP8 keyframe: the S bit in the descriptor, and bit 0 of the frame header clear.
    expect(packets[0]![0]! & 0x10).toBe(0x10)
    expect(packets[0]![1]! & 0x01).toBe(0)
    expect(sessions.size).toBe(1)

    // Only the viewer who opened it ends it.
    const someoneElse = await fetch(`${url}${response.headers.get('location')}`, { method: 'DELETE', headers: { 'x-viewer': 'other' } })
    expect(someoneElse.status).toBe(404)
    expect(sessions.size).toBe(1)
    const ended = await fetch(`${url}${response.headers.get('location')}`, { method: 'DELETE' })
    expect(ended.status).toBe(204)
    expect(sessions.size).toBe(0)
    expect((await fetch(`${url}${response.headers.get('location')}`, { method: 'DELETE' })).status).toBe(404)
  })

  it('closes the sessions of a source taken down and refuses new ones until it is up', async () => {
    const { url, sources, sessions } = await start()
    const { pc, offer } = await viewer()
    const response = await post(url, 'bravo-rov', offer)
    await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() })
    expect(sessions.size).toBe(1)
    sources.setDown('bravo-rov', true)
    expect(sessions.size).toBe(0)
    const refused = await post(url, 'bravo-rov', (await viewer()).offer)
    expect(refused.status).toBe(503)
    expect(((await refused.json()) as { message: string }).message).toBe('The source of stream bravo-rov is not sending video.')
    sources.setDown('bravo-rov', false)
    expect((await post(url, 'bravo-rov', (await viewer()).offer)).status).toBe(201)
  })

  it('refuses what is not an SDP offer, and more viewers than it serves', async () => {
    const { url } = await start()
    const garbage = await post(url, 'bravo-rov', 'hello, this is not SDP')
    expect(garbage.status).toBe(400)
    expect(((await garbage.json()) as { message: string }).message).toMatch(/^The offer cannot be answered/)
    const json = await post(url, 'bravo-rov', '{"sdp": "v=0"}', 'application/json')
    expect(json.status).toBe(400)
    expect((await post(url, 'bravo-rov', (await viewer()).offer)).status).toBe(201)
    expect((await post(url, 'bravo-rov', (await viewer()).offer)).status).toBe(201)
    const third = await post(url, 'bravo-rov', (await viewer()).offer)
    expect(third.status).toBe(503)
    expect(((await third.json()) as { message: string }).message).toBe('At most 2 WebRTC viewers at a time.')
  })

  it('limits sessions per viewer and per tenant (429) before any peer connection, and frees a slot when one ends', async () => {
    const { url, sessions } = await start({ total: 10, perUser: 2, perTenant: 3 })
    const offer = (await viewer()).offer
    const first = await post(url, 'bravo/bravo-rov', offer, 'application/sdp', 'ada')
    expect(first.status).toBe(201)
    expect((await post(url, 'bravo/bravo-deck', offer, 'application/sdp', 'ada')).status).toBe(201)
    const third = await post(url, 'bravo/bravo-rov', offer, 'application/sdp', 'ada')
    expect(third.status).toBe(429)
    expect(((await third.json()) as { message: string }).message).toBe('At most 2 WebRTC streams per viewer at a time: close one to open another.')
    // Another viewer of the tenant takes its last slot; a fourth in that tenant is refused, another tenant is not.
    expect((await post(url, 'bravo/bravo-rov', offer, 'application/sdp', 'bea')).status).toBe(201)
    const tenantFull = await post(url, 'bravo/bravo-rov', offer, 'application/sdp', 'cora')
    expect(tenantFull.status).toBe(429)
    expect(((await tenantFull.json()) as { message: string }).message).toBe('At most 3 WebRTC streams per tenant at a time.')
    expect((await post(url, 'alpha/alpha-bow', offer, 'application/sdp', 'cora')).status).toBe(201)
    expect(sessions.size).toBe(4)
    // Concurrent offers are counted against each other: of five at once from a new viewer, two get a session.
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => post(url, 'charlie/charlie-drone', offer, 'application/sdp', 'wes')))
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 429, 429, 429])
    // Ada ends one of hers and may open another.
    await fetch(`${url}${first.headers.get('location')}`, { method: 'DELETE', headers: { 'x-viewer': 'ada' } })
    expect((await post(url, 'bravo/bravo-rov', offer, 'application/sdp', 'ada')).status).toBe(201)
  })
})
