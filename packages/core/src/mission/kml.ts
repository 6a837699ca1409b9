// KML (OGC 2.2): the polygons, lines and points of its placemarks, read as shapes the caller then uses as fences,
// survey areas, paths or rally points (`applyShapes`); and a plan written as such shapes for GIS tools.
import { missionProblem, notKept, type NotKept } from './mission-messages'
import type { LatLon, MissionPlan } from './mission-plan'
import { flightPath } from './plan-arithmetic'
import { RefusedFile } from './mav-items'
import { refusing, type ReadResult, type WriteResult } from './read-result'
import type { Shape, ShapePoint } from './shapes'
import { childrenNamed, parseXml, XmlSyntaxError, type XmlElement } from './xml-reader'

const GEOMETRIES = new Set(['Point', 'LineString', 'LinearRing', 'Polygon', 'MultiGeometry', 'Model', 'Track', 'MultiTrack'])

const coordinatesProblem = (where: string, detail: string) => new RefusedFile(missionProblem('file/kml-coordinates', { where, detail }))

/** A `<coordinates>` list: `longitude,latitude[,altitude]` tuples separated by white space. */
function parseCoordinates(element: XmlElement | undefined, where: string): ShapePoint[] {
  if (!element) throw coordinatesProblem(where, 'it has no <coordinates>')
  const tuples = element.text.trim().split(/\s+/).filter(Boolean)
  if (tuples.length === 0) throw coordinatesProblem(where, '<coordinates> is empty')
  return tuples.map((tuple) => {
    const parts = tuple.split(',')
    const numbers = parts.map((part) => (part === '' ? Number.NaN : Number(part)))
    const [lon, lat, alt] = numbers
    const valid =
      (parts.length === 2 || parts.length === 3) && numbers.every(Number.isFinite) && lat! >= -90 && lat! <= 90 && lon! >= -180 && lon! <= 180
    if (!valid) throw coordinatesProblem(where, `“${tuple.slice(0, 60)}” is not longitude,latitude[,altitude] in range`)
    return alt === undefined ? { lat: lat!, lon: lon! } : { lat: lat!, lon: lon!, alt }
  })
}

/** A ring's points, open (a closing repeat of the first point dropped), at least 3 of them. */
function ring(element: XmlElement | undefined, where: string): ShapePoint[] {
  const linearRing = element && childrenNamed(element, 'LinearRing')[0]
  if (!linearRing) throw coordinatesProblem(where, 'it has no <LinearRing>')
  const points = parseCoordinates(childrenNamed(linearRing, 'coordinates')[0], where)
  const first = points[0]!
  const last = points.at(-1)!
  if (points.length > 1 && first.lat === last.lat && first.lon === last.lon) points.pop()
  if (points.length < 3) throw coordinatesProblem(where, 'a ring needs at least 3 points')
  return points
}

/**
 * Reads the shapes of a KML file's placemarks, in order: each `Polygon` (outer ring and holes), `LineString`,
 * `LinearRing` (as a polygon without holes) and `Point`, also inside `MultiGeometry`. Other geometries (`Model`,
 * `gx:Track`) are listed in `notKept`, indexed by their place among all the geometries found. A file that is not
 * well-formed XML, not KML, or has a geometry without usable coordinates is refused with the reason. Styles,
 * descriptions and extended data are not read: they describe how shapes look, not where they are.
 */
