import { describe, expect, it, vi } from 'vitest'
import { createSitePackLoader, type SitePackMap } from './site-pack-loader'

// The loader over a fake map: which packs it fetches for a view, what it adds, and that a pack or index it cannot
// read leaves the map as it was, with a warning.

const INDEX = 'https://api.example/packs/index.json'
const index = {
  packs: [
    { name: 'honolulu', bounds: [-157.93, 21.24, -157.82, 21.35], file: 'honolulu.geojson', attribution: '© OpenStreetMap contributors' },
    { name: 'kiel', bounds: [10.08, 54.31, 10.26, 54.41], file: 'kiel.geojson' },
  ],
}
const land = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-157.9, 21.3],
            [-157.85, 21.3],
            [-157.85, 21.33],
            [-157.9, 21.3],
          ],
        ],
      },
    },
  ],
}

function fakeMap(view: [number, number, number, number], zoom: number) {
  const sources = new Map<string, unknown>()
  const layers: { id: string; before?: string }[] = []
  const map = {
    on: () => map,
    getZoom: () => zoom,
    getBounds: () => ({ getWest: () => view[0], getSouth: () => view[1], getEast: () => view[2], getNorth: () => view[3] }),
    addSource: (id: string, source: unknown) => sources.set(id, source),
    getSource: (id: string) => sources.get(id),
    removeSource: (id: string) => sources.delete(id),
    addLayer: (layer: { id: string }, before?: string) => layers.push({ id: layer.id, before }),
    getLayer: (id: string) => layers.find((layer) => layer.id === id),
    removeLayer: (id: string) =>
      layers.splice(
        layers.findIndex((layer) => layer.id === id),
        1,
      ),
  }
  return { map: map as unknown as SitePackMap, sources, layers }
}

const respond = (files: Record<string, unknown>) =>
  vi.fn(async (url: string | URL | Request) => {
    const body = files[String(url)]
    return body === undefined ? new Response('missing', { status: 404 }) : new Response(typeof body === 'string' ? body : JSON.stringify(body))
  })

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createSitePackLoader', () => {
  it('fetches the index, then only the pack in view, and draws its sea, land and coast below the given layer', async () => {
    const { map, layers } = fakeMap([-157.9, 21.28, -157.86, 21.31], 14)
    const fetch = respond({ [INDEX]: index, 'https://api.example/packs/honolulu.geojson': land })
    const onDrawn = vi.fn()
    const warn = vi.fn()
    const loader = createSitePackLoader(map, { indexes: [INDEX], beforeLayer: () => 'honu-border', onDrawn, fetch, warn })
    loader.update()
    await settle()
    await settle()
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([INDEX, 'https://api.example/packs/honolulu.geojson'])
    expect(layers).toEqual([
      { id: 'honu-site-pack-0-sea', before: 'honu-border' },
      { id: 'honu-site-pack-0-land', before: 'honu-border' },
      { id: 'honu-site-pack-0-coast', before: 'honu-border' },
    ])
    expect(onDrawn).toHaveBeenCalledWith(expect.objectContaining({ name: 'honolulu', attribution: '© OpenStreetMap contributors' }))
    expect(warn).not.toHaveBeenCalled()
    // Settling again over the same view fetches nothing more.
    loader.update()
    await settle()
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it.each([
    ['missing', undefined, /honolulu .* was not drawn \(HTTP 404\)/],
    ['not JSON', '<html>', /honolulu .* was not drawn/],
    ['not land', { type: 'FeatureCollection', features: [{ geometry: { type: 'Point', coordinates: [0, 0] } }] }, /not a polygon or a line/],
  ])('a pack that is %s draws nothing and warns', async (_, body, message) => {
    const { map, layers, sources } = fakeMap([-157.9, 21.28, -157.86, 21.31], 14)
    const files: Record<string, unknown> = { [INDEX]: index }
    if (body !== undefined) files['https://api.example/packs/honolulu.geojson'] = body
    const warn = vi.fn()
    const loader = createSitePackLoader(map, { indexes: [INDEX], beforeLayer: () => undefined, onDrawn: vi.fn(), fetch: respond(files), warn })
    loader.update()
    await settle()
    await settle()
    expect(layers).toEqual([])
    expect(sources.size).toBe(0)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toMatch(message)
    expect(warn.mock.calls[0]![0]).toMatch(/^@honu\/widgets: /)
  })

  it('an index it cannot read warns once and draws nothing', async () => {
    const { map, layers } = fakeMap([-157.9, 21.28, -157.86, 21.31], 14)
    const warn = vi.fn()
    const loader = createSitePackLoader(map, {
      indexes: [INDEX],
      beforeLayer: () => undefined,
      onDrawn: vi.fn(),
      fetch: respond({ [INDEX]: { packs: 'no' } }),
      warn,
    })
    loader.update()
    await settle()
    loader.update()
    await settle()
    expect(layers).toEqual([])
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toMatch(/site-pack index .* was not read \(packs must be a list\)/)
  })

  it('a pack MapLibre fails to draw loses its layers and sources, with a warning', async () => {
    const { map, layers, sources } = fakeMap([-157.9, 21.28, -157.86, 21.31], 14)
    const warn = vi.fn()
    const loader = createSitePackLoader(map, {
      indexes: [INDEX],
      beforeLayer: () => undefined,
      onDrawn: vi.fn(),
      fetch: respond({ [INDEX]: index, 'https://api.example/packs/honolulu.geojson': land }),
      warn,
    })
    loader.update()
    await settle()
    await settle()
    expect(loader.owns('honu-site-pack-0')).toBe(true)
    expect(loader.owns('land')).toBe(false)
    loader.fail('honu-site-pack-0', 'bad geometry')
    expect(layers).toEqual([])
    expect(sources.size).toBe(0)
    expect(warn.mock.calls[0]![0]).toMatch(/honolulu .* was not drawn \(bad geometry\)/)
  })
})
