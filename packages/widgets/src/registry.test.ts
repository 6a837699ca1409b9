import { describe, expect, it, vi } from 'vitest'
import { createConsoleClient } from '@honu/core'
import { createManualScheduler, createMemoryStorage } from '@honu/core/testing'
import { addWidget, defaultGridSettings, SIZE } from '@honu/core/grid'
import { widgetDefinitions } from './registry'
import { parseVideoWidgetData } from './video/video-widget-data'

const client = (locale: string) =>
  createConsoleClient({
    api: { baseUrl: 'http://127.0.0.1:1' },
    locale,
    scheduler: createManualScheduler(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    logger: { warn: vi.fn(), error: vi.fn() },
  })

describe('widgetDefinitions', () => {
  it('gives every type an icon and a translated title', async () => {
    const german = client('de-DE')
    const { t } = german.i18n.getState()
    // Showing a book's message once asks for its translations; German becomes active once they are in.
    for (const d of widgetDefinitions) t(d.titleMessage!.book, d.titleMessage!.key)
    const titles = () => widgetDefinitions.map((d) => [d.title, german.i18n.getState().t(d.titleMessage!.book, d.titleMessage!.key)])
    await vi.waitFor(() => expect(titles()).toContainEqual(['Vehicle', 'Fahrzeug']))
    expect(titles()).toContainEqual(['Mission execution', 'Missionsausführung'])
    for (const d of widgetDefinitions) {
      expect(d.icon).toBeTruthy()
      // The US English text is the title the definition states.
      expect(client('en-US').i18n.getState().t(d.titleMessage!.book, d.titleMessage!.key)).toBe(d.title)
    }
  })

  it('a new Video widget asks for its stream, and what the picker answers is data the widget reads back', async () => {
    const video = widgetDefinitions.find((d) => d.type === 'Video')!
    expect(video.picker).toBeDefined()
    const { VideoWidgetPicker } = await import('./video/video-widget-picker')
    expect((await video.picker!()).default).toBe(VideoWidgetPicker)
    // What the picker answers, stored with the layout (JSON), reads back the same.
    const stored = JSON.parse(JSON.stringify({ streamId: 'alpha-bow' }))
    expect(video.parse(stored)).toEqual(parseVideoWidgetData({ streamId: 'alpha-bow' }))
    expect(video.parse(stored)).toEqual({ streamId: 'alpha-bow' })
  })

  it('the Tenant widget is built (not the placeholder), keeps no data and asks nothing when added', async () => {
    const tenant = widgetDefinitions.find((d) => d.type === 'Tenant')!
    const { TenantWidget } = await import('./tenant/tenant-widget')
    expect((await tenant.load()).default).toBe(TenantWidget)
    expect(tenant.picker).toBeUndefined()
    expect(tenant.parse(undefined)).toEqual({})
    expect(tenant.parse(JSON.parse(JSON.stringify({ tenantId: 'bravo' })))).toEqual({})
  })
})

describe('default widget sizes (spec §4, §9: S wide, L tall, at least S high and XS wide, in free layout)', () => {
  it.each(widgetDefinitions.map((d) => [d.type, d] as const))('%s is added 4 wide and 8 high, at least 2 wide and 4 high', (type, definition) => {
    // What the add-widget menu does: the type's own size, if any, over the mode's default.
    const [added] = addWidget([], { id: `${type}-1`, type, name: type, ...definition.defaultSize }, defaultGridSettings)
    expect(added).toMatchObject({ w: SIZE.S, h: SIZE.L, minW: SIZE.XS, minH: SIZE.S })
    expect(added).toMatchObject({ w: 4, h: 8, minW: 2, minH: 4 })
  })
})
