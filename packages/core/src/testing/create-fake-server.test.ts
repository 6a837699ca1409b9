import { describe, expect, it } from 'vitest'
import { createFakeServer } from './create-fake-server'

describe('createFakeServer', () => {
  it('answers by method and path, records each request with its query, and changes its answers while running', async () => {
    const server = createFakeServer({ 'GET /api/v1/tenants': { status: 200, body: { data: [] } } })
    const first = await server.fetch('http://api.test/api/v1/tenants?page=1', { method: 'GET' })
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ data: [] })
    server.answers['GET /api/v1/tenants'] = { status: 503, body: { message: 'Down' } }
    expect((await server.fetch('http://api.test/api/v1/tenants', {})).status).toBe(503)
    expect(server.requests).toEqual(['GET /api/v1/tenants?page=1', 'GET /api/v1/tenants'])
  })

  it('answers health unless told otherwise, 404 for anything else, and no answer as a network failure', async () => {
    const server = createFakeServer({ 'POST /api/v1/videos': 'no answer' })
    expect((await server.fetch('http://api.test/health', {})).status).toBe(200)
    expect((await server.fetch('http://api.test/api/v1/users/nobody', {})).status).toBe(404)
    await expect(server.fetch('http://api.test/api/v1/videos', { method: 'POST' })).rejects.toThrow(TypeError)
  })
})
