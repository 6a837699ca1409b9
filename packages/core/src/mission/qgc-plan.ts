// QGroundControl's `.plan` (JSON, fileType "Plan", version 1; mission version 2; geoFence version 2; rallyPoints
// version 1 or 2), read and written as far as the plan keeps it. Keys as QGroundControl's own
// src/MissionManager (MissionController, SimpleMissionItem, SurveyComplexItem, TransectStyleComplexItem, CameraCalc,
// GeoFenceController, RallyPointController) and its docs/en/qgc-dev-guide/file_formats/plan.md name them.
import * as v from 'valibot'
import { objectMessage } from '../platform/schema'
import { createItemCollector, NAV_WAYPOINT, RefusedFile, speedItem, waypointItem, type MavItem } from './mav-items'
import { missionProblem, notKept, type NotKept } from './mission-messages'
import type { AltitudeFrame, FenceCircle, FencePolygon, LatLon, MissionPlan, RallyPoint, Survey } from './mission-plan'
import { describeIssueAt, invalidFile, parseJsonText, refusing, type ReadResult, type WriteResult } from './read-result'
import { generateSurveyPattern } from './survey-pattern'

/** QGroundControl's name for a survey without camera specifications: the spacing is then set by hand. */
const MANUAL_CAMERA = 'Manual (no camera specs)'
/** QGroundControl's `AltitudeMode` (and a survey's `DistanceMode`) for each altitude frame. */
const ALTITUDE_MODE: Readonly<Record<AltitudeFrame, number>> = { relative: 1, amsl: 2, terrain: 4 }
/** `AltitudeMode` 3: QGroundControl computes each altitude above the terrain and writes it above sea level. */
const CALC_ABOVE_TERRAIN = 3
/** `MAV_TYPE`s that fly at cruise speed (fixed wing and the VTOLs); the others at hover speed. */
const CRUISING_TYPES = new Set([1, 19, 20, 21, 22, 23, 24, 25])
/** QGroundControl's default speeds (m/s), written when a plan has none. */
const DEFAULT_CRUISE_SPEED = 15
const DEFAULT_HOVER_SPEED = 5

// Built on use, not at import: an app that never reads a plan does not run valibot's builders.
function schemas() {
  const finite = v.pipe(v.number('{path} must be a number'), v.finite('{path} must be a finite number'))
  const whole = v.pipe(v.number('{path} must be a whole number'), v.integer('{path} must be a whole number'))
  const lat = v.pipe(finite, v.minValue(-90, '{path} must be a latitude (−90 to 90)'), v.maxValue(90, '{path} must be a latitude (−90 to 90)'))
  const lon = v.pipe(
    finite,
    v.minValue(-180, '{path} must be a longitude (−180 to 180)'),
    v.maxValue(180, '{path} must be a longitude (−180 to 180)'),
  )
  const latLon = v.tuple([lat, lon], '{path} must be [latitude, longitude]')
  const ring = v.pipe(v.array(latLon, '{path} must be a list of points'), v.minLength(3, '{path} must have at least 3 points'))
  const flag = v.optional(v.boolean('{path} must be true or false'))

  const simpleItem = v.looseObject(
    {
      type: v.literal('SimpleItem'),
      command: whole,
      frame: whole,
      // QGroundControl writes NaN as null.
      params: v.pipe(
        v.array(v.nullable(v.number('{path} must be a number or null')), '{path} must be a list'),
        v.length(7, '{path} must hold 7 values'),
      ),
      autoContinue: v.optional(v.boolean('{path} must be true or false'), true),
      AltitudeMode: v.optional(v.nullable(whole)),
    },
    objectMessage('a mission item'),
  )
  const complexItem = v.looseObject(
    { type: v.literal('ComplexItem'), complexItemType: v.string('{path} must be text') },
    objectMessage('a mission item'),
  )
  const item = v.variant('type', [simpleItem, complexItem], (issue) =>
    issue.path?.at(-1)?.key === 'type' ? '{path} must be "SimpleItem" or "ComplexItem"' : '{path} is not a mission item',
  )

  const planFile = v.looseObject(
    {
      mission: v.looseObject(
        {
          items: v.array(item, '{path} must be a list'),
          plannedHomePosition: v.optional(v.tuple([lat, lon, v.nullable(finite)], '{path} must be [latitude, longitude, altitude]')),
          cruiseSpeed: v.optional(v.nullable(finite)),
          hoverSpeed: v.optional(v.nullable(finite)),
          vehicleType: v.optional(whole),
          firmwareType: v.optional(whole),
        },
        objectMessage('a mission'),
      ),
      geoFence: v.optional(
        v.looseObject(
          {
            polygons: v.optional(
              v.array(
                v.looseObject(
                  { inclusion: v.optional(v.boolean('{path} must be true or false'), true), polygon: ring },
                  objectMessage('a fence polygon'),
                ),
                '{path} must be a list',
              ),
              [],
            ),
            circles: v.optional(
              v.array(
                v.looseObject(
                  {
                    inclusion: v.optional(v.boolean('{path} must be true or false'), true),
                    circle: v.looseObject(
                      { center: latLon, radius: v.pipe(finite, v.gtValue(0, '{path} must be above 0')) },
                      objectMessage('a circle'),
                    ),
                  },
                  objectMessage('a fence circle'),
                ),
                '{path} must be a list',
              ),
              [],
            ),
          },
          objectMessage('a geofence'),
        ),
      ),
      rallyPoints: v.optional(
        v.looseObject(
          { points: v.optional(v.array(v.tuple([lat, lon, finite], '{path} must be [latitude, longitude, altitude]'), '{path} must be a list'), []) },
          objectMessage('a list of rally points'),
        ),
      ),
    },
    objectMessage('a plan'),
  )

  const survey = v.looseObject(
    {
      angle: finite,
      polygon: ring,
      entryLocation: v.optional(v.nullable(v.number('{path} must be a number'))),
      flyAlternateTransects: flag,
      TransectStyleComplexItem: v.looseObject(
        {
          CameraCalc: v.looseObject(
            {
              CameraName: v.optional(v.string('{path} must be text')),
              DistanceToSurface: finite,
              AdjustedFootprintSide: v.pipe(finite, v.gtValue(0, '{path} must be above 0')),
              DistanceToSurfaceRelative: flag,
              DistanceMode: v.optional(whole),
            },
            objectMessage('a camera calculation'),
          ),
          TurnAroundDistance: v.optional(v.nullable(finite)),
          Refly90Degrees: flag,
          HoverAndCapture: flag,
          FollowTerrain: flag,
        },
        objectMessage('a transect definition'),
      ),
    },
    objectMessage('a survey'),
  )
  return { planFile, survey }
}

