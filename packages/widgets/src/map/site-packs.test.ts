import { describe, expect, it } from 'vitest'
import { checkSitePackData, packsInView, parseSitePackIndex, SITE_PACK_MIN_ZOOM, type SitePack } from './site-packs'

const INDEX = 'https://api.example/api/v1/site-packs/index.json'
const honolulu: SitePack = {
  name: 'honolulu',
  bounds: [-157.93, 21.24, -157.82, 21.35],
  url: 'https://api.example/api/v1/site-packs/honolulu.geojson',
}
const kiel: SitePack = { name: 'kiel', bounds: [10.08, 54.31, 10.26, 54.41], url: 'https://api.example/api/v1/site-packs/kiel.geojson' }

describe('parseSitePackIndex', () => {
  it('reads each pack, its file resolved against the index', () => {
    const packs = parseSitePackIndex(
      {
        packs: [
          { name: 'honolulu', bounds: honolulu.bounds, file: 'honolulu.geojson', attribution: '© OpenStreetMap contributors' },
          { name: 'kiel', bounds: kiel.bounds, file: '/other/kiel.geojson' },
        ],
      },
      INDEX,
    )
    expect(packs).toEqual([
      { ...honolulu, attribution: '© OpenStreetMap contributors' },
      { ...kiel, url: 'https://api.example/other/kiel.geojson' },
    ])
  })

  it.each([
    [null, 'packs must be a list'],
    [{ packs: {} }, 'packs must be a list'],
    [{ packs: [{ bounds: [0, 0, 1, 1], file: 'a.geojson' }] }, 'packs[0].name must be a non-empty string'],
    [{ packs: [{ name: 'a', bounds: [0, 0, 1, 1] }] }, 'packs[0].file must be a non-empty string'],
    [{ packs: [{ name: 'a', bounds: [0, 0, 1], file: 'a.geojson' }] }, 'packs[0].bounds must be [west, south, east, north] in degrees'],
    [{ packs: [{ name: 'a', bounds: [0, 0, 1, '1'], file: 'a.geojson' }] }, 'packs[0].bounds must be [west, south, east, north] in degrees'],
    [
      { packs: [{ name: 'a', bounds: [1, 0, 0, 1], file: 'a.geojson' }] },
      'packs[0].bounds must have west < east and south < north, within ±180 and ±90',
    ],
    [
      { packs: [{ name: 'a', bounds: [0, 0, 1, 91], file: 'a.geojson' }] },
      'packs[0].bounds must have west < east and south < north, within ±180 and ±90',
    ],
    [{ packs: [{ name: 'a', bounds: [0, 0, 1, 1], file: 'a.geojson', attribution: 3 }] }, 'packs[0].attribution must be a string'],
  ])('refuses %j: %s', (json, message) => {
    expect(() => parseSitePackIndex(json, INDEX)).toThrow(message)
  })
})

describe('packsInView', () => {
  const harbourView: [number, number, number, number] = [-157.9, 21.28, -157.86, 21.31]

  it('picks the packs whose box overlaps the view', () => {
    expect(packsInView([honolulu, kiel], harbourView, 14, new Set())).toEqual([honolulu])
    // A view that only touches the pack's corner still needs it.
    expect(packsInView([honolulu, kiel], [-158.1, 21.0, -157.93, 21.24], 12, new Set())).toEqual([honolulu])
    expect(packsInView([honolulu, kiel], [0, 0, 1, 1], 14, new Set())).toEqual([])
  })

  it('picks none below the minimum zoom, even in view', () => {
    expect(packsInView([honolulu], [-180, -85, 180, 85], SITE_PACK_MIN_ZOOM - 0.5, new Set())).toEqual([])
    expect(packsInView([honolulu], harbourView, SITE_PACK_MIN_ZOOM, new Set())).toEqual([honolulu])
  })

  it('does not pick a pack already asked for again', () => {
    expect(packsInView([honolulu, kiel], [-180, -85, 180, 85], 9, new Set([honolulu.url]))).toEqual([kiel])
  })
})

describe('checkSitePackData', () => {
  it('accepts a FeatureCollection of polygons and lines', () => {
    const square = [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ]
    expect(() =>
      checkSitePackData({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: square } },
          { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [square] } },
          { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: [] } },
        ],
      }),
    ).not.toThrow()
  })

  it.each([
    ['<html>', 'not a GeoJSON FeatureCollection'],
    [{ type: 'Feature' }, 'not a GeoJSON FeatureCollection'],
    [
      { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] } }] },
      'features[0] is not a polygon or a line',
    ],
    [{ type: 'FeatureCollection', features: [null] }, 'features[0] is not a polygon or a line'],
  ])('refuses %j: %s', (json, message) => {
    expect(() => checkSitePackData(json)).toThrow(message)
  })
})
