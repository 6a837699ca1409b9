import { common, minimal, type MavLinkData } from 'node-mavlink'
import type { VehicleTelemetry } from '@honu/core/live'

/** The part of {@link VehicleTelemetry} a message reports (merged into the vehicle's state). */
export type TelemetryUpdate = Partial<Omit<VehicleTelemetry, 'deviceId' | 'tenantId' | 'systemId' | 'time' | 'link'>>

const RAD = 180 / Math.PI
/** MAVLink's "unknown" markers. */
const UINT16_UNKNOWN = 0xffff
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits
/** Degrees in [0, 360). */
const bearing = (deg: number) => round(((deg % 360) + 360) % 360, 2)

// ArduPilot's custom modes per firmware (the HEARTBEAT's custom_mode); other autopilots get the base mode's name.
const ROVER_MODES: Record<number, string> = {
  0: 'MANUAL',
  1: 'ACRO',
  3: 'STEERING',
  4: 'HOLD',
  5: 'LOITER',
  6: 'FOLLOW',
  7: 'SIMPLE',
  8: 'DOCK',
  9: 'CIRCLE',
  10: 'AUTO',
  11: 'RTL',
  12: 'SMART_RTL',
  15: 'GUIDED',
  16: 'INITIALISING',
}
const COPTER_MODES: Record<number, string> = {
  0: 'STABILIZE',
  1: 'ACRO',
  2: 'ALT_HOLD',
  3: 'AUTO',
  4: 'GUIDED',
  5: 'LOITER',
  6: 'RTL',
  7: 'CIRCLE',
  9: 'LAND',
  11: 'DRIFT',
  13: 'SPORT',
  14: 'FLIP',
  15: 'AUTOTUNE',
  16: 'POSHOLD',
  17: 'BRAKE',
  18: 'THROW',
  21: 'SMART_RTL',
}
const SUB_MODES: Record<number, string> = {
  0: 'STABILIZE',
  1: 'ACRO',
  2: 'ALT_HOLD',
  3: 'AUTO',
  4: 'GUIDED',
  7: 'CIRCLE',
  9: 'SURFACE',
  16: 'POSHOLD',
  19: 'MANUAL',
}
const { MavType, MavModeFlag } = minimal

function modeName(heartbeat: minimal.Heartbeat): string {
  const { MavAutopilot } = minimal
  if (heartbeat.autopilot === MavAutopilot.ARDUPILOTMEGA && heartbeat.baseMode & MavModeFlag.CUSTOM_MODE_ENABLED) {
    const table =
      heartbeat.type === MavType.SUBMARINE
        ? SUB_MODES
        : heartbeat.type === MavType.SURFACE_BOAT || heartbeat.type === MavType.GROUND_ROVER
          ? ROVER_MODES
          : COPTER_MODES
    return table[heartbeat.customMode] ?? `MODE_${heartbeat.customMode}`
  }
  if (heartbeat.baseMode & MavModeFlag.AUTO_ENABLED) return 'AUTO'
  if (heartbeat.baseMode & MavModeFlag.GUIDED_ENABLED) return 'GUIDED'
  if (heartbeat.baseMode & MavModeFlag.STABILIZE_ENABLED) return 'STABILIZE'
  if (heartbeat.baseMode & MavModeFlag.MANUAL_INPUT_ENABLED) return 'MANUAL'
  return 'UNKNOWN'
}

/**
 * What one decoded MAVLink message says about the vehicle, in the console's units (degrees, metres, m/s, volts,
 * amperes, percent, seconds). Fields MAVLink marks unknown (-1, UINT16_MAX, NaN) are left out. Undefined for a
 * message that says nothing the console shows (a HEARTBEAT of a ground station or gimbal, say).
 */
export function telemetryOf(message: MavLinkData): TelemetryUpdate | undefined {
  if (message instanceof minimal.Heartbeat) {
    // A ground control station or an onboard component (camera, gimbal) on the same system id is not the vehicle.
    if (message.type === MavType.GCS || message.autopilot === minimal.MavAutopilot.INVALID) return undefined
    return { mode: modeName(message), armed: (message.baseMode & MavModeFlag.SAFETY_ARMED) !== 0 }
  }
  if (message instanceof common.GlobalPositionInt) {
    const update: TelemetryUpdate = {
      position: {
        lat: message.lat / 1e7,
        lon: message.lon / 1e7,
        altitudeM: message.alt / 1000,
        relativeAltitudeM: message.relativeAlt / 1000,
      },
      groundSpeedMs: round(Math.hypot(message.vx, message.vy) / 100, 2),
    }
    if (message.hdg !== UINT16_UNKNOWN) update.headingDeg = bearing(message.hdg / 100)
    return update
  }
  if (message instanceof common.Attitude) {
    if (![message.roll, message.pitch, message.yaw].every(Number.isFinite)) return undefined
    return { attitude: { rollDeg: round(message.roll * RAD, 2), pitchDeg: round(message.pitch * RAD, 2), yawDeg: round(message.yaw * RAD, 2) } }
  }
  if (message instanceof common.VfrHud) {
    const update: TelemetryUpdate = {}
    if (Number.isFinite(message.airspeed)) update.airSpeedMs = round(message.airspeed, 2)
    if (Number.isFinite(message.groundspeed)) update.groundSpeedMs = round(message.groundspeed, 2)
    if (Number.isFinite(message.climb)) update.climbMs = round(message.climb, 2)
    update.headingDeg = bearing(message.heading)
    return update
  }
  if (message instanceof common.SysStatus) {
    const battery: NonNullable<TelemetryUpdate['battery']> = {}
    if (message.voltageBattery !== UINT16_UNKNOWN) battery.voltageV = message.voltageBattery / 1000
    if (message.currentBattery !== -1) battery.currentA = message.currentBattery / 100
    if (message.batteryRemaining !== -1) battery.remainingPct = message.batteryRemaining
    return Object.keys(battery).length > 0 ? { battery } : undefined
  }
  if (message instanceof common.BatteryStatus) {
    // Only the first battery: the console shows one battery per vehicle.
    if (message.id !== 0) return undefined
    const battery: NonNullable<TelemetryUpdate['battery']> = {}
    const cells = message.voltages.filter((mv) => mv !== UINT16_UNKNOWN)
    if (cells.length > 0) battery.voltageV = round(cells.reduce((sum, mv) => sum + mv, 0) / 1000, 3)
    if (message.currentBattery !== -1) battery.currentA = message.currentBattery / 100
    if (message.batteryRemaining !== -1) battery.remainingPct = message.batteryRemaining
    if (message.timeRemaining > 0) battery.remainingS = message.timeRemaining
    return Object.keys(battery).length > 0 ? { battery } : undefined
  }
  if (message instanceof common.GpsRawInt) {
    const gps: NonNullable<TelemetryUpdate['gps']> = { fixType: message.fixType }
    if (message.satellitesVisible !== 0xff) gps.satellites = message.satellitesVisible
    if (message.eph !== UINT16_UNKNOWN) gps.hdop = message.eph / 100
    return { gps }
  }
  return undefined
}

/** Merges an update into a state: nested objects (battery) merge field by field, the rest replaces. */
export function mergeTelemetry(state: VehicleTelemetry, update: TelemetryUpdate): VehicleTelemetry {
  const next: VehicleTelemetry = { ...state, ...update }
  if (update.battery && state.battery) next.battery = { ...state.battery, ...update.battery }
  return next
}
