import { describe, expect, it } from 'vitest'
import { parseVideoWidgetData } from './video-widget-data'

describe('parseVideoWidgetData', () => {
  it('reads a stream id or a source of its own; a widget just added has none', () => {
    expect(parseVideoWidgetData(undefined)).toEqual({})
    expect(parseVideoWidgetData({ streamId: 'alpha-bow' })).toEqual({ streamId: 'alpha-bow' })
    expect(parseVideoWidgetData({ src: '/media/a.mp4', extra: 1 })).toEqual({ src: '/media/a.mp4' })
  })

  it.each([
    ['a string', 'stream', 'This widget’s data cannot be read: its data must be an object.'],
    ['a number as id', { streamId: 7 }, 'This widget’s data cannot be read: streamId must be a stream id (text).'],
    ['an empty source', { src: '' }, 'This widget’s data cannot be read: src must be a source address (text).'],
  ])('refuses %s, naming the field', (_, data, message) => {
    expect(() => parseVideoWidgetData(data)).toThrow(expect.objectContaining({ code: 'widget/invalid-data', message }))
  })
})
