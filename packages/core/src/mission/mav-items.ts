// MAVLink mission items (what `.plan` SimpleItems and WPL lines hold) to the plan's items and back. Only what the
// plan keeps is mapped; everything else is reported by the caller's index (see `notKept`).
import { notKept, type MissionFileError, type NotKept } from './mission-messages'
import { isValidLatLon, type AltitudeFrame, type MissionItem, type Survey, type Waypoint } from './mission-plan'

/** `MAV_CMD_NAV_WAYPOINT`. */
export const NAV_WAYPOINT = 16
/** `MAV_CMD_DO_CHANGE_SPEED`. */
export const DO_CHANGE_SPEED = 178
/** `MAV_FRAME_MISSION`: a command without a position. */
export const FRAME_MISSION = 2

/** A MAVLink mission item as files hold it. `null` stands for an unset parameter (NaN on the wire). */
export interface MavItem {
  command: number
  frame: number
  /** param1…param4, then x (latitude), y (longitude), z (altitude). */
  params: readonly (number | null)[]
  autoContinue: boolean
}

/** `MAV_FRAME` numbers of the global frames the plan keeps (the `_INT` variants read alike). */
const FRAMES: Readonly<Record<number, AltitudeFrame>> = { 0: 'amsl', 3: 'relative', 10: 'terrain', 5: 'amsl', 6: 'relative', 11: 'terrain' }
/** The frame written for each altitude frame. */
export const FRAME_NUMBER: Readonly<Record<AltitudeFrame, number>> = { amsl: 0, relative: 3, terrain: 10 }

/** A file refused while its items are read; the reader returns its problem. */
export class RefusedFile extends Error {
  constructor(readonly problem: MissionFileError) {
    super(problem.message)
  }
}

const isSet = (value: number | null | undefined): value is number => value !== null && value !== undefined && !Number.isNaN(value)

/**
 * Collects a file's items in order into the plan's, with what is not kept. A speed change is sticky in MAVLink,
 * so it is kept as the speed of the next waypoint or survey (from the leg to it on).
 */
export interface ItemCollector {
  /** A MAVLink item at `index` of the file; `where` names its position for a refusal (`mission.items[3]`). */
  mav(index: number, item: MavItem, where: string): void
  /** A survey already read, at `index` of the file. */
  survey(index: number, survey: Survey): void
  /** Something the plan does not keep at all. */
  skip(entry: NotKept): void
  finish(): { items: MissionItem[]; notKept: NotKept[] }
}

/** A new collector. `invalid(detail)` words a refusal for a position out of range. */
export function createItemCollector(invalid: (detail: string) => MissionFileError): ItemCollector {
  const items: MissionItem[] = []
  const dropped: NotKept[] = []
  let pending: { speed: number; index: number } | undefined

  const takeSpeed = (): { speed?: number } => {
    const speed = pending?.speed
    pending = undefined
    return speed === undefined ? {} : { speed }
  }

  const waypoint = (index: number, item: MavItem, where: string) => {
    const command = item.command
    const p = item.params
    const frame = FRAMES[item.frame]
    if (!frame) {
      dropped.push(notKept('item/frame', index, { command }, { frame: String(item.frame) }))
      return
    }
    const lat = p[4]
    const lon = p[5]
    if (!isSet(lat) || !isSet(lon) || !isValidLatLon(lat, lon)) {
      throw new RefusedFile(invalid(`${where} has no valid position (latitude ${String(lat)}, longitude ${String(lon)})`))
    }
    const alt = p[6]
    if (!isSet(alt)) {
      dropped.push(notKept('item/no-altitude', index, { command }))
      return
    }
    const hold = p[0]
    const dropParam = (parameter: string, value: unknown) =>
      dropped.push(notKept('item/parameter', index, { command }, { parameter, value: String(value) }))
    if (isSet(hold) && hold < 0) dropParam('hold time', hold)
    if (isSet(p[1]) && p[1] !== 0) dropParam('acceptance radius', p[1])
    if (isSet(p[2]) && p[2] !== 0) dropParam('pass radius', p[2])
    // Yaw 0 is what Mission Planner writes for every waypoint and ArduPilot ignores: read as unset, like NaN.
    if (isSet(p[3]) && p[3] !== 0) dropParam('yaw', p[3])
    if (!item.autoContinue) dropParam('autocontinue', 0)
    const point: Waypoint = { kind: 'waypoint', lat, lon, alt, frame, ...takeSpeed(), holdSeconds: isSet(hold) && hold > 0 ? hold : 0 }
    items.push(point)
  }

  const speedChange = (index: number, item: MavItem) => {
    const command = item.command
    const [kind, speed, throttle, relative] = item.params
    if (isSet(kind) && kind !== 0 && kind !== 1) {
      dropped.push(notKept('item/speed-kind', index, { command }, { speedKind: String(kind) }))
      return
    }
    if (!isSet(speed) || speed <= 0) {
      // −1 means "speed unchanged": such an item changes only the throttle, which the plan does not keep.
      dropped.push(notKept('item/parameter', index, { command }, { parameter: 'speed', value: String(speed) }))
      return
    }
    if (isSet(throttle) && throttle !== -1 && throttle !== 0) {
      dropped.push(notKept('item/parameter', index, { command }, { parameter: 'throttle', value: String(throttle) }))
    }
    if (isSet(relative) && relative !== 0) {
      dropped.push(notKept('item/parameter', index, { command }, { parameter: 'relative speed', value: String(relative) }))
      return
    }
    pending = { speed, index }
  }

  return {
    mav(index, item, where) {
      if (item.command === NAV_WAYPOINT) waypoint(index, item, where)
      else if (item.command === DO_CHANGE_SPEED) speedChange(index, item)
      else dropped.push(notKept('item/command', index, { command: item.command }))
    },
    survey(_index, survey) {
      items.push({ ...survey, ...takeSpeed() })
    },
    skip(entry) {
      dropped.push(entry)
    },
    finish() {
      if (pending) dropped.push(notKept('item/speed-alone', pending.index, { command: DO_CHANGE_SPEED }))
      pending = undefined
      dropped.sort((a, b) => a.index - b.index)
      return { items, notKept: dropped }
    },
  }
}

/** The MAVLink speed change written before an item with a speed (ground speed, throttle unchanged). */
export function speedItem(speed: number): MavItem {
  return { command: DO_CHANGE_SPEED, frame: FRAME_MISSION, params: [1, speed, -1, 0, 0, 0, 0], autoContinue: true }
}

/** The MAVLink waypoint of a point at an altitude. Yaw is left unset (NaN), as QGroundControl writes it. */
export function waypointItem(point: { lat: number; lon: number; alt: number; frame: AltitudeFrame; holdSeconds?: number }): MavItem {
  return {
    command: NAV_WAYPOINT,
    frame: FRAME_NUMBER[point.frame],
    params: [point.holdSeconds ?? 0, 0, 0, null, point.lat, point.lon, point.alt],
    autoContinue: true,
  }
}
