// The mission plan (issue 25): plain data, one shape for the planner, the interchange formats (QGroundControl
// `.plan`, QGC WPL 110, KML, GeoJSON) and the plan arithmetic. Updates are the caller's (the planner copies what it
// changes); nothing here holds state.

/** A position on the WGS 84 ellipsoid, in degrees: latitude −90…90 (north positive), longitude −180…180 (east). */
export interface LatLon {
  lat: number
  lon: number
}

/**
 * What an altitude is measured from (MAVLink's `MAV_FRAME` for global positions):
 * - `relative`: above the home position (`MAV_FRAME_GLOBAL_RELATIVE_ALT`, 3; the usual one),
 * - `amsl`: above mean sea level (`MAV_FRAME_GLOBAL`, 0),
 * - `terrain`: above the terrain under the point (`MAV_FRAME_GLOBAL_TERRAIN_ALT`, 10).
 */
export type AltitudeFrame = 'relative' | 'amsl' | 'terrain'

/** Every altitude frame, in the order a picker offers them. */
export const ALTITUDE_FRAMES: readonly AltitudeFrame[] = ['relative', 'amsl', 'terrain']

/** A point the vehicle flies to (MAVLink `MAV_CMD_NAV_WAYPOINT`). */
export interface Waypoint extends LatLon {
  kind: 'waypoint'
  /** Altitude in metres, measured as `frame` says. */
  alt: number
  frame: AltitudeFrame
  /**
   * Speed in m/s from the point before to this one, and on until another item sets one (MAVLink's
   * `MAV_CMD_DO_CHANGE_SPEED` is sticky the same way). Leave it out to keep the speed flown so far.
   */
  speed?: number
  /** Seconds to hold at the point before going on (0: fly through). */
  holdSeconds: number
}

/**
 * A survey area: the vehicle flies a lawnmower pattern over the polygon, parallel lines `spacing` metres apart
 * along `heading` (see `generateSurveyPattern`). The pattern is derived, never stored: moving a corner redraws it.
 */
export interface Survey {
  kind: 'survey'
  /** The area's corners in order (not closed: the last corner joins the first by itself). At least 3. */
  polygon: LatLon[]
  /** Distance between neighbouring lines, in metres (> 0). */
  spacing: number
  /** Direction of the lines in degrees clockwise from true north, 0 ≤ heading < 360. */
  heading: number
  /** Altitude of the whole pattern in metres, measured as `frame` says. */
  alt: number
  frame: AltitudeFrame
  /** Speed in m/s over the pattern and on, as a waypoint's `speed`. */
  speed?: number
}

/** One item of a mission, flown in order. */
export type MissionItem = Waypoint | Survey

/** A fence polygon: the vehicle must stay inside an inclusion polygon and out of an exclusion one. */
export interface FencePolygon {
  inclusion: boolean
  /** Corners in order, not closed. At least 3. */
  polygon: LatLon[]
}

/** A fence circle: the vehicle must stay inside an inclusion circle and out of an exclusion one. */
export interface FenceCircle {
  inclusion: boolean
  center: LatLon
  /** Radius in metres (> 0). */
  radius: number
}

/** The geofence: any number of inclusion and exclusion polygons and circles. */
export interface Geofence {
  polygons: FencePolygon[]
  circles: FenceCircle[]
}

/** A rally (safe) point: where the vehicle may return instead of home. */
export interface RallyPoint extends LatLon {
  /** Altitude in metres above home (QGroundControl and ArduPilot measure rally points so). */
  alt: number
}

/** The planned home position: where the mission starts and relative altitudes are measured from. */
export interface HomePosition extends LatLon {
  /** Altitude above mean sea level in metres. */
  alt: number
}

/**
 * The vehicle a plan was made for, as MAVLink numbers it. Kept so that a plan read from QGroundControl is written
 * back for the same vehicle; nothing here depends on it.
 */
export interface PlanVehicle {
  /** `MAV_TYPE` (2: quadrotor, 1: fixed wing, 10: ground rover, 11: surface boat, 12: submarine). */
  type: number
  /** `MAV_AUTOPILOT` (3: ArduPilot, 12: PX4, 0: generic). */
  autopilot: number
}

/** A whole mission plan. */
export interface MissionPlan {
  /** The planned home position; without it relative altitudes stay relative and the path starts at the first item. */
  home?: HomePosition
  /** Mission items, flown in order. */
  items: MissionItem[]
  geofence: Geofence
  rallyPoints: RallyPoint[]
  /** Speed in m/s where no item has set one yet (QGroundControl's cruise or hover speed). */
  defaultSpeed?: number
  vehicle?: PlanVehicle
}

/** An empty plan: no home, no items, no fence, no rally points. */
export function emptyMissionPlan(): MissionPlan {
  return { items: [], geofence: { polygons: [], circles: [] }, rallyPoints: [] }
}

/** Whether a latitude and longitude are finite and within range. */
export function isValidLatLon(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180
}
