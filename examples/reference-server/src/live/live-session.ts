import type { WebSocket } from 'ws'
import { isAdmin, isController } from '@honu/core'
import {
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE,
  parseClientMessage,
  parseOrganisationTopic,
  parseTenantTopic,
  type ControlMessage,
  type DeviceControl,
  type DevicePresence,
  type MissionExecutionState,
  type ServerMessage,
  type VehicleTelemetry,
} from '@honu/core/live'
import type { Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { loadUser, requireMember, type UserRow } from '../routes/v1-access'
import { recordAudit } from '../audit/audit-log'
import type { ControlLeases } from '../remote/control-leases'
import { loadOrganisationCaller } from '../access/organisation-caller'
import type { ExecutionService } from '../missions/execution-service'
import { canInOrganisation, missionPlanningOn } from '../routes/v2-executions'
import type { DevicePresenceTracker } from './device-presence'
import type { TelemetryHub } from './telemetry-hub'

/** The socket may take more frames while less than this is waiting in its send buffer. */
export const LOW_WATER_BYTES = 64 * 1024
/** How often a socket whose buffer is full is looked at again. */
const FLUSH_RETRY_MS = 50

/**
 * How often an open socket looks again at its account and user record. The account's revocation check is the one
 * the API's requests share (cached for `HONU_REVOCATION_CHECK_SECONDS`, default 5 s), so a look costs no round trip
 * to the identity provider while that answer is fresh: a revoked, disabled or deleted account's sockets close at
 * most the bound plus this later, and a role taken away in the database ends its topics within this.
 */
export const LIVE_RECHECK_MS = 1000

/** firebase-admin's answers for an account that was revoked, disabled or deleted: 4403, not 4401. */
const ACCOUNT_ENDED = new Set(['auth/id-token-revoked', 'auth/user-disabled', 'auth/user-not-found'])

/** What one live session needs from the app. */
export interface LiveSessionContext {
  db: Database
  identity: Identity
  hub: TelemetryHub
  /** The presence of every tenant's devices (the `devices` topics). */
  presence: DevicePresenceTracker
  /** Control leases: the `control` topics, and the `control` frames that ask for, give up or take control. */
  leases: ControlLeases
  /** Mission executions: the `organisations/<id>/executions` topics. */
  executions: ExecutionService
  /** The server's feature flags: the executions topics need `mission_planning` on. */
  features?: Record<string, boolean>
  /** How often an authenticated socket's token, account and user record are looked at again, in ms (at least 250). */
  revocationCheckMs: number
  /** How long to wait for the first `auth` frame. */
  authTimeoutMs?: number
  warn(message: string): void
}

/** What a topic carries: one device's telemetry, presence or control, or one mission execution's state. */
type LiveItem = VehicleTelemetry | DevicePresence | DeviceControl | MissionExecutionState

/** One subscribed topic of a socket: the latest state per device (or execution) not yet sent (never a queue). */
interface Subscription {
  /** Whether the user may still read the topic (looked at again on every recheck). */
  mayRead(): Promise<boolean>
  /** What else ends when the user loses the topic (their control leases in a tenant). */
  lost?(): void
  pending: Map<string, LiveItem>
  /** An event's data from the items waiting. */
  data(items: LiveItem[]): unknown
  stop(): void
}

/** What the server can tell about one open socket (tests and diagnostics). */
export interface LiveSessionInfo {
  uid: string | undefined
  topics: string[]
  /** States waiting to be sent, over all topics: at most one per device and topic. */
  pending: number
  bufferedAmount: number
}

/**
 * A live channel connection: authentication, re-authentication, revocation checks, topics and back-pressure. Topics:
 * `tenants/<id>/vehicles` (telemetry), `tenants/<id>/devices` (presence) and `tenants/<id>/control` (control leases),
 * each refused alike unless the user has a role in the tenant; `organisations/<id>/executions` (mission executions),
 * refused alike unless mission planning is on and the user may read the organisation's v2 records (as
 * `GET /api/v2/execution` decides); `control` frames ask for, give up or take control.
 */
export class LiveSession {
  private user: UserRow | undefined
  private token: string | undefined
  private readonly subscriptions = new Map<string, Subscription>()
  private authTimer: NodeJS.Timeout | undefined
  private revocationTimer: NodeJS.Timeout | undefined
  private flushTimer: NodeJS.Timeout | undefined
  private flushQueued = false
  private closed = false
  /** Frames are handled one after another (auth checks are asynchronous). */
  private chain: Promise<void> = Promise.resolve()

  constructor(
    private readonly socket: WebSocket,
    private readonly context: LiveSessionContext,
  ) {
    this.authTimer = setTimeout(
      () => this.close(LIVE_CLOSE.notAuthenticated, 'No auth frame in time.'),
      context.authTimeoutMs ?? LIVE_AUTH_TIMEOUT_MS,
    )
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? undefined : String(data)
      this.chain = this.chain
        .then(() => this.onFrame(text))
        .catch((error: Error) => {
          this.context.warn(`live frame failed: ${error.message}`)
          this.close(1011, 'Internal error.')
        })
    })
    socket.on('close', () => this.dispose())
  }

  info(): LiveSessionInfo {
    let pending = 0
    for (const s of this.subscriptions.values()) pending += s.pending.size
    return { uid: this.user?.uid, topics: [...this.subscriptions.keys()], pending, bufferedAmount: this.socket.bufferedAmount }
  }

  /** Closes the socket with a code (4401, 4403, 1001…) and stops everything this session holds. */
  close(code: number, reason: string) {
    if (this.closed) return
    this.dispose()
    this.socket.close(code, reason)
  }

  private dispose() {
    this.closed = true
    clearTimeout(this.authTimer)
    clearInterval(this.revocationTimer)
    clearTimeout(this.flushTimer)
    for (const s of this.subscriptions.values()) s.stop()
    this.subscriptions.clear()
  }

  private send(message: ServerMessage) {
    if (!this.closed) this.socket.send(JSON.stringify(message))
  }

  private async onFrame(text: string | undefined) {
    if (this.closed) return
    const parsed = text === undefined ? ({ ok: false, error: 'frames are JSON text' } as const) : parseClientMessage(text)
    if (!parsed.ok) {
      // Before authentication nothing but a valid auth frame is accepted.
      if (!this.user) return this.close(LIVE_CLOSE.notAuthenticated, 'Authenticate first.')
      return this.send({ type: 'error', code: 'bad-message', message: `Bad message: ${parsed.error}` })
    }
    const message = parsed.value
    if (message.type === 'auth') return this.authenticate(message.token)
    if (!this.user) return this.close(LIVE_CLOSE.notAuthenticated, 'Authenticate first.')
    if (message.type === 'subscribe') return this.subscribe(message.topic)
    if (message.type === 'control') return this.control(message)
    this.subscriptions.get(message.topic)?.stop()
    this.subscriptions.delete(message.topic)
  }

  /** Verifies a token (first auth or re-auth), asking the identity provider about revocation now. */
  private async authenticate(token: string) {
    let uid: string
    try {
      uid = (await this.context.identity.verify(token, { checkRevokedNow: true })).uid
    } catch (error) {
      const ended = ACCOUNT_ENDED.has((error as { code?: string }).code ?? '')
      return ended
        ? this.close(LIVE_CLOSE.revoked, 'The account was revoked or disabled.')
        : this.close(LIVE_CLOSE.notAuthenticated, 'The token is not valid.')
    }
    if (this.closed) return
    if (this.user && this.user.uid !== uid) return this.close(LIVE_CLOSE.notAuthenticated, 'Re-authentication as another account.')
    try {
      this.user = await loadUser(this.context.db, uid)
    } catch {
      return this.close(LIVE_CLOSE.revoked, 'This account has no access to the console.')
    }
    if (this.closed) return
    this.token = token
    clearTimeout(this.authTimer)
    if (!this.revocationTimer) {
      this.revocationTimer = setInterval(
        () => {
          this.chain = this.chain
            .then(() => this.recheck())
            // A failed check (the database away for a moment) is tried again at the next one; frames go on.
            .catch((error: Error) => this.context.warn(`live revocation check failed: ${error.message}`))
        },
        Math.max(this.context.revocationCheckMs, 250),
      )
    }
    this.send({ type: 'ready', uid })
  }

  /**
   * The periodic check of a long-lived connection: the token is verified again with its account's shared
   * revocation check (a revoked, disabled or deleted account → 4403; an expired token not renewed by re-auth →
   * 4401), the user record is read again, and a topic whose tenant the user lost is refused.
   */
  private async recheck() {
    if (this.closed || !this.token || !this.user) return
    try {
      await this.context.identity.verify(this.token)
    } catch (error) {
      const ended = ACCOUNT_ENDED.has((error as { code?: string }).code ?? '')
      return ended
        ? this.close(LIVE_CLOSE.revoked, 'The account was revoked or disabled.')
        : this.close(LIVE_CLOSE.notAuthenticated, 'The token expired.')
    }
    try {
      this.user = await loadUser(this.context.db, this.user.uid)
    } catch {
      return this.close(LIVE_CLOSE.revoked, 'This account has no access to the console.')
    }
    for (const [topic, s] of this.subscriptions) {
      if (!(await s.mayRead())) {
        s.lost?.()
        s.stop()
        this.subscriptions.delete(topic)
        this.send({ type: 'refused', topic, code: 'forbidden' })
      }
    }
  }

  /** The API's own tenant check: the tenant exists and the user has a role in it (else the same answer). */
  private async mayRead(tenantId: string): Promise<boolean> {
    try {
      await requireMember(this.context.db, this.user!, tenantId)
      return true
    } catch {
      return false
    }
  }

  /**
   * Mission planning's rule for an organisation's topic: the flag is on, the organisation exists and the user may read
   * its records (a membership with Organisation read, or a super admin); else the same answer.
   */
  private async mayReadOrganisation(organisationId: string): Promise<boolean> {
    if (!missionPlanningOn(this.context.features)) return false
    try {
      const caller = await loadOrganisationCaller(this.context.db, this.user!.uid)
      if (!canInOrganisation(caller, organisationId, 'read')) return false
      const [organisation] = await this.context.db.query('select 1 from v2_records where resource = $1 and id = $2 and organisation_id = $2', [
        'organisation',
        organisationId,
      ])
      return organisation !== undefined
    } catch {
      return false
    }
  }

  /** An organisation's executions: the snapshot, then each execution that changed. */
  private async subscribeOrganisation(topic: string, organisationId: string) {
    if (!(await this.mayReadOrganisation(organisationId))) return this.send({ type: 'refused', topic, code: 'forbidden' })
    if (this.closed || this.subscriptions.has(topic)) return
    const pending = new Map<string, LiveItem>()
    const stop = this.context.executions.subscribe(organisationId, (changed) => {
      for (const item of changed) {
        pending.delete(item.executionId)
        pending.set(item.executionId, item)
      }
      this.scheduleFlush()
    })
    this.subscriptions.set(topic, {
      mayRead: () => this.mayReadOrganisation(organisationId),
      pending,
      data: (items) => ({ executions: items }),
      stop,
    })
    this.send({ type: 'subscribed', topic })
    this.send({ type: 'event', topic, data: { executions: this.context.executions.snapshot(organisationId) } })
  }

  private async subscribe(topic: string) {
    if (this.subscriptions.has(topic)) return this.send({ type: 'subscribed', topic })
    const organisationTopic = parseOrganisationTopic(topic)
    if (organisationTopic) return this.subscribeOrganisation(topic, organisationTopic.organisationId)
    const parsed = parseTenantTopic(topic)
    if (parsed === undefined) return this.send({ type: 'refused', topic, code: 'unknown-topic' })
    const { tenantId, feed } = parsed
    // Another tenant's topic and a tenant that does not exist get the same answer, whichever the feed.
    if (!(await this.mayRead(tenantId))) return this.send({ type: 'refused', topic, code: 'forbidden' })
    if (this.closed || this.subscriptions.has(topic)) return
    const pending = new Map<string, LiveItem>()
    const hold = (item: VehicleTelemetry | DevicePresence | DeviceControl) => {
      pending.delete(item.deviceId)
      pending.set(item.deviceId, item)
    }
    const stop =
      feed === 'vehicles'
        ? this.context.hub.subscribe(tenantId, (state) => {
            hold(state)
            this.scheduleFlush()
          })
        : (feed === 'devices' ? this.context.presence : this.context.leases).subscribe(tenantId, (changed: (DevicePresence | DeviceControl)[]) => {
            for (const item of changed) hold(item)
            this.scheduleFlush()
          })
    const user = this.user!
    this.subscriptions.set(topic, {
      mayRead: () => this.mayRead(tenantId),
      // A user who lost the tenant loses their control and requests there at once.
      lost: () => this.context.leases.revoke(tenantId, user.uid),
      pending,
      data: (items) => (feed === 'vehicles' ? { vehicles: items } : feed === 'devices' ? { devices: items } : { leases: items }),
      stop,
    })
    this.send({ type: 'subscribed', topic })
    // The snapshot: every vehicle's latest state, or every device that is not offline (a device left out is).
    const data =
      feed === 'vehicles'
        ? { vehicles: this.context.hub.snapshot(tenantId) }
        : feed === 'devices'
          ? { devices: this.context.presence.snapshot(tenantId) }
          : { leases: this.context.leases.snapshot(tenantId) }
    this.send({ type: 'event', topic, data })
  }

  /**
   * A `control` frame: a controller or admin of the device's tenant asks for control, its holder (or someone waiting)
   * gives it up, an admin takes it over. A device of another tenant, or none, is `forbidden` alike; a reader's or a
   * writer's request is refused and written to the audit trail.
   */
  private async control(message: ControlMessage) {
    const { tenantId, deviceId, action } = message
    const answer = (ok: boolean, code?: 'forbidden' | 'not-holder') =>
      this.send({ type: 'control-result', tenantId, deviceId, action, ok, ...(code ? { code } : {}) })
    const user = this.user!
    let roles: readonly string[]
    try {
      roles = await requireMember(this.context.db, user, tenantId)
    } catch {
      return answer(false, 'forbidden')
    }
    const [device] = await this.context.db.query<{ device_id: string }>('select device_id from devices where tenant_id = $1 and device_id = $2', [
      tenantId,
      deviceId,
    ])
    if (this.closed) return
    if (!device) return answer(false, 'forbidden')
    const person = { uid: user.uid, name: user.name || user.email }
    if (action === 'release') {
      return this.context.leases.release(tenantId, deviceId, person) ? answer(true) : answer(false, 'not-holder')
    }
    const allowed = action === 'take' ? isAdmin(roles) : isAdmin(roles) || isController(roles)
    if (!allowed) {
      await recordAudit(this.context.db, {
        actor: { uid: user.uid, email: user.email },
        tenantId,
        action: 'control.refuse',
        resourceType: 'device',
        resourceId: deviceId,
        before: null,
        after: { asked: action, role: roles[0] ?? null },
      })
      return answer(false, 'forbidden')
    }
    if (action === 'take') this.context.leases.take(tenantId, deviceId, person)
    else this.context.leases.request(tenantId, deviceId, person)
    answer(true)
  }

  private scheduleFlush() {
    if (this.flushQueued || this.closed) return
    this.flushQueued = true
    setImmediate(() => {
      this.flushQueued = false
      this.flush()
    })
  }

  /** Sends each topic's waiting states as one delta while the socket's buffer is low; else looks again soon. */
  private flush() {
    if (this.closed) return
    clearTimeout(this.flushTimer)
    this.flushTimer = undefined
    for (const [topic, s] of this.subscriptions) {
      if (s.pending.size === 0) continue
      if (this.socket.bufferedAmount >= LOW_WATER_BYTES) {
        this.flushTimer = setTimeout(() => this.flush(), FLUSH_RETRY_MS)
        return
      }
      const items = [...s.pending.values()]
      s.pending.clear()
      this.send({ type: 'event', topic, data: s.data(items) })
    }
  }
}
