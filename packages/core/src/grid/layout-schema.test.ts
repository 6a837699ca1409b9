import { describe, expect, it } from 'vitest'
import { defaultGridSettings, emptyWorkspaces } from './grid-model'
import { exportLayout, importLayout, LAYOUT_SCHEMA_VERSION, VERSION_2_BANDS } from './layout-schema'

const state = () => {
  const workspaces = emptyWorkspaces()
  workspaces['stream-view'].items = [
    { id: 'v1', type: 'Video', name: 'Bow <camera>', x: 0, y: 0, w: 4, h: 8, data: { videoId: 'alpha-bow' } },
    { id: 'map', type: 'Map', name: 'map', x: 4, y: 0, w: 6, h: 8, isMinimised: true },
  ]
  return { settings: { ...defaultGridSettings, snapToGridColumns: 3 }, workspaces }
}

describe('layout documents', () => {
  it('round-trip through JSON unchanged', () => {
    const document = exportLayout(state())
    expect(document.schemaVersion).toBe(LAYOUT_SCHEMA_VERSION)
    expect(importLayout(JSON.stringify(document))).toEqual(document)
  })

  it('migrate a version 1 single-workspace document', () => {
    const imported = importLayout({ version: 1, workspace: 'mission-review', items: [{ id: 'm', type: 'MissionReviewInformation', name: 'Review' }] })
    expect(imported.workspaces['mission-review']).toEqual([
      { id: 'm', type: 'MissionReviewInformation', name: 'Review', w: 1, h: 1, x: undefined, y: undefined },
    ])
    expect(imported.workspaces['stream-view']).toEqual([])
    expect(imported.settings).toEqual(defaultGridSettings)
  })

  it('clamp sizes to the columns on import', () => {
    const document = exportLayout(state())
    document.workspaces['stream-view'][0]!.w = 40
    expect(importLayout(document).workspaces['stream-view'][0]!.w).toBe(12)
  })

  it.each<[string, unknown, string]>([
    ['text that is not JSON', '{nope', 'it is not valid JSON'],
    ['a list', '[]', 'it is not a layout document'],
    ['no version', { workspaces: {} }, 'no known schema version'],
    ['a newer version', { schemaVersion: 9, workspaces: {} }, 'made by a newer console (version 9)'],
    ['no workspaces', { schemaVersion: 2 }, 'workspaces is missing'],
    ['an unknown workspace', { schemaVersion: 2, workspaces: { garage: [] } }, 'workspace "garage" is not known'],
    ['a widget without id', { schemaVersion: 2, workspaces: { 'stream-view': [{ type: 'Map', name: 'm' }] } }, 'workspaces.stream-view[0] has no id'],
    [
      'a type that is no type id',
      { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: '<img src=x>', name: 'r' }] } },
      'not a widget type id: "<img src=x>"',
    ],
    [
      'a type that is not text',
      { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: 7, name: 'r' }] } },
      'workspaces.stream-view[0] has no type',
    ],
    [
      'a data version below 1',
      { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: 'Map', name: 'm', dataVersion: 0 }] } },
      'dataVersion must be a whole number from 1',
    ],
    [
      'a negative position',
      { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: 'Map', name: 'm', x: -1 }] } },
      'x must be a whole number from 0',
    ],
    [
      'a zero size',
      { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: 'Map', name: 'm', w: 0 }] } },
      'w must be a whole number from 1',
    ],
    [
      'a flag that is not boolean',
      { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: 'Map', name: 'm', isMinimised: 'yes' }] } },
      'isMinimised must be true or false',
    ],
    [
      'a duplicate id',
      {
        schemaVersion: 2,
        workspaces: {
          'stream-view': [
            { id: 'x', type: 'Map', name: 'm' },
            { id: 'x', type: 'Map', name: 'n' },
          ],
        },
      },
      'the id "x" twice',
    ],
    ['bad settings', { schemaVersion: 2, settings: { snapToGrid: 'on' }, workspaces: {} }, 'settings.snapToGrid must be true or false'],
    ['a version 1 document for an unknown workspace', { version: 1, workspace: 'garage', items: [] }, 'workspace "garage" is not known'],
  ])('refuse %s with a clear message', (_label, input, detail) => {
    let caught: unknown
    try {
      importLayout(input)
    } catch (error) {
      caught = error
    }
    expect(caught).toMatchObject({ code: 'grid/invalid-layout' })
    expect((caught as Error).message).toContain(detail)
    expect((caught as Error).message).toContain('The current layout is kept.')
  })
})

