import { describe, expect, it } from 'vitest'
import { REMOTE_CONFIG } from './remote-config'
import * as timing from './timing'

describe('§9 constants', () => {
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
  })
  it('has the remote configuration settings', () => {
    expect(REMOTE_CONFIG.fetchTimeoutMillis).toBe(60_000)
    expect(REMOTE_CONFIG.minimumFetchIntervalMillis).toBe(43_200_000)
    expect(REMOTE_CONFIG.maxCustomSignals).toBe(100)
    expect(REMOTE_CONFIG.retryStatuses).toEqual([429, 500, 503, 504])
  })
})
