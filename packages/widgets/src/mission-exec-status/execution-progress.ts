import { flightPath, type MissionPlan } from '@honu/core/mission'
import type { MissionExecutionState } from '@honu/core/live'

// What the MissionExecStatus widget derives from an execution's state and its mission's plan: the waypoints the
// vehicle is on and heads to next, and the times. Pure, so the widget's view stays a function of these.

/** A waypoint of the flight path as the widget names it: its number (from 1) and where it is. */
export interface PathWaypoint {
  number: number
  lat: number
  lon: number
  alt: number
}

/** Where an execution is along its plan's flight path (waypoints as flown: surveys as their pattern). */
export interface ExecutionWaypoints {
  /** Waypoints in the flight path. */
  total: number
  /** The waypoint the vehicle flies to (or holds at); `undefined` before it started or after the last. */
  current?: PathWaypoint
  /** The one after it. */
  next?: PathWaypoint
}

/**
 * The MAVLink sequence number of each waypoint of a plan's flight path, as the server uploads it
 * (examples/reference-server/src/missions/plan-items.ts): a DO_CHANGE_SPEED comes first when the plan has a
 * default speed, and before each waypoint that sets one; progress counts only the waypoints.
 */
export function navigationSequence(plan: MissionPlan): number[] {
  let seq = plan.defaultSpeed === undefined ? 0 : 1
  const navigation: number[] = []
  for (const point of flightPath(plan)) {
    if (point.speed !== undefined) seq++
    navigation.push(seq++)
  }
  return navigation
}

/** The current and next waypoint of an execution (its `currentItem` is a MAVLink sequence number). */
export function executionWaypoints(
  plan: MissionPlan | undefined,
  execution: Pick<MissionExecutionState, 'currentItem' | 'status'>,
): ExecutionWaypoints {
  if (!plan) return { total: 0 }
  const path = flightPath(plan)
  const navigation = navigationSequence(plan)
  const at = (index: number): PathWaypoint | undefined => {
    const point = path[index]
    return point && { number: index + 1, lat: point.lat, lon: point.lon, alt: point.alt }
  }
  const flying = execution.status === 'running' || execution.status === 'paused'
  if (!flying || execution.currentItem === undefined) return { total: path.length }
  const index = navigation.findIndex((seq) => seq >= execution.currentItem!)
  if (index < 0) return { total: path.length }
  return { total: path.length, current: at(index), next: at(index + 1) }
}

/** Time since the execution started, until it ended (ms); `undefined` before it started. */
export function elapsedMs(execution: Pick<MissionExecutionState, 'startedAt' | 'endedAt'>, now: number): number | undefined {
  if (execution.startedAt === undefined) return undefined
  return Math.max(0, (execution.endedAt ?? now) - execution.startedAt)
}

/**
 * An estimate of the time left (ms): the time so far scaled by the share of waypoints still ahead. Only while it
 * flies and once some progress is made; a paused execution's estimate holds still at its last value's basis.
 */
export function remainingMs(
  execution: Pick<MissionExecutionState, 'startedAt' | 'endedAt' | 'progress' | 'status'>,
  now: number,
): number | undefined {
  const elapsed = elapsedMs(execution, now)
  if (elapsed === undefined || (execution.status !== 'running' && execution.status !== 'paused')) return undefined
  if (execution.progress <= 0 || execution.progress >= 1) return undefined
  return Math.round((elapsed * (1 - execution.progress)) / execution.progress)
}

/** A duration as `h:mm:ss` or `m:ss`. */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
