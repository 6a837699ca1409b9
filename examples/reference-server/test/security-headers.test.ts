import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { clientsAs, startTestServer } from './test-server'

let server: RunningServer
let token: string
beforeAll(async () => {
  server = await startTestServer()
  token = (await clientsAs(server, 'wes@honu.test')).token
})
afterAll(() => server?.close())

const basics = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
}
const headersOf = (response: Response) => Object.fromEntries(response.headers.entries())

describe('security headers of the reference server', () => {
  it.each([
    ['a public route', 'GET', '/health', {}, 200],
    ['a signed-in route', 'GET', '/api/v1/videos?tenant_id=alpha', { auth: true }, 200],
    ['a refusal', 'GET', '/api/v1/videos?tenant_id=alpha', {}, 401],
    ['an unknown path', 'GET', '/no/such/path', {}, 404],
    ['a bad body', 'POST', '/api/v1/videos?tenant_id=alpha', { auth: true, body: '{' }, 400],
  ])(
    '%s answers with nosniff, no Referer, no framing and a CSP that loads nothing',
    async (_what, method, path, options: { auth?: boolean; body?: string }, status) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...(options.auth ? { authorization: `Bearer ${token}` } : {}), ...(options.body ? { 'content-type': 'application/json' } : {}) },
        body: options.body,
      })
      expect(response.status).toBe(status)
      expect(headersOf(response)).toMatchObject({ ...basics, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" })
    },
  )

  it('keeps CORS working: a preflight from the app still answers with its CORS headers', async () => {
    const response = await fetch(`${server.url}/api/v1/videos?tenant_id=alpha`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    })
    expect(response.status).toBe(204)
    expect(headersOf(response)).toMatchObject({ ...basics, 'access-control-allow-origin': 'http://127.0.0.1:5173' })
  })

  it('media keeps its content type and gets framing refused, without a policy that would block playing it', async () => {
    const response = await fetch(`${server.url}/media/alpha/alpha-bow/index.m3u8`, { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
    expect(headersOf(response)).toMatchObject({ ...basics, 'content-security-policy': "frame-ancestors 'none'" })
  })
})
