import type { MapOptions } from 'maplibre-gl'
import type { FeatureCollection, MultiLineString } from 'geojson'
import { feature, mesh } from 'topojson-client'

/** A MapLibre style document (the style spec's own type is not exported by maplibre-gl). */
export type StyleSpecification = Exclude<MapOptions['style'], string | undefined>

type Topology = Parameters<typeof mesh>[0]
type GeometryObject = NonNullable<Parameters<typeof mesh>[1]>
// Natural Earth through world-atlas (public domain), shipped with the package: the map works with no internet.
// Land at 1:50m (coastlines that still look like coastlines at a site's zoom), borders at 1:110m (enough to tell
// countries apart, a seventh of the size). Both land in the map's lazy chunk, never in the login route.
import land50m from 'world-atlas/land-50m.json'
import countries110m from 'world-atlas/countries-110m.json'

/** The basemap's colours: a dark map under the console's dark theme, quiet enough for vehicles to stand out. */
export const BASEMAP_COLOURS = {
  sea: '#0d1b2a',
  land: '#1d2733',
  coastline: '#56677a',
  border: '#3f4d5c',
} as const

/** The ids of the basemap's layers (the map's vehicles are drawn above them). */
export const BASEMAP_LAYERS = { sea: 'honu-sea', land: 'honu-land', coastline: 'honu-coastline', border: 'honu-border' } as const

/**
 * The offline basemap as a MapLibre style: sea, land and coastlines from Natural Earth land, and the land borders
 * between countries (each border once: `mesh` keeps arcs shared by two countries). No remote source, no sprite
 * and no glyphs (the map draws no text), so nothing is fetched from anywhere.
 */
export function offlineBasemapStyle(): StyleSpecification {
  // world-atlas ships plain JSON; its shape is TopoJSON's (the types come from @types/topojson-client).
  const landTopology = land50m as unknown as Topology
  const countriesTopology = countries110m as unknown as Topology
  const land = feature(landTopology, landTopology.objects.land as GeometryObject) as unknown as FeatureCollection
  const borders: MultiLineString = mesh(countriesTopology, countriesTopology.objects.countries as GeometryObject, (a, b) => a !== b)
  return {
    version: 8,
    name: 'Honu offline basemap (Natural Earth)',
    sources: {
      land: { type: 'geojson', data: land, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: { type: 'Feature', geometry: borders, properties: {} } },
    },
    layers: [
      { id: BASEMAP_LAYERS.sea, type: 'background', paint: { 'background-color': BASEMAP_COLOURS.sea } },
      { id: BASEMAP_LAYERS.land, type: 'fill', source: 'land', paint: { 'fill-color': BASEMAP_COLOURS.land } },
      { id: BASEMAP_LAYERS.coastline, type: 'line', source: 'land', paint: { 'line-color': BASEMAP_COLOURS.coastline, 'line-width': 1 } },
      {
        id: BASEMAP_LAYERS.border,
        type: 'line',
        source: 'borders',
        paint: { 'line-color': BASEMAP_COLOURS.border, 'line-width': 1, 'line-dasharray': [2, 2] },
      },
    ],
  }
}
