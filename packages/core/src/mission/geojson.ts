// GeoJSON (RFC 7946): its polygons, lines and points read as shapes (as KML's are), and a plan written as a
// FeatureCollection of them. Positions are [longitude, latitude(, altitude)] in WGS 84.
import { flatNotKept } from './kml'
import { RefusedFile } from './mav-items'
import { missionProblem, notKept, type NotKept } from './mission-messages'
import type { LatLon, MissionPlan } from './mission-plan'
import { flightPath } from './plan-arithmetic'
import { parseJsonText, refusing, type ReadResult, type WriteResult } from './read-result'
import type { Shape, ShapePoint } from './shapes'

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection'])

const refuse = (detail: string) => new RefusedFile(missionProblem('file/not-geojson', { detail }))

function position(value: unknown, where: string): ShapePoint {
  const ok =
    Array.isArray(value) &&
    (value.length === 2 || value.length === 3) &&
    value.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    value[1] >= -90 &&
    value[1] <= 90 &&
    value[0] >= -180 &&
    value[0] <= 180
  if (!ok) throw refuse(`${where} is not a position [longitude, latitude] in range`)
  const [lon, lat, alt] = value as number[]
  return alt === undefined ? { lat: lat!, lon: lon! } : { lat: lat!, lon: lon!, alt }
}

function positions(value: unknown, where: string, least: number): ShapePoint[] {
  if (!Array.isArray(value)) throw refuse(`${where} is not a list of positions`)
  const points = value.map((p, i) => position(p, `${where}[${i}]`))
  if (points.length < least) throw refuse(`${where} needs at least ${least} positions`)
  return points
}

/** A linear ring, open: RFC 7946 closes rings (first position repeated last); the repeat is dropped. */
function ring(value: unknown, where: string): ShapePoint[] {
  const points = positions(value, where, 4)
  const first = points[0]!
  const last = points.at(-1)!
  if (first.lat !== last.lat || first.lon !== last.lon) throw refuse(`${where} is not closed (its last position must repeat its first)`)
  points.pop()
  return points
}

function polygon(value: unknown, where: string, name: string | undefined): Shape {
  if (!Array.isArray(value) || value.length === 0) throw refuse(`${where} is not a list of rings`)
  const [outer, ...holes] = value.map((r, i) => ring(r, `${where}[${i}]`))
  return { kind: 'polygon', ...(name === undefined ? {} : { name }), outer: outer!, holes }
}

/**
 * Reads the shapes of a GeoJSON text, in order: a FeatureCollection's features, a Feature's or a bare geometry's
 * Polygons (outer ring and holes), LineStrings and Points, their Multi- forms as one shape per part, and the members of
 * a GeometryCollection. A feature without geometry is listed in `notKept`. A text that is not JSON, not GeoJSON,
 * or holds a position that is not [longitude, latitude] in range or a ring that is not closed is refused with the
 * field's place. A feature's `properties.name`, when text, names its shapes.
 */
