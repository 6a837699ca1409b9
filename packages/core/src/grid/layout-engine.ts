/**
 * The dashboard's own layout engine: where widgets go when one moves, grows or arrives, with vertical gravity
 * (no gaps above a widget) and no overlaps. Pure and DOM-free; the grid engine only draws what this decides.
 *
 * Items that do not move keep their object identity, so a React tree keyed on them re-renders only what moved.
 */

import type { GridPlace } from './create-grid-engine'
import { placeOf } from './place-of'
import { clampWidget } from './workspace-rules'

/** A widget's box on the grid, in cells. */
export interface LayoutBox {
  id: string
  x?: number
  y?: number
  w?: number
  h?: number
  /** Minimised widgets are not on the grid and take no space. */
  isMinimised?: boolean
  /** Never moved to make way for another widget (spec §3; the user may still move it, as in gridstack). */
  locked?: boolean
  /** Not moved by the user, and so not by the layout either: it stays where it was put (spec §3). */
  noMove?: boolean
}

const overlapsX = (a: GridPlace, b: GridPlace) => a.x < b.x + b.w && b.x < a.x + a.w
const overlaps = (a: GridPlace, b: GridPlace) => overlapsX(a, b) && a.y < b.y + b.h && b.y < a.y + a.h
const onGrid = (item: LayoutBox) => !item.isMinimised
/** A widget the layout never moves: locked (others may not push it) or noMove (it may not move at all). */
const pinned = (item: LayoutBox) => !!(item.locked || item.noMove)

/**
 * Lays boxes out in the given order: each rises until the box above stops it (it never jumps over one), then
 * goes down past anything it still overlaps. Pinned boxes (`fixed[i]`) stay where they are and the others flow
 * around them. Answers the places in the order given. O(n²) in the number of widgets: about 40,000 box tests at
 * 200.
 */
function settle(order: readonly GridPlace[], fixed: readonly boolean[] = []): GridPlace[] {
  const placed: GridPlace[] = order.filter((_, i) => fixed[i])
  const result: GridPlace[] = [...order]
  for (const [i, item] of order.entries()) {
    if (fixed[i]) continue
    let y = 0
    for (const other of placed) if (overlapsX(item, other) && other.y < item.y) y = Math.max(y, other.y + other.h)
    y = Math.min(y, item.y)
    const next = { ...item, y }
    // Pushed down by anything it lands on; each push can uncover another overlap further down.
    for (let moved = true; moved;) {
      moved = false
      for (const other of placed) {
        if (overlaps(next, other)) {
          next.y = other.y + other.h
          moved = true
        }
      }
    }
    placed.push(next)
    result[i] = next
  }
  return result
}

/** Copies the settled places back, reusing every item whose place did not change. */
function apply<T extends LayoutBox>(items: readonly T[], order: readonly T[], places: readonly GridPlace[]): T[] {
  const byId = new Map<string, GridPlace>()
  order.forEach((item, i) => byId.set(item.id, places[i]!))
  return items.map((item) => {
    const place = byId.get(item.id)
    if (!place) return item
    const old = placeOf(item)
    if (item.x !== undefined && item.y !== undefined && old.x === place.x && old.y === place.y && old.w === place.w && old.h === place.h) {
      return item
    }
    return { ...item, x: place.x, y: place.y, w: place.w, h: place.h }
  })
}

const byRowThenColumn = (a: GridPlace, b: GridPlace) => a.y - b.y || a.x - b.x

/**
 * Removes gaps: every widget rises as far as the widgets above it allow, in row order. Widgets without a place
 * yet are put in the first free spot.
 *
 * @example compactLayout([{ id: 'a', x: 0, y: 3, w: 4, h: 2 }], 12) // [{ id: 'a', x: 0, y: 0, w: 4, h: 2 }]
 */
export function compactLayout<T extends LayoutBox>(items: readonly T[], columns: number): T[] {
  const placedItems = items.filter((item) => onGrid(item) && item.x !== undefined && item.y !== undefined)
  const order = placedItems.map((item) => ({ item, place: clampWidget(placeOf(item), columns) }))
  order.sort((a, b) => byRowThenColumn(a.place, b.place))
  const settled = settle(
    order.map((o) => o.place),
    order.map((o) => pinned(o.item)),
  )
  let next = apply(
    items,
    order.map((o) => o.item),
    settled,
  )
  // Newcomers last, each at the first spot where it fits.
  for (const item of items) {
    if (onGrid(item) && (item.x === undefined || item.y === undefined)) next = autoPlace(next, item.id, columns)
  }
  return next
}

/**
 * Moves or resizes one widget. It takes the asked place; widgets it lands on make way (the ones it moves past
 * swap with it); then the layout is compacted. Moving down onto a widget swaps the two once the moving widget's
 * top reaches the other's top.
 *
 * @example moveInLayout(items, 'map', { y: 4 }, 12)
 */
export function moveInLayout<T extends LayoutBox>(
  items: readonly T[],
  id: string,
  to: Partial<Pick<GridPlace, 'x' | 'y' | 'w' | 'h'>>,
  columns: number,
): T[] {
  const moving = items.find((item) => item.id === id)
  if (!moving || !onGrid(moving)) return [...items]
  const from = placeOf(moving)
  // A noMove widget keeps its cell (it may still grow or shrink): only its size is taken from `to`.
  const asked = moving.noMove ? { w: to.w, h: to.h } : to
  const target = clampWidget({ ...from, ...Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined)) }, columns)
  const others = items.filter((item) => item.id !== id && onGrid(item) && item.x !== undefined && item.y !== undefined)
  const order = [
    ...others.map((item) => ({ item, place: clampWidget(placeOf(item), columns), first: false })),
    { item: moving, place: target, first: true },
  ]
  // On a tie in rows, the moving widget goes first when it moves up (it takes the place) and after the other
  // when it moves down (the other rises into the room it left).
  const movingFirst = target.y <= from.y
  order.sort((a, b) => byRowThenColumn(a.place, b.place) || (a.first === b.first ? 0 : a.first === movingFirst ? -1 : 1))
  // Pinned widgets keep their places; the moving one too when it is noMove (a locked one moves where asked).
  const settled = settle(
    order.map((o) => o.place),
    order.map((o) => (o.first ? !!o.item.noMove : pinned(o.item))),
  )
  return apply(
    items,
    order.map((o) => o.item),
    settled,
  )
}

/**
 * Puts a widget without a place at the first spot, row by row, where it fits (how "auto-positioned" widgets
 * arrive, spec §4).
 */
export function autoPlace<T extends LayoutBox>(items: readonly T[], id: string, columns: number): T[] {
  const item = items.find((i) => i.id === id)
  if (!item) return [...items]
  const size = clampWidget({ ...placeOf(item), x: 0, y: 0 }, columns)
  const taken = items.filter((i) => i.id !== id && onGrid(i) && i.x !== undefined && i.y !== undefined).map(placeOf)
  const bottom = taken.reduce((max, t) => Math.max(max, t.y + t.h), 0)
  for (let y = 0; y <= bottom; y++) {
    for (let x = 0; x + size.w <= columns; x++) {
      const candidate = { ...size, x, y }
      if (!taken.some((t) => overlaps(candidate, t))) {
        return items.map((i) => (i.id === id ? { ...i, x, y, w: size.w, h: size.h } : i))
      }
    }
  }
  return items.map((i) => (i.id === id ? { ...i, x: 0, y: bottom, w: size.w, h: size.h } : i))
}
