import * as v from 'valibot'
import { objectMessage, parseWith } from '../platform/schema'
import type { MissionPlan } from './mission-plan'

/**
 * The schema of a stored or received mission plan (our own shape, as `MissionPlan`): what a server's mission
 * record or a restored draft is checked with before the planner uses it. Built on use, not at import. Unknown
 * fields are dropped; every number must be finite and in range.
 */
function missionPlanSchema() {
  const finite = v.pipe(v.number('{path} must be a number'), v.finite('{path} must be a finite number'))
  const positive = v.pipe(finite, v.gtValue(0, '{path} must be above 0'))
  const latLon = {
    lat: v.pipe(finite, v.minValue(-90, '{path} must be a latitude (−90 to 90)'), v.maxValue(90, '{path} must be a latitude (−90 to 90)')),
    lon: v.pipe(finite, v.minValue(-180, '{path} must be a longitude (−180 to 180)'), v.maxValue(180, '{path} must be a longitude (−180 to 180)')),
  }
  const point = v.object(latLon, objectMessage('a position'))
  const ring = v.pipe(v.array(point, '{path} must be a list of positions'), v.minLength(3, '{path} must have at least 3 positions'))
  const frame = v.picklist(['relative', 'amsl', 'terrain'], '{path} must be relative, amsl or terrain')
  const speed = v.optional(positive)

  const waypoint = v.object(
    {
      kind: v.literal('waypoint'),
      ...latLon,
      alt: finite,
      frame,
      speed,
      holdSeconds: v.pipe(finite, v.minValue(0, '{path} must be 0 or more')),
    },
    objectMessage('a waypoint'),
  )
  const survey = v.object(
    {
      kind: v.literal('survey'),
      polygon: ring,
      spacing: positive,
      heading: v.pipe(finite, v.minValue(0, '{path} must be from 0 to under 360'), v.ltValue(360, '{path} must be from 0 to under 360')),
      alt: finite,
      frame,
      speed,
    },
    objectMessage('a survey'),
  )
  return v.object(
    {
      home: v.optional(v.object({ ...latLon, alt: finite }, objectMessage('a home position'))),
      items: v.array(v.variant('kind', [waypoint, survey], '{path} must be a waypoint or a survey'), '{path} must be a list'),
      geofence: v.object(
        {
          polygons: v.array(
            v.object({ inclusion: v.boolean('{path} must be true or false'), polygon: ring }, objectMessage('a fence polygon')),
            '{path} must be a list',
          ),
          circles: v.array(
            v.object({ inclusion: v.boolean('{path} must be true or false'), center: point, radius: positive }, objectMessage('a fence circle')),
            '{path} must be a list',
          ),
        },
        objectMessage('a geofence'),
      ),
      rallyPoints: v.array(v.object({ ...latLon, alt: finite }, objectMessage('a rally point')), '{path} must be a list'),
      defaultSpeed: speed,
      vehicle: v.optional(
        v.object(
          {
            type: v.pipe(v.number('{path} must be a whole number'), v.integer('{path} must be a whole number')),
            autopilot: v.pipe(v.number('{path} must be a whole number'), v.integer('{path} must be a whole number')),
          },
          objectMessage('a vehicle'),
        ),
      ),
    },
    objectMessage('a mission plan'),
  )
}

/**
 * Checks a value that claims to be a mission plan (a stored draft, a server's mission record).
 *
 * @returns the plan (unknown fields dropped), or the first problem as a sentence naming the field and why
 *   (`items[2].lat must be a latitude (−90 to 90)`).
 */
export function parseMissionPlan(value: unknown): { ok: true; plan: MissionPlan } | { ok: false; problem: string } {
  const parsed = parseWith(missionPlanSchema(), value)
  if (!parsed.ok) return { ok: false, problem: parsed.problem }
  // Optional fields a value left out come back as `undefined`; drop them so a parsed plan equals what was stored.
  return { ok: true, plan: JSON.parse(JSON.stringify(parsed.value)) as MissionPlan }
}
