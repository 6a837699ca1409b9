import { common, minimal, type MavLinkData } from 'node-mavlink'
import { fromMissionItemInt, isGlobalFrame, type MissionItem } from '../missions/mission-items'
import type { SimulatedVehicleSpec, VehicleState } from './simulated-vehicle'

/** How a simulated autopilot takes missions and flies them. */
export interface AutopilotOptions {
  /** Most mission items it stores; a longer mission is refused with MAV_MISSION_NO_SPACE. Default 500. */
  maxItems?: number
  /** Seconds without the item it asked for before it asks again (ArduPilot: 1 s plus its stream slowdown). Default 1. */
  rerequestS?: number
  /** Seconds without any item before it gives the upload up with MAV_MISSION_OPERATION_CANCELLED (ArduPilot: 8). */
  uploadTimeoutS?: number
  /** Speed on a mission, m/s, until a MAV_CMD_DO_CHANGE_SPEED item changes it (default: the vehicle's own). */
  speedMs?: number
}

/** The flight modes a simulated autopilot has once a ground station commands it. */
type Mode = 'auto' | 'hold' | 'rtl'

// ArduPilot's custom modes per firmware (as src/telemetry/mavlink-mapping.ts names them). ArduSub has no RTL.
const CUSTOM_MODES: Record<SimulatedVehicleSpec['kind'], Record<Mode, number | undefined>> = {
  boat: { auto: 10, hold: 4, rtl: 11 },
  submarine: { auto: 3, hold: 16, rtl: undefined },
  drone: { auto: 3, hold: 5, rtl: 6 },
}

/** The navigation commands it flies; any other NAV command is refused (MAV_MISSION_UNSUPPORTED). */
const NAV_COMMANDS: ReadonlySet<number> = new Set([common.MavCmd.NAV_WAYPOINT, common.MavCmd.NAV_LOITER_TIME, common.MavCmd.NAV_RETURN_TO_LAUNCH])
/** The DO commands it takes. */
const DO_COMMANDS: ReadonlySet<number> = new Set([common.MavCmd.DO_CHANGE_SPEED])
/** ArduPilot's magic param2 of MAV_CMD_COMPONENT_ARM_DISARM that forces a disarm in flight. */
const FORCE_DISARM = 21196

const EARTH_RADIUS_M = 6_371_000
const DEG = Math.PI / 180
/** How close counts as there when an item names no acceptance radius, metres. */
const DEFAULT_ACCEPT_RADIUS_M = 2

interface Sender {
  systemId: number
  componentId: number
}

interface Upload {
  from: Sender
  count: number
  next: number
  items: MissionItem[]
  lastRequestAt: number
  lastReceiveAt: number
}

/**
 * The autopilot of a simulated vehicle, as ArduPilot's `MissionItemProtocol` and command handling answer a ground
 * station: takes a mission (MISSION_COUNT, MISSION_REQUEST_INT per item, asked again after `rerequestS`, MISSION_ACK),
 * answers COMMAND_LONG (arm and disarm, DO_SET_MODE to AUTO / hold / RTL, NAV_RETURN_TO_LAUNCH) with COMMAND_ACK, and
 * flies the mission: towards each waypoint at its speed, holding there for the item's hold time, with
 * MISSION_ITEM_REACHED on arrival and MISSION_CURRENT every tick.
 *
 * Until a ground station gives it a mission or a command, it does nothing: the vehicle keeps its circuit (`stateAt`).
 * The first accepted mission or command takes the vehicle over where it is then, in hold, keeping its armed state.
 */
export class SimulatedAutopilot {
  private readonly maxItems: number
  private readonly rerequestS: number
  private readonly uploadTimeoutS: number
  private speedMs: number
  /** Set once a ground station has taken the vehicle over; the circuit is over then. */
  private state?: VehicleState & { mode: Mode; home: { lat: number; lon: number; altitudeM: number } }
  private lastT?: number
  private upload?: Upload
  /** The last finished upload's sender and last item: a repeat of that item gets the MISSION_ACK again (it was lost). */
  private lastUpload?: { from: Sender; lastSeq: number; missionId: number }
  private mission: MissionItem[] = []
  private missionId = 0
  private current = 0
  private missionState: common.MissionState = common.MissionState.NO_MISSION
  /** When the vehicle may leave the current item (its hold time), once it is there. */
  private holdUntil?: number
  /** Messages to send with the next tick (MISSION_ITEM_REACHED, re-requests, a cancelled upload's MISSION_ACK). */
  private outbox: MavLinkData[] = []

