import type { FastifyInstance } from 'fastify'
import { RTCPeerConnection, useOPUS, useVP8 } from 'werift'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/create-app'
import { loadMediaTokenSecret, signMediaToken } from '../src/media/media-token'
import { startStunResponder } from '../src/media/stun-responder'
import type { RunningServer } from '../src/start-server'
import { clientsAs, raw, startTestServer } from './test-server'

let server: RunningServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const who of ['bea', 'ada', 'cal', 'cora']) tokens[who] = (await clientsAs(server, `${who}@honu.test`)).token
})
afterAll(() => server.close())

/** Every media route of one stream, as the players reach them. */
const mediaOf = (stream: string) => [
  { method: 'GET', path: `/media/${stream}/index.m3u8` },
  { method: 'GET', path: `/media/${stream}/s3.ts` },
  { method: 'GET', path: `/media/${stream}/mjpeg` },
  { method: 'GET', path: `/media/${stream}/clip.mp4` },
  { method: 'POST', path: `/media/${stream}/whep` },
  { method: 'DELETE', path: `/media/${stream}/whep/00000000-0000-0000-0000-000000000000` },
]

/** Sends a media request; a WHEP POST carries a (syntactically valid) offer. Streams are not read to the end. */
async function media(base: string, method: string, path: string, headers: Record<string, string> = {}) {
  const body = method === 'POST' ? 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n' : undefined
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/sdp' } : {}), ...headers },
    body,
  })
  const type = response.headers.get('content-type') ?? ''
  const json = type.includes('json') ? ((await response.json()) as { code: string; message: string }) : undefined
  const text = type.includes('mpegurl') ? await response.text() : ''
  if (!json && !text) await response.body?.cancel()
  return { status: response.status, json, text, response }
}

const bearer = (who: string) => ({ authorization: `Bearer ${tokens[who]}` })

async function mediaToken(who: string, stream: string) {
  const [tenant, video] = stream.split('/')
  const answer = await raw(server, 'POST', `/api/v1/videos/${video}/media-token?tenant_id=${tenant}`, { token: tokens[who] })
  return answer as { status: number; body: { token?: string; expires_at?: string; code?: string; message?: string } }
}

/** A real WebRTC offer (werift), as a browser viewer sends. */
async function realOffer() {
  // Its own loopback STUN server: werift would otherwise wait 5 s for Google's (see stun-responder.ts).
  const stun = await startStunResponder()
  const pc = new RTCPeerConnection({
    iceServers: [{ urls: `stun:127.0.0.1:${stun.port}` }],
    codecs: { video: [useVP8()], audio: [useOPUS()] },
  })
  pc.addTransceiver('video', { direction: 'recvonly' })
  await pc.setLocalDescription(await pc.createOffer())
  const sdp = pc.localDescription!.sdp
  await pc.close()
  await stun.close()
  return sdp
}

