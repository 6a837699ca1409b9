import type { LineString, Polygon, Position } from 'geojson'
import { describe, expect, it } from 'vitest'
import {
  circleOutline,
  distanceM,
  emptyMissionPlan,
  flightPath,
  generateSurveyPattern,
  type MissionPlan,
  type Survey,
  type Waypoint,
} from '@honu/core/mission'
import { planFeatures, planHandles } from './plan-layer'

// The plan layer's pure part (issue 25): the GeoJSON it draws and the handles it offers. Importing the module loads
// maplibre-gl (for its Marker), which loads in jsdom as long as no map is made; the markers themselves are tested
// in Chromium.

const wp = (lat: number, lon: number, extra: Partial<Waypoint> = {}): Waypoint => ({
  kind: 'waypoint',
  lat,
  lon,
  alt: 20,
  frame: 'relative',
  holdSeconds: 0,
  ...extra,
})

const square = [
  { lat: 21.3, lon: -157.87 },
  { lat: 21.3, lon: -157.86 },
  { lat: 21.31, lon: -157.86 },
  { lat: 21.31, lon: -157.87 },
]
const triangle = [
  { lat: 21.32, lon: -157.87 },
  { lat: 21.32, lon: -157.86 },
  { lat: 21.33, lon: -157.865 },
]
const survey: Survey = { kind: 'survey', polygon: square, spacing: 200, heading: 0, alt: 30, frame: 'relative' }
const home = { lat: 21.29, lon: -157.88, alt: 3 }

const lonLat = (p: { lat: number; lon: number }): Position => [p.lon, p.lat]

/** Home, waypoint 0, survey 1, waypoint 2; an inclusion square and an exclusion triangle; one circle; two rally points. */
function fullPlan(): MissionPlan {
  return {
    ...emptyMissionPlan(),
    home,
    items: [wp(21.301, -157.871), survey, wp(21.302, -157.872)],
    geofence: {
      polygons: [
        { inclusion: true, polygon: square },
        { inclusion: false, polygon: triangle },
      ],
      circles: [{ inclusion: false, center: { lat: 21.305, lon: -157.865 }, radius: 150 }],
    },
    rallyPoints: [
      { lat: 21.295, lon: -157.875, alt: 40 },
      { lat: 21.296, lon: -157.876, alt: 45 },
    ],
  }
}

const byRole = (plan: MissionPlan, draft: { lat: number; lon: number }[] = [], role?: string) =>
  planFeatures(plan, draft).features.filter((feature) => feature.properties?.role === role)

