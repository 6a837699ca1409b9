import { describe, expect, it } from 'vitest'
import { defaultGridSettings, type BandLayouts, type GridWidget, type Workspace } from './grid-model'
import { itemsForBand, nearestLayoutBand } from './band-layouts'
import { createMemoryStorage } from '../platform/storage-adapter'
import { createWorkspaceActions } from './create-workspace-actions'
import { createGridStore } from './grid-store'
import type { StorageAdapter } from '../platform/storage-adapter'

/** A grid store as a reload makes it: reading back what the session storage holds (the console client does at sign-in). */
const reloaded = async (session: StorageAdapter) => {
  const grid = createGridStore(session)
  await grid.restore()
  return grid
}

const widget = (id: string, place: Partial<GridWidget> = {}): GridWidget => ({ id, type: 'Video', name: id, ...place })
const places = (items: readonly GridWidget[]) => items.map(({ id, x, y, w, h }) => ({ id, x, y, w, h }))

/** Three widgets side by side, four columns each: how a 1920 px grid holds three cameras. */
const wide = [
  { id: 'a', x: 0, y: 0, w: 4, h: 4 },
  { id: 'b', x: 4, y: 0, w: 4, h: 4 },
  { id: 'c', x: 8, y: 0, w: 4, h: 4 },
]
const workspace = (layouts: BandLayouts | undefined, items = wide.map((p) => widget(p.id, p))): Workspace => ({
  id: 'stream-view',
  items,
  band: 'xl',
  layouts,
})

describe('nearestLayoutBand', () => {
  it('answers the band itself when it owns a layout', () => {
    expect(nearestLayoutBand({ md: [], xl: [] }, 'md')).toBe('md')
  })
  it('answers the nearest band that owns one, the wider one on a tie', () => {
    expect(nearestLayoutBand({ xl: [] }, 'xs')).toBe('xl')
    expect(nearestLayoutBand({ xs: [], xl: [] }, 'sm')).toBe('xs')
    expect(nearestLayoutBand({ sm: [], lg: [] }, 'md')).toBe('lg')
  })
  it('answers nothing when no band owns a layout', () => {
    expect(nearestLayoutBand(undefined, 'md')).toBeUndefined()
    expect(nearestLayoutBand({}, 'md')).toBeUndefined()
  })
})

