import { describe, expect, it } from 'vitest'
import type { MapVehicle } from './map-vehicle'
import {
  createVehicleBuffers,
  mercatorX,
  mercatorY,
  POINT_FLOATS,
  POINT_VERTICES,
  STATUS_INDEX,
  TRAIL_FLOATS,
  type VehicleData,
} from './vehicle-buffers'

const now = 1_700_000_000_000
const vehicle = (deviceId: string, lat: number, lon: number, more: Partial<MapVehicle> = {}): MapVehicle => ({
  deviceId,
  time: now,
  position: { lat, lon, altitudeM: 10 },
  ...more,
})

/** The drawn vehicles as written: one entry per vehicle, read from its first vertex (all six must agree but the corner). */
function points(data: VehicleData) {
  return Array.from({ length: data.pointCount }, (_, i) => {
    const first = i * POINT_VERTICES * POINT_FLOATS
    const vertex = (corner: number) => Array.from(data.points.subarray(first + corner * POINT_FLOATS, first + (corner + 1) * POINT_FLOATS))
    for (let corner = 1; corner < POINT_VERTICES; corner++) {
      const [x, y, , , ...rest] = vertex(corner)
      const [x0, y0, , , ...rest0] = vertex(0)
      expect([x, y, ...rest]).toEqual([x0, y0, ...rest0])
    }
    const [x, y, , , heading, status, arrow, selected] = vertex(0)
    return { id: data.ids[i], lonLat: [data.lonLat[i * 2], data.lonLat[i * 2 + 1]], x, y, heading, status, arrow, selected }
  })
}

/** The trails as written: segments of [x, y, status] vertex pairs. */
function segments(data: VehicleData) {
  const values = Array.from(data.trails.subarray(0, data.trailVertices * TRAIL_FLOATS))
  return Array.from({ length: data.trailVertices / 2 }, (_, i) => values.slice(i * 2 * TRAIL_FLOATS, (i + 1) * 2 * TRAIL_FLOATS))
}

const f32 = (value: number) => Math.fround(value)

describe('createVehicleBuffers: points', () => {
  it('writes one box of six vertices per positioned vehicle: mercator position, heading, status index, arrow or dot', () => {
    const data = createVehicleBuffers().write(
      [
        vehicle('a', 54.3, 10.1, { headingDeg: 90 }),
        vehicle('b', 54.4, 10.2, { battery: { remainingPct: 10 } }),
        { deviceId: 'c', time: now },
        vehicle('d', 54.5, 10.3, { headingDeg: -90, time: now - 10_000 }),
      ],
      { now },
    )
    expect(points(data)).toEqual([
      {
        id: 'a',
        lonLat: [10.1, 54.3],
        x: f32(mercatorX(10.1)),
        y: f32(mercatorY(54.3)),
        heading: f32(Math.PI / 2),
        status: 0,
        arrow: 1,
        selected: 0,
      },
      { id: 'b', lonLat: [10.2, 54.4], x: f32(mercatorX(10.2)), y: f32(mercatorY(54.4)), heading: 0, status: 1, arrow: 0, selected: 0 },
      {
        id: 'd',
        lonLat: [10.3, 54.5],
        x: f32(mercatorX(10.3)),
        y: f32(mercatorY(54.5)),
        heading: f32((3 * Math.PI) / 2),
        status: 2,
        arrow: 1,
        selected: 0,
      },
    ])
    // The box's corners: two triangles.
    const corners = Array.from({ length: POINT_VERTICES }, (_, corner) => [
      data.points[corner * POINT_FLOATS + 2],
      data.points[corner * POINT_FLOATS + 3],
    ])
    expect(corners).toEqual([
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, -1],
      [1, 1],
      [-1, 1],
    ])
  })

  it('is MapLibre’s mercator: 0–1 from the top left', () => {
    expect([mercatorX(-180), mercatorX(0), mercatorX(180)]).toEqual([0, 0.5, 1])
    expect(mercatorY(0)).toBeCloseTo(0.5, 12)
    expect(mercatorY(85.0511287798)).toBeCloseTo(0, 8)
  })

  it('normalises headings to 0–360° (in radians)', () => {
    const headings = [0, 359.5, 360, 725, -1].map(
      (headingDeg) => points(createVehicleBuffers().write([vehicle('a', 0, 0, { headingDeg })], { now }))[0]!.heading,
    )
    expect(headings).toEqual([0, 359.5, 0, 5, 359].map((deg) => f32((deg * Math.PI) / 180)))
  })

  it('writes the selected vehicle last, with its flag, and the others in the order given (no sort)', () => {
    const buffers = createVehicleBuffers()
    const list = [vehicle('c', 1, 1), vehicle('a', 2, 2), vehicle('b', 3, 3)]
    expect(points(buffers.write(list, { now, selectedId: 'a' })).map((p) => [p.id, p.selected])).toEqual([
      ['c', 0],
      ['b', 0],
      ['a', 1],
    ])
    expect(buffers.write(list, { now }).ids).toEqual(['c', 'a', 'b'])
    // A selected vehicle without a position is not drawn.
    const data = buffers.write([{ deviceId: 'a', time: now }, vehicle('b', 3, 3)], { now, selectedId: 'a' })
    expect(points(data).map((p) => [p.id, p.selected])).toEqual([['b', 0]])
  })

  it('says stale by the clock and the options, and reuses its arrays', () => {
    const buffers = createVehicleBuffers()
    const first = buffers.write([vehicle('a', 0, 0)], { now })
    const arrays = first.points
    const later = buffers.write([vehicle('a', 0, 0)], { now: now + 2000, staleAfterMs: 1000 })
    expect(points(later)[0]!.status).toBe(STATUS_INDEX.stale)
    expect(later.points).toBe(arrays)
    // Fewer vehicles: the count says how many.
    expect(buffers.write([], { now }).pointCount).toBe(0)
  })
})

