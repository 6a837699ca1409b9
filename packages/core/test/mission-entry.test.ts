// @vitest-environment node
import { describe, expect, it } from 'vitest'

describe('@honu/core/mission', () => {
  it('resolves through the package’s exports, runs without a DOM, and exports what the docs name', async () => {
    const mission = (await import('@honu/core/mission')) as Record<string, unknown>
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined')
    expect(Object.keys(mission).sort()).toEqual([
      'ALTITUDE_FRAMES',
      'EARTH_RADIUS_M',
      'MAX_SURVEY_LINES',
      'applyShapes',
      'checkPlan',
      'circleOutline',
      'createLandIndex',
      'createPlanEditor',
      'describeMissionProblem',
      'distanceM',
      'emptyMissionPlan',
      'flightPath',
      'generateSurveyPattern',
      'insideCircle',
      'insidePolygon',
      'isValidLatLon',
      'measurePlan',
      'missionMessages',
      'nextWaypointPosition',
      'offsetM',
      'parseMissionPlan',
      'readGeoJson',
      'readKml',
      'readQgcPlan',
      'readWpl',
      'vertexPosition',
      'writeGeoJson',
      'writeKml',
      'writeQgcPlan',
      'writeWpl',
    ])
  })
})
