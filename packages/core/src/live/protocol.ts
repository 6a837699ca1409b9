import * as v from 'valibot'
import { controlActionSchema, controlCodeSchema, deviceControlSchema, type DeviceControl } from './control'
import { vehicleTelemetrySchema, type VehicleTelemetry } from './telemetry'

/**
 * The live channel's wire protocol (issue 14): JSON text frames on one WebSocket at `GET /api/v1/live`. The token
 * travels only in the `auth` frame, never in the URL. Server and client parse every frame with these schemas.
 */

/** The path of the live channel under the API's base address. */
export const LIVE_PATH = '/api/v1/live'

/** Close codes of the live channel. */
export const LIVE_CLOSE = {
  /** Normal closure (the client stopped). */
  normal: 1000,
  /** The server is going away (restart, shutdown). */
  goingAway: 1001,
  /** The page's origin is not allowed. */
  originNotAllowed: 1008,
  /** Not authenticated: no auth frame in time, invalid or expired token, another uid on re-auth. */
  notAuthenticated: 4401,
  /** The account was revoked or disabled. */
  revoked: 4403,
} as const

/** How long the server waits for the first `auth` frame before closing with 4401. */
export const LIVE_AUTH_TIMEOUT_MS = 10_000

/** The topic of a tenant's vehicles. */
export const vehiclesTopic = (tenantId: string): string => `tenants/${tenantId}/vehicles`

/** The tenant of a `tenants/<id>/vehicles` topic, else `undefined`. */
export function parseVehiclesTopic(topic: string): string | undefined {
  const parsed = parseTenantTopic(topic)
  return parsed?.feed === 'vehicles' ? parsed.tenantId : undefined
}

/** The topic of a tenant's devices' presence (issue 16): every kind of device, online, stale or offline. */
export const devicesTopic = (tenantId: string): string => `tenants/${tenantId}/devices`

/**
 * The topic of a tenant's control leases (issue 24): per device, who holds control and since when, who asks for it,
 * and who is connected.
 */
export const controlTopic = (tenantId: string): string => `tenants/${tenantId}/control`

/** The feeds a tenant has on the live channel. */
export type TenantFeed = 'vehicles' | 'devices' | 'control'

/** The tenant and feed of a `tenants/<id>/vehicles`, `…/devices` or `…/control` topic, else `undefined`. */
export function parseTenantTopic(topic: string): { tenantId: string; feed: TenantFeed } | undefined {
  const match = /^tenants\/([^/]+)\/(vehicles|devices|control)$/.exec(topic)
  return match ? { tenantId: match[1]!, feed: match[2] as TenantFeed } : undefined
}

/**
 * The topic of an organisation's mission executions (issue 25): every execution of the organisation that the server
 * runs, its state and progress as the vehicle flies it. Only members allowed into the organisation's mission
 * planning may subscribe.
 */
export const executionsTopic = (organisationId: string): string => `organisations/${organisationId}/executions`

/** The feeds an organisation has on the live channel. */
export type OrganisationFeed = 'executions'

/** The organisation and feed of an `organisations/<id>/executions` topic, else `undefined`. */
export function parseOrganisationTopic(topic: string): { organisationId: string; feed: OrganisationFeed } | undefined {
  const match = /^organisations\/([^/]+)\/(executions)$/.exec(topic)
  return match ? { organisationId: match[1]!, feed: match[2] as OrganisationFeed } : undefined
}

/** A device's presence: `online` (a sign of life lately), `stale` (none for a while), `offline` (none for long, or never). */
export type DeviceState = 'online' | 'stale' | 'offline'
/** No sign of life for this long: stale (the same threshold as a vehicle's telemetry). */
export const DEVICE_STALE_AFTER_MS = 5_000
/** No sign of life for this long: offline. A device never seen is offline. */
export const DEVICE_OFFLINE_AFTER_MS = 60_000

/** When a silent device turns stale and offline (ms of silence). */
export interface DeviceThresholds {
  staleAfterMs: number
  offlineAfterMs: number
}
/** The thresholds of the console: {@link DEVICE_STALE_AFTER_MS} and {@link DEVICE_OFFLINE_AFTER_MS}. */
export const DEVICE_THRESHOLDS: DeviceThresholds = { staleAfterMs: DEVICE_STALE_AFTER_MS, offlineAfterMs: DEVICE_OFFLINE_AFTER_MS }

/**
 * A device's state at `now` from when it was last seen (ms since the epoch; `undefined`: never), by the console's
 * thresholds unless others are given (a test server's shorter ones).
 */