type Schemas = ReturnType<typeof schemas>
type PlanFile = v.InferOutput<Schemas['planFile']>
type ComplexItem = Extract<PlanFile['mission']['items'][number], { type: 'ComplexItem' }>

const fromPair = ([lat, lon]: readonly [number, number, ...unknown[]]): LatLon => ({ lat, lon })

/**
 * Reads a QGroundControl `.plan` file. Waypoints (`MAV_CMD_NAV_WAYPOINT`) with their hold time, speed changes
 * (kept as the next item's speed), surveys (polygon, line spacing, angle, altitude), the geofence's polygons and
 * circles, rally points and the planned home position are kept; every other command, complex item or setting is
 * listed in `notKept`, item by item. A file that is not a plan, of a version this reader does not know, or with a
 * field of the wrong kind (a latitude that is not a number, a polygon of two points) is refused with the reason.
 *
 * A planned home of exactly (0, 0) is read as no home: QGroundControl needs one in every file, and the writer puts
 * (0, 0) there for a plan without.
 *
 * @example
 * const read = readQgcPlan(await file.text())
 * if (!read.ok) showError(describeMissionProblem(t, read.error))
 */
export function readQgcPlan(text: string): ReadResult<MissionPlan> {
  return refusing(() => {
    const json = parseJsonText(text) as Record<string, unknown> | null
    if (!json || typeof json !== 'object' || Array.isArray(json) || json.fileType !== 'Plan') {
      const fileType = json && typeof json === 'object' && !Array.isArray(json) ? json.fileType : undefined
      throw new RefusedFile(missionProblem('file/not-a-plan', { fileType: fileType === undefined ? 'missing' : JSON.stringify(fileType) }))
    }
    const version = (part: string, value: unknown, known: readonly number[]) => {
      if (!known.includes(value as number))
        throw new RefusedFile(missionProblem('file/version', { part, version: JSON.stringify(value) ?? 'missing' }))
    }
    version('plan', json.version, [1])
    const mission = json.mission as Record<string, unknown> | undefined
    if (mission && typeof mission === 'object') version('mission', mission.version, [2])
    const fence = json.geoFence as Record<string, unknown> | undefined
    if (fence && typeof fence === 'object') version('geoFence', fence.version, [2])
    const rally = json.rallyPoints as Record<string, unknown> | undefined
    if (rally && typeof rally === 'object') version('rallyPoints', rally.version, [1, 2])

    const { planFile, survey: surveySchema } = schemas()
    const parsed = v.safeParse(planFile, json)
    if (!parsed.success) throw new RefusedFile(invalidFile(describeIssueAt(parsed.issues[0], '')))
    const plan = parsed.output

    const collector = createItemCollector(invalidFile)
    plan.mission.items.forEach((item, index) => {
      const where = `mission.items[${index}]`
      if (item.type === 'SimpleItem') {
        // Only a waypoint would be kept: any other command is reported as the command it is.
        if (item.AltitudeMode === CALC_ABOVE_TERRAIN && item.command === NAV_WAYPOINT) {
          collector.skip(notKept('item/altitude-mode', index, { command: item.command }, { mode: String(item.AltitudeMode) }))
          return
        }
        collector.mav(index, item as MavItem, where)
        return
      }
      const read = readSurvey(item, index, where, surveySchema)
      if ('notKept' in read) collector.skip(read.notKept)
      else {
        read.settings.forEach((entry) => collector.skip(entry))
        collector.survey(index, read.survey)
      }
    })
    const { items, notKept: dropped } = collector.finish()

    const home = plan.mission.plannedHomePosition
    const vehicleType = plan.mission.vehicleType
    const speed = vehicleType !== undefined && CRUISING_TYPES.has(vehicleType) ? plan.mission.cruiseSpeed : plan.mission.hoverSpeed
    const result: MissionPlan = {
      ...(home && !(home[0] === 0 && home[1] === 0) ? { home: { lat: home[0], lon: home[1], alt: home[2] ?? 0 } } : {}),
      items,
      geofence: {
        polygons: (plan.geoFence?.polygons ?? []).map((p): FencePolygon => ({ inclusion: p.inclusion, polygon: p.polygon.map(fromPair) })),
        circles: (plan.geoFence?.circles ?? []).map((c): FenceCircle => ({
          inclusion: c.inclusion,
          center: fromPair(c.circle.center),
          radius: c.circle.radius,
        })),
      },
      rallyPoints: (plan.rallyPoints?.points ?? []).map(([lat, lon, alt]): RallyPoint => ({ lat, lon, alt })),
      ...(speed !== undefined && speed !== null && speed > 0 ? { defaultSpeed: speed } : {}),
      ...(vehicleType !== undefined || plan.mission.firmwareType !== undefined
        ? { vehicle: { type: vehicleType ?? 0, autopilot: plan.mission.firmwareType ?? 0 } }
        : {}),
    }
    return { ok: true, value: result, notKept: dropped }
  })
}

