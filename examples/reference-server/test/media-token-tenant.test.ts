import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { clientsAs, raw, startTestServer } from './test-server'

// Issue 29: a media token names its tenant as well as its stream. Ada is admin of Alpha and reader in Bravo, and
// both tenants have a stream "twin-cam": her token for one is refused on the other. Her membership and the stream
// are there in both, so only the token's tenant can refuse it (a non-member would get 404 from the membership
// check whatever the token said).

let server: RunningServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const who of ['ada', 'bea']) tokens[who] = (await clientsAs(server, `${who}@honu.test`)).token
  for (const [who, tenant] of [
    ['ada', 'alpha'],
    ['bea', 'bravo'],
  ] as const) {
    const body = JSON.stringify({ video_id: 'twin-cam', name: `Twin (${tenant})`, source: 'rtsp://10.10.1.50/twin' })
    expect((await raw(server, 'POST', `/api/v1/videos?tenant_id=${tenant}`, { token: tokens[who], body })).status).toBe(201)
  }
})
afterAll(() => server.close())

/** A media token of Ada's for one stream. */
async function mediaToken(tenant: string, video: string): Promise<string> {
  const answer = await raw(server, 'POST', `/api/v1/videos/${video}/media-token?tenant_id=${tenant}`, { token: tokens.ada })
  expect(answer.status).toBe(200)
  return (answer.body as { token: string }).token
}

/** A media request with a media token in its query (as a `<video src>` sends it); a body is never read to the end. */
async function media(method: string, path: string, token: string) {
  const body = method === 'POST' ? 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n' : undefined
  const response = await fetch(`${server.url}${path}?media_token=${encodeURIComponent(token)}`, {
    method,
    headers: { range: 'bytes=0-9', ...(body ? { 'content-type': 'application/sdp' } : {}) },
    body,
  })
  const json = response.headers.get('content-type')?.includes('json') ? ((await response.json()) as { code: string; message: string }) : undefined
  if (!json) await response.body?.cancel()
  return { status: response.status, json }
}

/** Every media route of a stream. */
const routesOf = (tenant: string) => [
  { method: 'GET', path: `/media/${tenant}/twin-cam/index.m3u8` },
  { method: 'GET', path: `/media/${tenant}/twin-cam/s3.ts` },
  { method: 'GET', path: `/media/${tenant}/twin-cam/mjpeg` },
  { method: 'GET', path: `/media/${tenant}/twin-cam/clip.mp4` },
  { method: 'POST', path: `/media/${tenant}/twin-cam/whep` },
  { method: 'DELETE', path: `/media/${tenant}/twin-cam/whep/00000000-0000-0000-0000-000000000000` },
]

describe('a media token of one tenant', () => {
  it('plays its own tenant’s stream and is refused (401) on the same stream id in another tenant its user is a member of', async () => {
    for (const [own, other] of [
      ['alpha', 'bravo'],
      ['bravo', 'alpha'],
    ] as const) {
      const token = await mediaToken(own, 'twin-cam')
      // Good for its own stream: the token, the membership and the stream are all fine.
      expect((await media('GET', `/media/${own}/twin-cam/index.m3u8`, token)).status).toBe(200)
      expect((await media('GET', `/media/${own}/twin-cam/clip.mp4`, token)).status).toBe(206)
      // The same stream id under the other tenant: the token is not for it.
      for (const { method, path } of routesOf(other)) {
        const answer = await media(method, path, token)
        expect({ method, path, status: answer.status }).toEqual({ method, path, status: 401 })
        expect(answer.json).toEqual({
          code: 'unauthenticated',
          message: 'The media token is invalid, expired or for another stream; ask for a new one.',
        })
      }
      // With her ID token she plays the other tenant's stream: she is a member there, and it exists.
      const bearer = await fetch(`${server.url}/media/${other}/twin-cam/clip.mp4`, {
        headers: { authorization: `Bearer ${tokens.ada}`, range: 'bytes=0-9' },
      })
      await bearer.body?.cancel()
      expect(bearer.status).toBe(206)
    }
  })
})
