import { connect, type Socket } from 'node:net'
import { randomUUID } from 'node:crypto'
import type { WebSocket } from 'ws'
import { LIVE_AUTH_TIMEOUT_MS, parseClientMessage, REMOTE_DESKTOP_CLOSE, type ControlPerson } from '@honu/core/live'
import type { Identity } from '../auth/identity'
import type { Database } from '../db/database'
import { recordAudit } from '../audit/audit-log'
import { loadUser, rolesIn, type UserRow } from '../routes/v1-access'
import { ByteQueue, withTimeout } from './byte-queue'
import type { ControlLeases } from './control-leases'
import { endpointProblem } from './desktop-endpoints'
import { DesktopRefused, greetDesktop, greetViewer, nextViewerMessage } from './rfb'

/** The bridge's limits and reach (from the environment, see `readConfig`). */
export interface DesktopSettings {
  /** Hosts a desktop endpoint may lie in (`HONU_VNC_ALLOWED_HOSTS`). */
  allowedHosts: readonly string[]
  /** A session with no input from its viewer for this long ends (`HONU_DESKTOP_IDLE_SECONDS`). */
  idleMs: number
  /** No session lasts longer (`HONU_DESKTOP_SESSION_LIMIT_SECONDS`). */
  sessionLimitMs: number
  /** How long dialling and greeting a desktop may take. */
  connectTimeoutMs: number
}

/** What one desktop session needs from the app. */
export interface DesktopSessionContext {
  db: Database
  identity: Identity
  leases: ControlLeases
  settings: DesktopSettings
  /** How often the viewer's token, account and role are looked at again, in ms. */
  revocationCheckMs: number
  authTimeoutMs?: number
  warn(message: string): void
}

/** What the server can tell about an open desktop session (tests and diagnostics). */
export interface DesktopSessionInfo {
  id: string
  deviceId: string
  uid: string | undefined
  state: DesktopSession['state']
  /** Input messages dropped because the viewer did not hold control. */
  droppedInput: number
}

interface DeviceRow {
  device_id: string
  tenant_id: string
  name: string
  kind: string
  vnc_host: string | null
  vnc_port: number | null
  vnc_password: string | null
}

/** Desktop → viewer: above this much unsent in the viewer's socket, reading from the desktop pauses. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024
const LOW_WATER_BYTES = 1024 * 1024

/**
 * One viewer's connection to one remote-access device's desktop (issue 24), bridging a WebSocket to the desktop's
 * VNC server over TCP.
 *
 * The first frame authenticates, as on the live channel. The device must be a remote-access device of a tenant the
 * user has a role in (anything else, another tenant's device included, closes 4404 alike); the bridge dials only the
 * endpoint an admin registered for it, and only inside the allowed hosts, never the device's network address nor
 * anything the viewer names. It answers the desktop's password challenge itself, then greets the viewer with
 * security type None. Input (keys, pointer, clipboard, desktop size) reaches the desktop only from the holder of the
 * device's control lease. Idle and absolute limits, and the account's and role's rechecks, end the session; its
 * start, end and why go to the audit trail.
 */
export class DesktopSession {
  readonly id = randomUUID()
  state: 'auth' | 'connecting' | 'handshake' | 'relay' | 'closed' = 'auth'
  private user: UserRow | undefined
  private token: string | undefined
  private device: DeviceRow | undefined
  private desktop: Socket | undefined
  private readonly fromViewer = new ByteQueue()
  private viewerBytes: Buffer = Buffer.alloc(0)
  private droppedInput = 0
  private leave: (() => void) | undefined
  private readonly timers: NodeJS.Timeout[] = []
  private idleTimer: NodeJS.Timeout | undefined
  private flowTimer: NodeJS.Timeout | undefined
  private chain: Promise<void> = Promise.resolve()
  private started = 0

