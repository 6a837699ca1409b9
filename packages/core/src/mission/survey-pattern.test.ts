import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LatLon } from './mission-plan'
import { generateSurveyPattern, MAX_SURVEY_LINES } from './survey-pattern'

// The test's own flat projection and point-in-polygon (not the module's), so a fault there is not mirrored here.
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180
const project = (origin: LatLon) => (p: LatLon) => ({
  x: (p.lon - origin.lon) * M_PER_DEG * Math.cos((origin.lat * Math.PI) / 180),
  y: (p.lat - origin.lat) * M_PER_DEG,
})
const inside = (p: { x: number; y: number }, ring: { x: number; y: number }[]) => {
  let crossings = 0
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!
    const b = ring[(i + 1) % ring.length]!
    if (a.y > p.y !== b.y > p.y && p.x < a.x + ((p.y - a.y) * (b.x - a.x)) / (b.y - a.y)) crossings++
  }
  return crossings % 2 === 1
}
/** A polygon around `centre`: one corner per angle (sorted), each at its own radius in metres. */
const polygonAround = (centre: LatLon, corners: { angle: number; radius: number }[]): LatLon[] =>
  [...corners]
    .sort((a, b) => a.angle - b.angle)
    .map(({ angle, radius }) => ({
      lat: centre.lat + (radius * Math.cos(angle)) / M_PER_DEG,
      lon: centre.lon + (radius * Math.sin(angle)) / (M_PER_DEG * Math.cos((centre.lat * Math.PI) / 180)),
    }))

const centre = fc.record({ lat: fc.double({ min: -70, max: 70, noNaN: true }), lon: fc.double({ min: -170, max: 170, noNaN: true }) })
const settings = fc.record({ spacing: fc.double({ min: 5, max: 300, noNaN: true }), heading: fc.double({ min: 0, max: 359.99, noNaN: true }) })
/** 3 to 12 corners spread around the centre (one per equal sector, anywhere in its middle 80 %), each at a radius. */
const corners = (radius: fc.Arbitrary<number>) =>
  fc
    .integer({ min: 3, max: 12 })
    .chain((n) => fc.array(fc.record({ jitter: fc.double({ min: 0.1, max: 0.9, noNaN: true }), radius }), { minLength: n, maxLength: n }))
    .map((cs) => cs.map((c, k) => ({ angle: ((k + c.jitter) * 2 * Math.PI) / cs.length, radius: c.radius })))
/** Corners on one circle: a convex polygon. */
const convex = fc.tuple(centre, fc.double({ min: 60, max: 3000, noNaN: true }), corners(fc.constant(0))).map(([c, r, cs]) =>
  polygonAround(
    c,
    cs.map((k) => ({ angle: k.angle, radius: r })),
  ),
)
/** Corners at their own distances: star-shaped, often concave. */
const starShaped = fc.tuple(centre, corners(fc.double({ min: 60, max: 3000, noNaN: true }))).map(([c, cs]) => polygonAround(c, cs))

/** Where a point lies across and along the lines of `heading`, in the test's projection. */
const frameOf = (polygon: LatLon[], heading: number) => {
  const origin = { lat: polygon.reduce((s, p) => s + p.lat, 0) / polygon.length, lon: polygon.reduce((s, p) => s + p.lon, 0) / polygon.length }
  const toLocal = project(origin)
  const h = (heading * Math.PI) / 180
  return {
    ring: polygon.map(toLocal),
    toLocal,
    across: (p: LatLon) => {
      const q = toLocal(p)
      return q.x * Math.cos(h) - q.y * Math.sin(h)
    },
    along: (p: LatLon) => {
      const q = toLocal(p)
      return q.x * Math.sin(h) + q.y * Math.cos(h)
    },
  }
}
const lerp = (a: LatLon, b: LatLon, t: number): LatLon => ({ lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t })

