// @honu/core/mission: the mission plan (issue 25): the plan model and its check at the edge; QGroundControl
// `.plan`, QGC WPL 110, KML and GeoJSON readers and writers that report what they do not keep; the survey's
// lawnmower pattern, distance, time and the plan's findings. Pure and DOM-free; its own entry, so only the mission
// planning area loads it.
export {
  ALTITUDE_FRAMES,
  emptyMissionPlan,
  isValidLatLon,
  type AltitudeFrame,
  type FenceCircle,
  type FencePolygon,
  type Geofence,
  type HomePosition,
  type LatLon,
  type MissionItem,
  type MissionPlan,
  type PlanVehicle,
  type RallyPoint,
  type Survey,
  type Waypoint,
} from './mission-plan'
export { parseMissionPlan } from './plan-schema'
export {
  missionMessages,
  describeMissionProblem,
  type MissionFileError,
  type MissionMessageCode,
  type MissionProblem,
  type NotKept,
} from './mission-messages'
export type { ReadResult, WriteResult } from './read-result'
export { readQgcPlan, writeQgcPlan } from './qgc-plan'
export { readWpl, writeWpl } from './wpl'
export { readKml, writeKml } from './kml'
export { readGeoJson, writeGeoJson } from './geojson'
export { applyShapes, type Shape, type ShapePoint, type ShapeUse } from './shapes'
export { generateSurveyPattern, MAX_SURVEY_LINES, type SurveyPattern } from './survey-pattern'
export {
  flightPath,
  measurePlan,
  checkPlan,
  type PathPoint,
  type PlanMeasure,
  type MeasureOptions,
  type MissionFinding,
  type CheckOptions,
} from './plan-arithmetic'
export { createLandIndex, type LandIndex } from './land'
export { distanceM, insidePolygon, insideCircle, offsetM, circleOutline, EARTH_RADIUS_M } from './geo'
export {
  createPlanEditor,
  nextWaypointPosition,
  vertexPosition,
  type PlanVertex,
  type PlanEditor,
  type PlanEditorOptions,
  type PlanEditorSnapshot,
  type NewWaypoint,
  type NewSurvey,
} from './plan-editor'