/** A complex item: a survey with the settings it drops, or what is not kept of it. */
function readSurvey(
  item: ComplexItem,
  index: number,
  where: string,
  schema: Schemas['survey'],
): { survey: Survey; settings: NotKept[] } | { notKept: NotKept } {
  const kind = item.complexItemType
  const version = (item as { version?: unknown }).version
  if (kind !== 'survey') return { notKept: notKept('item/complex', index, { kind }) }
  // Versions 2 and 3 (before 2018) kept the grid in another shape.
  if (version !== 4 && version !== 5) return { notKept: notKept('item/complex', index, { kind: `survey version ${String(version)}` }) }
  const parsed = v.safeParse(schema, item)
  if (!parsed.success) throw new RefusedFile(invalidFile(describeIssueAt(parsed.issues[0], where)))
  const s = parsed.output
  const transect = s.TransectStyleComplexItem
  const camera = transect.CameraCalc
  const settings: NotKept[] = []
  const drop = (setting: string, value: unknown) =>
    settings.push(notKept('item/survey-setting', index, { kind: 'survey' }, { setting, value: String(value) }))

  let frame: AltitudeFrame = camera.DistanceToSurfaceRelative === false ? 'amsl' : 'relative'
  if (camera.DistanceMode !== undefined) {
    const mode = Object.entries(ALTITUDE_MODE).find(([, n]) => n === camera.DistanceMode)?.[0] as AltitudeFrame | undefined
    if (mode) frame = mode
    else drop('DistanceMode', camera.DistanceMode)
  }
  if (camera.CameraName !== undefined && camera.CameraName !== MANUAL_CAMERA) drop('CameraName', camera.CameraName)
  if (transect.TurnAroundDistance) drop('TurnAroundDistance', transect.TurnAroundDistance)
  if (transect.Refly90Degrees) drop('Refly90Degrees', true)
  if (transect.HoverAndCapture) drop('HoverAndCapture', true)
  if (transect.FollowTerrain) drop('FollowTerrain', true)
  if (s.flyAlternateTransects) drop('flyAlternateTransects', true)
  if (s.entryLocation) drop('entryLocation', s.entryLocation)
  const heading = ((s.angle % 360) + 360) % 360
  return {
    survey: {
      kind: 'survey',
      polygon: s.polygon.map(fromPair),
      spacing: camera.AdjustedFootprintSide,
      heading,
      alt: camera.DistanceToSurface,
      frame,
    },
    settings,
  }
}

