import { describe, expect, it } from 'vitest'
import { ConsoleError } from '@honu/core'
import { parseVncWidgetData } from './vnc-widget-data'

describe('parseVncWidgetData', () => {
  it('reads nothing as a widget just added, and keeps the device id and scale', () => {
    expect(parseVncWidgetData(undefined)).toEqual({})
    expect(parseVncWidgetData(null)).toEqual({})
    expect(parseVncWidgetData({ deviceId: 'alpha-ra-1' })).toEqual({ deviceId: 'alpha-ra-1' })
    expect(parseVncWidgetData({ deviceId: 'alpha-ra-1', scale: 'remote', other: 1 })).toEqual({ deviceId: 'alpha-ra-1', scale: 'remote' })
    expect(parseVncWidgetData({ scale: 'fit' })).toEqual({ scale: 'fit' })
  })

  it.each([
    ['a list', [], 'its data'],
    ['text', 'alpha-ra-1', 'its data'],
    ['a number id', { deviceId: 7 }, 'deviceId'],
    ['an empty id', { deviceId: '' }, 'deviceId'],
    ['an unknown scale', { deviceId: 'alpha-ra-1', scale: 'stretch' }, 'scale'],
  ])('refuses %s, naming the field', (_, data, field) => {
    let error: unknown
    try {
      parseVncWidgetData(data)
    } catch (e) {
      error = e
    }
    expect(ConsoleError.is(error) && error.code).toBe('widget/invalid-data')
    expect((error as Error).message).toContain(field)
  })
})