  constructor(
    readonly spec: SimulatedVehicleSpec,
    /** The vehicle's state on its circuit at `t` (`stateAt`), until a ground station takes it over. */
    private readonly circuit: (t: number) => VehicleState,
    options: AutopilotOptions = {},
  ) {
    this.maxItems = options.maxItems ?? 500
    this.rerequestS = options.rerequestS ?? 1
    this.uploadTimeoutS = options.uploadTimeoutS ?? 8
    this.speedMs = options.speedMs ?? spec.speedMs
    // Every vehicle's mission ids start elsewhere, so one vehicle's id never looks like another's.
    this.missionId = spec.systemId * 1000
  }

  /** The vehicle's physical state at `t`: its circuit until it is taken over, then where the autopilot flew it. */
  vehicleState(t: number): VehicleState {
    // The battery drains as on the circuit, whatever the autopilot does.
    return this.state ? { ...this.state, batteryPct: this.circuit(t).batteryPct } : this.circuit(t)
  }

  /** The HEARTBEAT's custom mode once taken over (undefined before: the circuit's own). */
  customMode(): number | undefined {
    return this.state ? CUSTOM_MODES[this.spec.kind][this.state.mode] : undefined
  }

  /** Answers one message a ground station sent this vehicle; returns what to send back at once. */
  receive(message: MavLinkData, from: Sender, t: number): MavLinkData[] {
    this.advance(t)
    if (message instanceof common.MissionCount) return this.onCount(message, from, t)
    if (message instanceof common.MissionItemInt) return this.onItem(message, from, t)
    if (message instanceof common.MissionAck) {
      // A ground station may cancel its own upload (MAV_MISSION_OPERATION_CANCELLED).
      if (this.upload && sameSender(this.upload.from, from) && message.type === common.MavMissionResult.OPERATION_CANCELLED) this.upload = undefined
      return []
    }
    if (message instanceof common.CommandLong) return [this.onCommand(message, from, t)]
    return []
  }

  /**
   * One tick at `t`: moves the vehicle, asks again for an item that did not come, gives up a stalled upload.
   * Returns what to send with this tick (MISSION_CURRENT once there is a mission or a ground station in charge).
   */
  tick(t: number): MavLinkData[] {
    this.advance(t)
    const upload = this.upload
    if (upload) {
      if (t - upload.lastReceiveAt > this.uploadTimeoutS) {
        this.upload = undefined
        this.outbox.push(missionAck(upload.from, common.MavMissionResult.OPERATION_CANCELLED, 0))
      } else if (t - upload.lastRequestAt > this.rerequestS) {
        upload.lastRequestAt = t
        this.outbox.push(missionRequest(upload.from, upload.next))
      }
    }
    const out = this.outbox
    this.outbox = []
    if (this.state || this.mission.length > 0) out.push(this.missionCurrent())
    return out
  }

  private onCount(message: common.MissionCount, from: Sender, t: number): MavLinkData[] {
    if (message.missionType !== common.MavMissionType.MISSION) return [missionAck(from, common.MavMissionResult.UNSUPPORTED, 0, message.missionType)]
    // Another station's upload in progress: refused until it ends (its own MISSION_COUNT restarts it).
    if (this.upload && !sameSender(this.upload.from, from)) return [missionAck(from, common.MavMissionResult.DENIED, 0)]
    this.upload = undefined
    if (message.count > this.maxItems) {
      return [statusText(`Only ${this.maxItems} items are supported`), missionAck(from, common.MavMissionResult.NO_SPACE, 0)]
    }
    if (message.count === 0) return [this.accept(from, [], -1, t)]
    this.upload = { from, count: message.count, next: 0, items: [], lastRequestAt: t, lastReceiveAt: t }
    return [missionRequest(from, 0)]
  }