describe('layout documents, field by field', () => {
  it('say which field and why, for each kind of problem in one widget', () => {
    const problem = (widget: Record<string, unknown>) => {
      try {
        importLayout({ schemaVersion: 2, workspaces: { 'mission-review': [{ id: 'a', type: 'Map', name: 'm', ...widget }] } })
      } catch (error) {
        return (error as Error).message
      }
      return 'imported'
    }
    expect(problem({ name: 3 })).toContain('workspaces.mission-review[0].name must be text')
    expect(problem({ h: 1.5 })).toContain('workspaces.mission-review[0].h must be a whole number from 1')
    expect(() => importLayout({ schemaVersion: 2, workspaces: { 'mission-review': [{ id: 'a', type: 'Map' }] } })).toThrow(
      'workspaces.mission-review[0] has no name',
    )
    expect(problem({ maxW: null, data: null })).toBe('imported')
  })
  it('leaves out empty bounds and keeps the widget data as it was', () => {
    const imported = importLayout({
      schemaVersion: 2,
      workspaces: { 'stream-view': [{ id: 'a', type: 'Map', name: 'm', maxW: null, data: { id: 's' }, extra: 1 }] },
    })
    expect(imported.workspaces['stream-view'][0]).toEqual({
      id: 'a',
      type: 'Map',
      name: 'm',
      data: { id: 's' },
      w: 1,
      h: 1,
      x: undefined,
      y: undefined,
    })
  })
})