  constructor(
    private readonly socket: WebSocket,
    private readonly deviceId: string,
    private readonly context: DesktopSessionContext,
  ) {
    this.timers.push(
      setTimeout(() => this.close(REMOTE_DESKTOP_CLOSE.notAuthenticated, 'No auth frame in time.'), context.authTimeoutMs ?? LIVE_AUTH_TIMEOUT_MS),
    )
    socket.on('message', (data, isBinary) => {
      if (isBinary) return this.onBinary(data as Buffer)
      this.chain = this.chain
        .then(() => this.onText(String(data)))
        .catch((error: Error) => {
          this.context.warn(`desktop frame failed: ${error.message}`)
          this.close(1011, 'Internal error.')
        })
    })
    socket.on('close', () => this.dispose('the viewer disconnected'))
  }

  /** A method, not a field read: TypeScript would keep the state it narrowed to across an await. */
  private isClosed(): boolean {
    return this.state === 'closed'
  }

  info(): DesktopSessionInfo {
    return { id: this.id, deviceId: this.deviceId, uid: this.user?.uid, state: this.state, droppedInput: this.droppedInput }
  }

  /** Ends the session with a close code the viewer sees and a reason for the audit trail. */
  close(code: number, reason: string) {
    if (this.isClosed()) return
    this.dispose(reason, code)
    this.socket.close(code, reason)
  }

  private person(): ControlPerson {
    return { uid: this.user!.uid, name: this.user!.name || this.user!.email }
  }

  private dispose(reason: string, code?: number) {
    if (this.isClosed()) return
    const wasRelaying = this.state === 'relay'
    this.state = 'closed'
    for (const timer of this.timers) clearTimeout(timer)
    clearTimeout(this.idleTimer)
    clearInterval(this.flowTimer)
    this.fromViewer.end(new Error('the session ended'))
    this.desktop?.destroy()
    this.leave?.()
    if (wasRelaying) {
      void this.audit('desktop.disconnect', { session: this.id, seconds: Math.round((Date.now() - this.started) / 1000), reason, code: code ?? 1000 })
    }
  }

  private async audit(action: string, after: Record<string, unknown>) {
    if (!this.user || !this.device) return
    try {
      await recordAudit(this.context.db, {
        actor: { uid: this.user.uid, email: this.user.email },
        tenantId: this.device.tenant_id,
        action,
        resourceType: 'device',
        resourceId: this.device.device_id,
        before: null,
        after,
      })
    } catch (error) {
      this.context.warn(`desktop audit entry failed: ${(error as Error).message}`)
    }
  }

  private async onText(text: string) {
    if (this.isClosed()) return
    const parsed = parseClientMessage(text)
    // Text frames carry authentication only: the first one, and fresh tokens later (the same account).
    if (!parsed.ok || parsed.value.type !== 'auth') {
      return this.close(REMOTE_DESKTOP_CLOSE.notAuthenticated, this.user ? 'Only auth frames are text.' : 'Authenticate first.')
    }
    const token = parsed.value.token
    let uid: string
    try {
      uid = (await this.context.identity.verify(token, { checkRevokedNow: true })).uid
    } catch {
      return this.close(this.user ? REMOTE_DESKTOP_CLOSE.revoked : REMOTE_DESKTOP_CLOSE.notAuthenticated, 'The token is not valid.')
    }
    if (this.user) {
      if (uid !== this.user.uid) return this.close(REMOTE_DESKTOP_CLOSE.notAuthenticated, 'Re-authentication as another account.')
      this.token = token
      return
    }
    try {
      this.user = await loadUser(this.context.db, uid)
    } catch {
      return this.close(REMOTE_DESKTOP_CLOSE.revoked, 'This account has no access to the console.')
    }
    this.token = token
    clearTimeout(this.timers[0])
    await this.open()
  }