describe('createVehicleBuffers: trails', () => {
  const xy = (lat: number, lon: number) => [f32(mercatorX(lon)), f32(mercatorY(lat))]

  it('draws a segment once a vehicle has moved, one point per new position, and none before', () => {
    const buffers = createVehicleBuffers(3)
    expect(buffers.write([vehicle('a', 1, 1)], { now }).trailVertices).toBe(0)
    // The same position again adds nothing.
    expect(buffers.write([vehicle('a', 1, 1)], { now }).trailVertices).toBe(0)
    const moved = buffers.write([vehicle('a', 1, 2)], { now })
    expect(segments(moved)).toEqual([[...xy(1, 1), 0, ...xy(1, 2), 0]])
  })

  it('keeps only the last `length` positions, oldest first', () => {
    const buffers = createVehicleBuffers(3)
    let data = buffers.write([vehicle('a', 0, 0)], { now })
    for (let lon = 1; lon <= 5; lon++) data = buffers.write([vehicle('a', 0, lon)], { now })
    expect(segments(data)).toEqual([
      [...xy(0, 3), 0, ...xy(0, 4), 0],
      [...xy(0, 4), 0, ...xy(0, 5), 0],
    ])
  })

  it('colours a trail by its status, keeps it while the vehicle has no position, and forgets a vehicle that left', () => {
    const buffers = createVehicleBuffers()
    buffers.write([vehicle('a', 0, 0), vehicle('b', 0, 0)], { now })
    const both = buffers.write([vehicle('a', 0, 1), vehicle('b', 0, 1, { time: now - 60_000 })], { now })
    expect(segments(both).map((segment) => [segment[2], segment[5]])).toEqual([
      [STATUS_INDEX.ok, STATUS_INDEX.ok],
      [STATUS_INDEX.stale, STATUS_INDEX.stale],
    ])
    // b without a position: its trail stays, it is not drawn.
    const positionless = buffers.write([vehicle('a', 0, 1), { deviceId: 'b', time: now }], { now })
    expect([positionless.pointCount, positionless.trailVertices]).toEqual([1, 4])
    // b leaves, then comes back at a new spot: its old trail is gone, so one point is no segment.
    buffers.write([vehicle('a', 0, 2)], { now })
    const back = buffers.write([vehicle('a', 0, 2), vehicle('b', 5, 5)], { now })
    expect(segments(back)).toEqual([
      [...xy(0, 0), 0, ...xy(0, 1), 0],
      [...xy(0, 1), 0, ...xy(0, 2), 0],
    ])
  })

  it('writes a thousand vehicles’ thirty-point trails', () => {
    const buffers = createVehicleBuffers()
    let data = buffers.write([], { now })
    for (let step = 0; step < 40; step++)
      data = buffers.write(
        Array.from({ length: 1000 }, (_, i) => vehicle(`v${i}`, i / 1000, step / 100, { headingDeg: step })),
        { now, selectedId: 'v500' },
      )
    expect(data.pointCount).toBe(1000)
    expect(data.ids.at(-1)).toBe('v500')
    expect(data.trailVertices).toBe(1000 * 29 * 2)
  })
})
