import { SIZES, dashboardLayout } from './layouts'
import { SUBJECTS, measure } from './engines'

/** The pure layout work in Node: drag step and full re-layout for each engine and size (median ms). */
export function runInNode() {
  const rows: { engine: string; n: number; drag: number; relayout: number }[] = []
  for (const n of SIZES) {
    const layout = dashboardLayout(n)
    for (const subject of SUBJECTS) {
      rows.push({ engine: subject.name, n, drag: measure(() => subject.drag(layout)), relayout: measure(() => subject.relayout(layout)) })
    }
  }
  return rows
}
