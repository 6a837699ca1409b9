import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../api-error'

/** The committed site packs and their index (scripts/build-site-packs.mjs writes them); the land check reads them too. */
export const SITE_PACK_DIR = fileURLToPath(new URL('../../fixtures/site-packs/', import.meta.url))

/** Where the map finds the packs: the index, whose `file`s are relative to it. */
export const SITE_PACK_INDEX_PATH = '/api/v1/site-packs/index.json'

/** A pack's file name: lower-case letters, digits and `-`, then `.json` or `.geojson`; never a path. */
const FILE_PARAMS = {
  type: 'object',
  properties: { file: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}\\.(geo)?json$' } },
  required: ['file'],
} as const

/** The browser and any cache keep a pack an hour, then ask again with its ETag (a 304 when unchanged). */
const CACHE_CONTROL = 'public, max-age=3600'

/**
 * The site packs (`GET /api/v1/site-packs/{file}`: `index.json` and one GeoJSON file per site): land at 10 m
 * around the seeded harbours, which the Map widget draws above its world basemap (issue 25). Read once at start and
 * answered from memory with an ETag; only the folder's own files are served, so a name can never reach another.
 *
 * Public, like the feature flags: the packs are OpenStreetMap land clipped to a box, the same for everyone and no
 * tenant's data, and a public answer may be kept by shared caches too. MapLibre and the browser fetch them with no
 * token (the map's worker cannot ask the console for one).
 */
export function registerSitePackRoutes(app: FastifyInstance, options: { dir?: string } = {}): void {
  const dir = options.dir ?? SITE_PACK_DIR
  const files = new Map(
    readdirSync(dir)
      .filter((name) => /\.(geo)?json$/.test(name))
      .map((name) => {
        const body = readFileSync(join(dir, name))
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`
        const type = name.endsWith('.geojson') ? 'application/geo+json' : 'application/json'
        return [name, { body, etag, type }] as const
      }),
  )

  app.get<{ Params: { file: string } }>(
    '/api/v1/site-packs/:file',
    { config: { access: 'public' }, schema: { tags: ['system'], params: FILE_PARAMS } },
    async (request, reply) => {
      const file = files.get(request.params.file)
      if (!file) throw notFound(`Site pack file ${request.params.file}`)
      reply.header('cache-control', CACHE_CONTROL).header('etag', file.etag)
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send()
      return reply.type(file.type).send(file.body)
    },
  )
}
