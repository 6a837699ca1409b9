import type { GridPlace } from './create-grid-engine'
import type { GridWidget } from './grid-model'

/** A widget's place with the defaults filled in (a widget without one is at the top left, one cell big). */
export const placeOf = (item: GridWidget): GridPlace => ({ id: item.id, x: item.x ?? 0, y: item.y ?? 0, w: item.w ?? 1, h: item.h ?? 1 })
