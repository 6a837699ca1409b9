import { describe, expect, it, vi } from 'vitest'
import { distanceM, insideCircle, insidePolygon } from './geo'
import { emptyMissionPlan, type MissionPlan, type Waypoint } from './mission-plan'
import { checkPlan, flightPath, measurePlan } from './plan-arithmetic'

/** One degree along a meridian on the mean sphere (R = 6,371,008.8 m): R·π/180, worked out by hand. */
const DEGREE = 111_195.08
const wp = (lat: number, lon: number, extra: Partial<Waypoint> = {}): Waypoint => ({
  kind: 'waypoint',
  lat,
  lon,
  alt: 30,
  frame: 'relative',
  holdSeconds: 0,
  ...extra,
})
const planOf = (items: MissionPlan['items'], extra: Partial<MissionPlan> = {}): MissionPlan => ({ ...emptyMissionPlan(), items, ...extra })

describe('distanceM', () => {
  it('measures a hundredth of a degree along a meridian and along the equator as 1,111.95 m', () => {
    expect(distanceM({ lat: 0, lon: 0 }, { lat: 0.01, lon: 0 })).toBeCloseTo(0.01 * DEGREE, 2)
    expect(distanceM({ lat: 0, lon: 0 }, { lat: 0, lon: 0.01 })).toBeCloseTo(0.01 * DEGREE, 2)
    // At 60° N a degree of longitude is half as long (cos 60° = ½), give or take the arc's curvature.
    expect(distanceM({ lat: 60, lon: 0 }, { lat: 60, lon: 0.01 })).toBeCloseTo(0.005 * DEGREE, 1)
  })
})

describe('measurePlan', () => {
  it('adds the legs from home and the holds, each leg at the speed in force', () => {
    // Home at (0, 0); north 0.01° twice, then east 0.01°: three legs of 1,111.95 m.
    const plan = planOf([wp(0.01, 0, { speed: 5, holdSeconds: 10 }), wp(0.02, 0, { speed: 10 }), wp(0.02, 0.01, { holdSeconds: 30 })], {
      home: { lat: 0, lon: 0, alt: 0 },
    })
    const leg = 0.01 * DEGREE
    const measure = measurePlan(plan)
    expect(measure.distance).toBeCloseTo(3 * leg, 1)
    // 1111.95 / 5 + 1111.95 / 10 + 1111.95 / 10 (the 10 m/s goes on) + 10 s + 30 s = 484.78 s.
    expect(measure.duration).toBeCloseTo(leg / 5 + leg / 10 + leg / 10 + 40, 2)
    expect(measure.duration).toBeCloseTo(484.78, 1)
    expect(measure.holdSeconds).toBe(40)
  })

  it('starts at the first item without a home, and takes the plan’s or the option’s speed where no item sets one', () => {
    const plan = planOf([wp(0, 0), wp(0.01, 0)])
    expect(measurePlan(plan).distance).toBeCloseTo(0.01 * DEGREE, 2)
    expect(measurePlan(plan).duration).toBeUndefined()
    expect(measurePlan(plan, { defaultSpeed: 4 }).duration).toBeCloseTo((0.01 * DEGREE) / 4, 3)
    expect(measurePlan({ ...plan, defaultSpeed: 2 }, { defaultSpeed: 4 }).duration).toBeCloseTo((0.01 * DEGREE) / 2, 3)
  })

  it('flies a survey as its pattern: a 1 km square at 100 m spacing is ten 1 km lines and nine 100 m hops', () => {
    const d = 1000 / DEGREE
    const survey = {
      kind: 'survey' as const,
      polygon: [
        { lat: 0, lon: 0 },
        { lat: 0, lon: d },
        { lat: d, lon: d },
        { lat: d, lon: 0 },
      ],
      spacing: 100,
      heading: 0,
      alt: 40,
      frame: 'relative' as const,
      speed: 10,
    }
    const plan = planOf([survey])
    expect(flightPath(plan)).toHaveLength(20)
    const { distance, duration } = measurePlan(plan)
    expect(distance).toBeCloseTo(10 * 1000 + 9 * 100, 0)
    expect(duration).toBeCloseTo(10_900 / 10, 1)
  })
})

