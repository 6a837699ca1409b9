import { describe, expect, it } from 'vitest'
import { FREE_LAYOUT_DEFAULTS, GRID, SIZE, SNAP_LAYOUT_DEFAULTS, clampSize, sizeKey } from '../grid/constants'
import { REMOTE_CONFIG } from './remote-config'
import * as timing from './timing'

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
  it('has the timings', () => {
    expect(timing.TOKEN_REFRESH_INTERVAL_MS).toBe(3_000_000)
    expect(timing.PERIODIC_TASK_INTERVAL_MS).toBe(840_000)
    expect(timing.RESOURCE_REFRESH_FLAG_MS).toBe(300)
    expect(timing.TOAST_TIMEOUT_MS).toBe(5000)
    expect(timing.STARTUP_TOAST_TIMEOUT_MS).toBe(1500)
    expect(timing.STARTUP_TOAST_POSITION).toBe('bottom-right')
    expect(timing.STREAM_SPLITTER_DEFAULT).toBe(25)
    expect(timing.STREAM_SIDEBAR_OPEN_DEFAULT).toBe(true)
    expect(timing.DARK_MODE_DEFAULT).toBe(true)
    expect(timing.TEXTAREA_ROWS_DEFAULT).toBe(6)
    expect(timing.BREAKPOINTS).toEqual({ sm: 600, md: 1024, lg: 1440, xl: 1920 })
    expect(timing.AUTH_POPUP).toEqual({ width: 500, height: 600, closedAfterMs: 8000 })
    expect(timing.TOKEN_SYNC_MAX_AGE_MS).toBe(300_000)
    expect(timing.LOCAL_STORE_POLL_MS).toBe(800)
  })
  it('has the remote configuration settings', () => {
    expect(REMOTE_CONFIG.fetchTimeoutMillis).toBe(60_000)
    expect(REMOTE_CONFIG.minimumFetchIntervalMillis).toBe(43_200_000)
    expect(REMOTE_CONFIG.maxCustomSignals).toBe(100)
    expect(REMOTE_CONFIG.retryStatuses).toEqual([429, 500, 503, 504])
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
