// Site packs (issue 25): land at harbour scale for the places vehicles work, drawn above the world basemap, whose
// 1:50m coast shows open sea where a harbour is. Pure and DOM-free: what an index says, which packs a view needs and
// whether a pack's GeoJSON is one the map can draw. The map's half (fetching, layers) is site-pack-loader.ts.

/** `[west, south, east, north]` in degrees. */
export type SitePackBounds = [number, number, number, number]

/** One pack of an index, its file's address resolved against the index's. */
export interface SitePack {
  /** The pack's name in its index (for messages). */
  name: string
  /** The box the pack covers: the map draws its own sea over this box, then the pack's land. */
  bounds: SitePackBounds
  /** The pack's GeoJSON file. */
  url: string
  /** What the map must credit while the pack is drawn (its data's licence), if anything. */
  attribution?: string
}

/**
 * From this zoom a pack in view is fetched and drawn. Below it a site is a few pixels wide and the world basemap
 * says as much; and a host with many packs does not have them all fetched at world zoom.
 */
export const SITE_PACK_MIN_ZOOM = 8

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/**
 * Reads a site-pack index: `{ "packs": [{ "name", "bounds": [west, south, east, north], "file", "attribution"? }] }`,
 * each `file` relative to the index's address (`indexUrl`, absolute).
 *
 * @throws {Error} naming the field that is wrong and why.
 */
export function parseSitePackIndex(json: unknown, indexUrl: string): SitePack[] {
  const packs = (json as { packs?: unknown } | null)?.packs
  if (!Array.isArray(packs)) throw new Error('packs must be a list')
  return packs.map((entry: unknown, i) => {
    const { name, bounds, file, attribution } = (entry ?? {}) as Record<string, unknown>
    if (typeof name !== 'string' || !name) throw new Error(`packs[${i}].name must be a non-empty string`)
    if (typeof file !== 'string' || !file) throw new Error(`packs[${i}].file must be a non-empty string`)
    if (!Array.isArray(bounds) || bounds.length !== 4 || !bounds.every(isNumber)) {
      throw new Error(`packs[${i}].bounds must be [west, south, east, north] in degrees`)
    }
    const [west, south, east, north] = bounds as SitePackBounds
    if (!(west < east && south < north && west >= -180 && east <= 180 && south >= -90 && north <= 90)) {
      throw new Error(`packs[${i}].bounds must have west < east and south < north, within ±180 and ±90`)
    }
    if (attribution !== undefined && typeof attribution !== 'string') throw new Error(`packs[${i}].attribution must be a string`)
    return { name, bounds: [west, south, east, north], url: new URL(file, indexUrl).href, ...(attribution ? { attribution } : {}) }
  })
}

/**
 * The packs a view needs that are not asked for yet: those whose box overlaps the view, from
 * {@link SITE_PACK_MIN_ZOOM} on. `view` is `[west, south, east, north]`; `requested` holds the packs' urls.
 */
export function packsInView(packs: readonly SitePack[], view: SitePackBounds, zoom: number, requested: ReadonlySet<string>): SitePack[] {
  if (zoom < SITE_PACK_MIN_ZOOM) return []
  const [west, south, east, north] = view
  return packs.filter(({ bounds, url }) => !requested.has(url) && bounds[0] <= east && bounds[2] >= west && bounds[1] <= north && bounds[3] >= south)
}

const GEOMETRY_TYPES = new Set(['Polygon', 'MultiPolygon', 'LineString', 'MultiLineString'])

/**
 * Checks a pack's file: a GeoJSON FeatureCollection whose features are polygons (land) or lines (coast).
 *
 * @throws {Error} naming the first feature that is not.
 */
export function checkSitePackData(json: unknown): void {
  const collection = json as { type?: unknown; features?: unknown } | null
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features)) throw new Error('not a GeoJSON FeatureCollection')
  collection.features.forEach((feature: unknown, i) => {
    const geometry = (feature as { geometry?: { type?: unknown; coordinates?: unknown } } | null)?.geometry
    if (!geometry || !GEOMETRY_TYPES.has(geometry.type as string) || !Array.isArray(geometry.coordinates)) {
      throw new Error(`features[${i}] is not a polygon or a line`)
    }
  })
}