export function readKml(text: string): ReadResult<Shape[]> {
  return refusing(() => {
    if (!text.trim()) throw new RefusedFile(missionProblem('file/empty'))
    let root: XmlElement
    try {
      root = parseXml(text)
    } catch (error) {
      if (error instanceof XmlSyntaxError) throw new RefusedFile(missionProblem('file/not-xml', { detail: error.message }))
      throw error
    }
    if (root.name !== 'kml') throw new RefusedFile(missionProblem('file/not-kml', { root: `<${root.qualifiedName}>` }))

    const shapes: Shape[] = []
    const dropped: NotKept[] = []
    let found = 0
    const geometry = (element: XmlElement, name: string | undefined) => {
      const named = name === undefined ? {} : { name }
      switch (element.name) {
        case 'MultiGeometry':
          for (const child of element.children) if (GEOMETRIES.has(child.name)) geometry(child, name)
          return
        case 'Polygon':
          shapes.push({
            kind: 'polygon',
            ...named,
            outer: ring(childrenNamed(element, 'outerBoundaryIs')[0], 'Polygon'),
            holes: childrenNamed(element, 'innerBoundaryIs').map((inner) => ring(inner, 'Polygon')),
          })
          break
        case 'LinearRing':
          shapes.push({ kind: 'polygon', ...named, outer: ring({ ...element, children: [element] }, 'LinearRing'), holes: [] })
          break
        case 'LineString': {
          const points = parseCoordinates(childrenNamed(element, 'coordinates')[0], 'LineString')
          if (points.length < 2) throw coordinatesProblem('LineString', 'a line needs at least 2 points')
          shapes.push({ kind: 'line', ...named, points })
          break
        }
        case 'Point': {
          const points = parseCoordinates(childrenNamed(element, 'coordinates')[0], 'Point')
          if (points.length !== 1) throw coordinatesProblem('Point', 'a point has one position')
          shapes.push({ kind: 'point', ...named, point: points[0]! })
          break
        }
        default:
          dropped.push(notKept('item/geometry', found, { kind: element.name }))
      }
      found++
    }
    const walk = (element: XmlElement) => {
      if (element.name !== 'Placemark') {
        element.children.forEach(walk)
        return
      }
      const name = childrenNamed(element, 'name')[0]?.text.trim()
      for (const child of element.children) if (GEOMETRIES.has(child.name)) geometry(child, name || undefined)
    }
    walk(root)
    return { ok: true, value: shapes, notKept: dropped }
  })
}

const coordinates = (points: readonly LatLon[]) => points.map((p) => `${p.lon},${p.lat}`).join(' ')
const placemark = (name: string, geometry: string) => `    <Placemark>\n      <name>${name}</name>\n      ${geometry}\n    </Placemark>`
const polygon = (points: readonly LatLon[]) =>
  `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates([...points, points[0]!])}</coordinates></LinearRing></outerBoundaryIs></Polygon>`

/**
 * Writes a plan's shapes as KML placemarks: the flight path (surveys as their pattern) as a line named "Mission
 * path", each survey area ("Survey n"), each fence polygon ("Inclusion fence n", "Exclusion fence n") and each rally
 * point ("Rally point n"). KML has no circle, and the shapes are flat: fence circles, the home position and every
 * item's altitude are listed in `notKept`.
 */
export function writeKml(plan: MissionPlan): WriteResult {
  const placemarks: string[] = []
  const path = flightPath(plan)
  if (path.length === 1) placemarks.push(placemark('Mission path', `<Point><coordinates>${coordinates(path)}</coordinates></Point>`))
  if (path.length > 1) placemarks.push(placemark('Mission path', `<LineString><coordinates>${coordinates(path)}</coordinates></LineString>`))
  let surveys = 0
  plan.items.forEach((item) => {
    if (item.kind === 'survey') placemarks.push(placemark(`Survey ${++surveys}`, polygon(item.polygon)))
  })
  const counts = { inclusion: 0, exclusion: 0 }
  for (const fence of plan.geofence.polygons) {
    const kind = fence.inclusion ? 'inclusion' : 'exclusion'
    placemarks.push(placemark(`${fence.inclusion ? 'Inclusion' : 'Exclusion'} fence ${++counts[kind]}`, polygon(fence.polygon)))
  }
  plan.rallyPoints.forEach((point, i) =>
    placemarks.push(placemark(`Rally point ${i + 1}`, `<Point><coordinates>${coordinates([point])}</coordinates></Point>`)),
  )
  const text = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '  <Document>',
    '    <name>Mission plan</name>',
    ...placemarks,
    '  </Document>',
    '</kml>',
    '',
  ].join('\n')
  return { text, notKept: flatNotKept(plan) }
}

/** What a flat shape format leaves out of a plan: every item's altitude, fence circles, the home position. */
export function flatNotKept(plan: MissionPlan): NotKept[] {
  return [
    ...plan.items.map((item, index) => notKept('item/flat', index, { kind: item.kind })),
    ...plan.geofence.circles.map((_, index) => notKept('item/not-written', index, { kind: 'circle' })),
    ...(plan.home ? [notKept('item/not-written', 0, { kind: 'home' })] : []),
  ]
}