  /** The device's checks, the desktop dialled and greeted, then the viewer greeted and the relay started. */
  private async open() {
    // An id no device can have (control characters, too long) is a device that does not exist, unasked.
    if (this.deviceId.length > 512 || [...this.deviceId].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
      return this.close(REMOTE_DESKTOP_CLOSE.notFound, 'No such remote-access device.')
    }
    const [device] = await this.context.db.query<DeviceRow>(
      'select device_id, tenant_id, name, kind, vnc_host, vnc_port, vnc_password from devices where device_id = $1',
      [this.deviceId],
    )
    if (!device || device.kind !== 'remote_access' || rolesIn(this.user!, device.tenant_id).length === 0) {
      // A device of another tenant answers exactly like one that does not exist; its own admins see the attempt.
      if (device && device.kind === 'remote_access') {
        this.device = device
        await this.audit('desktop.refuse', { reason: 'no role in the tenant' })
        this.device = undefined
      }
      return this.close(REMOTE_DESKTOP_CLOSE.notFound, 'No such remote-access device.')
    }
    this.device = device
    const endpoint = device.vnc_host && device.vnc_port ? { host: device.vnc_host, port: device.vnc_port } : undefined
    const problem = endpoint ? endpointProblem(endpoint, this.context.settings.allowedHosts) : 'The device has no desktop endpoint.'
    if (problem || !endpoint) {
      await this.audit('desktop.refuse', { reason: problem })
      return this.close(REMOTE_DESKTOP_CLOSE.unreachable, 'The device’s desktop cannot be reached.')
    }
    this.state = 'connecting'
    const desktopBytes = new ByteQueue()
    try {
      // Held from the start, so a session that ends while dialling (or a dial that times out) destroys it.
      const desktop = connect({ host: endpoint.host, port: endpoint.port })
      this.desktop = desktop
      desktop.setNoDelay(true)
      desktop.on('data', (chunk: Buffer) => desktopBytes.push(chunk))
      desktop.on('error', (error) => desktopBytes.end(error))
      desktop.on('close', () => {
        desktopBytes.end(new Error('the desktop closed the connection'))
        // While dialling and greeting it, the failure is reported below (unreachable, with why).
        if (this.state === 'handshake' || this.state === 'relay') this.close(REMOTE_DESKTOP_CLOSE.desktopClosed, 'The desktop closed the connection.')
      })
      await withTimeout(
        new Promise<void>((resolve, reject) => {
          desktop.once('connect', resolve)
          desktop.once('error', reject)
        }),
        this.context.settings.connectTimeoutMs,
        'the desktop did not answer in time',
      )
      if (this.isClosed()) return
      await withTimeout(
        greetDesktop(desktopBytes, (bytes) => desktop.write(bytes), device.vnc_password ?? undefined),
        this.context.settings.connectTimeoutMs,
        'the desktop did not finish its handshake in time',
      )
    } catch (error) {
      if (this.isClosed()) return
      const reason = error instanceof DesktopRefused ? error.message : `the desktop did not answer (${(error as Error).message})`
      this.context.warn(`desktop ${device.device_id}: ${reason}`)
      await this.audit('desktop.refuse', { reason })
      return this.close(REMOTE_DESKTOP_CLOSE.unreachable, 'The device’s desktop cannot be reached.')
    }
    if (this.isClosed()) return
    this.state = 'handshake'
    this.socket.send(JSON.stringify({ type: 'ready', uid: this.user!.uid }))
    try {
      await withTimeout(
        greetViewer(this.fromViewer, (bytes) => this.socket.send(bytes)),
        this.context.settings.connectTimeoutMs,
        'the viewer did not finish its handshake in time',
      )
    } catch (error) {
      return this.close(1002, `RFB handshake failed: ${(error as Error).message}.`)
    }
    if (this.isClosed()) return
    // ClientInit to the desktop: always shared, so viewers of one desktop do not disconnect each other.
    this.desktop!.write(Buffer.from([1]))
    this.state = 'relay'
    this.started = Date.now()
    this.leave = this.context.leases.join(device.tenant_id, device.device_id, this.person())
    this.relayDesktop(desktopBytes)
    this.viewerBytes = this.fromViewer.drain()
    this.forwardViewer()
    this.armIdle()
    this.timers.push(
      setTimeout(() => this.close(REMOTE_DESKTOP_CLOSE.sessionLimit, 'The session reached its time limit.'), this.context.settings.sessionLimitMs),
    )
    const recheck = setInterval(
      () => {
        this.chain = this.chain.then(() => this.recheck()).catch((error: Error) => this.context.warn(`desktop recheck failed: ${error.message}`))
      },
      Math.max(this.context.revocationCheckMs, 250),
    )
    this.timers.push(recheck as unknown as NodeJS.Timeout)
    await this.audit('desktop.connect', { session: this.id })
  }

