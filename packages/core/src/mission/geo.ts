import type { LatLon } from './mission-plan'

/** The Earth's mean radius in metres (IUGG), the sphere distances are measured on. */
export const EARTH_RADIUS_M = 6_371_008.8

const RAD = Math.PI / 180

/**
 * Great-circle distance in metres between two points (haversine on the mean sphere). Off the ellipsoid's geodesic
 * by at most about 0.5 %, far below what a plan's time estimate can tell apart.
 */
export function distanceM(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RAD
  const dLon = (b.lon - a.lon) * RAD
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** A point in a local plane, in metres: `x` east, `y` north of the projection's origin. */
export interface LocalPoint {
  x: number
  y: number
}

/**
 * A local flat projection around `origin` (equirectangular, scaled at the origin's latitude). Good to well under a
 * metre over a few kilometres, which is what a survey area or a fence spans; it does not cross the antimeridian.
 */
export interface LocalProjection {
  toLocal(point: LatLon): LocalPoint
  toLatLon(point: LocalPoint): LatLon
}

/** The local projection around `origin`. */
export function localProjection(origin: LatLon): LocalProjection {
  const metresPerDegree = EARTH_RADIUS_M * RAD
  const cosLat = Math.cos(origin.lat * RAD)
  return {
    toLocal: (p) => ({ x: (p.lon - origin.lon) * metresPerDegree * cosLat, y: (p.lat - origin.lat) * metresPerDegree }),
    toLatLon: (p) => ({ lat: origin.lat + p.y / metresPerDegree, lon: origin.lon + p.x / (metresPerDegree * cosLat) }),
  }
}

/** The mean of a polygon's corners: the origin its local projection is taken around. */
export function centreOf(points: readonly LatLon[]): LatLon {
  let lat = 0
  let lon = 0
  for (const p of points) {
    lat += p.lat
    lon += p.lon
  }
  return { lat: lat / points.length, lon: lon / points.length }
}

/**
 * Whether a local point lies inside a local polygon (even-odd rule, so a self-crossing polygon counts its
 * overlaps as outside). A point exactly on an edge may land on either side.
 */
export function insideLocalPolygon(p: LocalPoint, ring: readonly LocalPoint[]): boolean {
  let inside = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!
    const b = ring[j]!
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside
  }
  return inside
}

/** Whether a point lies inside a polygon given in degrees (projected around the polygon's centre). */
export function insidePolygon(point: LatLon, polygon: readonly LatLon[]): boolean {
  if (polygon.length < 3) return false
  const projection = localProjection(centreOf(polygon))
  return insideLocalPolygon(projection.toLocal(point), polygon.map(projection.toLocal))
}

/** Whether a point lies inside a circle (on its edge counts as inside). */
export function insideCircle(point: LatLon, center: LatLon, radius: number): boolean {
  return distanceM(point, center) <= radius
}

/** The point `east` and `north` metres from `point` (a handle nudged from the keyboard). */
export function offsetM(point: LatLon, east: number, north: number): LatLon {
  return localProjection(point).toLatLon({ x: east, y: north })
}

/** A circle's outline as `sides` corners (a fence circle drawn on a map, which has no circles of its own). */
export function circleOutline(center: LatLon, radius: number, sides = 64): LatLon[] {
  const projection = localProjection(center)
  return Array.from({ length: sides }, (_, i) => {
    const angle = (2 * Math.PI * i) / sides
    return projection.toLatLon({ x: radius * Math.sin(angle), y: radius * Math.cos(angle) })
  })
}
