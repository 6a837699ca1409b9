import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  boxOf,
  clipGeometry,
  clipPolygon,
  clipRing,
  coastOf,
  OUT_DIR,
  packOf,
  SITES,
  type Box,
  type Point,
  type Ring,
} from '../../../scripts/build-site-packs.mjs'
import { seededVehicles } from '../src/seed'
import { SITES as SIMULATOR_SITES, specOf } from '../src/simulator/simulated-vehicle'

// The site packs' clipping (scripts/build-site-packs.mjs) and the committed packs it wrote.

const BOX: Box = [0, 0, 10, 10]
const square = (west: number, south: number, east: number, north: number): Ring => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
]
const inside = ([lon, lat]: Point, [west, south, east, north]: Box) => lon >= west && lon <= east && lat >= south && lat <= north
/** Twice the signed area of a closed ring (positive: counter-clockwise). */
const area = (ring: Ring) => ring.slice(0, -1).reduce((sum, [x1, y1], i) => sum + x1 * ring[i + 1]![1] - ring[i + 1]![0] * y1, 0) / 2
const pointInRing = ([x, y]: Point, ring: Ring) => {
  let within = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!
    const [xj, yj] = ring[j]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within
  }
  return within
}

describe('clipRing', () => {
  it('keeps a ring inside the box as it is, closed', () => {
    expect(clipRing(square(2, 2, 4, 4), BOX)).toEqual(square(2, 2, 4, 4))
  })

  it('cuts a ring at the box: the part inside, with points on the box edge where it crossed', () => {
    const clipped = clipRing(square(5, 5, 15, 15), BOX)!
    expect(Math.abs(area(clipped))).toBe(25)
    for (const point of clipped) expect(inside(point as Point, BOX)).toBe(true)
    expect(clipped).toContainEqual([10, 5])
    expect(clipped).toContainEqual([5, 10])
  })

  it('cuts a slanted edge where it meets the box', () => {
    const triangle: Ring = [
      [-5, 0],
      [15, 0],
      [-5, 20],
      [-5, 0],
    ]
    const clipped = clipRing(triangle, BOX)!
    // The edge from (15, 0) to (-5, 20) crosses the box's east edge at (10, 5) and its north edge at (5, 10),
    // cutting off the box's north-east corner.
    expect(clipped).toContainEqual([10, 5])
    expect(clipped).toContainEqual([5, 10])
    expect(clipped).not.toContainEqual([10, 10])
    expect(Math.abs(area(clipped))).toBe(87.5)
  })

  it('gives the whole box for a ring around it, and nothing for a ring beside it', () => {
    expect(Math.abs(area(clipRing(square(-5, -5, 15, 15), BOX)!))).toBe(100)
    expect(clipRing(square(20, 20, 30, 30), BOX)).toBeUndefined()
    // Touching the box along an edge only: no area left.
    expect(clipRing(square(10, 2, 12, 4), BOX)).toBeUndefined()
  })

  it('keeps the ring’s winding and rounds to 5 decimals (about a metre)', () => {
    const clockwise = [...square(5, 5, 15, 15)].reverse()
    expect(area(clipRing(clockwise, BOX)!)).toBeLessThan(0)
    expect(area(clipRing(square(5, 5, 15, 15), BOX)!)).toBeGreaterThan(0)
    const [first] = clipRing(square(1.1234567, 1, 3, 3), BOX)!
    expect(first).toEqual([1.12346, 1])
  })
})

describe('clipPolygon', () => {
  it('keeps holes inside the box, cuts those across its edge and drops those outside', () => {
    const polygon = [square(-5, -5, 15, 15), square(2, 2, 4, 4), square(8, 8, 12, 12), square(12, 12, 14, 14)]
    const clipped = clipPolygon(polygon, BOX)!
    expect(clipped).toHaveLength(3)
    expect(clipped[1]).toEqual(square(2, 2, 4, 4))
    expect(Math.abs(area(clipped[2]!))).toBe(4)
    // A point in the kept hole is not land; one beside it is.
    expect(pointInRing([3, 3], clipped[0]!) && !pointInRing([3, 3], clipped[1]!)).toBe(false)
    expect(pointInRing([6, 3], clipped[0]!) && !pointInRing([6, 3], clipped[1]!)).toBe(true)
  })

  it('drops a polygon whose outer ring is outside the box, holes and all', () => {
    expect(clipPolygon([square(20, 20, 30, 30), square(22, 22, 24, 24)], BOX)).toBeUndefined()
  })

  it('clips every polygon of a MultiPolygon and leaves nothing outside the box', () => {
    const geometry = {
      type: 'MultiPolygon' as const,
      coordinates: [[square(-2, -2, 3, 3)], [square(20, 20, 30, 30)], [square(8, -4, 12, 4), square(9, 1, 11, 2)]],
    }
    const polygons = clipGeometry(geometry, BOX)
    expect(polygons).toHaveLength(2)
    for (const ring of polygons.flat()) for (const point of ring) expect(inside(point as Point, BOX)).toBe(true)
    expect(polygons[1]).toHaveLength(2)
  })
})