  /** Everything the desktop sends goes to the viewer as it comes, reading paused while the viewer lags. */
  private relayDesktop(queue: ByteQueue) {
    const desktop = this.desktop!
    const waiting = queue.drain()
    if (waiting.length > 0) this.socket.send(waiting)
    desktop.removeAllListeners('data')
    desktop.on('data', (chunk: Buffer) => {
      if (this.state !== 'relay') return
      this.socket.send(chunk)
      if (this.socket.bufferedAmount > HIGH_WATER_BYTES && !desktop.isPaused()) {
        desktop.pause()
        this.flowTimer = setInterval(() => {
          if (this.socket.bufferedAmount > LOW_WATER_BYTES) return
          clearInterval(this.flowTimer)
          desktop.resume()
        }, 20)
      }
    })
  }

  private onBinary(chunk: Buffer) {
    if (this.state === 'relay') {
      this.viewerBytes = this.viewerBytes.length === 0 ? chunk : Buffer.concat([this.viewerBytes, chunk])
      this.forwardViewer()
    } else if (this.state === 'handshake') {
      this.fromViewer.push(chunk)
    } else if (this.state !== 'closed') {
      this.close(REMOTE_DESKTOP_CLOSE.notAuthenticated, 'Authenticate first.')
    }
  }

  /** Whole viewer messages to the desktop; input only from the control's holder (anyone's counts as activity). */
  private forwardViewer() {
    const device = this.device!
    let offset = 0
    const out: Buffer[] = []
    try {
      for (;;) {
        const next = nextViewerMessage(this.viewerBytes.subarray(offset))
        if (!next) break
        const message = this.viewerBytes.subarray(offset, offset + next.length)
        offset += next.length
        if (next.kind === 'view') {
          out.push(message)
          continue
        }
        this.armIdle()
        if (this.context.leases.holds(device.tenant_id, device.device_id, this.user!.uid)) {
          this.context.leases.touch(device.tenant_id, device.device_id, this.user!.uid)
          out.push(message)
        } else {
          this.droppedInput += 1
        }
      }
    } catch (error) {
      return this.close(1002, `Unsupported RFB message: ${(error as Error).message}.`)
    }
    this.viewerBytes = this.viewerBytes.subarray(offset)
    if (out.length > 0) this.desktop!.write(out.length === 1 ? out[0]! : Buffer.concat(out))
  }

  private armIdle() {
    clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => this.close(REMOTE_DESKTOP_CLOSE.idle, 'No input for the idle time.'), this.context.settings.idleMs)
  }

  /** The token, the account and the role in the device's tenant, looked at again; any of them gone ends the session. */
  private async recheck() {
    if (this.state !== 'relay' || !this.token || !this.user || !this.device) return
    try {
      await this.context.identity.verify(this.token)
      this.user = await loadUser(this.context.db, this.user.uid)
    } catch {
      return this.close(REMOTE_DESKTOP_CLOSE.revoked, 'The account’s access ended.')
    }
    if (this.state !== 'relay') return
    if (rolesIn(this.user, this.device.tenant_id).length === 0) {
      this.context.leases.revoke(this.device.tenant_id, this.user.uid)
      return this.close(REMOTE_DESKTOP_CLOSE.revoked, 'The account no longer has a role in the device’s tenant.')
    }
    // The device as an admin left it: removed, or its desktop moved elsewhere, ends a session to the old one.
    const [device] = await this.context.db.query<Pick<DeviceRow, 'tenant_id' | 'kind' | 'vnc_host' | 'vnc_port'>>(
      'select tenant_id, kind, vnc_host, vnc_port from devices where device_id = $1',
      [this.device.device_id],
      { cached: true },
    )
    if (this.state !== 'relay') return
    const same =
      device &&
      device.tenant_id === this.device.tenant_id &&
      device.kind === 'remote_access' &&
      device.vnc_host === this.device.vnc_host &&
      Number(device.vnc_port) === Number(this.device.vnc_port)
    if (!same) return this.close(REMOTE_DESKTOP_CLOSE.notFound, 'The device or its desktop changed.')
  }
}
