import { array, looseObject, nullish, number, record, string } from 'valibot'
import { ConsoleError } from '../errors/console-error'
import { HttpError } from '../errors/http-error'
import { messages } from '../errors/messages'
import { deriveRole } from '../permissions/roles'
import { consoleLogger, type Logger } from '../platform/logger'
import { objectMessage, parseWith } from '../platform/schema'
import type { HttpClient, Query, RequestOptions } from './http-client'
import type { TenantUser } from './v1-types'

/**
 * The edge of the paged user list (`GET /api/v1/users/?tenant_id&limit&cursor&q&sort`): the valibot schema a page
 * is parsed with before the admin console sees it, and the query it sends. `create-v1-client.ts` imports this module
 * on the first `listUsersPage` call, so its checks weigh nothing on routes without the admin console.
 */

/** What a page asks for. Without `limit` the server answers every user (spec §7's contract). */
export interface UsersPageRequest {
  /** Users per page (the server caps it). */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
  /** Search in name and e-mail (trimmed; empty searches nothing). */
  q?: string
  /** `name`, `email` or `joined`; `-name` for descending. Default: the server's (by name). */
  sort?: UsersSort
}

/** The sort keys of the user list. */
export type UsersSort = 'name' | '-name' | 'email' | '-email' | 'joined' | '-joined'

/** A page of a tenant's users. */
export interface UsersPage {
  /** With derived role and avatar, as `listUsers` gives them. */
  users: TenantUser[]
  /** Pass back as `cursor` for the next page; `null` after the last. */
  nextCursor: string | null
  /** How many users match in all (the search included). */
  totalCount: number
}

const userSchema = looseObject(
  {
    uid: string('{path} is not a uid'),
    name: nullish(string('{path} is not a name'), ''),
    email: nullish(string('{path} is not an e-mail'), ''),
    permissions: nullish(record(string(), array(string(), '{path} is not a list of roles'), '{path} is not a set of permissions'), {}),
    joined: nullish(string('{path} is not a date')),
  },
  objectMessage('a user'),
)

const usersPageSchema = looseObject(
  {
    data: array(userSchema, '{path} is not a list'),
    next_cursor: nullish(string('{path} is not a cursor'), null),
    total_count: nullish(number('{path} is not a number')),
  },
  objectMessage('a page of users'),
)

/** The page's query under the server's parameter names. */
export function usersPageQuery(tenantId: string, page: UsersPageRequest): Query {
  const q = page.q?.trim()
  return {
    tenant_id: tenantId,
    limit: page.limit,
    cursor: page.cursor ?? undefined,
    q: q ? q : undefined,
    sort: page.sort,
  }
}

/**
 * Parses an answer of the paged `GET /users/` (before avatars and roles are added).
 *
 * @throws {HttpError} `http/status` naming the field and why, when the answer is not a page of users.
 */
export function parseUsersPage(body: unknown): { users: Omit<TenantUser, 'avatar' | 'role'>[]; nextCursor: string | null; totalCount: number } {
  const parsed = parseWith(usersPageSchema, body)
  if (!parsed.ok) {
    throw new HttpError({ code: 'http/status', status: 200, body, message: `The server's user list could not be read: ${parsed.problem}.` })
  }
  const { data, next_cursor, total_count } = parsed.value
  const users = data.map(({ joined, ...user }) => ({ ...user, ...(joined ? { joined } : {}) }))
  return { users, nextCursor: next_cursor ?? null, totalCount: typeof total_count === 'number' ? total_count : users.length }
}

/** What {@link fetchUsersPage} needs of the v1 client. */
export interface UsersPageContext {
  http: HttpClient
  /** The v1 base address (`…/api/v1`). */
  base: string
  logger?: Logger
  withAvatars<T extends { email?: string }>(users: readonly T[]): Promise<(T & { avatar?: string })[]>
}

/**
 * `v1.listUsersPage`'s body: one page of the tenant's users with derived role, avatar and `joined`. An answer
 * without a user list logs a warning and is an empty page (spec §8).
 *
 * @throws {ConsoleError} `tenant/missing-id` ('Unable to find Tenant Id') without a tenant id (spec §5).
 * @throws {HttpError} the server's refusal, or `http/status` naming the field when the answer is not a page.
 */
export async function fetchUsersPage(
  context: UsersPageContext,
  tenantId: string | null | undefined,
  page: UsersPageRequest,
  request: Pick<RequestOptions, 'signal'>,
): Promise<UsersPage> {
  if (!tenantId) throw new ConsoleError({ code: 'tenant/missing-id', message: messages.tenantWithoutId })
  const body = await context.http.request('GET', `${context.base}/users/`, { ...request, query: usersPageQuery(tenantId, page) })
  if (!Array.isArray((body as { data?: unknown } | null | undefined)?.data)) {
    // Spec §8, as for listUsers: a missing user list only logs a warning; the page is empty.
    ;(context.logger ?? consoleLogger).warn(`@honu/core: the server sent no user list for tenant "${tenantId}"; showing none.`)
    return { users: [], nextCursor: null, totalCount: 0 }
  }
  const { users, nextCursor, totalCount } = parseUsersPage(body)
  const withRoles = (await context.withAvatars(users)).map((user) => ({ ...user, role: deriveRole(user.permissions, tenantId) }))
  return { users: withRoles, nextCursor, totalCount }
}
