import { common, minimal, MavLinkProtocolV2, type MavLinkData } from 'node-mavlink'
import { SimulatedAutopilot, type AutopilotOptions } from './simulated-autopilot'

/** How a simulated vehicle behaves. */
export type SimulationPattern = 'route' | 'link-loss' | 'low-battery' | 'parked'

/** One simulated vehicle: its MAVLink system id, where it is and what it does. */
export interface SimulatedVehicleSpec {
  deviceId: string
  systemId: number
  tenantId: string
  pattern: SimulationPattern
  kind: 'boat' | 'submarine' | 'drone'
  /** Centre of its circuit. */
  centre: { lat: number; lon: number }
  /** Radius of its circuit in metres. */
  radiusM: number
  /** Speed along the circuit in m/s. */
  speedMs: number
}

/** The tenants' sites (different places per tenant): the simulated vehicles move near them. */
export const SITES: Record<string, { lat: number; lon: number }> = {
  alpha: { lat: 21.295, lon: -157.875 }, // Mamala Bay, off Honolulu harbour
  bravo: { lat: -36.835, lon: 174.785 }, // Waitematā Harbour, Auckland
  charlie: { lat: 54.36, lon: 10.17 }, // Kiel fjord
}
const FALLBACK_SITE = { lat: 0, lon: 0 }

/** Seconds of the link-loss cycle, and the silent seconds at its end. */
export const LINK_LOSS_CYCLE_S = 40
export const LINK_LOSS_SILENT_S = 8

const EARTH_RADIUS_M = 6_371_000
const DEG = Math.PI / 180

/** A spec for a seeded vehicle: the circuit from its tenant's site and its index among the tenant's vehicles. */
export function specOf(
  vehicle: { device_id: string; tenant_id: string; system_id: number; pattern: SimulationPattern },
  index: number,
): SimulatedVehicleSpec {
  const site = SITES[vehicle.tenant_id] ?? FALLBACK_SITE
  const kind = vehicle.tenant_id === 'charlie' ? 'drone' : vehicle.device_id.includes('rov') ? 'submarine' : 'boat'
  // Circuits spread around the site, 600 m apart.
  const angle = index * 90 * DEG
  const offsetM = index === 0 ? 0 : 600
  return {
    deviceId: vehicle.device_id,
    tenantId: vehicle.tenant_id,
    systemId: vehicle.system_id,
    pattern: vehicle.pattern,
    kind,
    centre: {
      lat: site.lat + (offsetM * Math.cos(angle)) / EARTH_RADIUS_M / DEG,
      lon: site.lon + (offsetM * Math.sin(angle)) / (EARTH_RADIUS_M * Math.cos(site.lat * DEG)) / DEG,
    },
    radiusM: 250 + 50 * index,
    speedMs: kind === 'drone' ? 8 : 3,
  }
}

/** A vehicle's physical state: where it is, how it moves, its battery and whether it is armed. */
export interface VehicleState {
  lat: number
  lon: number
  altitudeM: number
  vNorth: number
  vEast: number
  speedMs: number
  headingDeg: number
  batteryPct: number
  armed: boolean
  roll: number
}

/** The vehicle's physical state at `t` seconds into the simulation, on its circuit. */
export function stateAt(spec: SimulatedVehicleSpec, t: number): VehicleState {
  const moving = spec.pattern !== 'parked'
  const omega = moving ? spec.speedMs / spec.radiusM : 0 // rad/s, counter-clockwise
  // Each vehicle starts at a different point of its circuit.
  const phase = spec.systemId * 37 * DEG + omega * t
  const northM = spec.radiusM * Math.sin(phase)
  const eastM = spec.radiusM * Math.cos(phase)
  const lat = spec.centre.lat + northM / EARTH_RADIUS_M / DEG
  const lon = spec.centre.lon + eastM / (EARTH_RADIUS_M * Math.cos(spec.centre.lat * DEG)) / DEG
  // Counter-clockwise on a circle: the velocity is perpendicular to the radius.
  const vNorth = moving ? spec.speedMs * Math.cos(phase) : 0
  const vEast = moving ? -spec.speedMs * Math.sin(phase) : 0
  const headingDeg = moving ? (((Math.atan2(vEast, vNorth) / DEG) % 360) + 360) % 360 : (spec.systemId * 37) % 360
  const altitudeM = spec.kind === 'drone' ? (moving ? 60 + 5 * Math.sin(t / 10) : 0) : spec.kind === 'submarine' ? -12 : 0
  const batteryPct = spec.pattern === 'low-battery' ? Math.max(3, 14 - t / 120) : spec.pattern === 'parked' ? 96 : Math.max(20, 88 - t / 60)
  return { lat, lon, altitudeM, vNorth, vEast, speedMs: moving ? spec.speedMs : 0, headingDeg, batteryPct, armed: moving, roll: moving ? -4 : 0 }
}

