/**
 * What the map reads of a vehicle: a structural subset of `VehicleTelemetry` (`@honu/core/live`), so the live
 * store's vehicles pass as they are and stories or tests can hand plain objects.
 */
export interface MapVehicle {
  /** The vehicle's device id: its identity on the map, in the list and in the Vehicle widget it opens. */
  deviceId: string
  /** Milliseconds since the epoch: when the server received the vehicle's newest message (drives "stale"). */
  time: number
  /** Where it is; a vehicle without a position is listed but not drawn. */
  position?: { lat: number; lon: number; altitudeM: number }
  /** Heading in degrees clockwise from north: the arrow's rotation. Without one the vehicle is drawn as a dot. */
  headingDeg?: number
  /** Battery: a low `remainingPct` marks the vehicle as a warning. */
  battery?: { remainingPct?: number }
  /** Link quality 0–100: a poor link marks the vehicle as a warning. */
  link?: { quality?: number }
}