describe('media behind the gate', () => {
  it('answers 401 to every media route without credentials or with a bad bearer token, before looking at the stream', async () => {
    for (const stream of ['bravo/bravo-deck', 'bravo/no-such-stream', 'nowhere/nothing']) {
      for (const { method, path } of mediaOf(stream)) {
        const none = await media(server.url, method, path)
        expect(none.status, `${method} ${path}`).toBe(401)
        expect(none.json?.code).toBe('unauthenticated')
        expect((await media(server.url, method, path, { authorization: 'Bearer not-a-token' })).status).toBe(401)
      }
    }
  })

  it('answers another tenant’s stream exactly as a missing one (404, same body), and plays a member’s own', async () => {
    const foreign = await media(server.url, 'GET', '/media/alpha/alpha-bow/index.m3u8', bearer('bea'))
    const missing = await media(server.url, 'GET', '/media/alpha/alpha-none/index.m3u8', bearer('bea'))
    const missingOwn = await media(server.url, 'GET', '/media/bravo/bravo-none/index.m3u8', bearer('bea'))
    const noTenant = await media(server.url, 'GET', '/media/nowhere/alpha-bow/index.m3u8', bearer('bea'))
    // A stream of Bravo asked for under Alpha, where Ada (admin of Alpha, reader in Bravo) is a member.
    const wrongTenant = await media(server.url, 'GET', '/media/alpha/bravo-deck/index.m3u8', bearer('ada'))
    for (const answer of [foreign, missing, missingOwn, noTenant, wrongTenant]) {
      expect(answer.status).toBe(404)
      expect(answer.json).toEqual(foreign.json)
    }
    for (const { method, path } of mediaOf('charlie/charlie-drone').slice(0, 4)) {
      expect((await media(server.url, method, path, bearer('bea'))).status, path).toBe(404)
    }

    const playlist = await media(server.url, 'GET', '/media/bravo/bravo-deck/index.m3u8', bearer('bea'))
    expect(playlist.status).toBe(200)
    expect(playlist.text).toMatch(/^s\d+\.ts$/m)
    expect((await media(server.url, 'GET', '/media/bravo/bravo-deck/s3.ts', bearer('cora'))).status).toBe(200)
    expect((await media(server.url, 'GET', '/media/bravo/bravo-clip/clip.mp4', { ...bearer('ada'), range: 'bytes=0-9' })).status).toBe(206)
    // A super admin plays every tenant's streams.
    const ops = (await clientsAs(server, 'ops@honu.test')).token
    expect((await media(server.url, 'GET', '/media/charlie/charlie-drone/index.m3u8', { authorization: `Bearer ${ops}` })).status).toBe(200)
  })

  it('issues media tokens to members only, scoped to one stream, and refuses expired, altered or misused ones', async () => {
    expect((await raw(server, 'POST', '/api/v1/videos/bravo-clip/media-token?tenant_id=bravo')).status).toBe(401)
    const foreign = await mediaToken('cal', 'bravo/bravo-clip')
    const missing = await mediaToken('cal', 'charlie/no-such-stream')
    expect(foreign.status).toBe(404)
    expect(foreign.body).toEqual(missing.body)

    const issued = await mediaToken('bea', 'bravo/bravo-clip')
    expect(issued.status).toBe(200)
    const token = issued.body.token!
    expect(token).not.toContain(tokens.bea)
    expect(token.split('.')[0]).toBe('hm1')
    const expiresIn = Date.parse(issued.body.expires_at!) - Date.now()
    expect(expiresIn).toBeGreaterThan(60_000)
    expect(expiresIn).toBeLessThanOrEqual(300_000)

    const q = (t: string) => `?media_token=${encodeURIComponent(t)}`
    const clip = await media(server.url, 'GET', `/media/bravo/bravo-clip/clip.mp4${q(token)}`, { range: 'bytes=0-99' })
    expect(clip.status).toBe(206)
    // Another stream, even of the same tenant, or the same id under another tenant: refused.
    for (const path of ['/media/bravo/bravo-deck/clip.mp4', '/media/alpha/bravo-clip/clip.mp4', '/media/bravo/bravo-deck/index.m3u8']) {
      const other = await media(server.url, 'GET', `${path}${q(token)}`)
      expect(other.status, path).toBe(401)
      expect(other.json?.message).toBe('The media token is invalid, expired or for another stream; ask for a new one.')
    }
    // Altered: another claim with the old signature, a truncated signature, an ID token in its place.
    const [prefix, payload, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number }
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url')
    for (const bad of [`${prefix}.${longer}.${signature}`, token.slice(0, -2), tokens.bea!, `${token}.x`]) {
      expect((await media(server.url, 'GET', `/media/bravo/bravo-clip/clip.mp4${q(bad)}`)).status).toBe(401)
    }
    // Expired: signed with the server's own secret, a second in the past.
    const secret = await loadMediaTokenSecret(server.db)
    const past = signMediaToken(secret, { tenant: 'bravo', video: 'bravo-clip', uid: 'demo-bea', exp: Math.floor(Date.now() / 1000) - 1 })
    expect((await media(server.url, 'GET', `/media/bravo/bravo-clip/clip.mp4${q(past)}`)).status).toBe(401)
    // A token naming a user who is no member of the tenant (or no longer one) finds no stream.
    const outsider = signMediaToken(secret, { tenant: 'bravo', video: 'bravo-clip', uid: 'demo-cal', exp: claims.exp })
    expect((await media(server.url, 'GET', `/media/bravo/bravo-clip/clip.mp4${q(outsider)}`)).status).toBe(404)
  })

  it('a playlist fetched with a media token hands it on to its segments, which play with it', async () => {
    const { token } = (await mediaToken('bea', 'bravo/bravo-deck')).body
    const playlist = await media(server.url, 'GET', `/media/bravo/bravo-deck/index.m3u8?media_token=${encodeURIComponent(token!)}`)
    const segment = /^s\d+\.ts\?media_token=.+$/m.exec(playlist.text)?.[0]
    expect(segment).toBeDefined()
    expect((await media(server.url, 'GET', `/media/bravo/bravo-deck/${segment}`)).status).toBe(200)
    // Without one, the playlist names its segments bare.
    const plain = await media(server.url, 'GET', '/media/bravo/bravo-deck/index.m3u8', bearer('bea'))
    expect(plain.text).not.toContain('media_token')
  })

  it('signs with a secret every server process on the database shares', async () => {
    const other = await createApp({ db: server.db, identity: server.identity })
    try {
      const { token } = (await mediaToken('bea', 'bravo/bravo-clip')).body
      const response = await other.inject({
        url: `/media/bravo/bravo-clip/clip.mp4?media_token=${encodeURIComponent(token!)}`,
        headers: { range: 'bytes=0-9' },
      })
      expect(response.statusCode).toBe(206)
    } finally {
      await other.close()
    }
  })
})

