import { describe, expect, it } from 'vitest'
import { offlineBasemapStyle } from './offline-basemap'

describe('offlineBasemapStyle', () => {
  const style = offlineBasemapStyle()

  it('fetches nothing: inline GeoJSON sources only, no glyphs, no sprite', () => {
    expect(style.glyphs).toBeUndefined()
    expect(style.sprite).toBeUndefined()
    for (const source of Object.values(style.sources)) {
      expect(source.type).toBe('geojson')
      expect(typeof (source as { data: unknown }).data).toBe('object')
    }
    expect(JSON.stringify(style)).not.toMatch(/https?:\/\//)
  })

  it('draws no text (no symbol layer would need glyphs)', () => {
    expect(style.layers.filter((layer) => layer.type === 'symbol')).toEqual([])
  })

  it("holds Natural Earth's land and the borders between countries", () => {
    const land = style.sources.land as { data: { type: string; features: unknown[] } }
    expect(land.data.type).toBe('FeatureCollection')
    expect(land.data.features.length).toBeGreaterThan(0)
    const borders = style.sources.borders as { data: { geometry: { type: string; coordinates: unknown[] } } }
    expect(borders.data.geometry.type).toBe('MultiLineString')
    expect(borders.data.geometry.coordinates.length).toBeGreaterThan(100)
    expect(style.layers.map((layer) => layer.id)).toEqual(['honu-sea', 'honu-land', 'honu-coastline', 'honu-border'])
  })
})