describe('itemsForBand', () => {
  it("draws a band's own layout", () => {
    const md = [
      { id: 'a', x: 0, y: 0, w: 12, h: 4 },
      { id: 'b', x: 0, y: 4, w: 6, h: 4 },
      { id: 'c', x: 6, y: 4, w: 6, h: 4 },
    ]
    expect(places(itemsForBand(workspace({ xl: wide, md }), 'md', defaultGridSettings))).toEqual(md)
  })

  it('keeps the items (and their objects) when nothing was arranged yet', () => {
    const ws = workspace(undefined)
    expect(itemsForBand(ws, 'sm', defaultGridSettings)).toBe(ws.items)
  })

  it('derives a narrower band from the nearest wider one: widgets keep about their width in px and flow in reading order', () => {
    // 4 of 12 columns at 1920 px is about 8 at 1024 px (4 × 1920 / 1024 = 7.5, rounded): one widget a row.
    expect(places(itemsForBand(workspace({ xl: wide }), 'md', defaultGridSettings))).toEqual([
      { id: 'a', x: 0, y: 0, w: 8, h: 4 },
      { id: 'b', x: 0, y: 4, w: 8, h: 4 },
      { id: 'c', x: 0, y: 8, w: 8, h: 4 },
    ])
    // 1920 → 1440: 4 × 1920 / 1440 = 5.33, so 5 columns: two fit a row, the third goes below.
    expect(places(itemsForBand(workspace({ xl: wide }), 'lg', defaultGridSettings))).toEqual([
      { id: 'a', x: 0, y: 0, w: 5, h: 4 },
      { id: 'b', x: 5, y: 0, w: 5, h: 4 },
      { id: 'c', x: 0, y: 4, w: 5, h: 4 },
    ])
  })

  it('stacks every widget at the whole width under 600 px, in the reading order of the nearest layout', () => {
    const lg = [
      { id: 'c', x: 0, y: 0, w: 6, h: 3 },
      { id: 'a', x: 6, y: 0, w: 6, h: 5 },
      { id: 'b', x: 0, y: 3, w: 6, h: 2 },
    ]
    expect(places(itemsForBand(workspace({ lg }), 'xs', defaultGridSettings))).toEqual([
      { id: 'a', x: 0, y: 3, w: 12, h: 5 },
      { id: 'b', x: 0, y: 8, w: 12, h: 2 },
      { id: 'c', x: 0, y: 0, w: 12, h: 3 },
    ])
  })

  it('derives a wider band by taking the nearest layout as it is (nothing gets squeezed by growing)', () => {
    const sm = [
      { id: 'a', x: 0, y: 0, w: 12, h: 4 },
      { id: 'b', x: 0, y: 4, w: 6, h: 4 },
      { id: 'c', x: 6, y: 4, w: 6, h: 4 },
    ]
    expect(places(itemsForBand(workspace({ sm }), 'xl', defaultGridSettings))).toEqual(sm)
  })

  it('places widgets the layout does not know yet at the first free spot, and closes the gaps of ones removed since', () => {
    const items = [widget('a', wide[0]), widget('b', wide[1]), widget('new', { w: 4, h: 4 })]
    const md = [
      { id: 'gone', x: 0, y: 0, w: 12, h: 2 },
      { id: 'a', x: 0, y: 2, w: 6, h: 4 },
      { id: 'b', x: 6, y: 2, w: 6, h: 4 },
    ]
    expect(places(itemsForBand(workspace({ md }, items), 'md', defaultGridSettings))).toEqual([
      { id: 'a', x: 0, y: 0, w: 6, h: 4 },
      { id: 'b', x: 6, y: 0, w: 6, h: 4 },
      { id: 'new', x: 0, y: 4, w: 4, h: 4 },
    ])
  })

  it("clamps a band's places to the widget's own bounds", () => {
    const items = [widget('a', { ...wide[0], maxW: 6 })]
    expect(places(itemsForBand(workspace({ xl: [{ id: 'a', x: 0, y: 0, w: 4, h: 4 }] }, items), 'xs', defaultGridSettings))).toEqual([
      { id: 'a', x: 0, y: 0, w: 6, h: 4 },
    ])
  })

  it('leaves minimised widgets off the grid, where they were', () => {
    const items = [widget('a', wide[0]), widget('m', { x: 4, y: 0, w: 4, h: 4, isMinimised: true })]
    const derived = itemsForBand(workspace({ xl: [wide[0]!, { id: 'm', x: 4, y: 0, w: 4, h: 4 }] }, items), 'xs', defaultGridSettings)
    expect(derived[1]).toBe(items[1])
  })

  it('changes nothing in snap mode, which places widgets by their order alone', () => {
    const ws = workspace({ md: [{ id: 'a', x: 0, y: 9, w: 12, h: 1 }] })
    expect(itemsForBand(ws, 'md', { ...defaultGridSettings, snapToGrid: true })).toBe(ws.items)
  })
})

