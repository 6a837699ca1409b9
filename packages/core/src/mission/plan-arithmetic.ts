import { distanceM, insideCircle, insidePolygon } from './geo'
import { missionProblem, type MissionMessageCode, type MissionProblem } from './mission-messages'
import type { AltitudeFrame, LatLon, MissionPlan } from './mission-plan'
import { generateSurveyPattern } from './survey-pattern'

/** A point the vehicle flies to, with the item it comes from. */
export interface PathPoint extends LatLon {
  alt: number
  frame: AltitudeFrame
  /** The mission item (index in `plan.items`) the point belongs to. */
  item: number
  /** The point's place within its item: 0 for a waypoint, the pattern's waypoint for a survey. */
  point: number
  /** Seconds held at the point. */
  holdSeconds: number
  /** The speed (m/s) set from the leg to this point on, if the item sets one here. */
  speed?: number
}

/** Every point the mission flies to, in order: waypoints as they are, surveys as their lawnmower pattern. */
export function flightPath(plan: Pick<MissionPlan, 'items'>): PathPoint[] {
  const path: PathPoint[] = []
  plan.items.forEach((item, index) => {
    if (item.kind === 'waypoint') {
      const { lat, lon, alt, frame, holdSeconds, speed } = item
      path.push({ lat, lon, alt, frame, item: index, point: 0, holdSeconds, ...(speed === undefined ? {} : { speed }) })
      return
    }
    generateSurveyPattern(item).waypoints.forEach(({ lat, lon }, point) => {
      const speed = point === 0 ? item.speed : undefined
      path.push({ lat, lon, alt: item.alt, frame: item.frame, item: index, point, holdSeconds: 0, ...(speed === undefined ? {} : { speed }) })
    })
  })
  return path
}

/** What a plan measures. */
export interface PlanMeasure {
  /** Horizontal distance in metres along the path, from home when the plan has one. */
  distance: number
  /**
   * Estimated seconds: each leg at the speed in force (the item's own, else the last one set, else the plan's
   * `defaultSpeed`, else the option's), plus every hold. `undefined` when a leg has no speed to go by. Climbs,
   * turns and acceleration are not counted.
   */
  duration: number | undefined
  /** Seconds held at points, all told (part of `duration`). */
  holdSeconds: number
}

/** Options of {@link measurePlan}. */
export interface MeasureOptions {
  /** Speed in m/s when neither the plan nor its items set one (the platform's cruise speed). */
  defaultSpeed?: number
}

/**
 * Distance and estimated time of a plan.
 *
 * @example measurePlan(plan, { defaultSpeed: 5 }).duration
 */
export function measurePlan(plan: MissionPlan, options: MeasureOptions = {}): PlanMeasure {
  const path = flightPath(plan)
  let distance = 0
  let duration: number | undefined = 0
  let holdSeconds = 0
  let speed = plan.defaultSpeed ?? options.defaultSpeed
  let previous: LatLon | undefined = plan.home
  for (const point of path) {
    if (point.speed !== undefined) speed = point.speed
    if (previous) {
      const leg = distanceM(previous, point)
      distance += leg
      if (duration !== undefined && leg > 0) duration = speed !== undefined && speed > 0 ? duration + leg / speed : undefined
    }
    holdSeconds += point.holdSeconds
    previous = point
  }
  return { distance, duration: duration === undefined ? undefined : duration + holdSeconds, holdSeconds }
}

/** A plan check's finding. */
export interface MissionFinding extends MissionProblem<Extract<MissionMessageCode, `finding/${string}`>> {
  /** The mission item it is about (index in `plan.items`), when it is about one. */
  item?: number
  /** The point within the item (see {@link PathPoint.point}). */
  point?: number
}

/** Options of {@link checkPlan}: what the platform allows. */
export interface CheckOptions {
  /**
   * The platform's altitude limits in metres above home (terrain-following altitudes are compared as they are,
   * altitudes above sea level after taking off home's).
   */
  altitudeLimits?: { min: number; max: number }
  /**
   * Whether a point is on land, for a surface vehicle. Not built yet (it needs the site packs' land polygons):
   * when left out, no point is checked for land.
   */
  isOnLand?: (point: LatLon) => boolean
}

/**
 * What stands in the way of flying a plan, in order: no waypoints; each point flown outside an inclusion fence or
 * inside an exclusion fence; each item's altitude out of the platform's limits; each point on land (with
 * `isOnLand`). Empty when none.
 *
 * With several inclusion fences, a point must be inside every one of them (ArduPilot's rule; PX4 asks for any
 * one): the stricter reading, so the check never passes a point one of the firmwares would refuse.
 */
export function checkPlan(plan: MissionPlan, options: CheckOptions = {}): MissionFinding[] {
  const findings: MissionFinding[] = []
  const path = flightPath(plan)
  if (path.length === 0) findings.push(missionProblem('finding/no-waypoints'))

  const { polygons, circles } = plan.geofence
  for (const p of path) {
    const where = { item: p.item, point: p.point }
    const values = { number: p.item + 1, point: p.point + 1 }
    const fenceFinding = (inclusion: boolean, shape: 'polygon' | 'circle', fence: number) =>
      findings.push({
        ...missionProblem(inclusion ? 'finding/outside-fence' : 'finding/inside-fence', { ...values, shape, fence: fence + 1 }),
        ...where,
      })
    polygons.forEach((fence, i) => {
      if (insidePolygon(p, fence.polygon) !== fence.inclusion) fenceFinding(fence.inclusion, 'polygon', i)
    })
    circles.forEach((fence, i) => {
      if (insideCircle(p, fence.center, fence.radius) !== fence.inclusion) fenceFinding(fence.inclusion, 'circle', i)
    })
  }

  const limits = options.altitudeLimits
  if (limits) {
    plan.items.forEach((item, index) => {
      const values = { number: index + 1 }
      if (item.frame === 'amsl' && !plan.home) {
        findings.push({ ...missionProblem('finding/altitude-unknown', values), item: index })
        return
      }
      const height = item.frame === 'amsl' ? item.alt - plan.home!.alt : item.alt
      if (height < limits.min || height > limits.max) {
        findings.push({ ...missionProblem('finding/altitude-limits', { ...values, alt: height, min: limits.min, max: limits.max }), item: index })
      }
    })
  }

  if (options.isOnLand) {
    for (const p of path) {
      if (options.isOnLand(p)) {
        findings.push({ ...missionProblem('finding/on-land', { number: p.item + 1, point: p.point + 1 }), item: p.item, point: p.point })
      }
    }
  }
  return findings
}