export function readGeoJson(text: string): ReadResult<Shape[]> {
  return refusing(() => {
    const json = parseJsonText(text)
    const shapes: Shape[] = []
    const dropped: NotKept[] = []

    const geometry = (value: unknown, where: string, name: string | undefined) => {
      const g = value as { type?: unknown; coordinates?: unknown; geometries?: unknown } | null
      if (!g || typeof g !== 'object' || !GEOMETRY_TYPES.has(g.type as string)) throw refuse(`${where} is not a geometry`)
      const named = name === undefined ? {} : { name }
      const coordinates = `${where}.coordinates`
      const list = (least: number) => {
        if (!Array.isArray(g.coordinates) || g.coordinates.length < least) throw refuse(`${coordinates} is not a list`)
        return g.coordinates as unknown[]
      }
      switch (g.type) {
        case 'Point':
          shapes.push({ kind: 'point', ...named, point: position(g.coordinates, coordinates) })
          break
        case 'MultiPoint':
          list(0).forEach((p, i) => shapes.push({ kind: 'point', ...named, point: position(p, `${coordinates}[${i}]`) }))
          break
        case 'LineString':
          shapes.push({ kind: 'line', ...named, points: positions(g.coordinates, coordinates, 2) })
          break
        case 'MultiLineString':
          list(0).forEach((l, i) => shapes.push({ kind: 'line', ...named, points: positions(l, `${coordinates}[${i}]`, 2) }))
          break
        case 'Polygon':
          shapes.push(polygon(g.coordinates, coordinates, name))
          break
        case 'MultiPolygon':
          list(0).forEach((p, i) => shapes.push(polygon(p, `${coordinates}[${i}]`, name)))
          break
        default: {
          if (!Array.isArray(g.geometries)) throw refuse(`${where}.geometries is not a list`)
          g.geometries.forEach((member, i) => geometry(member, `${where}.geometries[${i}]`, name))
        }
      }
    }
    const feature = (value: unknown, where: string, index: number) => {
      const f = value as { type?: unknown; geometry?: unknown; properties?: unknown } | null
      if (!f || typeof f !== 'object' || f.type !== 'Feature') throw refuse(`${where} is not a Feature`)
      const properties = f.properties as { name?: unknown } | null | undefined
      const name = typeof properties?.name === 'string' && properties.name.trim() ? properties.name.trim() : undefined
      if (f.geometry === null || f.geometry === undefined) dropped.push(notKept('item/geometry', index, { kind: 'feature without geometry' }))
      else geometry(f.geometry, `${where}.geometry`, name)
    }

    const root = json as { type?: unknown; features?: unknown } | null
    if (!root || typeof root !== 'object' || Array.isArray(root)) throw refuse('it is not an object')
    if (root.type === 'FeatureCollection') {
      if (!Array.isArray(root.features)) throw refuse('features is not a list')
      root.features.forEach((f, i) => feature(f, `features[${i}]`, i))
    } else if (root.type === 'Feature') feature(root, 'the feature', 0)
    else if (GEOMETRY_TYPES.has(root.type as string)) geometry(root, 'the geometry', undefined)
    else throw refuse(`its type is ${JSON.stringify(root.type) ?? 'missing'}`)
    return { ok: true, value: shapes, notKept: dropped }
  })
}

const pair = (p: LatLon) => [p.lon, p.lat]
const closed = (points: readonly LatLon[]) => [...points, points[0]!].map(pair)
const featureOf = (name: string, role: string, geometry: object) => ({ type: 'Feature', properties: { name, role }, geometry })

/**
 * Writes a plan's shapes as a GeoJSON FeatureCollection, each feature with a `name` and a `role` property
 * (`path`, `survey`, `inclusion`, `exclusion`, `rally`): the flight path (surveys as their pattern) as a LineString
 * (a Point when it has one point), survey areas and fence polygons as Polygons, rally points as Points. Fence
 * circles, the home position and every item's altitude are listed in `notKept`, as for KML.
 */
export function writeGeoJson(plan: MissionPlan): WriteResult {
  const features: object[] = []
  const path = flightPath(plan)
  if (path.length === 1) features.push(featureOf('Mission path', 'path', { type: 'Point', coordinates: pair(path[0]!) }))
  if (path.length > 1) features.push(featureOf('Mission path', 'path', { type: 'LineString', coordinates: path.map(pair) }))
  let surveys = 0
  for (const item of plan.items) {
    if (item.kind === 'survey') features.push(featureOf(`Survey ${++surveys}`, 'survey', { type: 'Polygon', coordinates: [closed(item.polygon)] }))
  }
  const counts = { inclusion: 0, exclusion: 0 }
  for (const fence of plan.geofence.polygons) {
    const role = fence.inclusion ? 'inclusion' : 'exclusion'
    const name = `${fence.inclusion ? 'Inclusion' : 'Exclusion'} fence ${++counts[role]}`
    features.push(featureOf(name, role, { type: 'Polygon', coordinates: [closed(fence.polygon)] }))
  }
  plan.rallyPoints.forEach((point, i) => features.push(featureOf(`Rally point ${i + 1}`, 'rally', { type: 'Point', coordinates: pair(point) })))
  return { text: `${JSON.stringify({ type: 'FeatureCollection', features }, null, 2)}\n`, notKept: flatNotKept(plan) }
}
