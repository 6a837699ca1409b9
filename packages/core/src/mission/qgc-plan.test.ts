/* eslint-disable @typescript-eslint/no-explicit-any -- plans are broken on purpose, field by field, through loosely typed copies of QGroundControl’s JSON */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { MissionPlan } from './mission-plan'
import { checkPlan, measurePlan } from './plan-arithmetic'
import { readQgcPlan, writeQgcPlan } from './qgc-plan'

/** A plan written by QGroundControl itself (test/fixtures/qgc/README.md names where each comes from). */
const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/qgc/${name}`, import.meta.url), 'utf8')

const read = (text: string) => {
  const result = readQgcPlan(text)
  if (!result.ok) throw new Error(`refused: ${result.error.message}`)
  return result
}
const refusal = (text: string) => {
  const result = readQgcPlan(text)
  if (result.ok) throw new Error('read a file that should be refused')
  expect(result).not.toHaveProperty('value')
  return result.error
}
const edit = (name: string, change: (json: Record<string, any>) => void) => {
  const json = JSON.parse(fixture(name)) as Record<string, any>
  change(json)
  return JSON.stringify(json)
}
/** What a round trip must keep: everything but the default speeds QGroundControl always writes. */
const kept = (plan: MissionPlan) => ({ home: plan.home, items: plan.items, geofence: plan.geofence, rallyPoints: plan.rallyPoints })

describe('readQgcPlan on QGroundControl’s own plans', () => {
  it('reads the ArduCopter SITL test plan: waypoints in their frames, a speed change, and reports the rest item by item', () => {
    const { value: plan, notKept } = read(fixture('ArduPilotSITL-ArduCopter.plan'))
    expect(plan.home).toEqual({ lat: -35.363261, lon: 149.16523, alt: 584 })
    expect(plan.vehicle).toEqual({ type: 2, autopilot: 3 })
    // A quadrotor (vehicleType 2) flies at the hover speed.
    expect(plan.defaultSpeed).toBe(5)
    expect(plan.items).toEqual([
      { kind: 'waypoint', lat: -35.3497863, lon: 149.1817532, alt: 60, frame: 'relative', holdSeconds: 0 },
      // The DO_CHANGE_SPEED (item 2, 10 m/s) before it becomes its speed.
      { kind: 'waypoint', lat: -35.363261, lon: 149.1982764, alt: 734, frame: 'amsl', speed: 10, holdSeconds: 0 },
      { kind: 'waypoint', lat: -35.3902103, lon: 149.1321836, alt: 50, frame: 'terrain', holdSeconds: 0 },
      { kind: 'waypoint', lat: -35.3408032, lon: 149.143199, alt: 15, frame: 'relative', holdSeconds: 0 },
    ])
    expect(notKept.map(({ index, command, code }) => ({ index, command, code }))).toEqual([
      { index: 0, command: 22, code: 'item/command' }, // NAV_TAKEOFF
      { index: 4, command: 201, code: 'item/command' }, // DO_SET_ROI
      { index: 5, command: 16, code: 'item/altitude-mode' }, // a waypoint QGroundControl computes above terrain
      { index: 6, command: 19, code: 'item/command' }, // NAV_LOITER_TIME
      { index: 8, command: 82, code: 'item/command' }, // NAV_SPLINE_WAYPOINT
      { index: 10, command: 21, code: 'item/command' }, // NAV_LAND
    ])
    expect(notKept[0]!.message).toBe('Item 1: command 22 has no place in this plan.')
  })

  it('reads the ArduPlane SITL test plan at the cruise speed of a fixed wing, and reports the loiters by their commands', () => {
    const { value: plan, notKept } = read(fixture('ArduPilotSITL-ArduPlane.plan'))
    expect(plan.vehicle).toEqual({ type: 1, autopilot: 3 })
    expect(plan.defaultSpeed).toBe(15)
    expect(plan.items.map((item) => item.kind === 'waypoint' && [item.alt, item.frame, item.speed])).toEqual([
      [120, 'relative', undefined],
      [784, 'amsl', undefined],
      [100, 'terrain', undefined],
      [60, 'relative', 18],
      [40, 'relative', undefined],
    ])
    // NAV_LOITER_TURNS (computed above terrain), NAV_LOITER_TO_ALT, takeoff and land.
    expect(notKept.map(({ index, command, code }) => [index, command, code])).toEqual([
      [0, 22, 'item/command'],
      [3, 18, 'item/command'],
      [5, 31, 'item/command'],
      [9, 21, 'item/command'],
    ])
  })

  it('reads the SITL square and its geofence sample', () => {
    const square = read(fixture('simple_square.plan')).value
    expect(square.items).toHaveLength(4)
    expect(square.items.every((item) => item.kind === 'waypoint' && item.alt === 20 && item.frame === 'relative')).toBe(true)
    expect(square.home).toEqual({ lat: 47.397742, lon: 8.545594, alt: 488 })

    const { value: fenced, notKept } = read(fixture('ce_geofence_home_base.plan'))
    expect(notKept).toEqual([])
    expect(fenced.items).toEqual([])
    expect(fenced.geofence.circles).toEqual([])
    expect(fenced.geofence.polygons.map((p) => [p.inclusion, p.polygon.length])).toEqual([
      [true, 4],
      [false, 4],
    ])
    expect(fenced.geofence.polygons[1]!.polygon[0]).toEqual({ lat: 38.750552, lon: -77.4971324 })
    expect(checkPlan(fenced).map((f) => f.code)).toEqual(['finding/no-waypoints'])
  })

  it('reads fence circles and rally points in the shape QGroundControl’s plan-format guide gives them', () => {
    const text = edit('simple_square.plan', (json) => {
      json.geoFence.circles = [{ circle: { center: [47.39756763610029, 8.544649762407738], radius: 319.85 }, inclusion: true, version: 1 }]
      json.rallyPoints.points = [
        [47.39760401, 8.5509154, 50],
        [47.39902017, 8.54263274, 50],
      ]
    })
    const plan = read(text).value
    expect(plan.geofence.circles).toEqual([{ inclusion: true, center: { lat: 47.39756763610029, lon: 8.544649762407738 }, radius: 319.85 }])
    expect(plan.rallyPoints).toEqual([
      { lat: 47.39760401, lon: 8.5509154, alt: 50 },
      { lat: 47.39902017, lon: 8.54263274, alt: 50 },
    ])
    // The square's corners lie about 200 m from the circle's centre: inside it.
    expect(checkPlan(plan)).toEqual([])
  })
})

describe('round trips (read → write → read)', () => {
  it.each(['ArduPilotSITL-ArduCopter.plan', 'ArduPilotSITL-ArduPlane.plan', 'simple_square.plan', 'ce_geofence_home_base.plan'])(
    '%s keeps every item it read',
    (name) => {
      const first = read(fixture(name)).value
      const written = writeQgcPlan(first)
      expect(written.notKept).toEqual([])
      const again = read(written.text)
      expect(again.notKept).toEqual([])
      expect(kept(again.value)).toEqual(kept(first))
      expect(again.value.vehicle).toEqual(first.vehicle)
      expect(again.value.defaultSpeed).toBe(first.defaultSpeed)
    },
  )

  it('keeps a survey, speeds, holds, circles and rally points, and writes the fields QGroundControl reads', () => {
    const plan: MissionPlan = {
      home: { lat: 21.3, lon: -157.86, alt: 3 },
      items: [
        { kind: 'waypoint', lat: 21.301, lon: -157.861, alt: 30, frame: 'relative', holdSeconds: 5, speed: 4 },
        {
          kind: 'survey',
          polygon: [
            { lat: 21.302, lon: -157.862 },
            { lat: 21.302, lon: -157.858 },
            { lat: 21.305, lon: -157.858 },
            { lat: 21.305, lon: -157.862 },
          ],
          spacing: 40,
          heading: 30,
          alt: 25,
          frame: 'terrain',
          speed: 6,
        },
        { kind: 'waypoint', lat: 21.3, lon: -157.86, alt: 40, frame: 'amsl', holdSeconds: 0 },
      ],
      geofence: {
        polygons: [
          {
            inclusion: true,
            polygon: [
              { lat: 21.29, lon: -157.87 },
              { lat: 21.29, lon: -157.85 },
              { lat: 21.31, lon: -157.85 },
            ],
          },
        ],
        circles: [{ inclusion: false, center: { lat: 21.3, lon: -157.855 }, radius: 12.5 }],
      },
      rallyPoints: [{ lat: 21.299, lon: -157.861, alt: 15 }],
      defaultSpeed: 3,
      vehicle: { type: 11, autopilot: 3 },
    }
    const { text } = writeQgcPlan(plan)
    const json = JSON.parse(text) as Record<string, any>
    expect(json).toMatchObject({ fileType: 'Plan', version: 1, mission: { version: 2, hoverSpeed: 3, vehicleType: 11, firmwareType: 3 } })
    expect(json.mission.items.map((i: { type: string; command?: number }) => i.command ?? i.type)).toEqual([178, 16, 178, 'ComplexItem', 16])
    const survey = json.mission.items[3]
    expect(survey).toMatchObject({
      complexItemType: 'survey',
      version: 5,
      angle: 30,
      TransectStyleComplexItem: {
        version: 2,
        CameraShots: 0,
        CameraCalc: { version: 2, AdjustedFootprintSide: 40, DistanceToSurface: 25, DistanceMode: 4 },
      },
    })
    expect(survey.TransectStyleComplexItem.Items.length).toBeGreaterThan(2)
    expect(survey.TransectStyleComplexItem.Items[0]).toMatchObject({ command: 16, frame: 10 })

    const again = read(text)
    expect(again.notKept).toEqual([])
    expect(again.value).toEqual(plan)
  })

  it('reads no home for the (0, 0) it writes for a plan without one', () => {
    const plan: MissionPlan = {
      items: [{ kind: 'waypoint', lat: 1, lon: 2, alt: 3, frame: 'relative', holdSeconds: 0 }],
      geofence: { polygons: [], circles: [] },
      rallyPoints: [],
    }
    const json = JSON.parse(writeQgcPlan(plan).text) as { mission: { plannedHomePosition: number[] } }
    expect(json.mission.plannedHomePosition).toEqual([0, 0, 0])
    expect(read(writeQgcPlan(plan).text).value.home).toBeUndefined()
  })
})

describe('what a plan holds that ours does not', () => {
  it('reports a survey’s settings it drops, and complex items it has no place for', () => {
    const text = edit('simple_square.plan', (json) => {
      json.mission.items.splice(2, 0, {
        TransectStyleComplexItem: {
          CameraCalc: {
            AdjustedFootprintSide: 35.5,
            CameraName: 'Sony ILCE-QX1',
            DistanceToSurface: 60,
            DistanceToSurfaceRelative: true,
            version: 1,
          },
          TurnAroundDistance: 10,
          Refly90Degrees: false,
          HoverAndCapture: false,
          FollowTerrain: false,
          Items: [],
          VisualTransectPoints: [],
          version: 2,
        },
        angle: 395,
        complexItemType: 'survey',
        entryLocation: 0,
        flyAlternateTransects: false,
        polygon: [
          [47.3985, 8.5447],
          [47.3985, 8.5463],
          [47.3972, 8.5463],
        ],
        splitConcavePolygons: false,
        type: 'ComplexItem',
        version: 5,
      })
      json.mission.items.push({ complexItemType: 'CorridorScan', type: 'ComplexItem', version: 3, polyline: [] })
      json.mission.items.push({ complexItemType: 'survey', type: 'ComplexItem', version: 3, grid: {} })
    })
    const { value: plan, notKept } = read(text)
    const survey = plan.items[1]
    expect(survey).toEqual({
      kind: 'survey',
      polygon: [
        { lat: 47.3985, lon: 8.5447 },
        { lat: 47.3985, lon: 8.5463 },
        { lat: 47.3972, lon: 8.5463 },
      ],
      spacing: 35.5,
      heading: 35,
      alt: 60,
      frame: 'relative',
    })
    expect(notKept.map(({ index, code, kind, values }) => [index, code, kind, values.setting ?? values.kind])).toEqual([
      [0, 'item/command', undefined, undefined],
      [2, 'item/survey-setting', 'survey', 'CameraName'],
      [2, 'item/survey-setting', 'survey', 'TurnAroundDistance'],
      [6, 'item/complex', 'CorridorScan', 'CorridorScan'],
      [7, 'item/complex', 'survey version 3', 'survey version 3'],
    ])
  })

  it('reads a survey’s altitude mode as current QGroundControl writes it (camera calculation version 2)', () => {
    const survey = (distanceMode: number) =>
      edit('simple_square.plan', (json) => {
        json.mission.items = [
          {
            TransectStyleComplexItem: {
              CameraCalc: {
                AdjustedFootprintFrontal: 25,
                AdjustedFootprintSide: 25,
                CameraName: 'Manual (no camera specs)',
                DistanceMode: distanceMode,
                DistanceToSurface: 50,
                version: 2,
              },
              CameraShots: 0,
              CameraTriggerInTurnAround: true,
              HoverAndCapture: false,
              Items: [],
              Refly90Degrees: false,
              TurnAroundDistance: 0,
              VisualTransectPoints: [],
              version: 2,
            },
            angle: 0,
            complexItemType: 'survey',
            entryLocation: 0,
            flyAlternateTransects: false,
            polygon: [
              [47.3985, 8.5447],
              [47.3985, 8.5463],
              [47.3972, 8.5463],
            ],
            splitConcavePolygons: false,
            type: 'ComplexItem',
            version: 5,
          },
        ]
      })
    expect(read(survey(2)).value.items[0]).toMatchObject({ kind: 'survey', alt: 50, frame: 'amsl', spacing: 25 })
    expect(read(survey(4)).value.items[0]).toMatchObject({ frame: 'terrain' })
    // Computed above terrain by QGroundControl: the altitude is kept as relative, and the mode reported.
    const computed = read(survey(3))
    expect(computed.value.items[0]).toMatchObject({ frame: 'relative' })
    expect(computed.notKept).toMatchObject([{ code: 'item/survey-setting', index: 0, values: { setting: 'DistanceMode', value: '3' } }])
  })

  it('reports a speed change with no waypoint after it and waypoint parameters it drops', () => {
    const text = edit('simple_square.plan', (json) => {
      json.mission.items[1].params = [12, 2, 0, 90, 47.398742, 8.546594, 20]
      json.mission.items.push({ autoContinue: true, command: 178, doJumpId: 6, frame: 2, params: [1, 7, -1, 0, 0, 0, 0], type: 'SimpleItem' })
    })
    const { value: plan, notKept } = read(text)
    expect(plan.items[0]).toMatchObject({ holdSeconds: 12 })
    expect(notKept.map(({ index, code, values }) => [index, code, values.parameter])).toEqual([
      [0, 'item/command', undefined],
      [1, 'item/parameter', 'acceptance radius'],
      [1, 'item/parameter', 'yaw'],
      [5, 'item/speed-alone', undefined],
    ])
  })
})

describe('malformed plans are refused with a reason, and yield nothing', () => {
  it('an empty file and truncated JSON', () => {
    expect(refusal('  \n').code).toBe('file/empty')
    const text = fixture('simple_square.plan')
    expect(refusal(text.slice(0, text.length / 2)).code).toBe('file/not-json')
  })

  it('a wrong fileType, or none', () => {
    const error = refusal(edit('simple_square.plan', (json) => (json.fileType = 'Mission')))
    expect(error).toMatchObject({ code: 'file/not-a-plan', values: { fileType: '"Mission"' } })
    expect(error.message).toBe('The file is not a QGroundControl plan (its fileType is "Mission").')
    expect(refusal('[1, 2]').code).toBe('file/not-a-plan')
  })

  it.each([
    ['plan', (json: Record<string, any>) => (json.version = 2)],
    ['mission', (json: Record<string, any>) => (json.mission.version = 1)],
    ['geoFence', (json: Record<string, any>) => (json.geoFence.version = 1)],
    ['rallyPoints', (json: Record<string, any>) => (json.rallyPoints.version = 3)],
  ])('a %s version it does not know', (part, change) => {
    expect(refusal(edit('simple_square.plan', change))).toMatchObject({ code: 'file/version', values: { part } })
  })

  it('NaN and out-of-range coordinates, naming the field', () => {
    // JSON has no NaN: QGroundControl writes null, and a literal NaN is not JSON at all.
    expect(refusal(fixture('simple_square.plan').replace('47.398742', 'NaN')).code).toBe('file/not-json')
    const asText = refusal(edit('simple_square.plan', (json) => (json.mission.items[1].params[4] = 'NaN')))
    expect(asText).toMatchObject({ code: 'file/invalid' })
    expect(asText.values.detail).toBe('mission.items[1].params[4] must be a number or null')
    const missing = refusal(edit('simple_square.plan', (json) => (json.mission.items[2].params[5] = null)))
    expect(missing.values.detail).toMatch(/^mission\.items\[2\] has no valid position/)
    const north = refusal(edit('simple_square.plan', (json) => (json.mission.items[1].params[4] = 91)))
    expect(north.values.detail).toMatch(/^mission\.items\[1\] has no valid position/)
    const home = refusal(edit('simple_square.plan', (json) => (json.mission.plannedHomePosition = [47.39, 200, 488])))
    expect(home.values.detail).toBe('mission.plannedHomePosition[1] must be a longitude (−180 to 180)')
  })

  it('fields of the wrong shape', () => {
    const fence = refusal(edit('ce_geofence_home_base.plan', (json) => json.geoFence.polygons[0].polygon.splice(2)))
    expect(fence.values.detail).toBe('geoFence.polygons[0].polygon must have at least 3 points')
    const items = refusal(edit('simple_square.plan', (json) => (json.mission.items = 'none')))
    expect(items.values.detail).toBe('mission.items must be a list')
    const type = refusal(edit('simple_square.plan', (json) => (json.mission.items[0].type = 'Waypoint')))
    expect(type.values.detail).toBe('mission.items[0].type must be "SimpleItem" or "ComplexItem"')
    const survey = refusal(
      edit('simple_square.plan', (json) =>
        json.mission.items.push({
          type: 'ComplexItem',
          complexItemType: 'survey',
          version: 5,
          angle: 0,
          polygon: [
            [1, 2],
            [1, 3],
            [2, 3],
          ],
        }),
      ),
    )
    expect(survey.values.detail).toBe('mission.items[5].TransectStyleComplexItem is missing')
  })
})

describe('distance and time of QGroundControl’s square', () => {
  it('flies its four legs from home at the hover speed', () => {
    const plan = read(fixture('simple_square.plan')).value
    const { distance, duration, holdSeconds } = measurePlan(plan)
    // Home is the square's centre: half a diagonal out to the first corner, then three sides (east–west 150 m at
    // 47.4° N, north–south 222 m, east–west again), each worked out by hand on a flat square of 0.002°.
    const metresPerDegree = 111_195.08
    const ns = 0.002 * metresPerDegree
    const ew = 0.002 * metresPerDegree * Math.cos((47.397742 * Math.PI) / 180)
    const toFirst = Math.hypot(ns / 2, ew / 2)
    expect(distance).toBeCloseTo(toFirst + ew + ns + ew, 0)
    expect(holdSeconds).toBe(0)
    expect(duration).toBeCloseTo(distance / 5, 6)
  })
})