export function deviceStateAt(lastSeen: number | undefined, now: number, thresholds: DeviceThresholds = DEVICE_THRESHOLDS): DeviceState {
  if (lastSeen === undefined) return 'offline'
  const silentFor = now - lastSeen
  if (silentFor < thresholds.staleAfterMs) return 'online'
  return silentFor < thresholds.offlineAfterMs ? 'stale' : 'offline'
}

const topic = v.pipe(v.string(), v.minLength(1), v.maxLength(512))
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(512))

// client → server
export const authMessageSchema = v.object({ type: v.literal('auth'), token: v.pipe(v.string(), v.minLength(1)) })
export const subscribeMessageSchema = v.object({ type: v.literal('subscribe'), topic })
export const unsubscribeMessageSchema = v.object({ type: v.literal('unsubscribe'), topic })
/** Asks for, gives up or takes over control of a device (see `./control`); answered by a `control-result`. */
export const controlMessageSchema = v.object({ type: v.literal('control'), tenantId: id, deviceId: id, action: controlActionSchema })
/** Every frame a client sends. */
export const clientMessageSchema = v.variant('type', [authMessageSchema, subscribeMessageSchema, unsubscribeMessageSchema, controlMessageSchema])

// server → client
export const readyMessageSchema = v.object({ type: v.literal('ready'), uid: v.string() })
export const subscribedMessageSchema = v.object({ type: v.literal('subscribed'), topic })
export const refusedMessageSchema = v.object({
  type: v.literal('refused'),
  topic,
  code: v.picklist(['forbidden', 'unknown-topic']),
})
export const errorMessageSchema = v.object({ type: v.literal('error'), code: v.literal('bad-message'), message: v.string() })
/**
 * The answer to a `control` frame: done (`ok`), or why not. A device of another tenant and one that does not exist
 * get the same `forbidden`.
 */
export const controlResultMessageSchema = v.object({
  type: v.literal('control-result'),
  tenantId: id,
  deviceId: id,
  action: controlActionSchema,
  ok: v.boolean(),
  code: v.optional(controlCodeSchema),
})
/** The data of an event on a `tenants/<id>/vehicles` topic: the snapshot, then deltas (only vehicles that changed). */
export const vehiclesEventDataSchema = v.object({ vehicles: v.array(vehicleTelemetrySchema) })
/** One device's presence on a `tenants/<id>/devices` topic. */
export const devicePresenceSchema = v.object({
  deviceId: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  tenantId: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  state: v.picklist(['online', 'stale', 'offline']),
  /** When the device last showed a sign of life (ms since the epoch); absent when never. */
  lastSeen: v.optional(v.pipe(v.number(), v.finite())),
})
/**
 * The data of an event on a `tenants/<id>/devices` topic: first the snapshot (every device of the tenant that is
 * not offline: a device missing from it is offline), then deltas with only the devices whose state changed
 * (including to `offline`).
 */
export const devicesEventDataSchema = v.object({ devices: v.array(devicePresenceSchema) })
/**
 * The data of an event on a `tenants/<id>/control` topic: first the snapshot (every device someone holds, asks for or
 * is connected to), then deltas with the devices that changed (a device with no holder, requests or viewers is free).
 */
export const controlEventDataSchema = v.object({ leases: v.array(deviceControlSchema) })
/** Where a mission execution is (the server's execution state machine). */
export const EXECUTION_STATUSES = ['pending', 'uploading', 'running', 'paused', 'completed', 'aborted', 'failed'] as const
const count = v.pipe(v.number(), v.integer(), v.minValue(0))
const time = v.pipe(v.number(), v.finite())
/**
 * One execution's state on an `organisations/<id>/executions` topic, as its v2 `execution` record holds it:
 * `status`, why it failed or how it was aborted (`reason`), the item the vehicle is on (`currentItem`, from 0), the
 * items it reported reached, `progress` (reached ÷ items, 0 to 1) and when it started, last changed and ended.
 */
export const missionExecutionStateSchema = v.object({
  executionId: id,
  organisationId: id,
  missionId: id,
  platformId: id,
  status: v.picklist(EXECUTION_STATUSES),
  /** What the server waits for the vehicle to acknowledge (`upload`, `arm`, `auto`, `hold`, `return`). */
  step: v.optional(v.picklist(['upload', 'arm', 'auto', 'hold', 'return'])),
  reason: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  failure: v.optional(v.picklist(['mission-refused', 'upload-timeout', 'protocol', 'command-refused', 'command-timeout'])),
  abortAction: v.optional(v.picklist(['none', 'cancel-upload', 'return', 'hold'])),
  itemCount: count,
  uploadedItems: count,
  currentItem: v.optional(count),
  reachedItems: v.array(count),
  progress: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  startedAt: v.optional(time),
  updatedAt: time,
  endedAt: v.optional(time),
})
/**
 * The data of an event on an `organisations/<id>/executions` topic: first the snapshot (every execution the server
 * runs or ran since it started), then deltas with the executions that changed.
 */
