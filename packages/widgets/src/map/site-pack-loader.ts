// The map's half of the site packs (site-packs.ts holds the pure half): reads the indexes, and whenever the camera
// settles fetches the packs now in view and draws each above the world basemap: its box in the basemap's sea colour
// (so the coarse 1:50m land underneath does not show through the harbour), then its land and coastline. A pack or
// index that cannot be read is left out with a warning: the map keeps its world basemap and shows no error.
import type { FeatureCollection } from 'geojson'
import type { FilterSpecification, Map as MapLibreMap } from 'maplibre-gl'
import { BASEMAP_COLOURS, BASEMAP_LAYERS } from './offline-basemap'
import { checkSitePackData, packsInView, parseSitePackIndex, type SitePack, type SitePackBounds } from './site-packs'

/** What of MapLibre's map the loader uses (tests pass a fake). */
export type SitePackMap = Pick<
  MapLibreMap,
  'on' | 'getBounds' | 'getZoom' | 'addSource' | 'addLayer' | 'getLayer' | 'removeLayer' | 'removeSource' | 'getSource'
>

/** What {@link createSitePackLoader} is made with. */
export interface SitePackLoaderOptions {
  /** Addresses of site-pack indexes (`MapSettings.sitePacks`). */
  indexes: readonly string[]
  /** Draw the packs below this layer (the vehicles' own, or the basemap's borders). */
  beforeLayer(): string | undefined
  /** A pack was drawn (for its attribution). */
  onDrawn(pack: SitePack): void
  /** Default: the global fetch. */
  fetch?: typeof fetch
  /** Default: `console.warn`. */
  warn?: (message: string) => void
}

/** The loader of one map: {@link createSitePackLoader}. */
export interface SitePackLoader {
  /** Fetches the packs the view needs now (after the style loaded and whenever the camera settles). */
  update(): void
  /** Whether a MapLibre source is a site pack's (its errors are the loader's, not the map's). */
  owns(sourceId: string | undefined): boolean
  /** A pack's source failed in MapLibre's worker: its layers go, with a warning. */
  fail(sourceId: string, reason: string): void
}

/** Every site pack's sources and layers start with this. */
export const SITE_PACK_PREFIX = 'honu-site-pack-'

const polygonOrMulti: FilterSpecification = ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false]
const lineOrMulti: FilterSpecification = ['match', ['geometry-type'], ['LineString', 'MultiLineString'], true, false]

const boxPolygon = ([west, south, east, north]: SitePackBounds) => ({
  type: 'Feature' as const,
  properties: {},
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  },
})

/**
 * Makes the site-pack loader of one map; call `update()` once the style has loaded and on every `moveend`.
 *
 * @example const packs = createSitePackLoader(map, { indexes, beforeLayer: () => 'honu-vehicles', onDrawn })
 */
export function createSitePackLoader(map: SitePackMap, options: SitePackLoaderOptions): SitePackLoader {
  const load = options.fetch ?? ((input, init) => fetch(input, init))
  const warn = options.warn ?? ((message: string) => console.warn(message))
  const packs: SitePack[] = []
  const requested = new Set<string>()
  const bySource = new Map<string, SitePack>()
  let count = 0
  let removed = false
  map.on('remove', () => {
    removed = true
  })

  const getJson = async (url: string): Promise<unknown> => {
    const response = await load(url)
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return response.json()
  }

  let indexesRead = false
  const readIndexes = () => {
    indexesRead = true
    for (const indexUrl of options.indexes) {
      const absolute = new URL(indexUrl, globalThis.location?.href).href
      getJson(absolute)
        .then((json) => {
          packs.push(...parseSitePackIndex(json, absolute))
          if (!removed) loader.update()
        })
        .catch((error: unknown) =>
          warn(`@honu/widgets: the site-pack index ${absolute} was not read (${reason(error)}); the map shows its world basemap there.`),
        )
    }
  }

  const draw = (pack: SitePack, data: unknown) => {
    const id = `${SITE_PACK_PREFIX}${count++}`
    const before = options.beforeLayer()
    map.addSource(`${id}-sea`, { type: 'geojson', data: boxPolygon(pack.bounds) })
    map.addSource(id, { type: 'geojson', data: data as FeatureCollection, ...(pack.attribution ? { attribution: pack.attribution } : {}) })
    bySource.set(id, pack)
    bySource.set(`${id}-sea`, pack)
    map.addLayer(
      { id: `${id}-sea`, type: 'fill', source: `${id}-sea`, paint: { 'fill-color': BASEMAP_COLOURS.sea, 'fill-antialias': false } },
      before,
    )
    map.addLayer({ id: `${id}-land`, type: 'fill', source: id, filter: polygonOrMulti, paint: { 'fill-color': BASEMAP_COLOURS.land } }, before)
    map.addLayer(
      { id: `${id}-coast`, type: 'line', source: id, filter: lineOrMulti, paint: { 'line-color': BASEMAP_COLOURS.coastline, 'line-width': 1 } },
      before,
    )
    options.onDrawn(pack)
  }

  const loader: SitePackLoader = {
    update() {
      if (!indexesRead) readIndexes()
      if (removed || packs.length === 0) return
      const bounds = map.getBounds()
      const view: SitePackBounds = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]
      for (const pack of packsInView(packs, view, map.getZoom(), requested)) {
        requested.add(pack.url)
        getJson(pack.url)
          .then((json) => {
            checkSitePackData(json)
            if (!removed) draw(pack, json)
          })
          .catch((error: unknown) =>
            warn(`@honu/widgets: the site pack ${pack.name} (${pack.url}) was not drawn (${reason(error)}); the map shows its world basemap there.`),
          )
      }
    },
    owns: (sourceId) => sourceId?.startsWith(SITE_PACK_PREFIX) ?? false,
    fail(sourceId, why) {
      const pack = bySource.get(sourceId)
      const id = sourceId.replace(/-sea$/, '')
      for (const layer of [`${id}-coast`, `${id}-land`, `${id}-sea`]) if (map.getLayer(layer)) map.removeLayer(layer)
      for (const source of [id, `${id}-sea`]) if (map.getSource(source)) map.removeSource(source)
      if (pack) warn(`@honu/widgets: the site pack ${pack.name} (${pack.url}) was not drawn (${why}); the map shows its world basemap there.`)
    },
  }
  return loader
}

/** Below the basemap's borders when there is the offline basemap, else below the vehicles. */
export const sitePackBefore = (map: Pick<MapLibreMap, 'getLayer'>, vehicles: string) =>
  map.getLayer(BASEMAP_LAYERS.border) ? BASEMAP_LAYERS.border : map.getLayer(vehicles) ? vehicles : undefined

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))
