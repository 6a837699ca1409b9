import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError } from '../api-error'
import type { Database } from '../db/database'
import { deviceOfIngestToken } from './ingest-tokens'
import type { TelemetryUpdate } from './mavlink-mapping'
import type { TelemetryIngest } from './telemetry-ingest'

const number = { type: 'number' } as const
const object = (properties: Record<string, unknown>, required: string[] = []) =>
  ({ type: 'object', additionalProperties: false, required, properties, minProperties: 1 }) as const

/** A JSON report: the telemetry fields a vehicle knows (the server sets ids, time and link quality). */
const reportSchema = object({
  position: object(
    {
      lat: { type: 'number', minimum: -90, maximum: 90 },
      lon: { type: 'number', minimum: -180, maximum: 180 },
      altitudeM: number,
      relativeAltitudeM: number,
    },
    ['lat', 'lon', 'altitudeM'],
  ),
  headingDeg: { type: 'number', minimum: 0, maximum: 360 },
  groundSpeedMs: number,
  airSpeedMs: number,
  climbMs: number,
  attitude: object({ rollDeg: number, pitchDeg: number, yawDeg: number }, ['rollDeg', 'pitchDeg', 'yawDeg']),
  battery: object({
    voltageV: number,
    currentA: number,
    remainingPct: { type: 'number', minimum: 0, maximum: 100 },
    remainingS: { type: 'number', minimum: 0 },
  }),
  mode: { type: 'string', minLength: 1, maxLength: 40, 'x-text': 'line' },
  armed: { type: 'boolean' },
  gps: object(
    {
      fixType: { type: 'integer', minimum: 0, maximum: 8 },
      satellites: { type: 'integer', minimum: 0, maximum: 255 },
      hdop: { type: 'number', minimum: 0 },
    },
    ['fixType'],
  ),
})

const ingestUnauthorized = () =>
  new ApiError(401, 'unauthenticated', "Send the vehicle's ingest token as a bearer token: it is missing or not valid.")

const heartbeatUnauthorized = () =>
  new ApiError(401, 'unauthenticated', "Send the device's ingest token as a bearer token: it is missing or not valid.")

type IngestDevice = { deviceId: string; tenantId: string }

/**
 * The hook both ingest routes run before reading a body: the bearer token must be a device's own ingest token (of a
 * vehicle, or with `anyKind` of any device), else `unauthorized()`; the device is kept for the handler.
 */
function checkIngestToken(db: Pick<Database, 'query'>, unauthorized: () => ApiError, lookup?: { anyKind: true }) {
  return async (request: FastifyRequest) => {
    const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(request.headers.authorization ?? '')
    const device = match ? await deviceOfIngestToken(db, match[1]!, lookup) : undefined
    if (!device) throw unauthorized()
    ;(request as { ingestDevice?: IngestDevice }).ingestDevice = device
  }
}

/** The device {@link checkIngestToken} found for this request. */
const ingestDeviceOf = (request: FastifyRequest): IngestDevice => (request as { ingestDevice?: IngestDevice }).ingestDevice!

/**
 * The telemetry routes:
 * - `POST /api/v1/telemetry`: a JSON report from a vehicle that does not speak MAVLink, authenticated by the
 *   vehicle's own ingest token (`Authorization: Bearer …`, stored hashed). Declared `public` for the access gate,
 *   which knows only user tokens: the handler checks the device token before anything else.
 * - `POST /api/v1/telemetry/heartbeat`: a sign of life of a device of any kind (camera, remote access, …), no body,
 *   authenticated by that device's own ingest token like a report; the device is online on the live channel's
 *   `devices` topic until it falls silent (stale after 5 s, offline after 60 s).
 * - with test controls: `POST /test/telemetry/{device_id}/stop|resume` drops or takes again one device's packets,
 *   reports and heartbeats (any kind of device).
 */
export function registerTelemetryRoutes(
  app: FastifyInstance,
  options: { db: Pick<Database, 'query'>; ingest: TelemetryIngest; testControls?: boolean },
) {
  app.post(
    '/api/v1/telemetry',
    {
      config: { access: 'public' },
      schema: { tags: ['telemetry'], body: reportSchema, security: [{ deviceToken: [] }] },
      // The token is checked before the body is read: a caller without one learns nothing about the schema.
      onRequest: checkIngestToken(options.db, ingestUnauthorized),
    },
    async (request, reply) => {
      options.ingest.handleReport(ingestDeviceOf(request), request.body as TelemetryUpdate)
      return reply.code(202).send({ accepted: true })
    },
  )

  app.post(
    '/api/v1/telemetry/heartbeat',
    {
      config: { access: 'public' },
      schema: { tags: ['telemetry'], security: [{ deviceToken: [] }] },
      onRequest: checkIngestToken(options.db, heartbeatUnauthorized, { anyKind: true }),
    },
    async (request, reply) => {
      options.ingest.handleHeartbeat(ingestDeviceOf(request))
      return reply.code(202).send({ accepted: true })
    },
  )

  if (!options.testControls) return
  const params = {
    type: 'object',
    required: ['device_id', 'action'],
    properties: { device_id: { type: 'string', minLength: 1, maxLength: 100 }, action: { type: 'string', enum: ['stop', 'resume'] } },
  } as const
  app.post('/test/telemetry/:device_id/:action', { config: { access: 'test' }, schema: { hide: true, params } }, async (request, reply) => {
    const { device_id: deviceId, action } = request.params as { device_id: string; action: 'stop' | 'resume' }
    options.ingest.setStopped(deviceId, action === 'stop')
    return reply.code(204).send()
  })
}
