import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { autoPlace, compactLayout, moveInLayout, type LayoutBox } from './layout-engine'

type Box = Required<Pick<LayoutBox, 'id' | 'x' | 'y' | 'w' | 'h'>> & { isMinimised?: boolean }
const at = (items: readonly LayoutBox[], id: string) => {
  const { x, y, w, h } = items.find((i) => i.id === id)!
  return { x, y, w, h }
}
function overlapping(items: readonly LayoutBox[]) {
  const boxes = items.filter((i) => !i.isMinimised) as Box[]
  const pairs: string[] = []
  for (const a of boxes) {
    for (const b of boxes) {
      if (a.id < b.id && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) pairs.push(`${a.id}/${b.id}`)
    }
  }
  return pairs
}

const column = (): Box[] => [
  { id: 'a', x: 0, y: 0, w: 4, h: 2 },
  { id: 'b', x: 0, y: 2, w: 4, h: 2 },
  { id: 'c', x: 4, y: 0, w: 4, h: 3 },
]

describe('compactLayout', () => {
  it('lifts every widget as far as the widgets above allow, never over one', () => {
    const items = [
      { id: 'a', x: 0, y: 5, w: 4, h: 2 },
      { id: 'b', x: 0, y: 9, w: 4, h: 2 },
      { id: 'c', x: 2, y: 1, w: 6, h: 1 },
    ]
    const next = compactLayout(items, 12)
    expect(at(next, 'c')).toEqual({ x: 2, y: 0, w: 6, h: 1 })
    expect(at(next, 'a')).toEqual({ x: 0, y: 1, w: 4, h: 2 })
    expect(at(next, 'b')).toEqual({ x: 0, y: 3, w: 4, h: 2 })
  })

  it('keeps the objects of widgets that did not move', () => {
    const items = column()
    const next = compactLayout(items, 12)
    expect(next).toEqual(items)
    next.forEach((item, i) => expect(item).toBe(items[i]))
  })

  it('gives widgets without a place the first free spot, and leaves minimised ones off the grid', () => {
    const items: LayoutBox[] = [...column(), { id: 'new', w: 4, h: 1 }, { id: 'min', x: 0, y: 0, w: 12, h: 9, isMinimised: true }]
    const next = compactLayout(items, 12)
    expect(at(next, 'new')).toEqual({ x: 8, y: 0, w: 4, h: 1 })
    expect(next.find((i) => i.id === 'min')).toBe(items[4])
  })
})

describe('moveInLayout', () => {
  it('moving down onto a widget swaps them once the tops meet, not before', () => {
    expect(moveInLayout(column(), 'a', { y: 1 }, 12)).toEqual(column())
    const swapped = moveInLayout(column(), 'a', { y: 2 }, 12)
    expect(at(swapped, 'b')).toMatchObject({ y: 0 })
    expect(at(swapped, 'a')).toMatchObject({ y: 2 })
  })

  it('moving up takes the place and pushes the other down', () => {
    const next = moveInLayout(column(), 'b', { y: 0 }, 12)
    expect(at(next, 'b')).toMatchObject({ y: 0 })
    expect(at(next, 'a')).toMatchObject({ y: 2 })
  })

  it('moving sideways onto a widget pushes it below; the rest keep their objects', () => {
    const items = column()
    const next = moveInLayout(items, 'a', { x: 4 }, 12)
    expect(at(next, 'a')).toEqual({ x: 4, y: 0, w: 4, h: 2 })
    expect(at(next, 'c')).toEqual({ x: 4, y: 2, w: 4, h: 3 })
    expect(at(next, 'b')).toEqual({ x: 0, y: 0, w: 4, h: 2 })
  })

  it('clamps to the columns', () => {
    expect(at(moveInLayout(column(), 'a', { x: 11, w: 20 }, 12), 'a')).toEqual({ x: 0, y: 0, w: 12, h: 2 })
  })

  it('a resize pushes what it now covers', () => {
    const next = moveInLayout(column(), 'a', { w: 8 }, 12)
    expect(at(next, 'a')).toEqual({ x: 0, y: 0, w: 8, h: 2 })
    expect(overlapping(next)).toEqual([])
  })

  const layouts = fc
    .array(fc.record({ x: fc.nat(11), y: fc.nat(20), w: fc.integer({ min: 1, max: 6 }), h: fc.integer({ min: 1, max: 4 }) }), {
      minLength: 1,
      maxLength: 30,
    })
    .map((boxes) =>
      compactLayout(
        boxes.map((b, i) => ({ ...b, id: `w${i}` })),
        12,
      ),
    )

  it('never leaves overlaps or widgets outside the columns, and the moved widget gets its columns and size', () => {
    fc.assert(
      fc.property(layouts, fc.nat(29), fc.nat(11), fc.nat(25), fc.integer({ min: 1, max: 6 }), (items, pick, x, y, w) => {
        const id = items[pick % items.length]!.id
        const next = moveInLayout(items, id, { x, y, w }, 12)
        expect(overlapping(next)).toEqual([])
        for (const item of next as Box[]) expect(item.x + item.w).toBeLessThanOrEqual(12)
        expect(at(next, id)).toMatchObject({ w, x: Math.min(x, 12 - w) })
        expect(next.map((i) => i.id)).toEqual(items.map((i) => i.id))
      }),
    )
  })

  it('compacting a compacted layout changes nothing', () => {
    fc.assert(
      fc.property(layouts, (items) => {
        expect(overlapping(items)).toEqual([])
        const again = compactLayout(items, 12)
        again.forEach((item, i) => expect(item).toBe(items[i]))
      }),
    )
  })
})

