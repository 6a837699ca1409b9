import { describe, expect, it } from 'vitest'
import type { MissionPlan } from '@honu/core/mission'
import { elapsedMs, executionWaypoints, formatDuration, navigationSequence, remainingMs } from './execution-progress'

const wp = (lat: number, speed?: number) => ({
  kind: 'waypoint' as const,
  lat,
  lon: -157.86,
  alt: 0,
  frame: 'relative' as const,
  holdSeconds: 0,
  ...(speed === undefined ? {} : { speed }),
})
const plan = (over: Partial<MissionPlan> = {}): MissionPlan => ({
  items: [wp(21.3), wp(21.31, 3), wp(21.32)],
  geofence: { polygons: [], circles: [] },
  rallyPoints: [],
  ...over,
})

describe('navigationSequence', () => {
  it('numbers the waypoints as uploaded: a speed change before each that sets one, and first for the default speed', () => {
    expect(navigationSequence(plan())).toEqual([0, 2, 3])
    expect(navigationSequence(plan({ defaultSpeed: 2 }))).toEqual([1, 3, 4])
  })
})

describe('executionWaypoints', () => {
  it('names the waypoint flown to and the next, by MAVLink sequence number', () => {
    expect(executionWaypoints(plan(), { status: 'running', currentItem: 0 })).toMatchObject({ total: 3, current: { number: 1 }, next: { number: 2 } })
    // On the speed change before waypoint 2: heading to waypoint 2.
    expect(executionWaypoints(plan(), { status: 'running', currentItem: 1 })).toMatchObject({
      current: { number: 2, lat: 21.31 },
      next: { number: 3 },
    })
    const last = executionWaypoints(plan(), { status: 'paused', currentItem: 3 })
    expect(last.current?.number).toBe(3)
    expect(last.next).toBeUndefined()
  })
  it('names none before it flies, after it ended, or without a plan', () => {
    expect(executionWaypoints(plan(), { status: 'uploading', currentItem: 0 })).toEqual({ total: 3 })
    expect(executionWaypoints(plan(), { status: 'completed', currentItem: 3 })).toEqual({ total: 3 })
    expect(executionWaypoints(undefined, { status: 'running', currentItem: 0 })).toEqual({ total: 0 })
  })
})

describe('times', () => {
  it('counts the time since the start until the end, and estimates what is left from the progress', () => {
    expect(elapsedMs({}, 5_000)).toBeUndefined()
    expect(elapsedMs({ startedAt: 1_000 }, 61_000)).toBe(60_000)
    expect(elapsedMs({ startedAt: 1_000, endedAt: 31_000 }, 61_000)).toBe(30_000)
    expect(remainingMs({ startedAt: 0, progress: 0.25, status: 'running' }, 60_000)).toBe(180_000)
    expect(remainingMs({ startedAt: 0, progress: 0, status: 'running' }, 60_000)).toBeUndefined()
    expect(remainingMs({ startedAt: 0, endedAt: 10, progress: 0.5, status: 'aborted' }, 60_000)).toBeUndefined()
  })
  it('formats durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(65_000)).toBe('1:05')
    expect(formatDuration(3_725_000)).toBe('1:02:05')
  })
})
