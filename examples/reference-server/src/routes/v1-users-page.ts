import type { Permissions } from '@honu/core'
import { badRequest } from '../api-error'
import type { Database } from '../db/database'
import { ID, text } from '../schemas/field-schemas'
import { textProblem } from '../schemas/text-rules'

/** How the users list may be sorted: a column, `-` first for descending. */
export const USER_SORTS = ['name', '-name', 'email', '-email', 'joined', '-joined'] as const
export type UserSort = (typeof USER_SORTS)[number]

/** The query of `GET /api/v1/users/`: only `tenant_id` is required (spec §7); the rest pages the list. */
export const USERS_PAGE_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['tenant_id'],
  properties: {
    tenant_id: ID,
    limit: { type: 'string', pattern: '^[0-9]{1,4}$', description: 'Page size, 1–1000 (larger is read as 1000). Without it, every user.' },
    cursor: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,1000}$', description: 'The previous page’s next_cursor.' },
    q: { ...text(200), description: 'A part of the name or e-mail, any case.' },
    sort: { type: 'string', enum: [...USER_SORTS] },
  },
} as const

export interface UsersPageQuery {
  tenant_id: string
  limit?: string
  cursor?: string
  q?: string
  sort?: UserSort
}

/** A user of the list: the tenant's roles only, and when they joined it. */
export interface TenantUser {
  uid: string
  name: string
  email: string
  permissions: Permissions
  joined: string
  /** A pending invitation (issue 22): its roles wait for the invitee to accept; `uid` is the invitation's id. */
  pending?: true
}

const MAX_LIMIT = 1000

/** The sort key of each column, as SQL over `users u` left-joined to `tenant_members m`. */
const KEYS = {
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  joined: 'coalesce(m.joined, u.joined)',
} as const

/** Where the previous page ended: the sort it was made for, the last row's key and uid. */
interface Cursor {
  s: UserSort
  k: string
  u: string
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url')

function decodeCursor(value: string, sort: UserSort): Cursor {
  let cursor: Partial<Cursor> | undefined
  try {
    cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Cursor>
  } catch {
    cursor = undefined
  }
  const usable = (text: unknown): text is string => typeof text === 'string' && text.length <= 400 && textProblem(text, 'text') === undefined
  if (
    !cursor ||
    !usable(cursor.k) ||
    !usable(cursor.u) ||
    cursor.s !== sort ||
    (sort.endsWith('joined') && !/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z$/.test(cursor.k))
  ) {
    throw badRequest(
      'Invalid request: querystring.cursor does not belong to this list (start again without it, and keep q and sort for the next pages).',
    )
  }
  return cursor as Cursor
}

/** `%`, `_` and `\` of a search taken literally in an `ilike` pattern. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The users of a tenant. Without `limit`: all of them as `{ data }` (spec §7), sorted by name unless `sort` says
 * otherwise. With `limit`: one page by keyset (the sort key, then uid), with the cursor of the next page and the
 * number of users matching `q`. Only the tenant's own roles are answered: a tenant admin must not learn a user's
 * roles elsewhere.
 */
export async function listUsersPage(db: Pick<Database, 'query'>, query: UsersPageQuery) {
  const tenantId = query.tenant_id
  const sort: UserSort = query.sort ?? 'name'
  const column = sort.replace('-', '') as keyof typeof KEYS
  const descending = sort.startsWith('-')
  const key = KEYS[column]
  // A page of 1 to 1000 users (a larger limit is read as 1000).
  const limit = query.limit === undefined ? undefined : Math.min(Math.max(Number(query.limit), 1), MAX_LIMIT)

  const params: unknown[] = [tenantId]
  const where = ['u.permissions ? $1']
  if (query.q) {
    params.push(likePattern(query.q))
    where.push(`(u.name ilike $${params.length} escape '\\' or u.email ilike $${params.length} escape '\\')`)
  }
  const matching = [...where]
  if (query.cursor !== undefined) {
    if (limit === undefined) throw badRequest('Invalid request: querystring.cursor needs a limit.')
    const cursor = decodeCursor(query.cursor, sort)
    params.push(cursor.k, cursor.u)
    const keyParam = column === 'joined' ? `$${params.length - 1}::timestamptz` : `$${params.length - 1}`
    where.push(`(${key}, u.uid) ${descending ? '<' : '>'} (${keyParam}, $${params.length})`)
  }
  const direction = descending ? 'desc' : 'asc'
  // Without a limit and a sort, the order the list always had (name, then e-mail).
  const order = limit === undefined && query.sort === undefined ? 'lower(u.name), u.email' : `${key} ${direction}, u.uid ${direction}`
  // Pending invitations with a role in the tenant are listed with its users (marked pending), so an admin sees and
  // manages them like users: their id stands for the uid, their creation date for joined.
  const people = `(select uid, name, email, permissions, joined, false as pending from users
      union all select id, name, email, permissions, created, true from invitations) u`
  const from = `from ${people} left join tenant_members m on m.tenant_id = $1 and m.uid = u.uid`
  let sql = `select u.uid, u.name, u.email, u.permissions, u.pending,
      to_char(coalesce(m.joined, u.joined) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as joined,
      ${column === 'joined' ? `to_char(${key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : key} as sort_key
    ${from} where ${where.join(' and ')} order by ${order}`
  if (limit !== undefined) {
    params.push(limit + 1)
    sql += ` limit $${params.length}`
  }
  const rows = await db.query<Omit<TenantUser, 'pending'> & { sort_key: string; pending: boolean }>(sql, params)
  const page = limit === undefined ? rows : rows.slice(0, limit)
  const data: TenantUser[] = page.map(({ sort_key: _, pending, ...u }) => ({
    ...u,
    permissions: { [tenantId]: u.permissions[tenantId] ?? [] },
    ...(pending ? { pending: true as const } : {}),
  }))
  if (limit === undefined) return { data }

  const last = page.at(-1)
  const next_cursor = rows.length > limit && last ? encodeCursor({ s: sort, k: last.sort_key, u: last.uid }) : null
  const countParams = query.q ? [tenantId, likePattern(query.q)] : [tenantId]
  const [count] = await db.query<{ count: string }>(`select count(*) ${from} where ${matching.join(' and ')}`, countParams)
  return { data, next_cursor, total_count: Number(count?.count ?? 0) }
}