  private onItem(message: common.MissionItemInt, from: Sender, t: number): MavLinkData[] {
    if (message.missionType !== common.MavMissionType.MISSION) return []
    const upload = this.upload
    if (!upload) {
      // The MISSION_ACK of the upload that just ended was lost, and the station sent its last item again.
      const last = this.lastUpload
      if (last && sameSender(last.from, from) && message.seq === last.lastSeq)
        return [missionAck(from, common.MavMissionResult.ACCEPTED, last.missionId)]
      return []
    }
    if (!sameSender(upload.from, from)) return [missionAck(from, common.MavMissionResult.DENIED, 0)]
    // Not the item asked for (a duplicate of one it has): ArduPilot says so and goes on asking for the right one.
    if (message.seq !== upload.next) return [missionAck(from, common.MavMissionResult.INVALID_SEQUENCE, 0)]
    const item = fromMissionItemInt(message)
    const refusal = refusalOf(item, message.seq)
    if (refusal) {
      this.upload = undefined
      return [statusText(refusal.text), missionAck(from, refusal.result, 0)]
    }
    upload.items.push(item)
    upload.next += 1
    upload.lastReceiveAt = t
    if (upload.next < upload.count) {
      upload.lastRequestAt = t
      return [missionRequest(from, upload.next)]
    }
    this.upload = undefined
    return [this.accept(from, upload.items, message.seq, t)]
  }

  /** Takes a complete mission: it replaces the old one, from its first item. */
  private accept(from: Sender, items: MissionItem[], lastSeq: number, t: number): MavLinkData {
    this.missionId += 1
    this.mission = items
    this.current = 0
    this.holdUntil = undefined
    this.takeOver(t)
    this.missionState = items.length === 0 ? common.MissionState.NO_MISSION : common.MissionState.NOT_STARTED
    this.lastUpload = { from, lastSeq, missionId: this.missionId }
    return missionAck(from, common.MavMissionResult.ACCEPTED, this.missionId)
  }

  private onCommand(message: common.CommandLong, from: Sender, t: number): common.CommandAck {
    const ack = (result: common.MavResult) => commandAck(from, message.command, result)
    switch (message.command) {
      case common.MavCmd.COMPONENT_ARM_DISARM: {
        const state = this.takeOver(t)
        if (message._param1 === 1) {
          if (!state.armed) state.home = { lat: state.lat, lon: state.lon, altitudeM: state.altitudeM }
          state.armed = true
          return ack(common.MavResult.ACCEPTED)
        }
        // ArduCopter will not disarm in the air unless forced.
        if (this.spec.kind === 'drone' && state.altitudeM > 0.5 && message._param2 !== FORCE_DISARM) return ack(common.MavResult.FAILED)
        state.armed = false
        return ack(common.MavResult.ACCEPTED)
      }
      case common.MavCmd.DO_SET_MODE: {
        const modes = CUSTOM_MODES[this.spec.kind]
        const mode = (Object.keys(modes) as Mode[]).find((m) => modes[m] === message._param2)
        if (!(message._param1 & minimal.MavModeFlag.CUSTOM_MODE_ENABLED) || !mode) return ack(common.MavResult.FAILED)
        // ArduPilot will not enter AUTO without a mission.
        if (mode === 'auto' && this.mission.length === 0) return ack(common.MavResult.FAILED)
        this.setMode(mode, t)
        return ack(common.MavResult.ACCEPTED)
      }
      case common.MavCmd.NAV_RETURN_TO_LAUNCH:
        if (CUSTOM_MODES[this.spec.kind].rtl === undefined) return ack(common.MavResult.UNSUPPORTED)
        this.setMode('rtl', t)
        return ack(common.MavResult.ACCEPTED)
      default:
        return ack(common.MavResult.UNSUPPORTED)
    }
  }

  private setMode(mode: Mode, t: number) {
    const state = this.takeOver(t)
    state.mode = mode
    this.holdUntil = undefined
    if (mode === 'auto' && this.missionState !== common.MissionState.COMPLETE) {
      this.missionState = common.MissionState.ACTIVE
    } else if (mode === 'auto') {
      // AUTO after the end flies the mission again from its first item.
      this.current = 0
      this.missionState = common.MissionState.ACTIVE
    } else if (this.missionState === common.MissionState.ACTIVE) {
      this.missionState = common.MissionState.PAUSED
    }
  }