describe('planFeatures', () => {
  it('draws nothing for an empty plan', () => {
    expect(planFeatures(emptyMissionPlan(), [])).toEqual({ type: 'FeatureCollection', features: [] })
  })

  it('draws fence polygons as closed rings, marked inclusion or exclusion', () => {
    const fences = byRole(fullPlan(), [], 'fence')
    // Two polygons and one circle.
    expect(fences).toHaveLength(3)
    expect(fences[0]).toEqual({
      type: 'Feature',
      properties: { role: 'fence', inclusion: true },
      geometry: { type: 'Polygon', coordinates: [[...square.map(lonLat), lonLat(square[0]!)]] },
    })
    expect(fences[1]!.properties).toEqual({ role: 'fence', inclusion: false })
    expect((fences[1]!.geometry as Polygon).coordinates).toEqual([[...triangle.map(lonLat), lonLat(triangle[0]!)]])
  })

  it('draws a fence circle as a closed ring of 64 corners at its radius', () => {
    const plan = fullPlan()
    const circle = plan.geofence.circles[0]!
    const [feature] = byRole({ ...plan, geofence: { polygons: [], circles: [circle] } }, [], 'fence')
    expect(feature!.properties).toEqual({ role: 'fence', inclusion: false })
    const geometry = feature!.geometry as Polygon
    expect(geometry.type).toBe('Polygon')
    expect(geometry.coordinates).toHaveLength(1)
    const ring = geometry.coordinates[0]!
    // 64 corners and the first again to close it.
    expect(ring).toHaveLength(65)
    expect(ring[64]).toEqual(ring[0])
    expect(ring.slice(0, 64)).toEqual(circleOutline(circle.center, circle.radius).map(lonLat))
    for (const [lon, lat] of ring) expect(distanceM(circle.center, { lat: lat!, lon: lon! })).toBeCloseTo(150, 0)
  })

  it('draws each survey area as a closed polygon with no inclusion mark', () => {
    const second: Survey = { ...survey, polygon: triangle }
    const plan = { ...emptyMissionPlan(), items: [survey, wp(1, 1), second] }
    const surveys = byRole(plan, [], 'survey')
    expect(surveys).toHaveLength(2)
    expect(surveys[0]!.properties).toEqual({ role: 'survey' })
    expect((surveys[0]!.geometry as Polygon).coordinates).toEqual([[...square.map(lonLat), lonLat(square[0]!)]])
    expect((surveys[1]!.geometry as Polygon).coordinates).toEqual([[...triangle.map(lonLat), lonLat(triangle[0]!)]])
  })

  it("draws the path from home through waypoints and the survey's lawnmower pattern", () => {
    const plan = fullPlan()
    const paths = byRole(plan, [], 'path')
    expect(paths).toHaveLength(1)
    expect(paths[0]!.properties).toEqual({ role: 'path' })
    const line = paths[0]!.geometry as LineString
    expect(line.type).toBe('LineString')
    const pattern = generateSurveyPattern(survey).waypoints
    expect(pattern.length).toBeGreaterThan(2)
    expect(line.coordinates).toEqual([lonLat(home), lonLat(plan.items[0] as Waypoint), ...pattern.map(lonLat), lonLat(plan.items[2] as Waypoint)])
    expect(line.coordinates).toEqual([lonLat(home), ...flightPath(plan).map(lonLat)])
  })

  it('starts the path at the first item without home, and draws none for a single point', () => {
    const two = { ...emptyMissionPlan(), items: [wp(1, 1), wp(2, 2)] }
    expect((byRole(two, [], 'path')[0]!.geometry as LineString).coordinates).toEqual([
      [1, 1],
      [2, 2],
    ])
    expect(byRole({ ...emptyMissionPlan(), items: [wp(1, 1)] }, [], 'path')).toEqual([])
    expect(byRole({ ...emptyMissionPlan(), home }, [], 'path')).toEqual([])
    // Home and one waypoint make a leg.
    expect((byRole({ ...emptyMissionPlan(), home, items: [wp(1, 1)] }, [], 'path')[0]!.geometry as LineString).coordinates).toEqual([
      lonLat(home),
      [1, 1],
    ])
  })

  it('draws the draft as an open line of two corners, closed from three', () => {
    const plan = emptyMissionPlan()
    expect(planFeatures(plan, square.slice(0, 1)).features).toEqual([])
    const open = byRole(plan, square.slice(0, 2), 'draft')
    expect(open).toHaveLength(1)
    expect(open[0]!.geometry).toEqual({ type: 'LineString', coordinates: square.slice(0, 2).map(lonLat) })
    const closed = byRole(plan, square.slice(0, 3), 'draft')
    expect(closed[0]!.geometry).toEqual({ type: 'LineString', coordinates: [...square.slice(0, 3).map(lonLat), lonLat(square[0]!)] })
    const four = byRole(plan, square, 'draft')
    expect((four[0]!.geometry as LineString).coordinates).toHaveLength(5)
  })

  it('orders fences, circles, surveys, path, draft', () => {
    const roles = planFeatures(fullPlan(), triangle).features.map((feature) => feature.properties?.role as string)
    expect(roles).toEqual(['fence', 'fence', 'fence', 'survey', 'path', 'draft'])
  })
})

