import { describe, expect, it } from 'vitest'
import { ConsoleError } from '@honu/core'
import { parseVehicleWidgetData } from './vehicle-widget-data'

describe('parseVehicleWidgetData', () => {
  it('reads nothing as a widget just added, and keeps the device id and stale time', () => {
    expect(parseVehicleWidgetData(undefined)).toEqual({})
    expect(parseVehicleWidgetData(null)).toEqual({})
    expect(parseVehicleWidgetData({ deviceId: 'alpha-usv-1' })).toEqual({ deviceId: 'alpha-usv-1' })
    expect(parseVehicleWidgetData({ deviceId: 'alpha-usv-1', staleAfterS: 10, other: 1 })).toEqual({ deviceId: 'alpha-usv-1', staleAfterS: 10 })
  })

  it.each([
    ['a list', [], 'its data'],
    ['a number id', { deviceId: 7 }, 'deviceId'],
    ['an empty id', { deviceId: '' }, 'deviceId'],
    ['a text stale time', { staleAfterS: '5' }, 'staleAfterS'],
    ['a zero stale time', { staleAfterS: 0 }, 'staleAfterS'],
    ['a stale time over an hour', { staleAfterS: 3601 }, 'staleAfterS'],
  ])('refuses %s, naming the field', (_, data, field) => {
    let error: unknown
    try {
      parseVehicleWidgetData(data)
    } catch (e) {
      error = e
    }
    expect(ConsoleError.is(error) && error.code).toBe('widget/invalid-data')
    expect((error as Error).message).toContain(field)
  })
})
