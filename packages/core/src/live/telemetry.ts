import * as v from 'valibot'

/**
 * The live state of one vehicle as the server last knew it (issue 14). The server fills it from MAVLink 2 (or the
 * JSON ingest) and sends it on the `tenants/<id>/vehicles` topic; every field but the ids and `time` is optional,
 * since a vehicle reports what it has.
 */
export interface VehicleTelemetry {
  deviceId: string
  tenantId: string
  /** The MAVLink system id bound to the device, when it reports over MAVLink. */
  systemId?: number
  /** Milliseconds since the epoch: when the server received the newest message of this vehicle. */
  time: number
  position?: { lat: number; lon: number; altitudeM: number; relativeAltitudeM?: number }
  headingDeg?: number
  groundSpeedMs?: number
  airSpeedMs?: number
  climbMs?: number
  attitude?: { rollDeg: number; pitchDeg: number; yawDeg: number }
  battery?: { voltageV?: number; currentA?: number; remainingPct?: number; remainingS?: number }
  mode?: string
  armed?: boolean
  gps?: { fixType: number; satellites?: number; hdop?: number }
  /** 0–100: % of expected messages received in the last window. */
  link?: { quality?: number }
}

const finite = v.pipe(v.number(), v.finite())
const optionalFinite = v.optional(finite)

/** The schema of {@link VehicleTelemetry}: server and client both parse with it (schemas at the edges). */
export const vehicleTelemetrySchema = v.object({
  deviceId: v.pipe(v.string(), v.minLength(1)),
  tenantId: v.pipe(v.string(), v.minLength(1)),
  systemId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255))),
  time: finite,
  position: v.optional(
    v.object({
      lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
      lon: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
      altitudeM: finite,
      relativeAltitudeM: optionalFinite,
    }),
  ),
  headingDeg: optionalFinite,
  groundSpeedMs: optionalFinite,
  airSpeedMs: optionalFinite,
  climbMs: optionalFinite,
  attitude: v.optional(v.object({ rollDeg: finite, pitchDeg: finite, yawDeg: finite })),
  battery: v.optional(v.object({ voltageV: optionalFinite, currentA: optionalFinite, remainingPct: optionalFinite, remainingS: optionalFinite })),
  mode: v.optional(v.string()),
  armed: v.optional(v.boolean()),
  gps: v.optional(v.object({ fixType: finite, satellites: optionalFinite, hdop: optionalFinite })),
  link: v.optional(v.object({ quality: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))) })),
}) satisfies v.GenericSchema<unknown, VehicleTelemetry>
