import { describe, expect, it } from 'vitest'
import { ConsoleError } from '@honu/core'
import { parseTenantWidgetData } from './tenant-widget-data'

describe('parseTenantWidgetData', () => {
  it.each([undefined, null, {}, { tenantId: 'bravo' }])('reads %j as no data (the widget shows the selected tenant)', (data) => {
    expect(parseTenantWidgetData(data)).toEqual({})
  })

  it.each([42, 'alpha', [], true])('refuses %j with widget/invalid-data', (data) => {
    const failure = (() => {
      try {
        parseTenantWidgetData(data)
      } catch (error) {
        return error
      }
    })()
    expect(ConsoleError.is(failure) && failure.code).toBe('widget/invalid-data')
  })
})
