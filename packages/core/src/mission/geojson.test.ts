import { describe, expect, it } from 'vitest'
import { readGeoJson, writeGeoJson } from './geojson'
import { emptyMissionPlan, type MissionPlan } from './mission-plan'
import { flightPath } from './plan-arithmetic'
import { applyShapes } from './shapes'

const read = (value: unknown) => {
  const result = readGeoJson(typeof value === 'string' ? value : JSON.stringify(value))
  if (!result.ok) throw new Error(`refused: ${result.error.message}`)
  return result
}
const refusal = (value: unknown) => {
  const result = readGeoJson(typeof value === 'string' ? value : JSON.stringify(value))
  if (result.ok) throw new Error('read a file that should be refused')
  expect(result).not.toHaveProperty('value')
  return result.error
}
const square = [
  [10, 54],
  [10.01, 54],
  [10.01, 54.01],
  [10, 54.01],
  [10, 54],
]

describe('readGeoJson', () => {
  it('reads a FeatureCollection’s polygons (with holes), lines and points, in order, named by their features', () => {
    const { value: shapes, notKept } = read({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Field' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              square,
              [
                [10.002, 54.002],
                [10.003, 54.002],
                [10.003, 54.003],
                [10.002, 54.002],
              ],
            ],
          },
        },
        { type: 'Feature', properties: null, geometry: null },
        {
          type: 'Feature',
          properties: { name: 7 },
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [
                [10, 54],
                [10.1, 54.1, 12],
              ],
              [
                [11, 55],
                [11.1, 55.1],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'GeometryCollection',
            geometries: [
              { type: 'Point', coordinates: [10.5, 54.5] },
              { type: 'MultiPoint', coordinates: [[1, 2]] },
            ],
          },
        },
      ],
    })
    expect(shapes.map((s) => [s.kind, s.name])).toEqual([
      ['polygon', 'Field'],
      ['line', undefined],
      ['line', undefined],
      ['point', undefined],
      ['point', undefined],
    ])
    expect(shapes[0]).toMatchObject({
      outer: [
        { lon: 10, lat: 54 },
        { lon: 10.01, lat: 54 },
        { lon: 10.01, lat: 54.01 },
        { lon: 10, lat: 54.01 },
      ],
    })
    expect(shapes[0]).toMatchObject({
      holes: [
        [
          { lon: 10.002, lat: 54.002 },
          { lon: 10.003, lat: 54.002 },
          { lon: 10.003, lat: 54.003 },
        ],
      ],
    })
    expect(shapes[1]).toMatchObject({
      points: [
        { lat: 54, lon: 10 },
        { lat: 54.1, lon: 10.1, alt: 12 },
      ],
    })
    expect(notKept).toMatchObject([{ code: 'item/geometry', index: 1, kind: 'feature without geometry' }])
  })

  it('reads a bare geometry and a single feature', () => {
    expect(
      read({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      }).value,
    ).toEqual([
      {
        kind: 'line',
        points: [
          { lat: 0, lon: 0 },
          { lat: 1, lon: 1 },
        ],
      },
    ])
    expect(read({ type: 'Feature', properties: { name: ' Pier ' }, geometry: { type: 'Point', coordinates: [1, 2] } }).value).toEqual([
      { kind: 'point', name: 'Pier', point: { lat: 2, lon: 1 } },
    ])
  })

  it.each([
    ['truncated JSON', '{"type": "FeatureCollection", "features": [', 'file/not-json', undefined],
    ['an empty text', ' ', 'file/empty', undefined],
    ['another kind of JSON', { fileType: 'Plan' }, 'file/not-geojson', 'its type is missing'],
    ['a list', [1, 2], 'file/not-geojson', 'it is not an object'],
    [
      'a latitude out of range',
      { type: 'Point', coordinates: [10, 91] },
      'file/not-geojson',
      'the geometry.coordinates is not a position [longitude, latitude] in range',
    ],
    [
      'a NaN coordinate (as text)',
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          ['NaN', 1],
        ],
      },
      'file/not-geojson',
      'the geometry.coordinates[1] is not a position [longitude, latitude] in range',
    ],
    [
      'a ring that is not closed',
      { type: 'Polygon', coordinates: [square.slice(0, 4)] },
      'file/not-geojson',
      'the geometry.coordinates[0] is not closed (its last position must repeat its first)',
    ],
    [
      'a line of one position',
      { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[0, 0]] } },
      'file/not-geojson',
      'the feature.geometry.coordinates needs at least 2 positions',
    ],
    [
      'a feature that is not one',
      { type: 'FeatureCollection', features: [{ type: 'Point', coordinates: [0, 0] }] },
      'file/not-geojson',
      'features[0] is not a Feature',
    ],
    [
      'an unknown geometry',
      { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Circle' } }] },
      'file/not-geojson',
      'features[0].geometry is not a geometry',
    ],
  ])('refuses %s', (_, value, code, detail) => {
    const error = refusal(value)
    expect(error.code).toBe(code)
    if (detail !== undefined) expect(error.values.detail).toBe(detail)
  })
})

describe('writeGeoJson and back', () => {
  const plan: MissionPlan = {
    items: [
      { kind: 'waypoint', lat: 21.3, lon: -157.86, alt: 20, frame: 'relative', holdSeconds: 0 },
      { kind: 'waypoint', lat: 21.31, lon: -157.85, alt: 20, frame: 'relative', holdSeconds: 4 },
    ],
    geofence: {
      polygons: [
        {
          inclusion: false,
          polygon: [
            { lat: 21.305, lon: -157.855 },
            { lat: 21.305, lon: -157.854 },
            { lat: 21.306, lon: -157.854 },
          ],
        },
      ],
      circles: [],
    },
    rallyPoints: [
      { lat: 21.29, lon: -157.87, alt: 30 },
      { lat: 21.291, lon: -157.871, alt: 30 },
    ],
  }

  it('writes features with a name and a role, which read back to the same shapes', () => {
    const { text, notKept } = writeGeoJson(plan)
    expect(notKept.map(({ code, index }) => [code, index])).toEqual([
      ['item/flat', 0],
      ['item/flat', 1],
    ])
    const json = JSON.parse(text) as { features: { properties: { role: string } }[] }
    expect(json.features.map((f) => f.properties.role)).toEqual(['path', 'exclusion', 'rally', 'rally'])
    const { value: shapes } = read(text)
    expect(shapes[0]).toEqual({ kind: 'line', name: 'Mission path', points: flightPath(plan).map(({ lat, lon }) => ({ lat, lon })) })
    const fence = applyShapes(emptyMissionPlan(), [shapes[1]!], { as: 'exclusion-fence' })
    expect(fence.plan.geofence.polygons).toEqual(plan.geofence.polygons)
    const rally = applyShapes(emptyMissionPlan(), shapes.slice(2), { as: 'rally', alt: 30 })
    expect(rally.plan.rallyPoints).toEqual(plan.rallyPoints)
    const path = applyShapes(emptyMissionPlan(), [shapes[0]!], { as: 'path', alt: 20, frame: 'relative' })
    expect(path.plan.items).toEqual(plan.items.map((item) => ({ ...item, holdSeconds: 0 })))
  })

  it('leaves the plan it was given unchanged', () => {
    const before = JSON.stringify(plan)
    applyShapes(plan, read(writeGeoJson(plan).text).value, { as: 'inclusion-fence' })
    expect(JSON.stringify(plan)).toBe(before)
  })
})
