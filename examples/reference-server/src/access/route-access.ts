/**
 * What a route needs before its handler runs. Every route declares one in its definition
 * (`app.get(path, { config: { access } }, handler)`); the gate in `create-app.ts` enforces it on the matched
 * route, and a route registered without one fails at start-up.
 *
 * - `public`: no token (health, OpenAPI document, feature flags).
 * - `user`: a verified ID token whose account has a console user record (v1); the record is on `request.user`.
 * - `account`: a verified ID token, whether or not its account has a console user record (the invitee's own
 *   invitations, and the caller's own user record, which answers pending invitations before there is one); the
 *   verified caller is on `request.account`.
 * - `organisation`: a verified ID token with at least one mission-planning membership (v2).
 * - `media`: a stream-scoped media token or a bearer token, checked by the media routes against the stream's
 *   tenant (another tenant's stream answers 404).
 * - `test`: test-only controls, registered only when the server runs with test controls on.
 * - `live`: the live channel's WebSocket upgrade. It carries no credential (a token never goes in a URL, and a
 *   browser cannot set headers on a WebSocket): its first frame authenticates (src/live/live-session.ts). The
 *   route answers a request that is not an upgrade 401.
 */
export type RouteAccess = 'public' | 'user' | 'account' | 'organisation' | 'media' | 'test' | 'live'

/** Every access a route may declare, to refuse a misspelt one at start-up. */
export const ROUTE_ACCESS: readonly RouteAccess[] = ['public', 'user', 'account', 'organisation', 'media', 'test', 'live']

/**
 * The OpenAPI `security` of a route, from its declared access (so the document cannot disagree with the gate):
 * public and test routes need nothing, everything else a bearer token; media routes take a bearer token or a
 * media token in the query (`media_token`), which the media check verifies. The live channel's token travels in
 * its first frame, which OpenAPI cannot describe: no security here, its description says so.
 */
export function securityOf(access: RouteAccess): Record<string, string[]>[] {
  if (access === 'media') return [{ bearer: [] }, { mediaToken: [] }]
  return access === 'public' || access === 'test' || access === 'live' ? [] : [{ bearer: [] }]
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See {@link RouteAccess}. Required on every route. */
    access?: RouteAccess
  }
}
