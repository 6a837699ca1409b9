import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { emptyMissionPlan } from '@honu/core/mission'
import { boundsOf, planBounds } from './fit-bounds'
import type { MapVehicle } from './map-vehicle'

const at = (lat: number, lon: number) => ({ deviceId: `${lat},${lon}`, time: 0, position: { lat, lon, altitudeM: 0 } })

describe('boundsOf', () => {
  it('is undefined when no vehicle has a position', () => {
    expect(boundsOf([])).toBeUndefined()
    expect(boundsOf<MapVehicle>([{ deviceId: 'v1', time: 0 }])).toBeUndefined()
  })

  it('is the box around every positioned vehicle, ignoring those without a position', () => {
    expect(boundsOf<MapVehicle>([at(54.3, 10.1), { deviceId: 'x', time: 0 }, at(54.5, 10.4)])).toEqual([
      [10.1, 54.3],
      [10.4, 54.5],
    ])
  })

  it('widens a single vehicle to the least span around it', () => {
    const [[west, south], [east, north]] = boundsOf([at(54.3, 10.1)], 0.02)!
    expect(east - west).toBeCloseTo(0.02)
    expect(north - south).toBeCloseTo(0.02)
    expect((east + west) / 2).toBeCloseTo(10.1)
    expect((north + south) / 2).toBeCloseTo(54.3)
  })

  it('holds every vehicle and stays on the globe (property)', () => {
    const position = fc.record({ lat: fc.double({ min: -90, max: 90, noNaN: true }), lon: fc.double({ min: -180, max: 180, noNaN: true }) })
    fc.assert(
      fc.property(fc.array(position, { minLength: 1, maxLength: 20 }), (positions) => {
        const [[west, south], [east, north]] = boundsOf(positions.map((p) => at(p.lat, p.lon)))!
        expect(west).toBeGreaterThanOrEqual(-180)
        expect(east).toBeLessThanOrEqual(180)
        expect(south).toBeGreaterThanOrEqual(-90)
        expect(north).toBeLessThanOrEqual(90)
        for (const p of positions) {
          expect(p.lon).toBeGreaterThanOrEqual(west)
          expect(p.lon).toBeLessThanOrEqual(east)
          expect(p.lat).toBeGreaterThanOrEqual(south)
          expect(p.lat).toBeLessThanOrEqual(north)
        }
      }),
    )
  })
})

describe('planBounds', () => {
  it('is undefined for an empty plan, and otherwise the box around home, items, survey and fence corners, circles and rally points', () => {
    expect(planBounds(emptyMissionPlan())).toBeUndefined()
    const bounds = planBounds({
      home: { lat: 54.0, lon: 10.0, alt: 0 },
      items: [
        { kind: 'waypoint', lat: 54.1, lon: 10.1, alt: 30, frame: 'relative', holdSeconds: 0 },
        {
          kind: 'survey',
          polygon: [
            { lat: 54.2, lon: 10.2 },
            { lat: 54.25, lon: 10.2 },
            { lat: 54.25, lon: 10.3 },
          ],
          spacing: 20,
          heading: 0,
          alt: 30,
          frame: 'relative',
        },
      ],
      geofence: {
        polygons: [
          {
            inclusion: true,
            polygon: [
              { lat: 53.9, lon: 10.0 },
              { lat: 53.9, lon: 10.1 },
              { lat: 54.0, lon: 10.1 },
            ],
          },
        ],
        circles: [{ inclusion: false, center: { lat: 54.3, lon: 10.0 }, radius: 1000 }],
      },
      rallyPoints: [{ lat: 54.1, lon: 9.9, alt: 30 }],
    })!
    expect(bounds[0][0]).toBeCloseTo(9.9, 6)
    expect(bounds[0][1]).toBeCloseTo(53.9, 6)
    expect(bounds[1][0]).toBeCloseTo(10.3, 6)
    // The circle reaches 1 km north of its centre (about 0.009°).
    expect(bounds[1][1]).toBeCloseTo(54.309, 3)
  })
})
