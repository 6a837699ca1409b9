import { ConsoleError } from '../errors/console-error'
import type { HttpError } from '../errors/http-error'
import { failedToFetchUserData, messages } from '../errors/messages'
import type { AvatarOptions } from '../avatar/avatar'
import { loadAvatarUrl } from '../avatar/load-avatar-url'
import { deriveRole } from '../permissions/roles'
import { consoleLogger, type Logger } from '../platform/logger'
import type { HttpClient, RequestOptions } from './http-client'
import { deviceKindOf } from './device-kind'
import type { UsersPage, UsersPageRequest } from './users-page'
import type { AuditExport, AuditExportFormat, AuditFilters, AuditPage, AuditPageRequest } from './audit-types'
import type {
  Device,
  DeviceChanges,
  IngestToken,
  Invitation,
  ListResult,
  ManagedDevice,
  NewDevice,
  NewVideo,
  Stream,
  Tenant,
  TenantRecord,
  TenantUser,
  User,
  Video,
  VideoUpdate,
} from './v1-types'

/** Options of {@link createV1Client}. */
export interface V1ClientOptions {
  http: HttpClient
  /** The API host, e.g. `https://api.example.com`; paths start with `/api/v1`. */
  baseUrl: string
  /** How user avatars are made. */
  avatar?: AvatarOptions
  /** Where warnings go (a tenant answered without its user list, spec §8). Default `console`. */
  logger?: Logger
}

type Signal = Pick<RequestOptions, 'signal'>

/** The stored proxy address of a stream: the proxy plus the video id, or empty without a proxy (spec §3). */
export function proxyAddress(video: Pick<Video, 'proxy' | 'video_id'>): string {
  return video.proxy ? `${video.proxy}${video.video_id}` : ''
}

/** Sorts tenants by name for display (locale-aware, case-insensitive), without changing the input. */
export function sortTenantsByName<T extends { name: string }>(tenants: readonly T[]): T[] {
  return [...tenants].sort((a, b) => String(a.name).localeCompare(String(b.name), 'en', { sensitivity: 'base' }))
}

const enc = encodeURIComponent
// The admin console's calls, loaded with the first of them (see admin-calls.ts).
const adminCalls = () => import('./admin-calls')

function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[]
  const data = (body as { data?: unknown } | null | undefined)?.data
  return Array.isArray(data) ? (data as T[]) : []
}

/**
 * The network product's API, every call of spec §7's v1 table.
 *
 * @example
 * const v1 = createV1Client({ http, baseUrl: 'http://localhost:8080' })
 * const { items, totalCount } = await v1.listVideos(tenantId)
 */