describe('locked and noMove widgets (spec §3)', () => {
  it('a locked widget is never pushed: the moving widget goes past it, others flow around it', () => {
    const items: LayoutBox[] = [...column().map((b) => (b.id === 'b' ? { ...b, locked: true } : b))]
    const next = moveInLayout(items, 'a', { y: 2 }, 12)
    expect(at(next, 'b')).toEqual({ x: 0, y: 2, w: 4, h: 2 })
    expect(overlapping(next)).toEqual([])
    expect(next.find((i) => i.id === 'b')).toBe(items[1])
    // Moving up onto it: the mover lands below, the locked one stays.
    const c = moveInLayout(items, 'c', { x: 0, y: 2 }, 12)
    expect(at(c, 'b')).toEqual({ x: 0, y: 2, w: 4, h: 2 })
    expect(overlapping(c)).toEqual([])
  })

  it('a noMove widget cannot be moved or pushed, and gravity leaves it where it is', () => {
    const items: LayoutBox[] = [
      { id: 'a', x: 0, y: 0, w: 4, h: 2 },
      { id: 'pin', x: 0, y: 5, w: 4, h: 2, noMove: true },
    ]
    expect(moveInLayout(items, 'pin', { y: 0 }, 12)).toEqual(items)
    expect(at(moveInLayout(items, 'pin', { x: 3, y: 0, w: 6 }, 12), 'pin')).toEqual({ x: 0, y: 5, w: 6, h: 2 })
    expect(at(compactLayout(items, 12), 'pin')).toEqual({ x: 0, y: 5, w: 4, h: 2 })
    const pushed = moveInLayout(items, 'a', { y: 4, h: 3 }, 12)
    expect(at(pushed, 'pin')).toEqual({ x: 0, y: 5, w: 4, h: 2 })
    expect(overlapping(pushed)).toEqual([])
  })

  it('never leaves overlaps around pinned widgets, whatever moves', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ x: fc.nat(11), y: fc.nat(20), w: fc.integer({ min: 1, max: 6 }), h: fc.integer({ min: 1, max: 4 }), pin: fc.boolean() }),
          {
            minLength: 2,
            maxLength: 20,
          },
        ),
        fc.nat(19),
        fc.nat(11),
        fc.nat(25),
        (boxes, pick, x, y) => {
          // Pinned widgets come from a layout without overlaps, as a saved layout would.
          const items = compactLayout(
            boxes.map(({ pin, ...b }, i) => ({ ...b, id: `w${i}`, pin })),
            12,
          ).map(({ pin, ...b }) => ({ ...b, locked: pin }))
          const id = items[pick % items.length]!.id
          const next = moveInLayout(items, id, { x, y }, 12)
          expect(overlapping(next)).toEqual([])
          for (const item of items) if (item.locked && item.id !== id) expect(at(next, item.id)).toEqual(at(items, item.id))
        },
      ),
    )
  })
})

describe('autoPlace', () => {
  it('takes the first spot, row by row, where the widget fits', () => {
    const items: LayoutBox[] = [...column(), { id: 'n', w: 8, h: 1 }]
    expect(at(autoPlace(items, 'n', 12), 'n')).toEqual({ x: 4, y: 3, w: 8, h: 1 })
    const narrow: LayoutBox[] = [...column(), { id: 'n', w: 2, h: 1 }]
    expect(at(autoPlace(narrow, 'n', 12), 'n')).toEqual({ x: 8, y: 0, w: 2, h: 1 })
  })
})
