import { compactLayout, type LayoutBox } from '@honu/core/grid'

/** One widget box, in the shape all three engines read (`i` is react-grid-layout's id field). */
export interface BenchBox {
  id: string
  i: string
  x: number
  y: number
  w: number
  h: number
}

export const COLUMNS = 12
export const SIZES = [20, 50, 200] as const

/** A small seeded generator, so every engine and every run gets the same layouts. */
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/**
 * A dashboard of `n` widgets of mixed sizes (3, 4 or 6 columns wide; 2 to 4 rows tall), packed with gravity: what
 * a user builds by adding widgets one after another.
 */
export function dashboardLayout(n: number): BenchBox[] {
  const next = random(n)
  const loose = Array.from({ length: n }, (_, k) => ({
    id: `w${k}`,
    w: [3, 4, 6][Math.floor(next() * 3)]!,
    h: 2 + Math.floor(next() * 3),
  }))
  const packed: LayoutBox[] = compactLayout<LayoutBox>(loose, COLUMNS)
  return packed.map((b) => ({ id: b.id, i: b.id, x: b.x!, y: b.y!, w: b.w!, h: b.h! }))
}

/** The same widgets with gaps between the rows: what a full re-layout has to close. */
export const loosened = (layout: readonly BenchBox[]): BenchBox[] => layout.map((b) => ({ ...b, y: b.y * 2 + 1 }))

/**
 * The drag step measured: the top-left widget dragged one column right and one row down, onto its neighbour
 * (a step where every engine has to push widgets aside; straight down, gravity often makes it no move at all).
 */
export function dragStep(layout: readonly BenchBox[]): { id: string; x: number; y: number } {
  const first = layout.find((b) => b.x === 0 && b.y === 0)!
  return { id: first.id, x: 1, y: 1 }
}
