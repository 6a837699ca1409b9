import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../src/start-server'
import { clientsAs, raw, startTestServer } from './test-server'

// The read path of GET /api/v1/videos: one query for a page and its total, and cached reads (user record,
// tenant, page) that never outlive a write made through the server.
let server: RunningServer
let reader: Awaited<ReturnType<typeof clientsAs>>
let writer: Awaited<ReturnType<typeof clientsAs>>
beforeAll(async () => {
  server = await startTestServer()
  reader = await clientsAs(server, 'remy@honu.test')
  writer = await clientsAs(server, 'wes@honu.test')
})
afterAll(() => server.close())

const page = async (query: string) => {
  const response = await raw(server, 'GET', `/api/v1/videos?tenant_id=alpha${query}`, { token: reader.token })
  expect(response.status).toBe(200)
  const body = response.body as unknown as { data: { video_id: string; total_count?: unknown }[]; total_count: number }
  return { ids: body.data.map((v) => v.video_id), total: body.total_count, fields: Object.keys(body.data[0] ?? {}) }
}

describe('videos read path', () => {
  it('gives every page, the one past the end included, the tenant’s total', async () => {
    expect(await page('&limit=2')).toMatchObject({ ids: ['alpha-bow', 'alpha-dock'], total: 4 })
    expect(await page('&limit=2&offset=3')).toMatchObject({ ids: ['alpha-stern'], total: 4 })
    expect(await page('&offset=9')).toMatchObject({ ids: [], total: 4 })
    expect((await page('')).fields).not.toContain('total_count')
  })

  it('shows a write at once to every caller', async () => {
    expect((await page('')).total).toBe(4)
    const created = (await writer.v1.createVideo('alpha', { name: 'Aft camera', source: 'rtsp://10.10.1.30/aft' })) as { video_id: string }
    expect(await page('')).toMatchObject({ total: 5, ids: expect.arrayContaining([created.video_id]) })
    await writer.v1.updateVideo('alpha', created.video_id, { name: 'Zz aft camera', source: 'rtsp://10.10.1.30/aft' })
    expect((await page('')).ids.at(-1)).toBe(created.video_id)
    await writer.v1.deleteVideo('alpha', created.video_id)
    expect(await page('')).toMatchObject({ total: 4, ids: expect.not.arrayContaining([created.video_id]) })
  })

  it('applies a change to the caller’s record on the next request', async () => {
    expect((await page('')).total).toBe(4)
    await server.db.query(`update users set permissions = '{}'::jsonb where uid = $1`, ['demo-remy'])
    try {
      expect((await raw(server, 'GET', '/api/v1/videos?tenant_id=alpha', { token: reader.token })).status).toBe(404)
    } finally {
      await server.db.query(`update users set permissions = '{"alpha":["reader"]}'::jsonb where uid = $1`, ['demo-remy'])
    }
    expect((await page('')).total).toBe(4)
  })
})
