import { describe, expect, it } from 'vitest'
import { defaultGridSettings, emptyWorkspaces } from './grid-model'
import { exportLayout, importLayout, LAYOUT_SCHEMA_VERSION } from './layout-schema'

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
    expect(imported.workspaces['mission-review']).toEqual([{ id: 'm', type: 'MissionReviewInformation', name: 'Review', w: 1, h: 1, x: undefined, y: undefined }])
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
    ['an unknown widget type', { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: 'Radar', name: 'r' }] } }, 'unknown type "Radar"'],
    ['a negative position', { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: 'Map', name: 'm', x: -1 }] } }, 'x must be a whole number from 0'],
    ['a zero size', { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: 'Map', name: 'm', w: 0 }] } }, 'w must be a whole number from 1'],
    ['a flag that is not boolean', { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: 'Map', name: 'm', isMinimised: 'yes' }] } }, 'isMinimised must be true or false'],
    ['a duplicate id', { schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'x', type: 'Map', name: 'm' }, { id: 'x', type: 'Map', name: 'n' }] } }, 'the id "x" twice'],
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
    const imported = importLayout({ schemaVersion: 2, workspaces: { 'stream-view': [{ id: 'a', type: 'Map', name: 'm', maxW: null, data: { id: 's' }, extra: 1 }] } })
    expect(imported.workspaces['stream-view'][0]).toEqual({ id: 'a', type: 'Map', name: 'm', data: { id: 's' }, w: 1, h: 1, x: undefined, y: undefined })
  })
})
