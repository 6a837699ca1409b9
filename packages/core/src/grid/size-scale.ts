/** The widget size scale in grid columns (spec §9). */
export const SIZE = { MIN: 1, XS: 2, S: 4, M: 6, L: 8, XL: 10, MAX: 12 } as const

/** A name on the size scale. */
export type SizeName = keyof typeof SIZE

/** Grid constants of spec §9. */
export const GRID = {
  /** Columns in free layout. */
  columns: 12,
  /** Cell height in px. */
  cellHeight: 70,
  /** Margin between items in px. */
  margin: 10,
  /** Animation delay in ms. */
  animationDelayMs: 310,
  /** Resize throttle in ms. */
  resizeThrottleMs: 100,
  /** Pointer travel before a drag starts, px. */
  dragStartThresholdPx: 3,
  /** Pointer travel before a resize starts, px. */
  resizeStartThresholdPx: 2,
} as const

/** Default size of a widget in free layout: S wide, L tall, at least S high and XS wide (spec §4, §9). */
export const FREE_LAYOUT_DEFAULTS = { w: SIZE.S, h: SIZE.L, minH: SIZE.S, minW: SIZE.XS } as const

/** Snap mode defaults: 2 columns, height 600, widgets 1x1 with no minimum (spec §4, §9). */
export const SNAP_LAYOUT_DEFAULTS = { columns: 2, height: 600, w: 1, h: 1 } as const

/** Width in px of one step of the size key. */
export const SIZE_KEY_DIVISOR = 105

/**
 * The size key of a pixel width: width / 105, rounded to an even number, at least 1 (spec §9).
 *
 * @example sizeKey(420) // 4
 */
export function sizeKey(pixelWidth: number): number {
  if (!Number.isFinite(pixelWidth) || pixelWidth <= 0) return 1
  return Math.max(1, Math.round(pixelWidth / SIZE_KEY_DIVISOR / 2) * 2)
}

/**
 * Clamps a size to `[min, max]` and to the column count (spec §5). Bounds that contradict each other resolve
 * in favour of the column count, then the maximum.
 */
export function clampSize(size: number, bounds: { min?: number; max?: number; columns: number }): number {
  const upper = Math.min(bounds.max ?? bounds.columns, bounds.columns)
  const lower = Math.min(bounds.min ?? 1, upper)
  const whole = Number.isFinite(size) ? Math.round(size) : lower
  return Math.min(Math.max(whole, lower, 1), upper)
}