  /** The vehicle's state under the autopilot, taking it over from its circuit at `t` the first time. */
  private takeOver(t: number) {
    if (!this.state) {
      const s = this.circuit(t)
      this.state = { ...s, speedMs: 0, vNorth: 0, vEast: 0, roll: 0, mode: 'hold', home: { lat: s.lat, lon: s.lon, altitudeM: s.altitudeM } }
      this.lastT = t
    }
    return this.state
  }

  /** Moves the vehicle from the last tick to `t` (several steps when ticks are far apart). */
  private advance(t: number) {
    const state = this.state
    if (!state || this.lastT === undefined || t <= this.lastT) return
    let dt = t - this.lastT
    this.lastT = t
    while (dt > 1e-9) {
      const step = Math.min(dt, 0.25)
      this.step(state, t - dt + step, step)
      dt -= step
    }
  }

  private step(state: NonNullable<SimulatedAutopilot['state']>, t: number, dt: number) {
    const stop = () => {
      state.speedMs = 0
      state.vNorth = 0
      state.vEast = 0
      state.roll = 0
    }
    if (!state.armed || state.mode === 'hold') return stop()
    if (state.mode === 'rtl') {
      const target = { ...state.home, altitudeM: this.spec.kind === 'drone' ? 0 : state.home.altitudeM }
      if (this.moveTowards(state, target, DEFAULT_ACCEPT_RADIUS_M, dt)) {
        // Home: it stops and disarms, as ArduPilot does after RTL with a landing (and Rover's RTL ends in HOLD).
        stop()
        state.armed = false
        state.mode = 'hold'
      }
      return
    }
    // AUTO.
    if (this.missionState !== common.MissionState.ACTIVE) return stop()
    while (this.current < this.mission.length && DO_COMMANDS.has(this.mission[this.current]!.command)) {
      const item = this.mission[this.current]!
      if (item.command === common.MavCmd.DO_CHANGE_SPEED && (item.params?.[1] ?? 0) > 0) this.speedMs = item.params![1]
      this.current += 1
    }
    const item = this.mission[this.current]
    if (!item) return this.finish(stop)
    if (this.holdUntil !== undefined) {
      stop()
      if (t >= this.holdUntil) this.nextItem()
      return
    }
    const target =
      item.command === common.MavCmd.NAV_RETURN_TO_LAUNCH
        ? state.home
        : { lat: item.x ?? 0, lon: item.y ?? 0, altitudeM: this.spec.kind === 'boat' ? 0 : (item.z ?? 0) }
    const radius = item.command === common.MavCmd.NAV_WAYPOINT && (item.params?.[1] ?? 0) > 0 ? item.params![1] : DEFAULT_ACCEPT_RADIUS_M
    if (this.moveTowards(state, target, radius, dt)) {
      stop()
      this.outbox.push(itemReached(this.current))
      const holdS = item.command === common.MavCmd.NAV_RETURN_TO_LAUNCH ? 0 : Math.max(0, item.params?.[0] ?? 0)
      this.holdUntil = t + holdS
      if (holdS === 0) this.nextItem()
    }
  }

  private nextItem() {
    this.holdUntil = undefined
    this.current += 1
    if (this.current >= this.mission.length) this.finish(() => undefined)
  }

  /** The end of the mission: it holds where it is (ArduPilot Rover's default), the mission complete. */
  private finish(stop: () => void) {
    stop()
    this.current = Math.max(0, this.mission.length - 1)
    this.missionState = common.MissionState.COMPLETE
    if (this.state) this.state.mode = 'hold'
  }

  /**
   * Moves towards `target` for `dt` seconds at the mission speed (horizontally and vertically along the straight
   * line); true once within `radius` metres (it is then put on the target).
   */
  private moveTowards(state: VehicleState, target: { lat: number; lon: number; altitudeM: number }, radius: number, dt: number): boolean {
    const north = (target.lat - state.lat) * DEG * EARTH_RADIUS_M
    const east = (target.lon - state.lon) * DEG * EARTH_RADIUS_M * Math.cos(state.lat * DEG)
    const up = target.altitudeM - state.altitudeM
    const distance = Math.hypot(north, east, up)
    const travel = this.speedMs * dt
    if (distance <= Math.max(radius, travel)) {
      state.lat = target.lat
      state.lon = target.lon
      state.altitudeM = target.altitudeM
      return true
    }
    const f = travel / distance
    state.lat += (north * f) / EARTH_RADIUS_M / DEG
    state.lon += (east * f) / (EARTH_RADIUS_M * Math.cos(state.lat * DEG)) / DEG
    state.altitudeM += up * f
    // Ground speed: the horizontal part of the move.
    state.speedMs = (this.speedMs * Math.hypot(north, east)) / distance
    state.vNorth = (this.speedMs * north) / distance
    state.vEast = (this.speedMs * east) / distance
    // Straight up or down keeps the heading it had.
    if (Math.hypot(north, east) > 0) state.headingDeg = (((Math.atan2(east, north) / DEG) % 360) + 360) % 360
    state.roll = 0
    return false
  }

