import { describe, expect, it } from 'vitest'
import { circleOutline, distanceM, localProjection, offsetM } from './geo'

// offsetM (a handle nudged from the keyboard) and circleOutline (a fence circle drawn on the map), checked against
// the haversine distance.

const RAD = Math.PI / 180
/** Initial bearing from `a` to `b` in degrees clockwise from north, 0…360. */
const bearing = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const dLon = (b.lon - a.lon) * RAD
  const y = Math.sin(dLon) * Math.cos(b.lat * RAD)
  const x = Math.cos(a.lat * RAD) * Math.sin(b.lat * RAD) - Math.sin(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.cos(dLon)
  return (((Math.atan2(y, x) / RAD) % 360) + 360) % 360
}

const honolulu = { lat: 21.3, lon: -157.86 }
const kiel = { lat: 54.3, lon: 10.15 }
const south = { lat: -33.9, lon: 18.4 }

describe('offsetM', () => {
  it.each([honolulu, kiel, south])('moves 100 m east due east (at %o)', (origin) => {
    const there = offsetM(origin, 100, 0)
    expect(distanceM(origin, there)).toBeCloseTo(100, 1)
    expect(there.lat).toBe(origin.lat)
    expect(there.lon).toBeGreaterThan(origin.lon)
    expect(bearing(origin, there)).toBeCloseTo(90, 2)
  })

  it('moves north, south and west by the metres given', () => {
    const north = offsetM(kiel, 0, 10)
    expect(distanceM(kiel, north)).toBeCloseTo(10, 3)
    expect(north.lon).toBe(kiel.lon)
    expect(north.lat).toBeGreaterThan(kiel.lat)
    expect(bearing(kiel, north)).toBeCloseTo(0, 4)

    const southward = offsetM(kiel, 0, -100)
    expect(distanceM(kiel, southward)).toBeCloseTo(100, 2)
    expect(southward.lat).toBeLessThan(kiel.lat)
    expect(bearing(kiel, southward)).toBeCloseTo(180, 4)

    const west = offsetM(kiel, -1, 0)
    expect(distanceM(kiel, west)).toBeCloseTo(1, 4)
    expect(west.lon).toBeLessThan(kiel.lon)
    expect(bearing(kiel, west)).toBeCloseTo(270, 2)
  })

  it('moves diagonally by the hypotenuse', () => {
    const there = offsetM(honolulu, 30, 40)
    expect(distanceM(honolulu, there)).toBeCloseTo(50, 1)
    expect(bearing(honolulu, there)).toBeCloseTo(Math.atan2(30, 40) / RAD, 1)
  })

  it('a degree of longitude is shorter away from the equator: the same metres are more degrees', () => {
    const equator = offsetM({ lat: 0, lon: 0 }, 1000, 0)
    const north = offsetM({ lat: 60, lon: 0 }, 1000, 0)
    expect(north.lon / equator.lon).toBeCloseTo(2, 3)
    // Latitude degrees stay the same length on the sphere.
    expect(offsetM({ lat: 60, lon: 0 }, 0, 1000).lat - 60).toBeCloseTo(offsetM({ lat: 0, lon: 0 }, 0, 1000).lat, 9)
  })

  it('answers the point itself for no offset, and is undone by the opposite offset', () => {
    expect(offsetM(kiel, 0, 0)).toEqual(kiel)
    const back = offsetM(offsetM(kiel, 100, -100), -100, 100)
    expect(distanceM(back, kiel)).toBeLessThan(0.01)
  })

  it('returns a new object and leaves the point alone', () => {
    const point = { lat: 1, lon: 2 }
    const there = offsetM(point, 5, 5)
    expect(there).not.toBe(point)
    expect(point).toEqual({ lat: 1, lon: 2 })
  })
})

describe('circleOutline', () => {
  it.each([
    [100, 64],
    [50, 8],
    [2500, 3],
  ])('puts every corner of a %d m circle at the radius, %d corners', (radius, sides) => {
    const outline = circleOutline(kiel, radius, sides)
    expect(outline).toHaveLength(sides)
    for (const corner of outline) {
      expect(Math.abs(distanceM(kiel, corner) - radius) / radius).toBeLessThan(0.001)
    }
  })

  it('has 64 corners by default, starting due north and going clockwise evenly', () => {
    const outline = circleOutline(honolulu, 200)
    expect(outline).toHaveLength(64)
    expect(outline[0]!.lon).toBeCloseTo(honolulu.lon, 12)
    expect(outline[0]!.lat).toBeGreaterThan(honolulu.lat)
    // A quarter round is due east, half due south, three quarters due west.
    expect(bearing(honolulu, outline[16]!)).toBeCloseTo(90, 1)
    expect(bearing(honolulu, outline[32]!)).toBeCloseTo(180, 1)
    expect(bearing(honolulu, outline[48]!)).toBeCloseTo(270, 1)
    // Neighbouring corners are all the same chord apart (2 r sin(π / n)), including last to first.
    const chord = 2 * 200 * Math.sin(Math.PI / 64)
    for (let i = 0; i < 64; i++) {
      expect(distanceM(outline[i]!, outline[(i + 1) % 64]!)).toBeCloseTo(chord, 1)
    }
  })

  it('is not closed: the first corner is not repeated', () => {
    const outline = circleOutline(kiel, 100, 4)
    expect(outline[3]).not.toEqual(outline[0])
    const local = localProjection(kiel)
    const xy = outline.map((p) => local.toLocal(p))
    expect(xy[0]!.x).toBeCloseTo(0, 6)
    expect(xy[0]!.y).toBeCloseTo(100, 6)
    expect(xy[1]!.x).toBeCloseTo(100, 6)
    expect(xy[1]!.y).toBeCloseTo(0, 6)
    expect(xy[2]!.y).toBeCloseTo(-100, 6)
    expect(xy[3]!.x).toBeCloseTo(-100, 6)
  })

  it('answers no corners for no sides', () => {
    expect(circleOutline(kiel, 100, 0)).toEqual([])
  })
})
