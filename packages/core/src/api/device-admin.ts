import { array, boolean, looseObject, nullish, number, object, pipe, string, transform, type GenericSchema } from 'valibot'
import { HttpError } from '../errors/http-error'
import { objectMessage, parseWith } from '../platform/schema'
import { deviceKindOf } from './device-kind'
import type { HttpClient, RequestOptions } from './http-client'
import type { DeviceChanges, IngestToken, ManagedDevice, NewDevice } from './v1-types'

/**
 * The edge of a tenant's device administration (issue 24: `GET/POST/PATCH/DELETE /api/v1/devices[/{id}]?tenant_id`,
 * `POST /api/v1/devices/{id}/ingest-token?tenant_id`): the bodies the admin calls send and the schema their answers
 * are parsed with. `create-v1-client.ts` loads this module (through `admin-calls.ts`) with the first admin call, so
 * nothing of it weighs on the login route.
 */

/** What the device calls need of the v1 client. */
export interface DeviceAdminContext {
  http: HttpClient
  /** The v1 base address (`…/api/v1`). */
  base: string
}

type Signal = Pick<RequestOptions, 'signal'>

const managedDeviceSchema = looseObject(
  {
    device_id: string('{path} is not a device id'),
    tenant_id: string('{path} is not a tenant id'),
    name: string('{path} is not a name'),
    // A kind the product does not manage is `unknown`, as in the member list.
    kind: pipe(string('{path} is not a device kind'), transform(deviceKindOf)),
    address: nullish(string('{path} is not an address'), null),
    mavlink_system_id: nullish(number('{path} is not a system id'), null),
    has_signing_key: nullish(boolean('{path} is not true or false'), false),
    desktop: nullish(
      object(
        {
          host: string('{path} is not a host'),
          port: number('{path} is not a port'),
          has_password: nullish(boolean('{path} is not true or false'), false),
        },
        objectMessage('a desktop endpoint'),
      ),
      null,
    ),
  },
  objectMessage('a device'),
)

const tokenSchema = looseObject(
  { device_id: string('{path} is not a device id'), token: string('{path} is not a token') },
  objectMessage('an ingest token'),
)

const listSchema = looseObject({ data: array(managedDeviceSchema, '{path} is not a list') }, objectMessage('a list of devices'))

/**
 * Parses an answer of the device admin routes with `schema`.
 *
 * @throws {HttpError} `http/status` naming the field and why, when the answer is not what `what` says.
 */
function parseAnswer<T>(schema: GenericSchema<unknown, T>, body: unknown, what: string): T {
  const parsed = parseWith(schema, body)
  if (!parsed.ok)
    throw new HttpError({ code: 'http/status', status: 200, body, message: `The server's ${what} could not be read: ${parsed.problem}.` })
  return parsed.value
}

/** An admin view as the console keeps it: every field present, the kind one the product manages. */
export const parseManagedDevice = (body: unknown): ManagedDevice => parseAnswer(managedDeviceSchema, body, 'device')

/**
 * `v1.listManagedDevices`'s body: the tenant's devices as its admins see them, by name, in one answer
 * (`GET /devices?tenant_id&view=admin`: system id, desktop endpoint, whether a password and a signing key are set).
 */
export async function fetchManagedDevices({ http, base }: DeviceAdminContext, tenantId: string, request: Signal): Promise<ManagedDevice[]> {
  const answer = await http.request('GET', `${base}/devices`, { ...request, query: { tenant_id: tenantId, view: 'admin' } })
  return parseAnswer(listSchema, answer, 'device list').data
}

/** The body of a registration: only the fields its kind takes (the server refuses the others), empty ones left out. */
export function newDeviceBody(device: NewDevice): Record<string, unknown> {
  const { name, kind, address, mavlink_system_id, mavlink_signing_key, desktop } = device
  return {
    name,
    kind,
    ...(address ? { address } : {}),
    ...(kind === 'vehicle' && mavlink_system_id != null ? { mavlink_system_id } : {}),
    ...(kind === 'vehicle' && mavlink_signing_key ? { mavlink_signing_key } : {}),
    ...(kind === 'remote_access' && desktop
      ? { desktop: { host: desktop.host, port: desktop.port, ...(desktop.password ? { password: desktop.password } : {}) } }
      : {}),
  }
}

/** `v1.createDevice`'s body: `POST /devices?tenant_id`; answers the new device's admin view (201). */
export async function postDevice({ http, base }: DeviceAdminContext, tenantId: string, device: NewDevice, request: Signal): Promise<ManagedDevice> {
  return parseManagedDevice(
    await http.request('POST', `${base}/devices`, { ...request, query: { tenant_id: tenantId }, body: newDeviceBody(device) }),
  )
}

/** `v1.updateDevice`'s body: `PATCH /devices/{id}?tenant_id` with the changed fields as given; answers the admin view. */
export async function patchDevice(
  { http, base }: DeviceAdminContext,
  tenantId: string,
  deviceId: string,
  changes: DeviceChanges,
  request: Signal,
): Promise<ManagedDevice> {
  return parseManagedDevice(
    await http.request('PATCH', `${base}/devices/${encodeURIComponent(deviceId)}`, { ...request, query: { tenant_id: tenantId }, body: changes }),
  )
}

/** `v1.issueIngestToken`'s body: `POST /devices/{id}/ingest-token?tenant_id`; the token, shown once. */
export async function postIngestToken({ http, base }: DeviceAdminContext, tenantId: string, deviceId: string, request: Signal): Promise<IngestToken> {
  const answer = await http.request('POST', `${base}/devices/${encodeURIComponent(deviceId)}/ingest-token`, {
    ...request,
    query: { tenant_id: tenantId },
  })
  return parseAnswer(tokenSchema, answer, 'ingest token')
}
