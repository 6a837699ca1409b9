// QGC WPL 110: the waypoint list of QGroundControl and Mission Planner. A header line `QGC WPL 110`, then one line
// per item, 12 columns separated by tabs: INDEX CURRENT FRAME COMMAND P1 P2 P3 P4 X(latitude) Y(longitude)
// Z(altitude) AUTOCONTINUE. Line 0 is the home position (frame 0, AMSL), as both programs write it.
import { createItemCollector, NAV_WAYPOINT, RefusedFile, speedItem, waypointItem, type MavItem } from './mav-items'
import { missionProblem, notKept, type NotKept } from './mission-messages'
import { emptyMissionPlan, isValidLatLon, type MissionPlan } from './mission-plan'
import { invalidFile, refusing, type ReadResult, type WriteResult } from './read-result'
import { generateSurveyPattern } from './survey-pattern'

const HEADER = 'QGC WPL 110'
const COLUMNS = 12

/**
 * Reads a QGC WPL 110 waypoint list. The first line after the header is the home position when its index is 0
 * and it is a waypoint (at (0, 0): no home). Waypoints and speed changes are kept as `readQgcPlan` keeps them;
 * every other command is listed in `notKept` by its line's place among the item lines (home is 0). A file with a
 * wrong header, a line of other than 12 columns, a value that is not a number (`nan` is allowed for P1 to P4, as
 * QGroundControl writes an unset parameter) or a position out of range is refused with the line's number.
 */
export function readWpl(text: string): ReadResult<MissionPlan> {
  return refusing(() => {
    if (!text.trim()) throw new RefusedFile(missionProblem('file/empty'))
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
    const header = lines[0]!.trim()
    if (header !== HEADER) throw new RefusedFile(missionProblem('file/wpl-header', { header: header.slice(0, 60) }))

    const rows: { line: number; index: number; current: number; item: MavItem }[] = []
    for (let i = 1; i < lines.length; i++) {
      const raw = lines[i]!.trim()
      if (!raw) continue
      const line = i + 1
      const columns = raw.split(/\s+/)
      if (columns.length !== COLUMNS) throw new RefusedFile(missionProblem('file/wpl-columns', { line, count: columns.length }))
      const values = columns.map((value, c) => {
        // P1 to P4 (columns 5 to 8) may be unset.
        if (c >= 4 && c <= 7 && value.toLowerCase() === 'nan') return null
        const n = value.trim() === '' ? Number.NaN : Number(value)
        if (!Number.isFinite(n)) throw new RefusedFile(missionProblem('file/wpl-number', { line, column: c + 1, value: value.slice(0, 40) }))
        return n
      })
      const [index, current, frame, command, p1, p2, p3, p4, lat, lon, alt, autoContinue] = values as [
        number,
        number,
        number,
        number,
        ...(number | null)[],
      ]
      if (!isValidLatLon(lat!, lon!)) throw new RefusedFile(missionProblem('file/wpl-position', { line, lat: String(lat), lon: String(lon) }))
      rows.push({ line, index, current, item: { command, frame, params: [p1!, p2!, p3!, p4!, lat!, lon!, alt!], autoContinue: autoContinue !== 0 } })
    }

    const plan = emptyMissionPlan()
    const first = rows[0]
    const hasHome = first !== undefined && first.index === 0 && first.item.command === NAV_WAYPOINT
    if (hasHome) {
      const [, , , , lat, lon, alt] = first.item.params as number[]
      if (!(lat === 0 && lon === 0)) plan.home = { lat: lat!, lon: lon!, alt: alt! }
    }
    const collector = createItemCollector(invalidFile)
    rows.forEach((row, position) => {
      if (hasHome && position === 0) return
      collector.mav(position, row.item, `line ${row.line}`)
    })
    const { items, notKept: dropped } = collector.finish()
    plan.items = items
    return { ok: true, value: plan, notKept: dropped }
  })
}

const row = (index: number, current: number, item: MavItem) =>
  // An unset parameter is written as 0 (Mission Planner's way; `readWpl` reads a yaw of 0 as unset).
  [index, current, item.frame, item.command, ...item.params.map((p) => p ?? 0), item.autoContinue ? 1 : 0].join('\t')

/**
 * Writes a plan as a QGC WPL 110 waypoint list: home on line 0 ((0, 0) without one), then each item; a speed as a
 * `MAV_CMD_DO_CHANGE_SPEED` line before its item. The format holds no survey, fence or rally point: a survey is
 * written as its pattern's waypoints, and each of those is listed in `notKept`.
 */
export function writeWpl(plan: MissionPlan): WriteResult {
  const dropped: NotKept[] = []
  const home = plan.home ?? { lat: 0, lon: 0, alt: 0 }
  const lines = [HEADER, row(0, 1, { command: NAV_WAYPOINT, frame: 0, params: [0, 0, 0, 0, home.lat, home.lon, home.alt], autoContinue: true })]
  const add = (item: MavItem) => lines.push(row(lines.length - 1, 0, item))
  plan.items.forEach((item, index) => {
    if (item.speed !== undefined) add(speedItem(item.speed))
    if (item.kind === 'waypoint') {
      add(waypointItem(item))
      return
    }
    const { waypoints } = generateSurveyPattern(item)
    for (const point of waypoints) add(waypointItem({ ...point, alt: item.alt, frame: item.frame }))
    dropped.push(notKept('item/expanded', index, { kind: 'survey' }, { count: waypoints.length }))
  })
  plan.geofence.polygons.forEach((_, index) => dropped.push(notKept('item/not-written', index, { kind: 'polygon' })))
  plan.geofence.circles.forEach((_, index) => dropped.push(notKept('item/not-written', index, { kind: 'circle' })))
  plan.rallyPoints.forEach((_, index) => dropped.push(notKept('item/not-written', index, { kind: 'rally' })))
  return { text: `${lines.join('\n')}\n`, notKept: dropped }
}
