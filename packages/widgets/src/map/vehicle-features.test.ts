import { describe, expect, it } from 'vitest'
import { createTrails, vehicleFeatures } from './vehicle-features'

const now = 1_700_000_000_000
const vehicle = (deviceId: string, lat: number, lon: number, more: object = {}) => ({
  deviceId,
  time: now,
  position: { lat, lon, altitudeM: 10 },
  ...more,
})

describe('vehicleFeatures', () => {
  it('makes one point per positioned vehicle, [lon, lat], with heading, status and selection', () => {
    const collection = vehicleFeatures(
      [
        vehicle('a', 54.3, 10.1, { headingDeg: 90 }),
        vehicle('b', 54.4, 10.2, { battery: { remainingPct: 10 } }),
        { deviceId: 'c', time: now },
        vehicle('d', 54.5, 10.3, { headingDeg: -90, time: now - 10_000 }),
      ],
      { now, selectedId: 'b' },
    )
    expect(collection.type).toBe('FeatureCollection')
    expect(collection.features.map((f) => [f.geometry.coordinates, f.properties])).toEqual([
      [[10.1, 54.3], { id: 'a', heading: 90, status: 'ok', selected: 0 }],
      [[10.2, 54.4], { id: 'b', heading: -1, status: 'warning', selected: 1 }],
      [[10.3, 54.5], { id: 'd', heading: 270, status: 'stale', selected: 0 }],
    ])
  })

  it('normalises headings to 0–360', () => {
    const headings = [0, 359.5, 360, 725, -1].map(
      (headingDeg) => vehicleFeatures([vehicle('a', 0, 0, { headingDeg })], { now }).features[0]!.properties.heading,
    )
    expect(headings).toEqual([0, 359.5, 0, 5, 359])
  })
})

describe('createTrails', () => {
  it('draws a line once a vehicle has moved, one point per new position, and no line before', () => {
    const trails = createTrails(3)
    expect(trails.update([vehicle('a', 1, 1)], { now }).features).toEqual([])
    // The same position again adds nothing.
    expect(trails.update([vehicle('a', 1, 1)], { now }).features).toEqual([])
    const moved = trails.update([vehicle('a', 1, 2)], { now }).features
    expect(moved).toHaveLength(1)
    expect(moved[0]!.geometry.coordinates).toEqual([
      [1, 1],
      [2, 1],
    ])
    expect(moved[0]!.properties).toEqual({ id: 'a', status: 'ok' })
  })

  it('keeps only the last `length` positions', () => {
    const trails = createTrails(3)
    let lines = trails.update([vehicle('a', 0, 0)], { now }).features
    for (let lon = 1; lon <= 5; lon++) lines = trails.update([vehicle('a', 0, lon)], { now }).features
    expect(lines[0]!.geometry.coordinates).toEqual([
      [3, 0],
      [4, 0],
      [5, 0],
    ])
  })

  it('forgets a vehicle that left the list, and colours a trail by its status', () => {
    const trails = createTrails()
    trails.update([vehicle('a', 0, 0), vehicle('b', 0, 0)], { now })
    const lines = trails.update([vehicle('a', 0, 1), vehicle('b', 0, 1, { time: now - 60_000 })], { now }).features
    expect(lines.map((l) => l.properties)).toEqual([
      { id: 'a', status: 'ok' },
      { id: 'b', status: 'stale' },
    ])
    trails.update([vehicle('a', 0, 2)], { now })
    // b comes back at a new spot: its old trail is gone, so one point is no line.
    expect(trails.update([vehicle('a', 0, 2), vehicle('b', 5, 5)], { now }).features.map((l) => l.properties.id)).toEqual(['a'])
  })
})
