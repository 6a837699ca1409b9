// Types of scripts/build-site-packs.mjs, for the test that imports it (examples/reference-server/test).

/** `[west, south, east, north]` in degrees. */
export type Box = [number, number, number, number]
/** `[lon, lat]`. */
export type Point = [number, number]
/** A closed ring. */
export type Ring = Point[]
/** An outer ring, then its holes. */
export type Polygon = Ring[]
export type Geometry = { type: 'Polygon'; coordinates: Polygon } | { type: 'MultiPolygon'; coordinates: Polygon[] }

export const OUT_DIR: string
export const SITES: { name: string; title: string; lat: number; lon: number }[]
export const HALF_SIZE_KM: number
export const ATTRIBUTION: string
export function boxOf(site: { lat: number; lon: number }, halfSizeKm?: number): Box
export function clipRing(ring: Ring, box: Box): Ring | undefined
export function clipPolygon(polygon: Polygon, box: Box): Polygon | undefined
export function clipGeometry(geometry: Geometry, box: Box): Polygon[]
export function coastOf(polygons: Polygon[], box: Box): Point[][]
export function packOf(
  features: { geometry: Geometry }[],
  box: Box,
): {
  type: 'FeatureCollection'
  bbox: Box
  features: [
    { type: 'Feature'; properties: { kind: 'land' }; geometry: { type: 'MultiPolygon'; coordinates: Polygon[] } },
    { type: 'Feature'; properties: { kind: 'coast' }; geometry: { type: 'MultiLineString'; coordinates: Point[][] } },
  ]
}
