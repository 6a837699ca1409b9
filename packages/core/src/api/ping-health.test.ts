import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { json, startTestServer } from '../../test/http-test-server'
import { createHttpClient } from './http-client'
import { pingHealth } from './ping-health'

let server: Awaited<ReturnType<typeof startTestServer>>
let status = 200
beforeAll(async () => {
  server = await startTestServer((_req, res) => json(res, status, { status: 'x' }))
})
afterAll(() => server.close())

describe('pingHealth (§7, §8)', () => {
  it('GETs {api-host}/health and checks only success', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() }
    status = 200
    await expect(pingHealth(createHttpClient(), `${server.url}/`, logger)).resolves.toBe(true)
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', url: '/health' })
    expect(logger.warn).not.toHaveBeenCalled()
    expect(logger.error).not.toHaveBeenCalled()
  })

  it("logs 'Ping to API failed.' for an error answer, and nothing more", async () => {
    const logger = { warn: vi.fn(), error: vi.fn() }
    status = 503
    await expect(pingHealth(createHttpClient(), server.url, logger)).resolves.toBe(false)
    expect(logger.warn).toHaveBeenCalledWith('Ping to API failed.')
  })

  it("logs 'Error while pinging API:' with the error when the API cannot be reached", async () => {
    const logger = { warn: vi.fn(), error: vi.fn() }
    await expect(pingHealth(createHttpClient(), 'http://127.0.0.1:1', logger)).resolves.toBe(false)
    expect(logger.error).toHaveBeenCalledWith('Error while pinging API:', expect.objectContaining({ code: 'http/network' }))
  })
})