describe('one layout per band, in a console grid store', () => {
  const setup = () => {
    const session = createMemoryStorage()
    const grid = createGridStore(session)
    const actions = createWorkspaceActions(grid)
    const at = () => places(grid.getState().workspaces['stream-view'].items)
    const layouts = () => grid.getState().workspaces['stream-view'].layouts
    return { session, grid, actions, at, layouts }
  }
  /** Three cameras arranged at 1920 px: a and b side by side, c under them. */
  const arrangeAtXl = ({ actions }: ReturnType<typeof setup>) => {
    actions.showBand('stream-view', 'xl')
    for (const id of ['a', 'b', 'c']) actions.add('stream-view', { id, type: 'Video', name: id })
    actions.place('stream-view', 'a', { x: 0, y: 0, w: 6, h: 4 })
    actions.place('stream-view', 'b', { x: 6, y: 0, w: 6, h: 4 })
    actions.place('stream-view', 'c', { x: 0, y: 4, w: 12, h: 4 })
  }
  const xlLayout = [
    { id: 'a', x: 0, y: 0, w: 6, h: 4 },
    { id: 'b', x: 6, y: 0, w: 6, h: 4 },
    { id: 'c', x: 0, y: 4, w: 12, h: 4 },
  ]

  it('keeps the first layout as the layout of the band it was made in', () => {
    const s = setup()
    s.actions.showBand('stream-view', 'lg')
    s.actions.add('stream-view', { id: 'a', type: 'Video', name: 'a' })
    expect(Object.keys(s.layouts()!)).toEqual(['lg'])
    expect(s.layouts()!.lg).toEqual(places(s.grid.getState().workspaces['stream-view'].items))
  })

  it('derives a band without a layout and saves it only once the user moves something there', () => {
    const s = setup()
    arrangeAtXl(s)
    s.actions.showBand('stream-view', 'md')
    const derived = s.at()
    expect(derived).not.toEqual(xlLayout)
    expect(s.layouts()!.md).toBeUndefined()
    // Adding a widget there is not arranging: the band still derives its layout.
    s.actions.add('stream-view', { id: 'd', type: 'Map', name: 'd' })
    expect(s.layouts()!.md).toBeUndefined()
    s.actions.nudge('stream-view', 'c', 0, -1)
    expect(s.layouts()!.md).toEqual(s.at())
    // Back at 1920 px: as arranged there, the newcomer at the first free spot.
    s.actions.showBand('stream-view', 'xl')
    expect(s.at().filter((p) => p.id !== 'd')).toEqual(xlLayout)
    expect(s.at().find((p) => p.id === 'd')).toMatchObject({ x: 0, y: 8 })
  })

  it('keeps each band as the user arranged it, through band changes and a reload', async () => {
    const s = setup()
    arrangeAtXl(s)
    s.actions.showBand('stream-view', 'md')
    s.actions.place('stream-view', 'b', { x: 0, y: 0, w: 12, h: 3 })
    const md = s.at()
    s.actions.showBand('stream-view', 'xl')
    expect(s.at()).toEqual(xlLayout)
    const reloadedGrid = await reloaded(s.session)
    expect(reloadedGrid.getState().workspaces['stream-view']).toMatchObject({ band: 'xl', layouts: { xl: xlLayout, md } })
    createWorkspaceActions(reloadedGrid).showBand('stream-view', 'md')
    expect(places(reloadedGrid.getState().workspaces['stream-view'].items)).toEqual(md)
  })

  it('saves no band layout in snap mode, where order alone places the widgets, and keeps the band through a reset', () => {
    const s = setup()
    s.grid.getState().setSettings({ snapToGrid: true })
    s.actions.showBand('stream-view', 'lg')
    s.actions.add('stream-view', { id: 'a', type: 'Video', name: 'a' })
    s.actions.nudge('stream-view', 'a', 1, 0)
    expect(s.layouts()).toBeUndefined()
    const items = s.grid.getState().workspaces['stream-view'].items
    s.actions.showBand('stream-view', 'xs')
    expect(s.grid.getState().workspaces['stream-view'].items).toBe(items)
    s.grid.getState().resetWorkspaces()
    expect(s.grid.getState().workspaces['stream-view']).toEqual({ id: 'stream-view', items: [], band: 'xs' })
  })

  it('forgets removed widgets in every band', () => {
    const s = setup()
    arrangeAtXl(s)
    s.actions.showBand('stream-view', 'md')
    s.actions.nudge('stream-view', 'c', 0, -1)
    s.actions.remove('stream-view', 'b')
    expect(s.layouts()!.xl!.map((p) => p.id)).toEqual(['a', 'c'])
    expect(
      s
        .layouts()!
        .md!.map((p) => p.id)
        .sort(),
    ).toEqual(['a', 'c'])
  })

  it('exports every band and imports them into a fresh console, each band as arranged', () => {
    const s = setup()
    arrangeAtXl(s)
    s.actions.showBand('stream-view', 'md')
    s.actions.place('stream-view', 'c', { x: 0, y: 0, w: 12, h: 2 })
    const md = s.at()
    const document = JSON.parse(JSON.stringify(s.actions.exportLayout()))
    expect(document.layouts['stream-view']).toEqual({ md, xl: xlLayout })

    const fresh = setup()
    fresh.actions.showBand('stream-view', 'xl')
    fresh.actions.importLayout(JSON.stringify(document))
    expect(fresh.at()).toEqual(xlLayout)
    fresh.actions.showBand('stream-view', 'md')
    expect(fresh.at()).toEqual(md)
    // Round trip: what the fresh console exports is what it imported.
    expect(fresh.actions.exportLayout()).toEqual(document)
  })

  it('derives from the imported layouts a band the document has none for', () => {
    const s = setup()
    arrangeAtXl(s)
    const document = s.actions.exportLayout()
    const fresh = setup()
    fresh.actions.showBand('stream-view', 'md')
    fresh.actions.importLayout(document)
    const imported = { id: 'stream-view' as const, items: document.workspaces['stream-view'], layouts: document.layouts['stream-view'] }
    expect(fresh.at()).toEqual(places(itemsForBand(imported, 'md', defaultGridSettings)))
    expect(fresh.at()).not.toEqual(xlLayout)
    expect(fresh.layouts()!.md).toBeUndefined()
  })
})