describe('checkPlan', () => {
  const fenced = (items: MissionPlan['items']) =>
    planOf(items, {
      home: { lat: 0, lon: 0, alt: 100 },
      geofence: {
        polygons: [
          {
            inclusion: true,
            polygon: [
              { lat: -0.1, lon: -0.1 },
              { lat: -0.1, lon: 0.1 },
              { lat: 0.1, lon: 0.1 },
              { lat: 0.1, lon: -0.1 },
            ],
          },
          {
            inclusion: false,
            polygon: [
              { lat: 0.05, lon: 0.05 },
              { lat: 0.05, lon: 0.06 },
              { lat: 0.06, lon: 0.06 },
              { lat: 0.06, lon: 0.05 },
            ],
          },
        ],
        circles: [
          { inclusion: true, center: { lat: 0, lon: 0 }, radius: 15_000 },
          { inclusion: false, center: { lat: -0.05, lon: -0.05 }, radius: 500 },
        ],
      },
    })

  it('finds a plan without waypoints', () => {
    expect(checkPlan(emptyMissionPlan()).map((f) => f.code)).toEqual(['finding/no-waypoints'])
    expect(checkPlan(emptyMissionPlan())[0]!.message).toBe('The mission has no waypoints.')
  })

  it('finds nothing in a plan that keeps to its fences and limits', () => {
    expect(checkPlan(fenced([wp(0.01, 0.01), wp(-0.01, 0.02)]), { altitudeLimits: { min: 10, max: 120 } })).toEqual([])
  })

  it('finds each point outside an inclusion fence or inside an exclusion fence, naming the fence', () => {
    // 0.12° east: outside the inclusion polygon, still inside the 15 km circle (13.3 km out).
    const findings = checkPlan(fenced([wp(0, 0.12), wp(0.055, 0.055), wp(-0.05, -0.05)]))
    expect(findings.map(({ code, item, point, values }) => [code, item, point, values.shape, values.fence])).toEqual([
      ['finding/outside-fence', 0, 0, 'polygon', 1],
      ['finding/inside-fence', 1, 0, 'polygon', 2],
      ['finding/inside-fence', 2, 0, 'circle', 2],
    ])
    expect(findings[0]!.message).toBe('Item 1: point 1 is outside inclusion fence polygon 1.')
    // 0.2° north: outside the inclusion polygon and, 22 km out, the inclusion circle too.
    expect(checkPlan(fenced([wp(0.2, 0)])).map((f) => f.values.shape)).toEqual(['polygon', 'circle'])
  })

  it('checks every point of a survey’s pattern against the fences', () => {
    const survey = {
      kind: 'survey' as const,
      // East–west lines from 0.055° east (inside the exclusion square's span) to 0.08°.
      polygon: [
        { lat: 0.04, lon: 0.055 },
        { lat: 0.04, lon: 0.08 },
        { lat: 0.07, lon: 0.08 },
        { lat: 0.07, lon: 0.055 },
      ],
      spacing: 400,
      heading: 90,
      alt: 50,
      frame: 'relative' as const,
    }
    const findings = checkPlan(fenced([survey]))
    expect(findings.length).toBeGreaterThan(0)
    expect(findings.every((f) => f.code === 'finding/inside-fence' && f.item === 0 && f.values.fence === 2)).toBe(true)
    // The points inside the exclusion square are the west ends of the lines between 0.05° and 0.06° north, none other.
    const inside = flightPath(planOf([survey])).filter((p) => p.lon > 0.05 && p.lon < 0.06 && p.lat > 0.05 && p.lat < 0.06)
    expect(inside).toHaveLength(3)
    expect(findings.map((f) => f.point)).toEqual(
      flightPath(planOf([survey])).flatMap((p, i) => (inside.some((q) => q.lat === p.lat && q.lon === p.lon) ? [i] : [])),
    )
  })

  it('finds altitudes outside the platform’s limits, above sea level taken from home’s', () => {
    const findings = checkPlan(
      fenced([
        wp(0, 0, { alt: 5 }),
        wp(0, 0, { alt: 150, frame: 'amsl' }),
        wp(0, 0, { alt: 250, frame: 'amsl' }),
        wp(0, 0, { alt: 130, frame: 'terrain' }),
      ]),
      {
        altitudeLimits: { min: 10, max: 120 },
      },
    )
    expect(findings.map(({ code, item, values }) => [code, item, values.alt])).toEqual([
      ['finding/altitude-limits', 0, 5],
      ['finding/altitude-limits', 2, 150],
      ['finding/altitude-limits', 3, 130],
    ])
    expect(findings[1]!.message).toBe('Item 3: altitude 150 m is outside the platform’s limits (10 to 120 m).')
    const noHome = checkPlan(planOf([wp(0, 0, { alt: 50, frame: 'amsl' })]), { altitudeLimits: { min: 10, max: 120 } })
    expect(noHome.map((f) => f.code)).toEqual(['finding/altitude-unknown'])
  })

  it('asks the land check about every point, when there is one, and reports what it says', () => {
    const isOnLand = vi.fn((p: { lat: number }) => p.lat > 0.015)
    const findings = checkPlan(fenced([wp(0.01, 0), wp(0.02, 0)]), { isOnLand })
    expect(isOnLand).toHaveBeenCalledTimes(2)
    expect(findings.map(({ code, item }) => [code, item])).toEqual([['finding/on-land', 1]])
  })
})

describe('geo', () => {
  it('tells inside from outside a polygon and a circle', () => {
    const square = [
      { lat: 0, lon: 0 },
      { lat: 0, lon: 1 },
      { lat: 1, lon: 1 },
      { lat: 1, lon: 0 },
    ]
    expect(insidePolygon({ lat: 0.5, lon: 0.5 }, square)).toBe(true)
    expect(insidePolygon({ lat: 1.5, lon: 0.5 }, square)).toBe(false)
    expect(insidePolygon({ lat: 0.5, lon: 0.5 }, square.slice(0, 2))).toBe(false)
    expect(insideCircle({ lat: 0.001, lon: 0 }, { lat: 0, lon: 0 }, 112)).toBe(true)
    expect(insideCircle({ lat: 0.001, lon: 0 }, { lat: 0, lon: 0 }, 110)).toBe(false)
  })
})