  private missionCurrent(): common.MissionCurrent {
    const message = new common.MissionCurrent()
    message.seq = this.current
    message.total = this.mission.length === 0 ? 0xffff : this.mission.length
    message.missionState = this.missionState
    message.missionMode = this.state?.mode === 'auto' ? 1 : 2
    message.missionId = this.mission.length === 0 ? 0 : this.missionId
    message.fenceId = 0
    message.rallyPointsId = 0
    return message
  }
}

/**
 * Why the vehicle refuses item `seq`, as ArduPilot's mission checks would, or undefined when it takes it: a command
 * it does not fly (MAV_MISSION_UNSUPPORTED), a navigation item outside a global frame (MAV_MISSION_UNSUPPORTED_FRAME),
 * a position off the globe (MAV_MISSION_INVALID_PARAM5_X / 6_Y) or a negative hold time (MAV_MISSION_INVALID_PARAM1).
 */
function refusalOf(item: MissionItem, seq: number): { result: common.MavMissionResult; text: string } | undefined {
  // STATUSTEXT holds 50 characters: short, as ArduPilot's own.
  const refuse = (result: common.MavMissionResult, why: string) => ({ result, text: `Item ${seq}: ${why}` })
  if (DO_COMMANDS.has(item.command)) return undefined
  if (!NAV_COMMANDS.has(item.command)) return refuse(common.MavMissionResult.UNSUPPORTED, `command ${item.command} not supported`)
  if (item.command === common.MavCmd.NAV_RETURN_TO_LAUNCH) return undefined
  if (!isGlobalFrame(item.frame)) return refuse(common.MavMissionResult.UNSUPPORTED_FRAME, `frame ${item.frame} not supported`)
  if (!(Math.abs(item.x ?? 0) <= 90)) return refuse(common.MavMissionResult.INVALID_PARAM5_X, `latitude ${item.x} out of range`)
  if (!(Math.abs(item.y ?? 0) <= 180)) return refuse(common.MavMissionResult.INVALID_PARAM6_Y, `longitude ${item.y} out of range`)
  if ((item.params?.[0] ?? 0) < 0) return refuse(common.MavMissionResult.INVALID_PARAM1, `negative hold time ${item.params![0]}`)
  return undefined
}

function sameSender(a: Sender, b: Sender): boolean {
  return a.systemId === b.systemId && a.componentId === b.componentId
}

function missionRequest(to: Sender, seq: number): common.MissionRequestInt {
  const message = new common.MissionRequestInt()
  message.targetSystem = to.systemId
  message.targetComponent = to.componentId
  message.seq = seq
  message.missionType = common.MavMissionType.MISSION
  return message
}

function missionAck(to: Sender, result: common.MavMissionResult, missionId: number, missionType = common.MavMissionType.MISSION): common.MissionAck {
  const message = new common.MissionAck()
  message.targetSystem = to.systemId
  message.targetComponent = to.componentId
  message.type = result
  message.missionType = missionType
  message.opaqueId = missionId
  return message
}

function commandAck(to: Sender, command: number, result: common.MavResult): common.CommandAck {
  const message = new common.CommandAck()
  message.command = command
  message.result = result
  message.progress = 0
  message.resultParam2 = 0
  message.targetSystem = to.systemId
  message.targetComponent = to.componentId
  return message
}

function itemReached(seq: number): common.MissionItemReached {
  const message = new common.MissionItemReached()
  message.seq = seq
  return message
}

function statusText(text: string): common.StatusText {
  const message = new common.StatusText()
  message.severity = common.MavSeverity.WARNING
  message.text = text.slice(0, 50)
  message.id = 0
  message.chunkSeq = 0
  return message
}
