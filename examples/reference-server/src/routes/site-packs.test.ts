import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { registerSitePackRoutes, SITE_PACK_INDEX_PATH } from './site-packs'

const app = Fastify()
registerSitePackRoutes(app)
await app.ready()
afterAll(() => app.close())

describe('GET /api/v1/site-packs/{file}', () => {
  it('serves the index, naming each pack’s file, bounds and attribution', async () => {
    const response = await app.inject(SITE_PACK_INDEX_PATH)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const { packs } = response.json<{ packs: { name: string; file: string; bounds: number[]; attribution: string }[] }>()
    expect(packs.map((pack) => pack.name)).toEqual(['honolulu', 'auckland', 'kiel'])
    for (const pack of packs) {
      expect(pack.bounds).toHaveLength(4)
      expect(pack.attribution).toMatch(/OpenStreetMap/)
    }
  })

  it('serves every pack the index names as GeoJSON, cacheable and revalidated by its ETag', async () => {
    const { packs } = (await app.inject(SITE_PACK_INDEX_PATH)).json<{ packs: { file: string }[] }>()
    for (const { file } of packs) {
      const response = await app.inject(`/api/v1/site-packs/${file}`)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^application\/geo\+json/)
      expect(response.headers['cache-control']).toBe('public, max-age=3600')
      expect(response.json<{ type: string }>().type).toBe('FeatureCollection')
      const etag = response.headers.etag as string
      expect(etag).toMatch(/^"[\w-]+"$/)
      const again = await app.inject({ url: `/api/v1/site-packs/${file}`, headers: { 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
    }
  })

  it('answers 404 for a pack it does not hold and 400 for a name that is not a pack’s', async () => {
    expect((await app.inject('/api/v1/site-packs/atlantis.geojson')).statusCode).toBe(404)
    expect((await app.inject('/api/v1/site-packs/..%2Fpackage.json')).statusCode).toBe(400)
    expect((await app.inject('/api/v1/site-packs/index.txt')).statusCode).toBe(400)
  })
})