export const executionsEventDataSchema = v.object({ executions: v.array(missionExecutionStateSchema) })
/** An event: `data` is checked per topic by the topic's own schema (see {@link vehiclesEventDataSchema}). */
export const eventMessageSchema = v.object({ type: v.literal('event'), topic, data: v.unknown() })
/** Every frame the server sends. */
export const serverMessageSchema = v.variant('type', [
  readyMessageSchema,
  subscribedMessageSchema,
  refusedMessageSchema,
  errorMessageSchema,
  eventMessageSchema,
  controlResultMessageSchema,
])

export type AuthMessage = v.InferOutput<typeof authMessageSchema>
export type SubscribeMessage = v.InferOutput<typeof subscribeMessageSchema>
export type UnsubscribeMessage = v.InferOutput<typeof unsubscribeMessageSchema>
export type ControlMessage = v.InferOutput<typeof controlMessageSchema>
export type ControlResultMessage = v.InferOutput<typeof controlResultMessageSchema>
export type ClientMessage = v.InferOutput<typeof clientMessageSchema>
export type ReadyMessage = v.InferOutput<typeof readyMessageSchema>
export type SubscribedMessage = v.InferOutput<typeof subscribedMessageSchema>
export type RefusedMessage = v.InferOutput<typeof refusedMessageSchema>
export type RefusedCode = RefusedMessage['code']
export type ErrorMessage = v.InferOutput<typeof errorMessageSchema>
export type EventMessage = v.InferOutput<typeof eventMessageSchema>
export type ServerMessage = v.InferOutput<typeof serverMessageSchema>
export interface VehiclesEventData {
  vehicles: VehicleTelemetry[]
}
export interface DevicePresence {
  deviceId: string
  tenantId: string
  state: DeviceState
  /** When the device last showed a sign of life (ms since the epoch); absent when never. */
  lastSeen?: number
}
export interface DevicesEventData {
  devices: DevicePresence[]
}
export interface ControlEventData {
  leases: DeviceControl[]
}

export type MissionExecutionState = v.InferOutput<typeof missionExecutionStateSchema>
export type MissionExecutionStatus = MissionExecutionState['status']
export interface ExecutionsEventData {
  executions: MissionExecutionState[]
}

/** A parse result: the value, or the first issue with the path of the field at fault. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string }

function parseFrame<T>(schema: v.GenericSchema<unknown, T>, text: string): Parsed<T> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, error: 'the frame is not JSON' }
  }
  const result = v.safeParse(schema, json)
  if (result.success) return { ok: true, value: result.output }
  const issue = result.issues[0]
  const path = v.getDotPath(issue)
  return { ok: false, error: path ? `${path}: ${issue.message}` : issue.message }
}

/** Parses a frame a client sent (the server's edge). */
export const parseClientMessage = (text: string): Parsed<ClientMessage> => parseFrame(clientMessageSchema, text)
/** Parses a frame the server sent (the client's edge). */
export const parseServerMessage = (text: string): Parsed<ServerMessage> => parseFrame(serverMessageSchema, text)
function parseData<T>(schema: v.GenericSchema<unknown, T>, data: unknown): Parsed<T> {
  const result = v.safeParse(schema, data)
  if (result.success) return { ok: true, value: result.output }
  const issue = result.issues[0]
  const path = v.getDotPath(issue)
  return { ok: false, error: path ? `${path}: ${issue.message}` : issue.message }
}

/** Parses the `data` of an event on a vehicles topic. */
export const parseVehiclesEventData = (data: unknown): Parsed<VehiclesEventData> => parseData(vehiclesEventDataSchema, data)
/** Parses the `data` of an event on a control topic. */
export const parseControlEventData = (data: unknown): Parsed<ControlEventData> => parseData(controlEventDataSchema, data)
/** Parses the `data` of an event on a devices topic. */
export const parseDevicesEventData = (data: unknown): Parsed<DevicesEventData> => parseData(devicesEventDataSchema, data)
/** Parses the `data` of an event on an executions topic. */
export const parseExecutionsEventData = (data: unknown): Parsed<ExecutionsEventData> => parseData(executionsEventDataSchema, data)