export function createV1Client(options: V1ClientOptions) {
  const { http } = options
  const base = `${options.baseUrl.replace(/\/+$/, '')}/api/v1`
  const withAvatars = async <T extends { email?: string }>(users: readonly T[]): Promise<(T & { avatar?: string })[]> => {
    const avatarUrl = await loadAvatarUrl()
    return users.map((user) => ({ ...user, avatar: avatarUrl(user.email, options.avatar) }))
  }
  // `GET /<path>?tenant_id`: the tenant's items with `total_count` (the count of items when the server sends none).
  const listFor = async <T, R>(path: string, tenantId: string, request: Signal, map: (item: T) => R): Promise<ListResult<R>> => {
    const body = await http.request<{ data?: T[]; total_count?: number }>('GET', `${base}/${path}`, {
      ...request,
      query: { tenant_id: tenantId },
    })
    const items = listOf<T>(body).map(map)
    const total = body && typeof body === 'object' ? body.total_count : undefined
    return { items, totalCount: typeof total === 'number' ? total : items.length }
  }

  return {
    /** `GET /videos?tenant_id`: the tenant's streams with `total_count`. */
    listVideos(tenantId: string, request: Signal = {}): Promise<ListResult<Stream>> {
      return listFor<Video, Stream>('videos', tenantId, request, (video) => ({ ...video, proxy_address: proxyAddress(video) }))
    },

    /** `GET /devices?tenant_id`: the tenant's devices (cameras, vehicles, remote access) by name, with `total_count`. */
    listDevices(tenantId: string, request: Signal = {}): Promise<ListResult<Device>> {
      return listFor<Device, Device>('devices', tenantId, request, (device) => ({
        ...device,
        kind: deviceKindOf(device.kind),
      }))
    },

    /**
     * The tenant's devices as its admins see them (issue 24), in one answer (`GET /devices?tenant_id&view=admin`): system
     * id, desktop endpoint, whether a password and a signing key are set. Loaded with the admin calls
     * (`device-admin.ts`), like the ones below.
     *
     * @throws {HttpError} the server's refusal (403 for a tenant the user does not admin), or `http/status` naming the
     *   field when an answer is not a device.
     */
    listManagedDevices(tenantId: string, request: Signal = {}): Promise<ManagedDevice[]> {
      return adminCalls().then((m) => m.fetchManagedDevices({ http, base }, tenantId, request))
    },

    /**
     * `POST /devices?tenant_id`: registers a device (fields its kind does not take are left out); answers its admin view.
     *
     * @throws {HttpError} 409 when the MAVLink system id is taken on the server, 400 with the server's reason (a
     *   desktop host outside its allowed hosts, an address that is not one), both in the server's words.
     */
    createDevice(tenantId: string, device: NewDevice, request: Signal = {}): Promise<ManagedDevice> {
      return adminCalls().then((m) => m.postDevice({ http, base }, tenantId, device, request))
    },

    /**
     * `PATCH /devices/{id}?tenant_id` with what changes (left out: kept; `null`: cleared); answers the admin view.
     *
     * @throws {HttpError} as `createDevice`, and 404 for a device the tenant does not have.
     */
    updateDevice(tenantId: string, deviceId: string, changes: DeviceChanges, request: Signal = {}): Promise<ManagedDevice> {
      return adminCalls().then((m) => m.patchDevice({ http, base }, tenantId, deviceId, changes, request))
    },

    /** `DELETE /devices/{id}?tenant_id`: removes the device (its ingest token stops with it). */
    deleteDevice(tenantId: string, deviceId: string, request: Signal = {}): Promise<unknown> {
      return http.request('DELETE', `${base}/devices/${enc(deviceId)}`, { ...request, query: { tenant_id: tenantId } })
    },

    /**
     * `POST /devices/{id}/ingest-token?tenant_id`: a new ingest token for the device, answered once (the server keeps
     * only its hash, `Cache-Control: no-store`); the device's previous token stops at once.
     */
    issueIngestToken(tenantId: string, deviceId: string, request: Signal = {}): Promise<IngestToken> {
      return adminCalls().then((m) => m.postIngestToken({ http, base }, tenantId, deviceId, request))
    },

    /** `POST /videos?tenant_id`. */
    createVideo(tenantId: string, video: NewVideo, request: Signal = {}): Promise<unknown> {
      return http.request('POST', `${base}/videos`, { ...request, query: { tenant_id: tenantId }, body: video })
    },

    /** `PUT /videos/{video_id}?tenant_id` with name, source and proxy; answers `update_time`. */
    updateVideo(tenantId: string, videoId: string, update: VideoUpdate, request: Signal = {}): Promise<{ update_time: string }> {
      const { name, source, proxy } = update
      return http.request('PUT', `${base}/videos/${enc(videoId)}`, {
        ...request,
        query: { tenant_id: tenantId },
        body: { name, source, proxy },
      })
    },

    /** `DELETE /videos/{id}?tenant_id`. */
    deleteVideo(tenantId: string, videoId: string, request: Signal = {}): Promise<unknown> {
      return http.request('DELETE', `${base}/videos/${enc(videoId)}`, { ...request, query: { tenant_id: tenantId } })
    },

    /** `GET /tenants`: sorted by name, with derived CIDR ranges (spec §3). */
    async listTenants(request: Signal = {}): Promise<Tenant[]> {
      const body = await http.request('GET', `${base}/tenants`, request)
      const withCidrRanges = await import('./tenant-ranges').then((m) => m.withCidrRanges)
      return sortTenantsByName(listOf<TenantRecord>(body).map(withCidrRanges))
    },

    /** `PUT /tenants/{tenant_id}` with a new name; answers the name. */
    updateTenant(tenantId: string, update: { name: string }, request: Signal = {}): Promise<{ name: string }> {
      return http.request('PUT', `${base}/tenants/${enc(tenantId)}`, { ...request, body: { name: update.name } })
    },

    /**
     * `GET /users/?tenant_id`: the tenant's users with their derived role and avatar. An answer without a user
     * list logs a warning and answers none (spec §8).
     *
     * @throws {ConsoleError} `tenant/missing-id` ('Unable to find Tenant Id') without a tenant id (spec §5).
     */
    async listUsers(tenantId: string | null | undefined, request: Signal = {}): Promise<TenantUser[]> {
      if (!tenantId) throw new ConsoleError({ code: 'tenant/missing-id', message: messages.tenantWithoutId })
      const body = await http.request('GET', `${base}/users/`, { ...request, query: { tenant_id: tenantId } })
      if (!Array.isArray(body) && !Array.isArray((body as { data?: unknown } | null | undefined)?.data)) {
        // Spec §8: a missing user list for a tenant only logs a warning; the caller gets an empty list.
        ;(options.logger ?? consoleLogger).warn(`@honu/core: the server sent no user list for tenant "${tenantId}"; showing none.`)
      }
      return (await withAvatars(listOf<TenantUser>(body))).map((user) => ({ ...user, role: deriveRole(user.permissions, tenantId) }))
    },

    /**
     * `GET /users/?tenant_id&limit&cursor&q&sort`: one page of the tenant's users (searched, sorted by the server),
     * with derived role, avatar and `joined`; pass `nextCursor` back as `page.cursor` for the next page. The answer is
     * parsed with the list's schema (`users-page.ts`, loaded with the first call). An answer without a user list
     * logs a warning and is an empty page (spec §8).
     *
     * @throws {ConsoleError} `tenant/missing-id` ('Unable to find Tenant Id') without a tenant id (spec §5).
     * @throws {HttpError} the server's refusal, or `http/status` naming the field when the answer is not a page.
     */
    listUsersPage(tenantId: string | null | undefined, page: UsersPageRequest = {}, request: Signal = {}): Promise<UsersPage> {
      // The whole call lives in admin-calls.ts, loaded with the first call: nothing of it weighs on the login route.
      return adminCalls().then((m) => m.fetchUsersPage({ http, base, logger: options.logger, withAvatars }, tenantId, page, request))
    },

    /**
     * `POST /users` with name and e-mail; answers the new `uid`. With `tenantId` (a tenant the caller administers)
     * the server files the creation's audit entry under that tenant (`?tenant_id=`), so its admins see it.
     */
    createUser(user: { name: string; email: string }, request: Signal & { tenantId?: string } = {}): Promise<{ uid: string }> {
      const { tenantId, ...rest } = request
      return http.request('POST', `${base}/users`, {
        ...rest,
        ...(tenantId ? { query: { tenant_id: tenantId } } : {}),
        body: { name: user.name, email: user.email },
      })
    },

    /** `GET /invitations`: the signed-in person's pending invitations (for their verified e-mail). */
    async listInvitations(request: Signal = {}): Promise<Invitation[]> {
      return listOf<Invitation>(await http.request('GET', `${base}/invitations`, request))
    },

    /** `POST /invitations/{id}/accept`: the invitation's roles become the signed-in person's. */
    acceptInvitation(id: string, request: Signal = {}): Promise<unknown> {
      return http.request('POST', `${base}/invitations/${enc(id)}/accept`, request)
    },

    /** `POST /invitations/{id}/decline`: the invitation is removed; nothing is granted. */
    declineInvitation(id: string, request: Signal = {}): Promise<unknown> {
      return http.request('POST', `${base}/invitations/${enc(id)}/decline`, request)
    },

    /** `POST /users/{uid}/role`: grants a role in a tenant. */
    addUserRole(uid: string, grant: { tenant: string; role: string }, request: Signal = {}): Promise<unknown> {
      return http.request('POST', `${base}/users/${enc(uid)}/role`, { ...request, body: grant })
    },

    /** `PUT /users/{uid}/role`: replaces `role` with `new_role` in a tenant. */
    updateUserRole(uid: string, change: { tenant: string; role: string; new_role: string }, request: Signal = {}): Promise<unknown> {
      return http.request('PUT', `${base}/users/${enc(uid)}/role`, { ...request, body: change })
    },

    /** `DELETE /users/{uid}/role/{tenantId}`: removes the user from a tenant. */
    removeUserFromTenant(uid: string, tenantId: string, request: Signal = {}): Promise<unknown> {
      return http.request('DELETE', `${base}/users/${enc(uid)}/role/${enc(tenantId)}`, request)
    },

    /** `DELETE /users/{userId}/role/{tenantId}/{role}`: removes one role. */
    removeUserRole(uid: string, tenantId: string, role: string, request: Signal = {}): Promise<unknown> {
      return http.request('DELETE', `${base}/users/${enc(uid)}/role/${enc(tenantId)}/${enc(role)}`, request)
    },

    /**
     * `GET /users/{uid}`: e-mail and permissions, plus the avatar.
     *
     * @throws {ConsoleError} `user/fetch-failed`: 'Failed to fetch user data', with the server message (spec §8).
     */
    async getUser(uid: string, request: Signal = {}): Promise<User> {
      try {
        const user = await http.request<User>('GET', `${base}/users/${enc(uid)}`, request)
        const [withAvatar] = await withAvatars([{ ...user, permissions: user?.permissions ?? {} }])
        return withAvatar!
      } catch (cause) {
        const serverMessage = ConsoleError.is(cause) ? serverMessageOf(cause as HttpError) : undefined
        throw new ConsoleError({ code: 'user/fetch-failed', message: failedToFetchUserData(serverMessage), cause })
      }
    },

    /**
     * `GET /audit`: one page of the audit trail, newest first, narrowed by `filters` (a `tenantId` of `null` asks for
     * every tenant's, which only a super admin may). The answer is parsed with the trail's schema (`audit.ts`, loaded
     * with the first call); pass `nextCursor` back as `page.cursor` for the next page.
     *
     * @throws {HttpError} the server's refusal (403 for a tenant the user does not admin), or `http/status` naming
     *   the field when the answer is not a page of the trail.
     */
    listAudit(filters: AuditFilters, page: AuditPageRequest = {}, request: Signal = {}): Promise<AuditPage> {
      return adminCalls().then((m) => m.fetchAuditPage(http, base, filters, page, request))
    },

    /**
     * `GET /audit/export`: every entry `filters` match (no cap; the server streams it) as one CSV or JSON file, fetched
     * with the bearer header like every call (the token never goes into an address), with the file name the server
     * gave in `Content-Disposition`. Allowed up to 10 minutes (`timeoutMs` overrides).
     */
    exportAudit(filters: AuditFilters, format: AuditExportFormat, request: Signal & Pick<RequestOptions, 'timeoutMs'> = {}): Promise<AuditExport> {
      return adminCalls().then((m) => m.fetchAuditExport(http, base, filters, format, request))
    },
  }
}

/** The server's own words for a failure, or for a failure with no answer, what went wrong on the way. */
function serverMessageOf(error: Partial<HttpError>): string | undefined {
  const body = error.body as { message?: unknown } | undefined
  if (body && typeof body === 'object' && typeof body.message === 'string') return body.message
  return error.status === 0 ? error.message : undefined
}

/** The v1 API client. */
export type V1Client = ReturnType<typeof createV1Client>
