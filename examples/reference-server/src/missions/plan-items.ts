import { common } from 'node-mavlink'
import { flightPath, type AltitudeFrame, type MissionPlan } from '@honu/core/mission'
import { changeSpeed, waypoint, type MissionItem } from './mission-items'

/** The MAV_FRAME of a plan's altitude frame, as MISSION_ITEM_INT carries it. */
const FRAMES: Record<AltitudeFrame, number> = {
  relative: common.MavFrame.GLOBAL_RELATIVE_ALT_INT,
  amsl: common.MavFrame.GLOBAL_INT,
  terrain: common.MavFrame.GLOBAL_TERRAIN_ALT_INT,
}

/**
 * What a vehicle is sent for a plan: its flight path (waypoints as they are, surveys as their lawnmower pattern) as
 * NAV_WAYPOINT items, each preceded by a DO_CHANGE_SPEED where the plan sets a speed (the plan's default speed first,
 * when it has one). `navigation` lists the sequence numbers of the waypoints: progress counts those, not the speed
 * changes, which a vehicle never reports reached.
 */
export function planToMissionItems(plan: MissionPlan): { items: MissionItem[]; navigation: number[] } {
  const items: MissionItem[] = []
  const navigation: number[] = []
  if (plan.defaultSpeed !== undefined) items.push(changeSpeed(plan.defaultSpeed))
  for (const point of flightPath(plan)) {
    if (point.speed !== undefined) items.push(changeSpeed(point.speed))
    navigation.push(items.length)
    items.push({ ...waypoint({ lat: point.lat, lon: point.lon, altitudeM: point.alt, holdS: point.holdSeconds }), frame: FRAMES[point.frame] })
  }
  return { items, navigation }
}
