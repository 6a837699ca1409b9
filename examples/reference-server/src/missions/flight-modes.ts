import { minimal } from 'node-mavlink'

/** What a mode change asks of the vehicle: fly the mission (`auto`), or stop and keep position (`hold`). */
export type ModeIntent = 'auto' | 'hold'

// ArduPilot's custom modes (HEARTBEAT custom_mode) per firmware, as in src/telemetry/mavlink-mapping.ts: Rover AUTO 10,
// HOLD 4; Copter AUTO 3, LOITER 5; Sub AUTO 3, POSHOLD 16.
const ARDUPILOT_ROVER = { auto: 10, hold: 4 }
const ARDUPILOT_COPTER = { auto: 3, hold: 5 }
const ARDUPILOT_SUB = { auto: 3, hold: 16 }
// PX4's custom mode is main mode and sub mode: AUTO (4) with MISSION (4) or LOITER (3) (px4_custom_mode.h).
const PX4_AUTO = 4
const PX4_SUB = { auto: 4, hold: 3 }

/**
 * The MAV_CMD_DO_SET_MODE parameters (base mode, custom mode, custom sub mode) that put a vehicle of this type and
 * autopilot into `intent`, as QGroundControl's firmware plugins choose them; undefined for an autopilot whose modes
 * we do not know (the mode cannot be set, and the caller says so).
 */
export function modeParams(vehicle: { type?: number; autopilot?: number }, intent: ModeIntent): [number, number, number] | undefined {
  const custom = minimal.MavModeFlag.CUSTOM_MODE_ENABLED
  if (vehicle.autopilot === minimal.MavAutopilot.ARDUPILOTMEGA) {
    const table =
      vehicle.type === minimal.MavType.SURFACE_BOAT || vehicle.type === minimal.MavType.GROUND_ROVER
        ? ARDUPILOT_ROVER
        : vehicle.type === minimal.MavType.SUBMARINE
          ? ARDUPILOT_SUB
          : ARDUPILOT_COPTER
    return [custom, table[intent], 0]
  }
  if (vehicle.autopilot === minimal.MavAutopilot.PX4) return [custom, PX4_AUTO, PX4_SUB[intent]]
  return undefined
}