describe('WebRTC sessions behind the gate', () => {
  let app: FastifyInstance
  let base: string
  beforeAll(async () => {
    // The same database and identity as the test server, with one WebRTC session in all: a refused offer that
    // held a slot would leave the real viewer at 503.
    app = await createApp({ db: server.db, identity: server.identity, whepLimits: { total: 1, perUser: 1 } })
    base = await app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(() => app.close())

  it('refuses 100 unauthenticated and 20 foreign offers without allocating anything; a real viewer then gets a session', async () => {
    const offer = await realOffer()
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/media/bravo/bravo-rov/whep`, { method: 'POST', headers: { 'content-type': 'application/sdp', ...headers }, body: offer })
    const unauthenticated = await Promise.all(Array.from({ length: 100 }, () => post({})))
    expect(unauthenticated.map((r) => r.status)).toEqual(Array(100).fill(401))
    const foreign = await Promise.all(Array.from({ length: 20 }, () => post(bearer('cal'))))
    expect(foreign.map((r) => r.status)).toEqual(Array(20).fill(404))

    const viewer = await post(bearer('bea'))
    expect(viewer.status).toBe(201)
    const location = viewer.headers.get('location')!
    expect(location).toMatch(/^\/media\/bravo\/bravo-rov\/whep\/[0-9a-f-]{36}$/)
    // Her second session is over the per-user limit; another member can neither take nor end hers.
    const second = await post(bearer('bea'))
    expect(second.status).toBe(429)
    expect((await fetch(`${base}${location}`, { method: 'DELETE' })).status).toBe(401)
    expect((await fetch(`${base}${location}`, { method: 'DELETE', headers: bearer('cora') })).status).toBe(404)
    expect((await fetch(`${base}${location}`, { method: 'DELETE', headers: bearer('bea') })).status).toBe(204)
    // The slot is free again.
    const again = await post(bearer('cora'))
    expect(again.status).toBe(201)
    await fetch(`${base}${again.headers.get('location')}`, { method: 'DELETE', headers: bearer('cora') })
  })
})
