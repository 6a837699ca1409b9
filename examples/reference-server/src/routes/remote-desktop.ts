import type { FastifyInstance } from 'fastify'
import { REMOTE_DESKTOP_CLOSE } from '@honu/core/live'
import { unauthorized } from '../api-error'
import type { Identity } from '../auth/identity'
import type { Database } from '../db/database'
import type { ControlLeases } from '../remote/control-leases'
import { DesktopSession, type DesktopSessionInfo, type DesktopSettings } from '../remote/desktop-session'

declare module 'fastify' {
  interface FastifyInstance {
    /** The open remote-desktop sessions of this app (tests and diagnostics). */
    desktopSessions(): DesktopSessionInfo[]
  }
}

/** Options of {@link registerDesktopRoute}. */
export interface DesktopRouteOptions {
  db: Database
  identity: Identity
  leases: ControlLeases
  allowedOrigins: ReadonlySet<string>
  settings: DesktopSettings
  revocationCheckMs: number
  authTimeoutMs?: number
}

/**
 * `GET /api/v1/devices/{device_id}/desktop`: a remote-access device's desktop, as RFB over a WebSocket (issue 24;
 * the protocol is `@honu/core/live`'s remote-desktop part). Registered after the live channel, whose WebSocket
 * plugin it shares. Like the live channel the upgrade carries no credential, a page of another origin is closed
 * with 1008, and a plain request answers 401.
 */
export function registerDesktopRoute(app: FastifyInstance, options: DesktopRouteOptions) {
  const sessions = new Set<DesktopSession>()
  app.decorate('desktopSessions', () => [...sessions].map((s) => s.info()))
  app.addHook('preClose', async () => {
    for (const session of sessions) session.close(REMOTE_DESKTOP_CLOSE.goingAway, 'The server is stopping.')
  })
  app.route({
    method: 'GET',
    url: '/api/v1/devices/:device_id/desktop',
    config: { access: 'live' },
    schema: {
      tags: ['v1'],
      description:
        'A remote-access device’s desktop: a WebSocket upgrade whose first frame authenticates (never a token in the URL); then RFB with security type None.',
      params: { type: 'object', required: ['device_id'], properties: { device_id: { type: 'string', minLength: 1, maxLength: 512 } } },
      querystring: { type: 'object', additionalProperties: false, properties: {} },
    },
    handler: async () => {
      throw unauthorized()
    },
    wsHandler: (socket, request) => {
      const origin = request.headers.origin
      if (origin !== undefined && !options.allowedOrigins.has(origin)) {
        socket.close(REMOTE_DESKTOP_CLOSE.originNotAllowed, 'Origin not allowed.')
        return
      }
      const { device_id } = request.params as { device_id: string }
      const session = new DesktopSession(socket, device_id, {
        db: options.db,
        identity: options.identity,
        leases: options.leases,
        settings: options.settings,
        revocationCheckMs: options.revocationCheckMs,
        authTimeoutMs: options.authTimeoutMs,
        warn: (message) => app.log.warn(message),
      })
      sessions.add(session)
      socket.on('close', () => sessions.delete(session))
    },
  })
}
