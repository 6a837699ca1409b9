import type { FastifyInstance } from 'fastify'
import websocket from '@fastify/websocket'
import { LIVE_CLOSE, LIVE_PATH } from '@honu/core/live'
import { unauthorized } from '../api-error'
import type { Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { LiveSession, type LiveSessionInfo } from '../live/live-session'
import type { DevicePresenceTracker } from '../live/device-presence'
import type { TelemetryHub } from '../live/telemetry-hub'
import type { ControlLeases } from '../remote/control-leases'
import type { ExecutionService } from '../missions/execution-service'

/** How long a stopping server waits for clients to answer its close frame before dropping their sockets. */
export const CLOSE_GRACE_MS = 1000

/** Largest frame a client may send (an auth frame carries a token of a few KB). */
export const MAX_CLIENT_FRAME_BYTES = 64 * 1024

declare module 'fastify' {
  interface FastifyInstance {
    /** The open live-channel sockets of this app (tests and diagnostics). */
    liveSessions(): LiveSessionInfo[]
    /** The telemetry hub the live channel serves. */
    liveHub: TelemetryHub
  }
}

/** Options of {@link registerLiveRoute}. */
export interface LiveRouteOptions {
  db: Database
  identity: Identity
  hub: TelemetryHub
  /** The presence of every tenant's devices (the `devices` topics). */
  presence: DevicePresenceTracker
  /** Control leases (the `control` topics and frames). */
  leases: ControlLeases
  /** Mission executions (the `organisations/<id>/executions` topics). */
  executions: ExecutionService
  /** The server's feature flags: the executions topics need `mission_planning` on. */
  features?: Record<string, boolean>
  allowedOrigins: ReadonlySet<string>
  /** How often an open socket's token, account and user record are looked at again, in ms (see LIVE_RECHECK_MS). */
  revocationCheckMs: number
  authTimeoutMs?: number
}

/**
 * `GET /api/v1/live`: the live channel (WebSocket). The upgrade carries no credential (a token never goes in a
 * URL): the first frame authenticates (see `@honu/core/live` for the protocol). A page of an origin outside
 * ALLOWED_ORIGINS is closed with 1008; a request that is not an upgrade answers 401, like any route without a
 * token. On server stop every socket is closed with 1001.
 */
export async function registerLiveRoute(app: FastifyInstance, options: LiveRouteOptions) {
  const sessions = new Set<LiveSession>()
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
    preClose(done) {
      for (const session of sessions) session.close(LIVE_CLOSE.goingAway, 'The server is stopping.')
      // A client that does not read never answers the close frame: after a grace period its socket is dropped, so
      // it cannot hold the server's stop up (ws would wait 30 s).
      const grace = setTimeout(() => {
        for (const client of app.websocketServer.clients) client.terminate()
      }, CLOSE_GRACE_MS)
      app.websocketServer.close(() => {
        clearTimeout(grace)
        done()
      })
    },
    errorHandler(error, socket) {
      app.log.warn(`live socket error: ${error.message}`)
      socket.terminate()
    },
  })
  app.decorate('liveSessions', () => [...sessions].map((s) => s.info()))
  app.decorate('liveHub', options.hub)
  app.route({
    method: 'GET',
    url: LIVE_PATH,
    config: { access: 'live' },
    schema: {
      tags: ['v1'],
      description: 'The live channel: a WebSocket upgrade; its first frame authenticates (never a token in the URL).',
      // No query at all: a token put in the URL is refused (400), not read.
      querystring: { type: 'object', additionalProperties: false, properties: {} },
    },
    // A plain request (not an upgrade) carries no credential this route reads.
    handler: async () => {
      throw unauthorized()
    },
    wsHandler: (socket, request) => {
      const origin = request.headers.origin
      if (origin !== undefined && !options.allowedOrigins.has(origin)) {
        socket.close(LIVE_CLOSE.originNotAllowed, 'Origin not allowed.')
        return
      }
      const session = new LiveSession(socket, {
        db: options.db,
        identity: options.identity,
        hub: options.hub,
        presence: options.presence,
        leases: options.leases,
        executions: options.executions,
        features: options.features,
        revocationCheckMs: options.revocationCheckMs,
        authTimeoutMs: options.authTimeoutMs,
        warn: (message) => app.log.warn(message),
      })
      sessions.add(session)
      socket.on('close', () => sessions.delete(session))
    },
  })
}