describe('planHandles', () => {
  it('gives no handles for an empty plan', () => {
    expect(planHandles(emptyMissionPlan(), true)).toEqual([])
  })

  it('keys a handle per vertex: home, waypoints, survey corners, fence corners, circles, rally points', () => {
    const handles = planHandles(fullPlan(), false)
    expect(handles).toEqual([
      ['home', { kind: 'home' }],
      ['waypoint:0', { kind: 'waypoint', index: 0 }],
      ['survey:1:0', { kind: 'survey-corner', index: 1, corner: 0 }],
      ['survey:1:1', { kind: 'survey-corner', index: 1, corner: 1 }],
      ['survey:1:2', { kind: 'survey-corner', index: 1, corner: 2 }],
      ['survey:1:3', { kind: 'survey-corner', index: 1, corner: 3 }],
      ['waypoint:2', { kind: 'waypoint', index: 2 }],
      ['fence:0:0', { kind: 'fence-corner', fence: 0, corner: 0 }],
      ['fence:0:1', { kind: 'fence-corner', fence: 0, corner: 1 }],
      ['fence:0:2', { kind: 'fence-corner', fence: 0, corner: 2 }],
      ['fence:0:3', { kind: 'fence-corner', fence: 0, corner: 3 }],
      ['fence:1:0', { kind: 'fence-corner', fence: 1, corner: 0 }],
      ['fence:1:1', { kind: 'fence-corner', fence: 1, corner: 1 }],
      ['fence:1:2', { kind: 'fence-corner', fence: 1, corner: 2 }],
      ['circle:0', { kind: 'fence-circle', fence: 0 }],
      ['rally:0', { kind: 'rally', index: 0 }],
      ['rally:1', { kind: 'rally', index: 1 }],
    ])
    // Keys are unique: each keeps its own button.
    expect(new Set(handles.map(([key]) => key)).size).toBe(handles.length)
  })

  it('adds insert handles only when editable, half-way along each leg between items', () => {
    const plan = fullPlan()
    const readOnly = planHandles(plan, false)
    expect(readOnly.some(([, handle]) => handle.kind === 'insert')).toBe(false)
    const editable = planHandles(plan, true)
    // The vertices first, the same as read only, then one insert per leg between items (none from home).
    expect(editable.slice(0, readOnly.length)).toEqual(readOnly)
    const inserts = editable.slice(readOnly.length)
    const first = plan.items[0] as Waypoint
    const last = plan.items[2] as Waypoint
    // A survey is reached at its first corner.
    expect(inserts).toEqual([
      ['insert:0', { kind: 'insert', after: 0, at: { lat: (first.lat + square[0]!.lat) / 2, lon: (first.lon + square[0]!.lon) / 2 } }],
      ['insert:1', { kind: 'insert', after: 1, at: { lat: (square[0]!.lat + last.lat) / 2, lon: (square[0]!.lon + last.lon) / 2 } }],
    ])
  })

  it('puts an insert handle at the midpoint of two waypoints', () => {
    const plan = { ...emptyMissionPlan(), items: [wp(10, 20), wp(12, 26), wp(11, 22)] }
    const inserts = planHandles(plan, true).filter(([, handle]) => handle.kind === 'insert')
    expect(inserts).toEqual([
      ['insert:0', { kind: 'insert', after: 0, at: { lat: 11, lon: 23 } }],
      ['insert:1', { kind: 'insert', after: 1, at: { lat: 11.5, lon: 24 } }],
    ])
    expect(planHandles({ ...emptyMissionPlan(), items: [wp(10, 20)] }, true)).toEqual([['waypoint:0', { kind: 'waypoint', index: 0 }]])
  })

  it('offers no home handle without home', () => {
    const plan = { ...fullPlan(), home: undefined }
    expect(planHandles(plan, true).some(([key]) => key === 'home')).toBe(false)
    expect(planHandles(plan, true)[0]).toEqual(['waypoint:0', { kind: 'waypoint', index: 0 }])
  })
})