/**
 * Whether the vehicle is heard at `t`: a link-loss vehicle goes silent for the last {@link LINK_LOSS_SILENT_S} of
 * every {@link LINK_LOSS_CYCLE_S}, and loses a third of its packets in the seconds before (a fading radio).
 */
export function heardAt(spec: SimulatedVehicleSpec, t: number, packetIndex: number): boolean {
  if (spec.pattern !== 'link-loss') return true
  const inCycle = t % LINK_LOSS_CYCLE_S
  if (inCycle >= LINK_LOSS_CYCLE_S - LINK_LOSS_SILENT_S) return false
  if (inCycle >= LINK_LOSS_CYCLE_S - LINK_LOSS_SILENT_S - 5) return packetIndex % 3 !== 0
  return true
}

const MODES = {
  boat: { type: minimal.MavType.SURFACE_BOAT, auto: 10, hold: 4 },
  submarine: { type: minimal.MavType.SUBMARINE, auto: 3, hold: 19 },
  drone: { type: minimal.MavType.QUADROTOR, auto: 3, hold: 0 },
} as const

/**
 * The messages a vehicle in state `s` sends in one tick: position, attitude and HUD every tick; the rest once a
 * second. `customMode` is its autopilot's mode once a ground station commands it (on its circuit: AUTO when moving,
 * its resting mode when parked).
 */
function messagesOf(spec: SimulatedVehicleSpec, s: VehicleState, t: number, everySecond: boolean, customMode?: number): MavLinkData[] {
  const mode = MODES[spec.kind]
  const messages: MavLinkData[] = []
  if (everySecond) {
    const heartbeat = new minimal.Heartbeat()
    heartbeat.type = mode.type
    heartbeat.autopilot = minimal.MavAutopilot.ARDUPILOTMEGA
    heartbeat.baseMode = minimal.MavModeFlag.CUSTOM_MODE_ENABLED | (s.armed ? minimal.MavModeFlag.SAFETY_ARMED : 0)
    heartbeat.customMode = customMode ?? (s.armed ? mode.auto : mode.hold)
    heartbeat.systemStatus = s.armed ? minimal.MavState.ACTIVE : minimal.MavState.STANDBY
    heartbeat.mavlinkVersion = 3
    messages.push(heartbeat)
  }
  const position = new common.GlobalPositionInt()
  position.timeBootMs = Math.round(t * 1000) >>> 0
  position.lat = Math.round(s.lat * 1e7)
  position.lon = Math.round(s.lon * 1e7)
  position.alt = Math.round(s.altitudeM * 1000)
  position.relativeAlt = Math.round(s.altitudeM * 1000)
  position.vx = Math.round(s.vNorth * 100)
  position.vy = Math.round(s.vEast * 100)
  position.vz = 0
  position.hdg = Math.round(s.headingDeg * 100) % 36000
  messages.push(position)
  const attitude = new common.Attitude()
  attitude.timeBootMs = position.timeBootMs
  attitude.roll = s.roll * DEG
  attitude.pitch = 0
  attitude.yaw = (s.headingDeg > 180 ? s.headingDeg - 360 : s.headingDeg) * DEG
  messages.push(attitude)
  const hud = new common.VfrHud()
  hud.airspeed = s.speedMs
  hud.groundspeed = s.speedMs
  hud.heading = Math.round(s.headingDeg) % 360
  hud.throttle = s.armed ? 40 : 0
  hud.alt = s.altitudeM
  hud.climb = 0
  messages.push(hud)
  if (everySecond) {
    const cells = spec.kind === 'drone' ? 4 : 6
    const voltage = cells * (3.3 + 0.9 * (s.batteryPct / 100))
    const status = new common.SysStatus()
    status.voltageBattery = Math.round(voltage * 1000)
    status.currentBattery = s.armed ? 1250 : 80
    status.batteryRemaining = Math.round(s.batteryPct)
    status.dropRateComm = 0
    messages.push(status)
    const battery = new common.BatteryStatus()
    battery.id = 0
    battery.voltages = [Math.round(voltage * 1000), ...Array<number>(9).fill(0xffff)]
    battery.voltagesExt = [0, 0, 0, 0]
    battery.currentBattery = status.currentBattery
    battery.batteryRemaining = status.batteryRemaining
    // Seconds left at this draw: a full pack lasts about 2 hours moving.
    battery.timeRemaining = Math.round(s.batteryPct * (s.armed ? 72 : 900))
    battery.temperature = 0x7fff
    messages.push(battery)
    const gps = new common.GpsRawInt()
    gps.timeUsec = BigInt(Math.round(t * 1e6))
    gps.fixType = spec.kind === 'submarine' ? common.GpsFixType.NO_FIX : common.GpsFixType.GPS_FIX_TYPE_3D_FIX
    gps.lat = position.lat
    gps.lon = position.lon
    gps.alt = position.alt
    gps.eph = 80
    gps.epv = 120
    gps.vel = Math.round(s.speedMs * 100)
    gps.cog = position.hdg
    gps.satellitesVisible = spec.kind === 'submarine' ? 0 : 14
    messages.push(gps)
  }
  return messages
}