describe('layout documents, one layout per screen band (version 3)', () => {
  /** A file exported by a version 2 console, before bands: one layout for every screen size. */
  const version2 = {
    schemaVersion: 2,
    settings: { snapToGrid: false },
    workspaces: {
      'stream-view': [
        { id: 'v1', type: 'Video', name: 'Bow', x: 0, y: 0, w: 6, h: 4, data: { videoId: 'alpha-bow' } },
        { id: 'v2', type: 'Video', name: 'Stern', x: 6, y: 0, w: 6, h: 4 },
        { id: 'new', type: 'Map', name: 'Auto-placed', w: 4, h: 4, autoPosition: true },
      ],
      'mission-operations': [{ id: 'm', type: 'MissionExecStatus', name: 'Status', x: 0, y: 0, w: 12, h: 3 }],
    },
  }

  it('migrate a version 2 document: its layout becomes the layout of the band it was most likely made in', () => {
    const imported = importLayout(JSON.stringify(version2))
    expect(imported.schemaVersion).toBe(3)
    expect(VERSION_2_BANDS).toEqual({ 'stream-view': 'md', 'mission-operations': 'lg', 'mission-review': 'lg' })
    expect(imported.layouts).toEqual({
      'stream-view': {
        md: [
          { id: 'v1', x: 0, y: 0, w: 6, h: 4 },
          { id: 'v2', x: 6, y: 0, w: 6, h: 4 },
        ],
      },
      'mission-operations': { lg: [{ id: 'm', x: 0, y: 0, w: 12, h: 3 }] },
      'mission-review': {},
    })
    // The widgets themselves are as the file had them, data and all.
    expect(imported.workspaces['stream-view'][0]).toEqual(version2.workspaces['stream-view'][0])
    expect(imported.workspaces['stream-view'][2]).toMatchObject({ id: 'new', x: undefined, y: undefined })
  })

  it('migrate a version 1 document through version 2', () => {
    const imported = importLayout({
      version: 1,
      workspace: 'mission-review',
      items: [{ id: 'r', type: 'MissionReviewInformation', name: 'R', x: 0, y: 0, w: 4, h: 2 }],
    })
    expect(imported.layouts['mission-review']).toEqual({ lg: [{ id: 'r', x: 0, y: 0, w: 4, h: 2 }] })
  })

  it('round-trip every band through JSON unchanged', () => {
    const workspaces = emptyWorkspaces()
    workspaces['stream-view'].items = [
      { id: 'a', type: 'Video', name: 'a', x: 0, y: 0, w: 6, h: 4 },
      { id: 'b', type: 'Video', name: 'b', x: 6, y: 0, w: 6, h: 4 },
    ]
    workspaces['stream-view'].layouts = {
      xl: [
        { id: 'a', x: 0, y: 0, w: 6, h: 4 },
        { id: 'b', x: 6, y: 0, w: 6, h: 4 },
      ],
      xs: [
        { id: 'b', x: 0, y: 0, w: 12, h: 4 },
        { id: 'a', x: 0, y: 4, w: 12, h: 4 },
      ],
    }
    const document = exportLayout({ settings: defaultGridSettings, workspaces })
    expect(importLayout(JSON.stringify(document))).toEqual(document)
  })

  it('read a hand-made version 3 document without band layouts', () => {
    expect(importLayout({ schemaVersion: 3, workspaces: {} }).layouts).toEqual({ 'stream-view': {}, 'mission-operations': {}, 'mission-review': {} })
  })

  it('clamp band places to the columns and the widget bounds', () => {
    const imported = importLayout({
      schemaVersion: 3,
      workspaces: { 'stream-view': [{ id: 'a', type: 'Map', name: 'm', maxW: 6 }] },
      layouts: { 'stream-view': { sm: [{ id: 'a', x: 10, y: 0, w: 12, h: 2 }] } },
    })
    expect(imported.layouts['stream-view'].sm).toEqual([{ id: 'a', x: 6, y: 0, w: 6, h: 2 }])
  })

  const widgets = { 'stream-view': [{ id: 'a', type: 'Map', name: 'm' }] }
  it.each<[string, unknown, string]>([
    ['an unknown band', { schemaVersion: 3, workspaces: widgets, layouts: { 'stream-view': { huge: [] } } }, 'screen band "huge" is not known'],
    ['an unknown workspace', { schemaVersion: 3, workspaces: widgets, layouts: { garage: {} } }, 'workspace "garage" is not known'],
    [
      'a place without a size',
      { schemaVersion: 3, workspaces: widgets, layouts: { 'stream-view': { md: [{ id: 'a', x: 0, y: 0, h: 1 }] } } },
      'layouts.stream-view.md[0] has no w',
    ],
    [
      'a negative place',
      { schemaVersion: 3, workspaces: widgets, layouts: { 'stream-view': { md: [{ id: 'a', x: -2, y: 0, w: 1, h: 1 }] } } },
      'layouts.stream-view.md[0].x must be a whole number from 0',
    ],
    [
      'a place of a widget that is not there',
      { schemaVersion: 3, workspaces: widgets, layouts: { 'stream-view': { md: [{ id: 'z', x: 0, y: 0, w: 1, h: 1 }] } } },
      'layouts.stream-view.md[0] places the widget "z", which is not in the workspace',
    ],
    [
      'a widget placed twice',
      {
        schemaVersion: 3,
        workspaces: widgets,
        layouts: {
          'stream-view': {
            md: [
              { id: 'a', x: 0, y: 0, w: 1, h: 1 },
              { id: 'a', x: 1, y: 0, w: 1, h: 1 },
            ],
          },
        },
      },
      'layouts.stream-view.md[1] places the widget "a" twice',
    ],
    [
      'a bad widget in a version 2 file',
      { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'a', type: 'Map', name: 'm', x: 'left', y: 0 }] } },
      'workspaces.stream-view[0].x must be a whole number from 0',
    ],
  ])('refuse %s, naming the field', (_label, input, detail) => {
    expect(() => importLayout(input)).toThrow(detail)
  })
})
