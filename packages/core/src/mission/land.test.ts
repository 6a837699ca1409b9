import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createLandIndex } from './land'

// The reference server's committed site packs (scripts/build-site-packs.mjs: OpenStreetMap land at 10 m), read as a
// console reads them, and a hand-made square with a hole.
const pack = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../examples/reference-server/fixtures/site-packs/${name}.geojson`, import.meta.url), 'utf8'))

const square = (west: number, south: number, size: number) => [
  [west, south],
  [west + size, south],
  [west + size, south + size],
  [west, south + size],
  [west, south],
]

describe('createLandIndex', () => {
  it('finds downtown Honolulu and Kiel on land, and Mamala Bay and the Kiel fjord at sea', () => {
    const land = createLandIndex([pack('honolulu'), pack('kiel')])
    expect(land.polygons).toBeGreaterThan(0)
    expect(land.isOnLand({ lat: 21.3069, lon: -157.8583 })).toBe(true)
    expect(land.isOnLand({ lat: 21.28, lon: -157.88 })).toBe(false)
    expect(land.isOnLand({ lat: 54.3233, lon: 10.1228 })).toBe(true)
    expect(land.isOnLand({ lat: 54.36, lon: 10.17 })).toBe(false)
  })

  it('leaves holes out, and reads Polygon and MultiPolygon features but not lines or features of another kind', () => {
    const land = createLandIndex([
      {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { kind: 'land' }, geometry: { type: 'Polygon', coordinates: [square(0, 0, 10), square(4, 4, 2)] } },
          { type: 'Feature', properties: null, geometry: { type: 'MultiPolygon', coordinates: [[square(20, 0, 1)], [square(30, 0, 1)]] } },
          { type: 'Feature', properties: { kind: 'water' }, geometry: { type: 'Polygon', coordinates: [square(40, 0, 1)] } },
          { type: 'Feature', properties: { kind: 'coast' }, geometry: { type: 'LineString', coordinates: square(50, 0, 1) } },
        ],
      },
    ])
    expect(land.polygons).toBe(3)
    expect(land.isOnLand({ lat: 1, lon: 1 })).toBe(true)
    expect(land.isOnLand({ lat: 5, lon: 5 })).toBe(false)
    expect(land.isOnLand({ lat: 0.5, lon: 20.5 })).toBe(true)
    expect(land.isOnLand({ lat: 0.5, lon: 30.5 })).toBe(true)
    expect(land.isOnLand({ lat: 0.5, lon: 40.5 })).toBe(false)
    expect(land.isOnLand({ lat: 0.5, lon: 25 })).toBe(false)
  })

  it('skips what it cannot read and knows no land then', () => {
    const land = createLandIndex([
      null,
      'text',
      { features: 'none' },
      {
        features: [
          null,
          {
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [0, 0],
                  [1, 'x'],
                ],
              ],
            },
          },
          { geometry: { type: 'Polygon' } },
        ],
      },
    ])
    expect(land.polygons).toBe(0)
    expect(land.isOnLand({ lat: 0.5, lon: 0.5 })).toBe(false)
  })
})
