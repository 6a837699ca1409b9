import { describe, expect, it } from 'vitest'
import { defaultGridSettings, type GridSettings, type GridWidget } from './grid-model'
import {
  addWidget,
  clampWidget,
  columnsOf,
  minimiseWidget,
  removeWidget,
  restoreWidget,
  setSnapToGrid,
  toggleFullscreen,
  toggleWidget,
} from './workspace-rules'

const free: GridSettings = { ...defaultGridSettings, snapToGrid: false }
const snap: GridSettings = { ...defaultGridSettings, snapToGrid: true, snapToGridColumns: 2 }
const w = (id: string, extra: Partial<GridWidget> = {}): GridWidget => ({ id, type: 'Video', name: id, ...extra })
const ids = (items: GridWidget[]) => items.map((i) => i.id)

describe('adding (spec §4)', () => {
  it('auto-positions, not fullscreen, not minimised, at S wide and L tall with S/XS minimums in free layout', () => {
    const [added] = addWidget([], { ...w('a'), isFullscreen: true, isMinimised: true, x: 5, y: 5 }, free)
    expect(added).toMatchObject({ autoPosition: true, isFullscreen: false, isMinimised: false, w: 4, h: 8, minW: 2, minH: 4 })
    expect(added!.x).toBeUndefined()
  })
  it('is 1x1 with no minimum in snap mode, placed in order', () => {
    const items = addWidget(addWidget([], w('a'), snap), w('b'), snap)
    expect(items.map(({ x, y, w: width, h, minW, minH }) => ({ x, y, w: width, h, minW, minH }))).toEqual([
      { x: 0, y: 0, w: 1, h: 1, minW: undefined, minH: undefined },
      { x: 1, y: 0, w: 1, h: 1, minW: undefined, minH: undefined },
    ])
  })
  it('ignores an id that exists', () => {
    const items = addWidget([], w('a', { name: 'first' }), free)
    const again = addWidget(items, w('a', { name: 'second' }), free)
    expect(again).toHaveLength(1)
    expect(again[0]!.name).toBe('first')
  })
  it("refuses a widget without an id: 'widget does not have an id'", () => {
    expect(() => addWidget([], { id: '', type: 'Map', name: 'map' }, free)).toThrow('widget does not have an id')
    expect(() => toggleWidget([], { type: 'Map', name: 'map' } as never, free)).toThrow('widget does not have an id')
  })
})

describe('toggling (spec §4)', () => {
  it('adds a widget that is not there and removes one that is', () => {
    const once = toggleWidget([], w('a'), free)
    expect(ids(once)).toEqual(['a'])
    expect(toggleWidget(once, w('a'), free)).toEqual([])
  })
  it('never changes its input', () => {
    const items = Object.freeze([w('a')]) as GridWidget[]
    expect(() => toggleWidget(items, w('b'), free)).not.toThrow()
    expect(() => minimiseWidget(items, 'a', snap)).not.toThrow()
  })
})

describe('fullscreen and minimise (spec §4)', () => {
  it('fullscreen clears minimised', () => {
    const [item] = toggleFullscreen([w('a', { isMinimised: true })], 'a')
    expect(item).toMatchObject({ isFullscreen: true, isMinimised: false })
    expect(toggleFullscreen([item!], 'a')[0]).toMatchObject({ isFullscreen: false })
  })
  it('minimising clears fullscreen and keeps the order in free layout', () => {
    const items = minimiseWidget([w('a', { isFullscreen: true }), w('b')], 'a', free)
    expect(ids(items)).toEqual(['a', 'b'])
    expect(items[0]).toMatchObject({ isMinimised: true, isFullscreen: false })
  })
  it('minimising in snap mode moves the widget to the end and lays out again', () => {
    const start = ['a', 'b', 'c'].reduce<GridWidget[]>((list, id) => addWidget(list, w(id), snap), [])
    const items = minimiseWidget(start, 'a', snap)
    expect(ids(items)).toEqual(['b', 'c', 'a'])
    expect(items.map((i) => [i.x, i.y])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
    ])
  })
  it('restoring clears minimised and, in snap mode, goes before the first minimised widget', () => {
    let items = ['a', 'b', 'c', 'd'].reduce<GridWidget[]>((list, id) => addWidget(list, w(id), snap), [])
    items = minimiseWidget(items, 'a', snap)
    items = minimiseWidget(items, 'b', snap)
    expect(ids(items)).toEqual(['c', 'd', 'a', 'b'])
    items = restoreWidget(items, 'b', snap)
    expect(ids(items)).toEqual(['c', 'd', 'b', 'a'])
    expect(items.find((i) => i.id === 'b')!.isMinimised).toBe(false)
    expect(items.map((i) => [i.x, i.y])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ])
  })
  it('restoring in free layout only clears minimised', () => {
    const items = restoreWidget([w('a', { isMinimised: true, x: 3, y: 2 }), w('b')], 'a', free)
    expect(items[0]).toMatchObject({ id: 'a', isMinimised: false, x: 3, y: 2 })
  })
  it('ignores unknown ids', () => {
    expect(minimiseWidget([w('a')], 'zz', snap)).toEqual([w('a')])
    expect(restoreWidget([w('a')], 'zz', snap)).toEqual([w('a')])
  })
})

describe('snap-to-grid toggle (spec §4)', () => {
  it('on: snap layout of the configured columns, 1x1, no minimum, resizing off, minimised last', () => {
    const items = setSnapToGrid([w('a', { isMinimised: true, w: 6, minW: 2 }), w('b', { w: 4 }), w('c')], true, { ...snap, snapToGridColumns: 3 })
    expect(ids(items)).toEqual(['b', 'c', 'a'])
    expect(items.every((i) => i.w === 1 && i.h === 1 && i.minW === undefined && i.noResize === true)).toBe(true)
    expect(items.map((i) => [i.x, i.y])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ])
  })
  it('off: free 12-column layout with default sizes and minimums, resizing on, minimised last', () => {
    const items = setSnapToGrid([w('a', { isMinimised: true }), w('b', { noResize: true })], false, snap)
    expect(ids(items)).toEqual(['b', 'a'])
    expect(items[0]).toMatchObject({ w: 4, h: 8, minW: 2, minH: 4, noResize: false, autoPosition: true })
  })
  it('uses 12 columns in free layout and the configured count in snap mode', () => {
    expect(columnsOf(free)).toBe(12)
    expect(columnsOf({ ...snap, snapToGridColumns: 3 })).toBe(3)
  })
})

describe('clamping (spec §5)', () => {
  it.each<[Partial<GridWidget>, number, Partial<GridWidget>]>([
    [{ w: 20, h: 3 }, 12, { w: 12 }],
    [{ w: 1, minW: 2, h: 1, minH: 4 }, 12, { w: 2, h: 4 }],
    [{ w: 9, maxW: 6, h: 9, maxH: 5 }, 12, { w: 6, h: 5 }],
    [{ w: 4, x: 10 }, 12, { x: 8 }],
    [{ w: 3 }, 2, { w: 2 }],
  ])('%j in %d columns', (widget, columns, expected) => {
    expect(clampWidget(w('a', widget), columns)).toMatchObject(expected)
  })
})

describe('removing', () => {
  it('relays out in snap mode', () => {
    const items = removeWidget(
      ['a', 'b', 'c'].reduce<GridWidget[]>((list, id) => addWidget(list, w(id), snap), []),
      'a',
      snap,
    )
    expect(items.map((i) => [i.id, i.x, i.y])).toEqual([
      ['b', 0, 0],
      ['c', 1, 0],
    ])
  })
})
