import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { EMULATOR_HOST, PROJECT_ID, signIn } from './auth-emulator'
import { clientsAs, raw, startTestServer } from './test-server'

let server: RunningServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function signUp(email: string, password: string): Promise<string> {
  const response = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  return ((await response.json()) as { localId: string }).localId
}

describe('authentication', () => {
  it('answers 401 without a token or with a malformed one, and never the data', async () => {
    for (const token of [undefined, 'not-a-jwt', 'a.b.c']) {
      const response = await raw(server, 'GET', '/api/v1/videos?tenant_id=alpha', { token })
      expect(response.status).toBe(401)
      expect(JSON.stringify(response.body)).not.toContain('alpha-bow')
    }
    expect((await raw(server, 'GET', '/api/v2/organisation')).status).toBe(401)
  })

  it('refuses an unsigned emulator token when emulator mode is off', async () => {
    const strict = await startTestServer({ authMode: 'firebase', seed: false })
    try {
      const token = await signIn('ada@honu.test', 'honu-demo-1')
      expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).alg).toBe('none')
      const response = await raw(strict, 'GET', '/api/v1/tenants', { token })
      expect(response.status).toBe(401)
      expect((await raw(strict, 'GET', '/api/v2/organisation', { token })).status).toBe(401)
      // The same token is accepted by the server that was told it runs against the emulator.
      expect((await raw(server, 'GET', '/api/v1/tenants', { token })).status).toBe(200)
    } finally {
      await strict.close()
    }
  })

  it('refuses the token of a deleted user', async () => {
    const email = `leaver-${Date.now()}@honu.test`
    const uid = await signUp(email, 'leaving-soon-1')
    await server.db.query(`insert into users (uid, name, email, permissions) values ($1, 'Leaver', $2, '{"alpha":["reader"]}'::jsonb)`, [uid, email])
    const token = await signIn(email, 'leaving-soon-1')
    expect((await raw(server, 'GET', '/api/v1/videos?tenant_id=alpha', { token })).status).toBe(200)
    await server.identity.deleteUser(uid)
    expect((await raw(server, 'GET', '/api/v1/videos?tenant_id=alpha', { token })).status).toBe(401)
  })

  it('answers 403 with a clear message to a signed-in account that is no console user', async () => {
    const email = `stranger-${Date.now()}@honu.test`
    await signUp(email, 'stranger-pass-1')
    const token = await signIn(email, 'stranger-pass-1')
    const response = await raw(server, 'GET', '/api/v1/tenants', { token })
    expect(response).toMatchObject({ status: 403, body: { message: expect.stringContaining('no access to the console') } })
  })

  it('uses the emulator project', () => {
    expect(PROJECT_ID).toBe('demo-honu')
  })

  it('accepts the typed client’s calls with a fresh token each time', async () => {
    const { v1 } = await clientsAs(server, 'remy@honu.test')
    await expect(v1.listVideos('alpha')).resolves.toMatchObject({ totalCount: 4 })
  })
})
