import { describe, expect, it } from 'vitest'
import { parseMapWidgetData } from './map-widget-data'

describe('parseMapWidgetData', () => {
  it('reads the default map (no data) or one vehicle', () => {
    expect(parseMapWidgetData(undefined)).toEqual({})
    expect(parseMapWidgetData(null)).toEqual({})
    expect(parseMapWidgetData({})).toEqual({})
    expect(parseMapWidgetData({ deviceId: 'alpha-usv-1', extra: 1 })).toEqual({ deviceId: 'alpha-usv-1' })
  })

  it.each([
    ['a string', 'map', 'This widget’s data cannot be read: its data must be an object.'],
    ['a list', [], 'This widget’s data cannot be read: its data must be an object.'],
    ['a number as id', { deviceId: 7 }, 'This widget’s data cannot be read: deviceId must be a device id (text).'],
    ['an empty id', { deviceId: '' }, 'This widget’s data cannot be read: deviceId must be a device id (text).'],
  ])('refuses %s, naming the field', (_, data, message) => {
    expect(() => parseMapWidgetData(data)).toThrow(expect.objectContaining({ code: 'widget/invalid-data', message }))
  })
})
