import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify'
import swagger from '@fastify/swagger'
import { ApiError } from './api-error'
import type { Identity } from './auth/identity'
import type { Database } from './db/database'
import { registerTenantRoutes } from './routes/v1-tenants'
import { registerUserRoutes } from './routes/v1-users'
import { registerInvitationRoutes } from './routes/v1-invitations'
import { registerAuditRoutes } from './routes/v1-audit'
import { registerSitePackRoutes } from './routes/site-packs'
import { registerMedia } from './routes/media'
import { withoutMediaToken } from './media/media-token'
import type { WhepLimits } from './media/whep-sessions'
import { registerVideoRoutes } from './routes/v1-videos'
import { registerDeviceRoutes } from './routes/v1-devices'
import { registerV2Routes } from './routes/v2-resources'
import { missionPlanningOn, registerExecutionRoutes } from './routes/v2-executions'
import { loadSiteLand } from './missions/site-land'
import { createExecutionService, type ExecutionServiceOptions } from './missions/execution-service'
import type { GroundLink } from './missions/ground-link'
import { registerTestControls } from './routes/test-controls'
import { registerLiveRoute } from './routes/live'
import { registerDesktopRoute } from './routes/remote-desktop'
import { ControlLeases } from './remote/control-leases'
import { recordControlEvent } from './remote/control-audit'
import { DEFAULT_VNC_ALLOWED_HOSTS } from './remote/desktop-endpoints'
import type { DesktopSettings } from './remote/desktop-session'
import { LIVE_RECHECK_MS } from './live/live-session'
import { createTelemetryHub, type TelemetryHub } from './live/telemetry-hub'
import { createDevicePresence, type PresenceTiming } from './live/device-presence'
import type { TelemetryIngest } from './telemetry/telemetry-ingest'
import { registerTelemetryRoutes } from './telemetry/telemetry-routes'
import { registerSecurityHeaders } from './security-headers'
import { securityOf, type RouteAccess } from './access/route-access'
import { declaredAccess, registerAccessGate } from './access/access-gate'
import { registerInputChecks } from './schemas/register-input-checks'
import { SCHEMA_KEYWORDS } from './schemas/schema-keywords'

/** One registered route as the gate, the OpenAPI document and the generated tests see it. */
export interface RouteEntry {
  method: string
  url: string
  access: RouteAccess
  schema: unknown
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this app, in order (HEAD twins of GET routes included). */
    routeTable: RouteEntry[]
  }
}

/** Options of {@link createApp}. */
export interface AppOptions {
  db: Database
  identity: Identity
  /** Feature flags for local mode, served at `/api/v1/features` (there is no Remote Config emulator). */
  features?: Record<string, boolean>
  /** Browser origins allowed to call the API. */
  allowedOrigins?: readonly string[]
  /** Largest accepted request body in bytes. Default 64 KiB. */
  bodyLimit?: number
  /** Serve only these v2 families, without the `/api/v2` prefix (split-port mode); everything when absent. */
  v2Families?: ReadonlySet<string>
  logger?: boolean
  /** Test-only: `POST /media/test/{video_id}/down|up` takes a live source down and back. Off by default. */
  mediaTestControls?: boolean
  /** Most WebRTC sessions at once per user, per tenant and in all (defaults 4, 16, 64). */
  whepLimits?: Partial<WhepLimits>
  /**
   * The telemetry hub behind the live channel (`GET /api/v1/live`), shared with telemetry ingest. When absent the
   * app makes one of its own, in this process only, and closes it with the app.
   */
  hub?: TelemetryHub
  /** When devices turn stale and offline on the `devices` topics (tests shorten them). Default 5 s, 60 s, sweep 1 s. */
  presenceTiming?: Partial<PresenceTiming>
  /** The telemetry ingest: its JSON route, its counters in /health, its test control. Absent: no JSON ingest. */
  telemetry?: TelemetryIngest
  /** How often an open live socket's token, account and user record are looked at again, in ms. Default 1 000. */
  liveRevocationCheckMs?: number
  /** How long the live channel waits for the first auth frame, in ms. Default 10 000. */
  liveAuthTimeoutMs?: number
  /** The remote-desktop bridge's reach and limits; loopback only, 15 min idle, 8 h, 5 s to connect by default. */
  desktop?: Partial<DesktopSettings>
  /** A control lease whose holder sends no input for this long ends, in ms. Default 120 000. */
  controlIdleMs?: number
  /**
   * The MAVLink ground link of this process (`startServer` makes one on the telemetry ingest's socket): mission
   * executions talk to vehicles through it. Absent: executions cannot start (503).
   */
  groundLink?: GroundLink
  /** The mission protocol's waits (tests shorten them); QGroundControl's by default. */
  executionTiming?: ExecutionServiceOptions['timing']
}

