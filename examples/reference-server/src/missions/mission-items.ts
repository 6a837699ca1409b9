import { common } from 'node-mavlink'

/**
 * One mission item as MAVLink's mission protocol carries it (a MISSION_ITEM_INT without its addressing and sequence
 * number): a MAV_CMD in a MAV_FRAME with its seven parameters. What the plan's waypoints, speed changes and the like
 * become before an upload; {@link waypoint} and {@link changeSpeed} make the common ones.
 */
export interface MissionItem {
  /** The MAV_CMD (`common.MavCmd.NAV_WAYPOINT`, …). */
  command: number
  /** The MAV_FRAME of x, y and z (`common.MavFrame.GLOBAL_RELATIVE_ALT_INT` for a waypoint; `MISSION` for a DO command). */
  frame: number
  /** param1 to param4, as the command defines them (a waypoint's hold time in seconds is param1). Default all 0. */
  params?: readonly [number, number, number, number]
  /** param5: latitude in degrees in a global frame (sent as degrees × 10^7), else the value itself. Default 0. */
  x?: number
  /** param6: longitude in degrees in a global frame (sent as degrees × 10^7), else the value itself. Default 0. */
  y?: number
  /** param7: altitude in metres in a global frame (relative to home in the `RELATIVE_ALT` frames), else the value. */
  z?: number
  /** Whether the vehicle goes on to the next item after this one (MAVLink's autocontinue). Default true. */
  autocontinue?: boolean
}

/** The frames whose x and y are latitude and longitude (sent as degrees × 10^7 in MISSION_ITEM_INT). */
const GLOBAL_FRAMES: ReadonlySet<number> = new Set([
  common.MavFrame.GLOBAL,
  common.MavFrame.GLOBAL_RELATIVE_ALT,
  common.MavFrame.GLOBAL_INT,
  common.MavFrame.GLOBAL_RELATIVE_ALT_INT,
  common.MavFrame.GLOBAL_TERRAIN_ALT,
  common.MavFrame.GLOBAL_TERRAIN_ALT_INT,
])

/** Whether a frame's x and y are latitude and longitude. */
export function isGlobalFrame(frame: number): boolean {
  return GLOBAL_FRAMES.has(frame)
}

/**
 * A waypoint (MAV_CMD_NAV_WAYPOINT) at a position, its altitude relative to home; the vehicle holds there
 * `holdS` seconds (param1) and counts it reached within `acceptRadiusM` (param2; 0: the vehicle's default).
 *
 * @example waypoint({ lat: 21.3, lon: -157.87, altitudeM: 0, holdS: 5 })
 */
export function waypoint(options: { lat: number; lon: number; altitudeM?: number; holdS?: number; acceptRadiusM?: number }): MissionItem {
  return {
    command: common.MavCmd.NAV_WAYPOINT,
    frame: common.MavFrame.GLOBAL_RELATIVE_ALT_INT,
    params: [options.holdS ?? 0, options.acceptRadiusM ?? 0, 0, Number.NaN],
    x: options.lat,
    y: options.lon,
    z: options.altitudeM ?? 0,
  }
}

/** A speed change (MAV_CMD_DO_CHANGE_SPEED, ground speed) for the legs after it, in m/s. */
export function changeSpeed(speedMs: number): MissionItem {
  return { command: common.MavCmd.DO_CHANGE_SPEED, frame: common.MavFrame.MISSION, params: [1, speedMs, -1, 0] }
}

/** The MISSION_ITEM_INT that carries item `seq` of a mission to a vehicle (`current` set on the first, as QGC does). */
export function toMissionItemInt(item: MissionItem, seq: number, target: { system: number; component: number }): common.MissionItemInt {
  const message = new common.MissionItemInt()
  message.targetSystem = target.system
  message.targetComponent = target.component
  message.seq = seq
  message.frame = item.frame
  message.command = item.command
  message.current = seq === 0 ? 1 : 0
  message.autocontinue = item.autocontinue === false ? 0 : 1
  const [param1, param2, param3, param4] = item.params ?? [0, 0, 0, 0]
  message.param1 = param1
  message.param2 = param2
  message.param3 = param3
  message.param4 = param4
  const scale = isGlobalFrame(item.frame) ? 1e7 : 1
  message.x = Math.round((item.x ?? 0) * scale)
  message.y = Math.round((item.y ?? 0) * scale)
  message.z = item.z ?? 0
  message.missionType = common.MavMissionType.MISSION
  return message
}

/** The item a MISSION_ITEM_INT carries (x and y back in degrees for a global frame). */
export function fromMissionItemInt(message: common.MissionItemInt): MissionItem {
  const scale = isGlobalFrame(message.frame) ? 1e7 : 1
  return {
    command: message.command,
    frame: message.frame,
    params: [message.param1, message.param2, message.param3, message.param4],
    x: message.x / scale,
    y: message.y / scale,
    z: message.z,
    autocontinue: message.autocontinue !== 0,
  }
}
