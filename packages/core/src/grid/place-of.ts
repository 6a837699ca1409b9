import type { GridPlace } from './create-grid-engine'
import type { LayoutBox } from './layout-engine'

/**
 * A widget's place with the defaults filled in (a widget without one is at the top left, one cell big). The one
 * place helper: the layout engine, the grid engine and the dashboard all read places through it.
 */
export const placeOf = (item: LayoutBox): GridPlace => ({ id: item.id, x: item.x ?? 0, y: item.y ?? 0, w: item.w ?? 1, h: item.h ?? 1 })