/** A MAVLink item as a `.plan` SimpleItem. */
function simpleItem(item: MavItem, doJumpId: number, frame?: AltitudeFrame): Record<string, unknown> {
  const position = frame ? { AMSLAltAboveTerrain: null, Altitude: item.params[6], AltitudeMode: ALTITUDE_MODE[frame] } : {}
  return { ...position, autoContinue: item.autoContinue, command: item.command, doJumpId, frame: item.frame, params: item.params, type: 'SimpleItem' }
}

/**
 * Writes a plan as a QGroundControl `.plan` file (4-space JSON, as QGroundControl writes it). A speed is written
 * as a `MAV_CMD_DO_CHANGE_SPEED` before its item; a survey as a version 5 survey item (transect definition and camera
 * calculation version 2, with its altitude mode, as current QGroundControl writes them) with a manual camera, its
 * line spacing as the side footprint and its waypoints as the transect items. Everything the plan holds has a place,
 * so `notKept` is empty.
 */
export function writeQgcPlan(plan: MissionPlan): WriteResult {
  const items: Record<string, unknown>[] = []
  // Sequence numbers as QGroundControl counts them: 0 is home, a survey takes one per generated item.
  let seq = 1
  for (const item of plan.items) {
    if (item.speed !== undefined) items.push(simpleItem(speedItem(item.speed), seq++))
    if (item.kind === 'waypoint') {
      items.push(simpleItem(waypointItem(item), seq++, item.frame))
      continue
    }
    const pattern = generateSurveyPattern(item)
    const transectItems = pattern.waypoints.map((point) =>
      simpleItem(waypointItem({ ...point, alt: item.alt, frame: item.frame }), seq++, item.frame),
    )
    items.push({
      TransectStyleComplexItem: {
        CameraCalc: {
          AdjustedFootprintFrontal: item.spacing,
          AdjustedFootprintSide: item.spacing,
          CameraName: MANUAL_CAMERA,
          DistanceMode: ALTITUDE_MODE[item.frame],
          DistanceToSurface: item.alt,
          // Version 2 keeps the altitude mode (terrain frame too); version 1's DistanceToSurfaceRelative could not.
          version: 2,
        },
        CameraShots: 0,
        CameraTriggerInTurnAround: true,
        HoverAndCapture: false,
        Items: transectItems,
        Refly90Degrees: false,
        TurnAroundDistance: 0,
        VisualTransectPoints: pattern.waypoints.map((p) => [p.lat, p.lon]),
        version: 2,
      },
      angle: item.heading,
      complexItemType: 'survey',
      entryLocation: 0,
      flyAlternateTransects: false,
      polygon: item.polygon.map((p) => [p.lat, p.lon]),
      splitConcavePolygons: false,
      type: 'ComplexItem',
      version: 5,
    })
  }
  const file = {
    fileType: 'Plan',
    geoFence: {
      circles: plan.geofence.circles.map((c) => ({
        circle: { center: [c.center.lat, c.center.lon], radius: c.radius },
        inclusion: c.inclusion,
        version: 1,
      })),
      polygons: plan.geofence.polygons.map((p) => ({ inclusion: p.inclusion, polygon: p.polygon.map((q) => [q.lat, q.lon]), version: 1 })),
      version: 2,
    },
    groundStation: 'Honu Console',
    mission: {
      cruiseSpeed: plan.defaultSpeed ?? DEFAULT_CRUISE_SPEED,
      firmwareType: plan.vehicle?.autopilot ?? 0,
      globalPlanAltitudeMode: ALTITUDE_MODE.relative,
      hoverSpeed: plan.defaultSpeed ?? DEFAULT_HOVER_SPEED,
      items,
      plannedHomePosition: plan.home ? [plan.home.lat, plan.home.lon, plan.home.alt] : [0, 0, 0],
      vehicleType: plan.vehicle?.type ?? 2,
      version: 2,
    },
    rallyPoints: { points: plan.rallyPoints.map((p) => [p.lat, p.lon, p.alt]), version: 2 },
    version: 1,
  }
  return { text: `${JSON.stringify(file, null, 4)}\n`, notKept: [] }
}