/**
 * One vehicle's MAVLink 2 link: serialises its messages with its own system id and packet sequence, and answers a
 * ground station through its autopilot (missions and commands, see {@link SimulatedAutopilot}).
 */
export class SimulatedVehicle {
  private readonly protocol: MavLinkProtocolV2
  private seq = 0
  private ticks = 0
  /** Its autopilot: idle (the circuit goes on) until a ground station sends it a mission or a command. */
  private readonly autopilot: SimulatedAutopilot

  constructor(
    readonly spec: SimulatedVehicleSpec,
    autopilot: AutopilotOptions = {},
  ) {
    this.protocol = new MavLinkProtocolV2(spec.systemId, 1)
    this.autopilot = new SimulatedAutopilot(spec, (t) => stateAt(spec, t), autopilot)
  }

  /**
   * The datagram of one tick at `t` seconds (all its packets back to back, as mavlink-router sends them), or
   * undefined when the vehicle is not heard then. Packets a fading link loses still use up sequence numbers, so
   * the ingest sees the loss.
   */
  datagramAt(t: number, ticksPerSecond: number): Buffer | undefined {
    const everySecond = this.ticks % Math.max(1, Math.round(ticksPerSecond)) === 0
    this.ticks += 1
    const autopilot = this.autopilot.tick(t)
    const telemetry = messagesOf(this.spec, this.autopilot.vehicleState(t), t, everySecond, this.autopilot.customMode())
    return this.serialize([...telemetry, ...autopilot], t)
  }

  /**
   * Hands the autopilot a message a ground station (`from`) sent this vehicle at `t`; returns the datagram of its
   * answers, or undefined (nothing to answer, or the link is down then: a link-loss vehicle hears nothing either).
   */
  receive(message: MavLinkData, from: { systemId: number; componentId: number }, t: number): Buffer | undefined {
    // The radio is out both ways while the vehicle is silent (packet index 1 is never lost to the fading).
    if (!heardAt(this.spec, t, 1)) return undefined
    return this.serialize(this.autopilot.receive(message, from, t), t)
  }

  private serialize(messages: MavLinkData[], t: number): Buffer | undefined {
    const parts: Buffer[] = []
    for (const message of messages) {
      const seq = this.seq
      this.seq = (this.seq + 1) % 256
      if (heardAt(this.spec, t, seq)) parts.push(this.protocol.serialize(message, seq))
    }
    return parts.length > 0 ? Buffer.concat(parts) : undefined
  }
}