describe('coastOf', () => {
  it('draws the coast, not the box edges the clip closed rings along', () => {
    const polygons = clipGeometry({ type: 'Polygon', coordinates: [square(5, -5, 15, 5)] }, BOX)
    // The square's corner in the box: two coast edges in the ring's own order, from (10, 5) to (5, 5) and down to (5, 0).
    expect(coastOf(polygons, BOX)).toEqual([
      [
        [10, 5],
        [5, 5],
        [5, 0],
      ],
    ])
  })
})

describe('packOf', () => {
  it('writes the land as one MultiPolygon and the coast as one MultiLineString, with the box as bbox', () => {
    const pack = packOf([{ geometry: { type: 'Polygon', coordinates: [square(5, 5, 15, 15)] } }], BOX)
    expect(pack.bbox).toEqual(BOX)
    expect(pack.features.map((feature) => [feature.properties.kind, feature.geometry.type])).toEqual([
      ['land', 'MultiPolygon'],
      ['coast', 'MultiLineString'],
    ])
  })
})

describe('the committed site packs', () => {
  const index = JSON.parse(readFileSync(join(OUT_DIR, 'index.json'), 'utf8')) as {
    packs: { name: string; bounds: Box; file: string; attribution: string }[]
  }

  it('has one pack per simulator site, holding every seeded vehicle’s circuit with kilometres to spare', () => {
    expect(Object.keys(SIMULATOR_SITES).length).toBe(SITES.length)
    for (const [tenant, site] of Object.entries(SIMULATOR_SITES)) {
      const pack = index.packs.find(({ bounds }) => inside([site.lon, site.lat], bounds))
      expect(pack, `a pack around ${tenant}'s site`).toBeDefined()
      const vehicles = seededVehicles.filter((vehicle) => vehicle.tenant_id === tenant)
      vehicles.forEach((vehicle, i) => {
        const { centre, radiusM } = specOf(vehicle, i)
        // A kilometre of margin beyond the circuit, in degrees (generously, at any of these latitudes).
        const margin = (radiusM + 1000) / 111_320 / Math.cos((site.lat * Math.PI) / 180)
        const [west, south, east, north] = pack!.bounds
        expect(centre.lon - margin > west && centre.lon + margin < east && centre.lat - margin > south && centre.lat + margin < north).toBe(true)
      })
    }
  })

  it.each(SITES.map((site) => site.name))('%s: small, in its box, with land and open water at its centre', (name) => {
    const entry = index.packs.find((pack) => pack.name === name)!
    expect(entry.bounds).toEqual(boxOf(SITES.find((site) => site.name === name)!))
    expect(entry.attribution).toMatch(/OpenStreetMap/)
    const text = readFileSync(join(OUT_DIR, entry.file), 'utf8')
    expect(Buffer.byteLength(text)).toBeLessThan(300 * 1024)
    const pack = JSON.parse(text) as ReturnType<typeof packOf>
    expect(pack.bbox).toEqual(entry.bounds)
    const land = pack.features[0].geometry.coordinates
    expect(land.length).toBeGreaterThan(0)
    for (const ring of land.flat()) for (const point of ring) expect(inside(point, entry.bounds)).toBe(true)
    // The site's centre, where the vehicles sail, is water.
    const site = SITES.find((s) => s.name === name)!
    const onLand = land.some(
      ([outer, ...holes]) => pointInRing([site.lon, site.lat], outer!) && !holes.some((hole) => pointInRing([site.lon, site.lat], hole)),
    )
    expect(onLand).toBe(false)
  })
})
