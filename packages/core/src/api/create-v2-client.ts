import type { MissionPlanningRoles, MissionPlanningUser } from '../permissions/mission-planning'
import type { AvatarOptions } from '../avatar/avatar'
import { loadAvatarUrl } from '../avatar/load-avatar-url'
import type { HttpClient, Query, RequestOptions } from './http-client'
import { unwrapV2 } from './unwrap-v2'
import { resolveV2Url, type V2ServiceMap } from './v2-url'
import type { V2ResourceName, V2Resources } from './v2-types'

/** Options of {@link createV2Client}. */
export interface V2ClientOptions {
  http: HttpClient
  /** The v2 base address, e.g. `https://api.example.com/api/v2`. */
  baseUrl: string
  /** Local development: resource name → base address of the service serving it (spec §7). */
  services?: V2ServiceMap
  avatar?: AvatarOptions
}

type Signal = Pick<RequestOptions, 'signal'>

/** CRUD calls on one v2 resource. */
export interface V2ResourceClient<T> {
  list(query?: Query, request?: Signal): Promise<T[]>
  get(id: string, request?: Signal): Promise<T>
  create(record: Partial<T>, request?: Signal): Promise<T>
  /** `request.query` may name the record's organisation (`organisation_id`): an id two of the caller's share. */
  update(id: string, changes: Partial<T>, request?: Pick<RequestOptions, 'signal' | 'query'>): Promise<T>
  remove(id: string, request?: Signal): Promise<unknown>
}

const enc = encodeURIComponent

/**
 * The mission planning API (v2): the user calls of spec §7 and a typed client for every resource type.
 * Every answer is unwrapped from its envelope ({@link unwrapV2}).
 *
 * @example
 * const v2 = createV2Client({ http, baseUrl: 'http://localhost:8080/api/v2' })
 * const missions = await v2.resource('mission').list({ campaign_id })
 */
export function createV2Client(options: V2ClientOptions) {
  const { http } = options
  const call = async <T>(method: string, path: string, request: Omit<RequestOptions, 'timeoutMs'> = {}) =>
    unwrapV2<T>(await http.request(method, resolveV2Url(path, options.baseUrl, options.services), request))
  const withAvatars = async (users: readonly MissionPlanningUser[]): Promise<MissionPlanningUser[]> => {
    const avatarUrl = await loadAvatarUrl()
    return users.map((user) => ({ ...user, avatar: avatarUrl(user.email, options.avatar) }))
  }

  function resource<N extends V2ResourceName>(name: N): V2ResourceClient<V2Resources[N]> {
    type T = V2Resources[N]
    return {
      list: async (query, request = {}) => {
        const items = await call<T[] | unknown>('GET', name, { ...request, query })
        return Array.isArray(items) ? (items as T[]) : []
      },
      get: (id, request = {}) => call<T>('GET', `${name}/${enc(id)}`, request),
      create: (record, request = {}) => call<T>('POST', name, { ...request, body: record }),
      update: (id, changes, request = {}) => call<T>('PUT', `${name}/${enc(id)}`, { ...request, body: changes }),
      remove: (id, request = {}) => call('DELETE', `${name}/${enc(id)}`, request),
    }
  }

  return {
    resource,

    /**
     * `POST {resource}/{id}/{action}`: an action on one record beside its CRUD (issue 25: an execution's `start`,
     * `pause`, `resume`, `abort`), with the same `organisation_id` query as the record's own routes.
     *
     * @throws {HttpError} with the server's `{ code, message }` as `body` when it refuses (e.g. 409 `not-in-control`).
     */
    command<T = unknown>(resource: V2ResourceName, id: string, action: string, options: Signal & { query?: Query; body?: unknown } = {}): Promise<T> {
      return call<T>('POST', `${resource}/${enc(id)}/${enc(action)}`, options)
    },

    /** `GET user/{uid}`: the answer is a list; its first item is the user (spec §7). */
    async getUser(uid: string, request: Signal = {}): Promise<MissionPlanningUser | undefined> {
      const list = await call<MissionPlanningUser[] | MissionPlanningUser>('GET', `user/${enc(uid)}`, request)
      const first = Array.isArray(list) ? list[0] : list
      return first && typeof first === 'object' ? (await withAvatars([first]))[0] : undefined
    },

    /** `GET` a user-list path supplied by the caller (spec §7), e.g. `user/organisation/{id}`. */
    async listUsers(path: string, request: Signal = {}): Promise<MissionPlanningUser[]> {
      const list = await call<unknown>('GET', path, request)
      return Array.isArray(list) ? withAvatars(list as MissionPlanningUser[]) : []
    },

    /** `POST user/{ownerType}/{ownerId}` with name and e-mail; answers the new `uid`. */
    createUser(ownerType: string, ownerId: string, user: { name: string; email: string }, request: Signal = {}): Promise<{ uid: string }> {
      return call('POST', `user/${enc(ownerType)}/${enc(ownerId)}`, {
        ...request,
        body: { name: user.name, email: user.email },
      })
    },

    /** `DELETE user/{ownerType}/{ownerId}/{uid}`. */
    deleteUser(ownerType: string, ownerId: string, uid: string, request: Signal = {}): Promise<unknown> {
      return call('DELETE', `user/${enc(ownerType)}/${enc(ownerId)}/${enc(uid)}`, request)
    },

    /** `PUT user/{ownerType}/{ownerId}/{uid}/role` with the roles object. */
    setUserRoles(ownerType: string, ownerId: string, uid: string, roles: MissionPlanningRoles, request: Signal = {}): Promise<unknown> {
      return call('PUT', `user/${enc(ownerType)}/${enc(ownerId)}/${enc(uid)}/role`, { ...request, body: roles })
    },

    /** `DELETE user/{ownerType}/{ownerId}/{uid}/role`. */
    deleteUserRoles(ownerType: string, ownerId: string, uid: string, request: Signal = {}): Promise<unknown> {
      return call('DELETE', `user/${enc(ownerType)}/${enc(ownerId)}/${enc(uid)}/role`, request)
    },
  }
}

/** The v2 API client. */
export type V2Client = ReturnType<typeof createV2Client>