/**
 * The reference server: spec §7's v1 and v2 APIs over a database, with Firebase ID tokens, tenant isolation and
 * schema validation on every body and query.
 */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines are logged without their media token (the one credential a URL may carry).
    logger: options.logger ? { serializers: { req: (req) => ({ method: req.method, url: withoutMediaToken(req.url) }) } } : false,
    // Closing the server ends open connections (browsers' keep-alive, media streams) rather than waiting on them.
    forceCloseConnections: true,
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    ajv: {
      customOptions: {
        // Unknown fields are refused, not silently dropped; wrong types are refused, not converted.
        removeAdditional: false,
        coerceTypes: false,
        allErrors: false,
        // x-text (names trimmed, no NUL, lone surrogate, bidi or zero-width characters) and x-json (v2 records).
        keywords: SCHEMA_KEYWORDS,
      },
    },
    // A path that is not validly percent-encoded names no route: 404, like any other unknown path.
    frameworkErrors: (error, request, genericReply) => {
      const reply = genericReply as unknown as FastifyReply
      if (error.code === 'FST_ERR_BAD_URL') {
        return reply.code(404).send({ code: 'not-found', message: `No route for ${request.method}: the path is not validly encoded.` })
      }
      return reply.code(400).send({ code: 'invalid-request', message: error.message })
    },
  })

  app.decorate('routeTable', [] as RouteEntry[])
  app.addHook('onRoute', (route) => {
    // A route without a declared access throws here, so createApp fails at start-up naming it.
    const access = declaredAccess(route)
    // The OpenAPI document's security comes from the same declaration the gate enforces; a public route whose own
    // hook checks a credential the gate does not know (a device's ingest token) names it itself.
    const own = access === 'public' ? (route.schema as { security?: Record<string, string[]>[] } | undefined)?.security : undefined
    route.schema = { ...route.schema, security: own ?? securityOf(access) }
    for (const method of [route.method].flat()) {
      app.routeTable.push({ method, url: route.url, access, schema: route.schema })
    }
  })

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Honu Console reference API',
        version: '1.0.0',
        description:
          'The v1 (network product) and v2 (mission planning) calls of the console. Every route says what it ' +
          'needs in its security: most need a Firebase ID token as a bearer token.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // For what cannot send a header: from POST /api/v1/videos/{video_id}/media-token, one stream, 5 minutes.
          mediaToken: { type: 'apiKey', in: 'query', name: 'media_token' },
          // A device's own ingest token (POST /api/v1/devices/{device_id}/ingest-token), never a person's.
          deviceToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A device’s ingest token, issued by its tenant’s admin; a person’s ID token is refused.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
  })

  // The JSON body parser, and NUL or lone surrogates refused in any body, query or path parameter.
  registerInputChecks(app)

  const origins = new Set(options.allowedOrigins ?? [])
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin
    if (origin && origins.has(origin)) {
      reply.header('Access-Control-Allow-Origin', origin)
      reply.header('Vary', 'Origin')
      reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept')
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS')
      reply.header('Access-Control-Max-Age', '600')
      // A WHEP answer names its session in Location; the player needs it to end the session. An audit export
      // names its file in Content-Disposition.
      reply.header('Access-Control-Expose-Headers', 'Location, Content-Disposition')
    }
    if (request.method === 'OPTIONS') return reply.code(204).send()
  })

  // nosniff, no Referer, no framing, a CSP on every answer (src/security-headers.ts).
  registerSecurityHeaders(app)

  // After the CORS hook, so refusals carry the CORS headers the browser needs to read them.
  registerAccessGate(app, { db: options.db, identity: options.identity })

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send({ code: error.code, message: error.message })
    const fastifyError = error as FastifyError
    if (fastifyError.validation) {
      const [first] = fastifyError.validation
      const where = `${fastifyError.validationContext ?? 'request'}${(first?.instancePath ?? '').replace(/\//g, '.')}`
      const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty
      // A field name refused by `propertyNames` comes with the name; ajv's own message would not say which.
      const badName = (first as { propertyName?: string } | undefined)?.propertyName
      // A field name outside a fixed list (a v2 role map's permissions) is named with the names allowed.
      const allowedNames = first?.keyword === 'enum' ? (first.params as { allowedValues?: unknown[] }).allowedValues : undefined
      const detail = extra
        ? `${where}.${extra} is not allowed`
        : badName !== undefined && allowedNames
          ? `${where} names an unknown permission "${badName}" (known: ${allowedNames.join(', ')})`
          : badName !== undefined
            ? `${where}.${badName} is not an allowed field name`
            : `${where} ${first?.message ?? 'is invalid'}`
      return reply.code(400).send({ code: 'invalid-request', message: `Invalid request: ${detail}.` })
    }
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: request.routeOptions.url?.endsWith('/whep')
          ? 'Send the offer as application/sdp.'
          : 'Send the request body as application/json.',
      }
      return reply.code(fastifyError.statusCode).send({ code: 'invalid-request', message: messages[fastifyError.code] ?? fastifyError.message })
    }
    app.log.error(error)
    return reply.code(500).send({ code: 'internal', message: 'The server failed to handle this request.' })
  })

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ code: 'not-found', message: `No route for ${request.method} ${request.url.split('?')[0]}.` }),
  )

  if (options.v2Families) {
    registerV2Routes(app, options.db, options.identity, { prefix: '', families: options.v2Families })
  } else {
    app.get('/health', { config: { access: 'public' }, schema: { tags: ['system'] } }, async () => ({
      status: 'ok',
      database: options.db.kind,
      // Packets received, from unknown system ids and malformed (counted and dropped), states published.
      ...(options.telemetry ? { telemetry: options.telemetry.counters() } : {}),
    }))
    app.get('/api/v1/features', { config: { access: 'public' }, schema: { tags: ['system'] } }, async () => ({
      features: options.features ?? {},
    }))
    if (options.mediaTestControls) registerTestControls(app, { db: options.db })
    await registerMedia(app, { db: options.db, identity: options.identity, testControls: options.mediaTestControls, whepLimits: options.whepLimits })
    registerVideoRoutes(app, options.db)
    registerTenantRoutes(app, options.db)
    registerDeviceRoutes(app, options.db, {
      allowedVncHosts: options.desktop?.allowedHosts ?? DEFAULT_VNC_ALLOWED_HOSTS,
      devicesChanged: options.telemetry ? () => options.telemetry!.reloadBindings() : undefined,
    })
    registerUserRoutes(app, options.db, options.identity)
    registerInvitationRoutes(app, options.db, options.identity)
    registerAuditRoutes(app, options.db)
    registerSitePackRoutes(app)
    // With the server's flag map saying mission planning is off (`HONU_FEATURES`), no v2 call is answered: the
    // console hides the area, and the server refuses it the same (issue 25). A server given no flag map (tests
    // that make an app of their own) has nothing turned off.
    const features = options.features
    if (features) {
      app.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/api/v2/') && !missionPlanningOn(features)) {
          throw new ApiError(403, 'mission-planning-off', 'Mission planning is turned off on this server.')
        }
      })
    }
    registerV2Routes(app, options.db, options.identity, { prefix: '/api/v2' })
    if (options.telemetry) {
      registerTelemetryRoutes(app, { db: options.db, ingest: options.telemetry, testControls: options.mediaTestControls })
    }
    const hub = options.hub ?? createTelemetryHub(options.db, { processLocal: true })
    if (!options.hub) app.addHook('onClose', () => hub.close())
    const presence = createDevicePresence(hub, { ...options.presenceTiming, warn: (message) => app.log.warn(message) })
    app.addHook('onClose', async () => presence.close())
    // One operator in control of a device at a time (issue 24), in this process: the live channel's control topics
    // and the desktop bridge share it, and every change goes to the audit trail.
    const leases = new ControlLeases({
      idleMs: options.controlIdleMs ?? 120_000,
      onEvent: (event) => void recordControlEvent(options.db, event).catch((error: Error) => app.log.warn(`control audit failed: ${error.message}`)),
    })
    app.addHook('onClose', async () => leases.close())
    // Mission executions (issue 25) on the platforms' vehicles, commanded under the same control leases; their state
    // goes to the v2 records, the audit trail and the live channel's `organisations/<id>/executions` topics.
    const executions = createExecutionService({
      db: options.db,
      link: options.groundLink,
      leases,
      timing: options.executionTiming,
      land: loadSiteLand((message) => app.log.warn(message)),
      warn: (message) => app.log.warn(message),
    })
    app.addHook('onClose', () => executions.close())
    registerExecutionRoutes(app, { db: options.db, executions, features: options.features })
    await registerLiveRoute(app, {
      db: options.db,
      identity: options.identity,
      hub,
      presence,
      leases,
      executions,
      features: options.features,
      allowedOrigins: origins,
      revocationCheckMs: options.liveRevocationCheckMs ?? LIVE_RECHECK_MS,
      authTimeoutMs: options.liveAuthTimeoutMs,
    })
    registerDesktopRoute(app, {
      db: options.db,
      identity: options.identity,
      leases,
      allowedOrigins: origins,
      settings: {
        allowedHosts: DEFAULT_VNC_ALLOWED_HOSTS,
        idleMs: 15 * 60_000,
        sessionLimitMs: 8 * 3600_000,
        connectTimeoutMs: 5_000,
        ...options.desktop,
      },
      revocationCheckMs: options.liveRevocationCheckMs ?? LIVE_RECHECK_MS,
      authTimeoutMs: options.liveAuthTimeoutMs,
    })
  }
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger())
  return app
}
