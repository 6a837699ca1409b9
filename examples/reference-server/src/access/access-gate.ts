import type { FastifyInstance, FastifyRequest } from 'fastify'
import { unauthorized } from '../api-error'
import { authenticate } from '../auth/caller'
import type { Caller, Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { loadUser, type UserRow } from '../routes/v1-access'
import { loadOrganisationCaller, type OrganisationCaller } from './organisation-caller'
import { ROUTE_ACCESS, type RouteAccess } from './route-access'

declare module 'fastify' {
  interface FastifyRequest {
    /** The console user of a `user` route, set by the access gate; null on every other route. */
    user: UserRow | null
    /** The verified caller of an `account` route (no console record needed), set by the access gate; null elsewhere. */
    account: Caller | null
    /** The mission-planning caller of an `organisation` route, set by the access gate; null elsewhere. */
    caller: OrganisationCaller | null
  }
}

/**
 * Refuses, at registration, a route that declares no access or an unknown one: every route must say who may
 * call it, so a new route cannot quietly be left open. Answers the declared access.
 */
export function declaredAccess(route: { method: string | string[]; url: string; config?: { access?: unknown } }): RouteAccess {
  const access = route.config?.access
  if (!ROUTE_ACCESS.includes(access as RouteAccess)) {
    const what = access === undefined ? 'declares no access' : `declares an unknown access ${JSON.stringify(access)}`
    throw new Error(
      `Route ${[route.method].flat().join(',')} ${route.url} ${what}: give it config: { access } with one of ` +
        `${ROUTE_ACCESS.join(', ')} (see src/access/route-access.ts).`,
    )
  }
  return access as RouteAccess
}

/**
 * The one access gate. It runs after routing, on the route the router matched (never on the raw URL, so
 * `/api/%761/tenants` meets the same check as `/api/v1/tenants`), and enforces the access that route declares:
 * - `user`: a verified ID token and a console user record, put on `request.user`;
 * - `account`: a verified ID token only, put on `request.account` (the route decides what an account without a
 *   console record gets);
 * - `organisation`: a verified ID token and at least one mission-planning membership, put on `request.caller`;
 * - `media`: a bearer header or a `media_token` in the query must be there; the media routes verify them
 *   against the stream (after the path is validated). Refusing a request with neither here means no spelling of
 *   a media path gets anything but 401 without credentials, as on every other route.
 * - `live`: nothing here: the upgrade carries no credential, its first frame does (src/live/live-session.ts);
 *   the route answers a plain request (not an upgrade) 401 after its query is validated, like every route.
 * - `public` and `test`: nothing.
 * A request no route matched goes on to the not-found handler.
 */
export function registerAccessGate(app: FastifyInstance, options: { db: Database; identity: Identity }) {
  app.decorateRequest('user', null)
  app.decorateRequest('caller', null)
  app.decorateRequest('account', null)
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access
    if (access === 'user') {
      const { uid } = await authenticate(request, options.identity)
      request.user = await loadUser(options.db, uid)
    } else if (access === 'account') {
      request.account = await authenticate(request, options.identity)
    } else if (access === 'organisation') {
      const { uid } = await authenticate(request, options.identity)
      request.caller = await loadOrganisationCaller(options.db, uid)
    } else if (access === 'media') {
      const mediaToken = (request.query as { media_token?: unknown } | undefined)?.media_token
      if (request.headers.authorization === undefined && mediaToken === undefined) throw unauthorized()
    } else if (access === undefined && !request.is404) {
      // Cannot happen (routes without access are refused at registration); fail closed if it ever does.
      throw new Error(`Route ${request.method} ${request.routeOptions.url} has no declared access.`)
    }
  })
}

/** The console user the gate loaded; a programmer error on a route not declared `user`. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error(`${request.method} ${request.routeOptions.url} reads the user but is not declared 'user'.`)
  return request.user
}

/** The mission-planning caller the gate loaded; a programmer error on a route not declared `organisation`. */
export function callerOf(request: FastifyRequest): OrganisationCaller {
  if (!request.caller) {
    throw new Error(`${request.method} ${request.routeOptions.url} reads the caller but is not declared 'organisation'.`)
  }
  return request.caller
}

/** The verified caller the gate put on an `account` route; a programmer error on any other route. */
export function accountOf(request: FastifyRequest): Caller {
  if (!request.account) throw new Error(`${request.method} ${request.routeOptions.url} reads the account but is not declared 'account'.`)
  return request.account
}
