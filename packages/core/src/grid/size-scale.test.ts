import { describe, expect, it } from 'vitest'
import { FREE_LAYOUT_DEFAULTS, GRID, SIZE, SNAP_LAYOUT_DEFAULTS, clampSize, sizeKey } from './size-scale'

describe('§9 constants', () => {
  it('has the size scale', () => {
    expect(SIZE).toEqual({ MIN: 1, XS: 2, S: 4, M: 6, L: 8, XL: 10, MAX: 12 })
  })
  it('has the grid figures', () => {
    expect(GRID).toEqual({
      columns: 12,
      cellHeight: 70,
      margin: 10,
      animationDelayMs: 310,
      resizeThrottleMs: 100,
      dragStartThresholdPx: 3,
      resizeStartThresholdPx: 2,
    })
    expect(FREE_LAYOUT_DEFAULTS).toEqual({ w: 4, h: 8, minH: 4, minW: 2 })
    expect(SNAP_LAYOUT_DEFAULTS).toEqual({ columns: 2, height: 600, w: 1, h: 1 })
  })
})

describe('sizeKey (§9: pixel width / 105 rounded to an even number, at least 1)', () => {
  it.each([
    [0, 1],
    [50, 1],
    [104, 1],
    [105, 2], // exactly 1: a tie between 0 and 2 rounds up
    [210, 2],
    [315, 4],
    [420, 4],
    [500, 4],
    [630, 6],
    [1260, 12],
    [-10, 1],
    [Number.NaN, 1],
  ])('%d px → %d', (px, key) => {
    expect(sizeKey(px)).toBe(key)
  })
  it('is even whenever it is above 1', () => {
    for (let px = 0; px < 3000; px += 7) {
      const key = sizeKey(px)
      expect(key === 1 || key % 2 === 0).toBe(true)
    }
  })
})

describe('clampSize (§5: clamped to the column count and the min/max bounds)', () => {
  it.each([
    [20, { columns: 12 }, 12],
    [0, { columns: 12 }, 1],
    [3, { columns: 12, min: 4 }, 4],
    [9, { columns: 12, max: 8 }, 8],
    [9, { columns: 6, max: 8 }, 6],
    [5, { columns: 2, min: 4 }, 2],
    [2.6, { columns: 12 }, 3],
  ])('%d with %j → %d', (size, bounds, expected) => {
    expect(clampSize(size, bounds)).toBe(expected)
  })
})