describe('generateSurveyPattern', () => {
  it('covers a 1 km square with north–south lines 100 m apart, 50 m in from its sides, flown back and forth', () => {
    const d = 1000 / M_PER_DEG
    const polygon = [
      { lat: 0, lon: 0 },
      { lat: 0, lon: d },
      { lat: d, lon: d },
      { lat: d, lon: 0 },
    ]
    const { transects, waypoints } = generateSurveyPattern({ polygon, spacing: 100, heading: 0 })
    expect(transects).toHaveLength(10)
    expect(waypoints).toHaveLength(20)
    const { across, along } = frameOf(polygon, 0)
    // Measured from the square's centre: −450 m to 450 m.
    transects.forEach(([a, b], k) => {
      expect(across(a)).toBeCloseTo(-450 + 100 * k, 3)
      expect(across(b)).toBeCloseTo(-450 + 100 * k, 3)
      expect(Math.abs(along(b) - along(a))).toBeCloseTo(1000, 3)
      // Even lines northwards, odd ones southwards.
      expect(Math.sign(along(b) - along(a))).toBe(k % 2 === 0 ? 1 : -1)
    })
  })

  it('puts one line through a polygon narrower than the spacing, and none through too few corners or a bad spacing', () => {
    const thin = [
      { lat: 0, lon: 0 },
      { lat: 0.01, lon: 0 },
      { lat: 0.01, lon: 0.0001 },
    ]
    expect(generateSurveyPattern({ polygon: thin, spacing: 50, heading: 0 }).transects).toHaveLength(1)
    expect(generateSurveyPattern({ polygon: thin.slice(0, 2), spacing: 50, heading: 0 }).transects).toEqual([])
    expect(generateSurveyPattern({ polygon: thin, spacing: 0, heading: 0 }).transects).toEqual([])
    expect(generateSurveyPattern({ polygon: thin, spacing: 10, heading: Number.NaN }).transects).toEqual([])
  })

  it(`draws nothing for a spacing that would ask for more than ${MAX_SURVEY_LINES} lines, and says so`, () => {
    const field = [
      { lat: 0, lon: 0 },
      { lat: 0, lon: 0.02 },
      { lat: 0.02, lon: 0.02 },
    ]
    expect(generateSurveyPattern({ polygon: field, spacing: 0.1, heading: 0 })).toEqual({ transects: [], waypoints: [], tooDense: true })
    expect(generateSurveyPattern({ polygon: field, spacing: 1, heading: 0 }).tooDense).toBe(false)
  })

  // Each property gathers what breaks it per run and asserts once: an expect() per transect (up to 600 lines a run)
  // made these tests several seconds long on a loaded machine.
  it('keeps every transect of a convex polygon inside it, one line each, spacing apart, covering it to half a spacing', () => {
    fc.assert(
      fc.property(convex, settings, (polygon, { spacing, heading }) => {
        const { transects, waypoints } = generateSurveyPattern({ polygon, spacing, heading })
        const { ring, toLocal, across } = frameOf(polygon, heading)
        expect(transects.length).toBeGreaterThan(0)
        expect(waypoints).toEqual(transects.flat())
        // A transect's points outside the polygon, and a transect not along the heading (its ends on two lines).
        const outside = transects.filter(([a, b]) => [0.1, 0.5, 0.9].some((t) => !inside(toLocal(lerp(a, b, t)), ring)))
        const askew = transects.filter(([a, b]) => Math.abs(across(a) - across(b)) >= 1e-3)
        expect({ outside, askew }).toEqual({ outside: [], askew: [] })
        const offsets = transects.map(([a]) => across(a))
        const gaps = offsets.slice(1).map((offset, k) => offset - offsets[k]!)
        expect(gaps.filter((gap) => Math.abs(gap - spacing) > 5e-4)).toEqual([])
        // Every corner is within half a spacing (and a millimetre) of the outer lines.
        const corners = polygon.map(across)
        expect(offsets[0]! - Math.min(...corners)).toBeLessThanOrEqual(spacing / 2 + 1e-3)
        expect(Math.max(...corners) - offsets.at(-1)!).toBeLessThanOrEqual(spacing / 2 + 1e-3)
      }),
      { numRuns: 100 },
    )
  })

  it('keeps every transect of a concave polygon inside it, its lines spacing apart and flown back and forth', () => {
    fc.assert(
      fc.property(starShaped, settings, (polygon, { spacing, heading }) => {
        const { transects } = generateSurveyPattern({ polygon, spacing, heading })
        const { ring, toLocal, across, along } = frameOf(polygon, heading)
        expect(transects.filter(([a, b]) => !inside(toLocal(lerp(a, b, 0.5)), ring))).toEqual([])
        // Lines (not transects: a concave polygon may cut a line into several) are whole spacings apart.
        const offsets = transects.map(([a]) => across(a))
        const offGrid = offsets.filter((offset) => {
          const r = ((offset - offsets[0]!) / spacing) % 1
          return r >= 1e-4 && r <= 1 - 1e-4
        })
        expect(offGrid).toEqual([])
        // Along one line the transects keep one direction; the next line with transects is flown the other way.
        const direction = transects.map(([a, b]) => Math.sign(along(b) - along(a)))
        const wrong = direction.filter((d, k) => {
          if (k === 0) return false
          const sameLine = Math.abs(offsets[k]! - offsets[k - 1]!) < 1e-3
          return d !== (sameLine ? direction[k - 1] : -direction[k - 1]!)
        })
        expect(wrong).toEqual([])
      }),
      { numRuns: 100 },
    )
  })
})
