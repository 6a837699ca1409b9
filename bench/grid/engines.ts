import { GridStackEngine, type GridStackNode } from 'gridstack'
import { moveElement, verticalCompactor, cloneLayout, type LayoutItem } from 'react-grid-layout/core'
import { compactLayout, moveInLayout } from '@honu/core/grid'
import { COLUMNS, dragStep, loosened, type BenchBox } from './layouts'

/** One engine under measurement: each operation gets a fresh copy of the layout, prepared outside the timing. */
export interface Subject {
  name: string
  /** Prepares the input (not timed) and answers the timed work. */
  drag(layout: readonly BenchBox[]): () => unknown
  relayout(layout: readonly BenchBox[]): () => unknown
}

export const honu: Subject = {
  name: 'Honu layout engine (@honu/core/grid)',
  drag(layout) {
    const step = dragStep(layout)
    const items = layout.map((b) => ({ ...b }))
    return () => moveInLayout(items, step.id, { x: step.x, y: step.y }, COLUMNS)
  },
  relayout(layout) {
    const items = loosened(layout)
    return () => compactLayout(items, COLUMNS)
  },
}

function gridstackEngine(boxes: readonly BenchBox[], float: boolean) {
  const engine = new GridStackEngine({ column: COLUMNS, float })
  engine.batchUpdate()
  for (const b of boxes) engine.addNode({ id: b.id, x: b.x, y: b.y, w: b.w, h: b.h } as GridStackNode)
  engine.batchUpdate(false)
  return engine
}

export const gridstack: Subject = {
  name: "gridstack's own engine (GridStackEngine, float off)",
  drag(layout) {
    const step = dragStep(layout)
    const engine = gridstackEngine(layout, false)
    const node = engine.nodes.find((n) => n.id === step.id)!
    return () => engine.moveNode(node, { x: step.x, y: step.y })
  },
  relayout(layout) {
    const engine = gridstackEngine(loosened(layout), true)
    return () => {
      engine.float = false // turning float off packs every node up: gridstack's full re-layout
    }
  },
}

const rglLayout = (boxes: readonly BenchBox[]): LayoutItem[] => boxes.map((b) => ({ i: b.i, x: b.x, y: b.y, w: b.w, h: b.h }))

export const reactGridLayout: Subject = {
  name: "react-grid-layout's layout utilities (moveElement + verticalCompactor)",
  drag(layout) {
    const step = dragStep(layout)
    const items = cloneLayout(rglLayout(layout))
    const item = items.find((l) => l.i === step.id)!
    return () => verticalCompactor.compact(moveElement(items, item, step.x, step.y, true, false, 'vertical', COLUMNS, false), COLUMNS)
  },
  relayout(layout) {
    const items = rglLayout(loosened(layout))
    return () => verticalCompactor.compact(items, COLUMNS)
  },
}

export const SUBJECTS = [honu, gridstack, reactGridLayout]

/**
 * Median of `runs` timings of freshly prepared work, after `warmup` untimed runs. Each timing covers a batch
 * of `batch` prepared copies (divided back), because browsers round performance.now() to 0.1 ms.
 */
export function measure(prepare: () => () => unknown, runs = 31, warmup = 5, batch = 10): number {
  for (let i = 0; i < warmup; i++) prepare()()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const works = Array.from({ length: batch }, prepare)
    const start = performance.now()
    for (const work of works) work()
    times.push((performance.now() - start) / batch)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]!
}
