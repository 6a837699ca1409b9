import type { LatLon } from './mission-plan'

// Where land is (issue 25: "a waypoint on land for a surface vehicle"): the land polygons of site packs (GeoJSON
// FeatureCollections of Polygon and MultiPolygon land, [longitude, latitude] rings, the first of each polygon its
// outline and the rest its holes), looked up by point. Harbour-scale areas: rings are tested in degrees (even-odd),
// which at a few kilometres is off by far less than the data's own 10 m.

/** Land to look points up in (see {@link createLandIndex}). */
export interface LandIndex {
  /** Whether the point lies on land: inside a polygon's outline and in none of its holes. */
  isOnLand(point: LatLon): boolean
  /** How many polygons it holds (0: it knows of no land, and no point is on it). */
  readonly polygons: number
}

type Ring = readonly (readonly number[])[]
interface Land {
  west: number
  south: number
  east: number
  north: number
  rings: Ring[]
}

const isRing = (ring: unknown): ring is Ring =>
  Array.isArray(ring) && ring.length >= 4 && ring.every((p) => Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]))

/** Whether `[lon, lat]` lies inside a ring (even-odd). */
function insideRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number]
    const [xj, yj] = ring[j] as [number, number]
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/**
 * Makes a land index of GeoJSON FeatureCollections (a site pack's file each). Polygons and multipolygons are land,
 * but for a feature whose `properties.kind` says otherwise; anything else (coastlines, points, malformed rings) is
 * left out, so a pack that is partly unreadable still counts the land it has.
 *
 * @example createLandIndex([honolulu]).isOnLand({ lat: 21.3069, lon: -157.8583 }) // true: downtown Honolulu
 */
export function createLandIndex(collections: readonly unknown[]): LandIndex {
  const lands: Land[] = []
  const add = (polygon: unknown) => {
    if (!Array.isArray(polygon) || !isRing(polygon[0])) return
    const rings = polygon.filter(isRing)
    let west = Infinity
    let south = Infinity
    let east = -Infinity
    let north = -Infinity
    for (const [lon, lat] of rings[0]! as [number, number][]) {
      west = Math.min(west, lon)
      east = Math.max(east, lon)
      south = Math.min(south, lat)
      north = Math.max(north, lat)
    }
    lands.push({ west, south, east, north, rings })
  }
  for (const collection of collections) {
    const features = (collection as { features?: unknown } | null)?.features
    if (!Array.isArray(features)) continue
    for (const feature of features as { geometry?: { type?: unknown; coordinates?: unknown }; properties?: { kind?: unknown } | null }[]) {
      const kind = feature?.properties?.kind
      if (kind !== undefined && kind !== 'land') continue
      const geometry = feature?.geometry
      if (geometry?.type === 'Polygon') add(geometry.coordinates)
      else if (geometry?.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)) for (const polygon of geometry.coordinates) add(polygon)
    }
  }
  return {
    polygons: lands.length,
    isOnLand({ lat, lon }) {
      for (const land of lands) {
        if (lon < land.west || lon > land.east || lat < land.south || lat > land.north) continue
        if (!insideRing(lon, lat, land.rings[0]!)) continue
        if (!land.rings.slice(1).some((hole) => insideRing(lon, lat, hole))) return true
      }
      return false
    },
  }
}
