import { translateSource, type Translate } from '../i18n/create-i18n-store'
import { defineMessages, type TranslationLoaders } from '../i18n/define-messages'
import type { MessageValue, MessageValues } from '../i18n/format-message'

// Typed apart from the book, so the German module may check itself against the book's type.
const translations: TranslationLoaders = { 'de-DE': () => import('./mission-messages-de').then((m) => m.default) }

/**
 * What the mission readers, writers and checks say, keyed by stable code (`file/…`: a file refused whole;
 * `item/…`: one thing a file holds that the plan cannot; `finding/…`: a plan check). A caller shows a problem with
 * `describeMissionProblem(t, problem)`; code that reacts to one matches on `problem.code`, never on its text.
 * `{number}` counts items from 1. `{detail}` is the reader's own English (a field's path and why, or the XML parser's position), as layout import
 * words its refusals.
 */
export const missionMessages = defineMessages(
  'core.mission',
  {
    'file/empty': 'The file is empty.',
    'file/not-json': 'The file is not valid JSON.',
    'file/not-a-plan': 'The file is not a QGroundControl plan (its fileType is {fileType}).',
    'file/version': 'The file’s {part} has version {version}, which this console cannot read.',
    'file/invalid': 'The file cannot be read: {detail}.',
    'file/wpl-header': 'The file is not a QGC WPL 110 waypoint list (its first line is “{header}”).',
    'file/wpl-columns': 'Line {line} of the waypoint list has {count} columns instead of 12.',
    'file/wpl-number': 'Line {line} of the waypoint list has “{value}” in column {column}, which is not a number.',
    'file/wpl-position': 'Line {line} of the waypoint list has a position out of range ({lat}, {lon}).',
    'file/not-xml': 'The file is not well-formed XML: {detail}.',
    'file/not-kml': 'The file is XML but not KML (its root element is {root}).',
    'file/kml-coordinates': 'The KML {where} has no usable coordinates: {detail}.',
    'file/not-geojson': 'The file is JSON but not GeoJSON: {detail}.',
    'item/command': 'Item {number}: command {command} has no place in this plan.',
    'item/frame': 'Item {number}: command {command} uses coordinate frame {frame}, which this plan does not use.',
    'item/parameter': 'Item {number}: command {command} sets {parameter} to {value}, which this plan does not keep.',
    'item/altitude-mode': 'Item {number}: the altitude mode {mode} (computed above terrain by QGroundControl) is not kept.',
    'item/no-altitude': 'Item {number}: command {command} has no altitude.',
    'item/speed-alone': 'Item {number}: a speed change with no waypoint after it.',
    'item/speed-kind': 'Item {number}: a speed change of kind {speedKind} (only air and ground speed are kept).',
    'item/complex': 'Item {number}: a {kind} has no place in this plan.',
    'item/survey-setting': 'Item {number}: the survey setting {setting} ({value}) is not kept.',
    'item/geometry': 'Shape {number}: a {kind} has no place here.',
    'item/holes': 'Shape {number}: the polygon’s {count, plural, one {hole is} other {# holes are}} not kept.',
    'item/not-written':
      '{kind, select, polygon {Fence polygon} circle {Fence circle} rally {Rally point} other {Home position}} {number} is not written to this format.',
    'item/flat': 'Item {number}: its altitude is not written (the shapes are flat).',
    'item/expanded': 'Item {number}: the survey is written as its {count, plural, one {waypoint} other {# waypoints}}.',
    'finding/no-waypoints': 'The mission has no waypoints.',
    'finding/outside-fence': 'Item {number}: point {point} is outside inclusion fence {shape, select, circle {circle} other {polygon}} {fence}.',
    'finding/inside-fence': 'Item {number}: point {point} is inside exclusion fence {shape, select, circle {circle} other {polygon}} {fence}.',
    'finding/altitude-limits': 'Item {number}: altitude {alt} m is outside the platform’s limits ({min} to {max} m).',
    'finding/altitude-unknown': 'Item {number}: an altitude above sea level cannot be checked without a home position.',
    'finding/on-land': 'Item {number}: point {point} is on land.',
  },
  translations,
)

/** A code of the mission book: a refused file (`file/…`), a thing not kept (`item/…`) or a plan finding (`finding/…`). */
export type MissionMessageCode = keyof typeof missionMessages.messages

/** A problem as data: its code, the values its message takes, and its US English text for logs. */
export interface MissionProblem<C extends MissionMessageCode = MissionMessageCode> {
  code: C
  values: MessageValues
  /** The US English message; show `describeMissionProblem(t, problem)` to a user instead. */
  message: string
}

/** A file refused whole: nothing of it is used. */
export type MissionFileError = MissionProblem<Extract<MissionMessageCode, `file/${string}`>>

/**
 * One thing a file holds (or a writer's format cannot hold) that the plan does not keep, item by item.
 * `index` counts from 0 in the file's own list (mission items, WPL lines after the header, shapes).
 */
export interface NotKept extends MissionProblem<Extract<MissionMessageCode, `item/${string}`>> {
  index: number
  /** The MAVLink command number (`MAV_CMD`) when the item has one. */
  command?: number
  /** What the item is when it has no command: `survey`, `CorridorScan`, `circle`, `point`, … */
  kind?: string
}

/** A problem with its English message filled in. */
export function missionProblem<C extends MissionMessageCode>(code: C, values: MessageValues = {}): MissionProblem<C> {
  return { code, values, message: translateSource(missionMessages, code, values) }
}

/** A thing not kept, with where it was and its English message. */
export function notKept(
  code: Extract<MissionMessageCode, `item/${string}`>,
  index: number,
  what: { command?: number; kind?: string },
  values: MessageValues = {},
): NotKept {
  // Messages count from 1, as a planner's list does.
  const where: Record<string, MessageValue> = { number: index + 1 }
  if (what.command !== undefined) where.command = String(what.command)
  if (what.kind !== undefined) where.kind = what.kind
  return { ...missionProblem(code, { ...where, ...values }), index, ...what }
}

/** A mission problem in the console's language. */
export function describeMissionProblem(t: Translate, problem: Pick<MissionProblem, 'code' | 'values'>): string {
  return t(missionMessages, problem.code, problem.values)
}
