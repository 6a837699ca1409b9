import { array, looseObject, nullish, number, record, string } from 'valibot'
import { HttpError } from '../errors/http-error'
import { objectMessage, parseWith } from '../platform/schema'
import type { Query } from './http-client'
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
