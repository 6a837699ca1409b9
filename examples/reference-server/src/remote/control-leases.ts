import type { ControlPerson, DeviceControl } from '@honu/core/live'

/** What happened to a lease, for the audit trail. */
export interface ControlEvent {
  tenantId: string
  deviceId: string
  /** `grant`: a free device's control given to whoever asked; `handoff`: passed from the holder to the first request. */
  action: 'grant' | 'request' | 'release' | 'handoff' | 'take' | 'expire' | 'leave'
  /** Who acted (absent when the server did: an idle lease ending). */
  actor?: ControlPerson
  /** Who held control before, and who holds it after. */
  before?: ControlPerson
  after?: ControlPerson
}

/** Options of {@link ControlLeases}. */
export interface ControlLeasesOptions {
  /** A lease whose holder sends no input for this long ends (then the first request gets it). */
  idleMs: number
  /** A holder whose last session closed keeps control this long, so a reload does not lose it. */
  leaveGraceMs?: number
  /** Every change of holder or request, for the audit trail. */
  onEvent?(event: ControlEvent): void
  now?: () => number
}

interface DeviceLease {
  tenantId: string
  deviceId: string
  holder?: ControlPerson
  since?: number
  idleUntil?: number
  idleTimer?: NodeJS.Timeout
  leaveTimer?: NodeJS.Timeout
  requests: ControlPerson[]
  /** Open sessions per viewer (one person may view from two tabs). */
  viewers: Map<string, { person: ControlPerson; sessions: number }>
}

const keyOf = (tenantId: string, deviceId: string) => `${tenantId}\n${deviceId}`

/**
 * Control leases of every device, in this server process (issue 24): one holder per device, requests in order, the
 * people connected, an idle end. Who may ask is the caller's business (the live channel checks roles and tenants);
 * this keeps the state, tells each tenant's subscribers what changed, and reports every event for the audit trail.
 */
export class ControlLeases {
  private readonly leases = new Map<string, DeviceLease>()
  private readonly listeners = new Map<string, Set<(changed: DeviceControl[]) => void>>()
  private readonly now: () => number

  constructor(private readonly options: ControlLeasesOptions) {
    this.now = options.now ?? Date.now
  }

  /** Every device of the tenant someone holds, asks for or views. */
  snapshot(tenantId: string): DeviceControl[] {
    return [...this.leases.values()].filter((l) => l.tenantId === tenantId).map(toWire)
  }

  /** The device's control now (a free device has no holder, requests or viewers). */
  get(tenantId: string, deviceId: string): DeviceControl {
    const lease = this.leases.get(keyOf(tenantId, deviceId))
    return lease ? toWire(lease) : { tenantId, deviceId, requests: [], viewers: [] }
  }

  /** Calls `listener` with the devices whose control changed; answers the unsubscribe. */
  subscribe(tenantId: string, listener: (changed: DeviceControl[]) => void): () => void {
    let set = this.listeners.get(tenantId)
    if (!set) this.listeners.set(tenantId, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(tenantId)
    }
  }

  /** Whether `uid` holds control of the device. */
  holds(tenantId: string, deviceId: string, uid: string): boolean {
    return this.leases.get(keyOf(tenantId, deviceId))?.holder?.uid === uid
  }

  /** Asks for control: a free device's is granted at once; a held one's request waits (answers which). */
  request(tenantId: string, deviceId: string, person: ControlPerson): 'granted' | 'held' | 'waiting' {
    const lease = this.lease(tenantId, deviceId)
    if (lease.holder?.uid === person.uid) return 'held'
    if (!lease.holder) {
      this.grant(lease, person)
      this.emit({ tenantId, deviceId, action: 'grant', actor: person, after: person })
      this.changed(lease)
      return 'granted'
    }
    if (!lease.requests.some((r) => r.uid === person.uid)) {
      lease.requests.push(person)
      this.emit({ tenantId, deviceId, action: 'request', actor: person, before: lease.holder, after: lease.holder })
      this.changed(lease)
    }
    return 'waiting'
  }

  /**
   * Gives control up (the holder), handing it to the first request if any; a waiting request is withdrawn the same
   * way. Answers false when `uid` neither holds nor asks.
   */
  release(tenantId: string, deviceId: string, person: ControlPerson): boolean {
    const lease = this.leases.get(keyOf(tenantId, deviceId))
    if (!lease) return false
    if (lease.holder?.uid !== person.uid) {
      const before = lease.requests.length
      lease.requests = lease.requests.filter((r) => r.uid !== person.uid)
      if (lease.requests.length === before) return false
      this.changed(lease)
      return true
    }
    this.passOn(lease, 'release', person)
    return true
  }

  /** An admin takes control over from whoever holds it (their own request, if any, is then met). */
  take(tenantId: string, deviceId: string, person: ControlPerson) {
    const lease = this.lease(tenantId, deviceId)
    if (lease.holder?.uid === person.uid) return
    const before = lease.holder
    lease.requests = lease.requests.filter((r) => r.uid !== person.uid)
    this.grant(lease, person)
    this.emit({ tenantId, deviceId, action: 'take', actor: person, before, after: person })
    this.changed(lease)
  }

  /** Input from the holder: the idle end moves on. */
  touch(tenantId: string, deviceId: string, uid: string) {
    const lease = this.leases.get(keyOf(tenantId, deviceId))
    if (!lease || lease.holder?.uid !== uid) return
    const before = lease.idleUntil ?? 0
    this.armIdle(lease)
    // Viewers are told about the new end at most every few seconds, not on every key.
    if (lease.idleUntil! - before > Math.min(5_000, this.options.idleMs / 4)) this.changed(lease)
  }

  /** A session of `person` opened on the device; answers the function that closes it. */
  join(tenantId: string, deviceId: string, person: ControlPerson): () => void {
    const lease = this.lease(tenantId, deviceId)
    const viewer = lease.viewers.get(person.uid)
    if (viewer) viewer.sessions += 1
    else lease.viewers.set(person.uid, { person, sessions: 1 })
    if (lease.holder?.uid === person.uid && lease.leaveTimer) {
      clearTimeout(lease.leaveTimer)
      lease.leaveTimer = undefined
    }
    this.changed(lease)
    let open = true
    return () => {
      if (!open) return
      open = false
      const current = lease.viewers.get(person.uid)
      if (current && --current.sessions > 0) return
      lease.viewers.delete(person.uid)
      lease.requests = lease.requests.filter((r) => r.uid !== person.uid)
      if (lease.holder?.uid === person.uid) {
        clearTimeout(lease.leaveTimer)
        lease.leaveTimer = setTimeout(() => {
          lease.leaveTimer = undefined
          if (lease.holder?.uid === person.uid && !lease.viewers.has(person.uid)) this.passOn(lease, 'leave', person)
        }, this.options.leaveGraceMs ?? 10_000)
        lease.leaveTimer.unref()
      }
      this.changed(lease)
    }
  }

  /** `uid` lost their access to the tenant: their control and requests end at once. */
  revoke(tenantId: string, uid: string) {
    for (const lease of this.leases.values()) {
      if (lease.tenantId !== tenantId) continue
      const before = lease.requests.length
      lease.requests = lease.requests.filter((r) => r.uid !== uid)
      if (lease.holder?.uid === uid) this.passOn(lease, 'leave', lease.holder)
      else if (lease.requests.length !== before) this.changed(lease)
    }
  }

  /** Stops every timer (the server is stopping). */
  close() {
    for (const lease of this.leases.values()) {
      clearTimeout(lease.idleTimer)
      clearTimeout(lease.leaveTimer)
    }
    this.leases.clear()
    this.listeners.clear()
  }

  private lease(tenantId: string, deviceId: string): DeviceLease {
    const key = keyOf(tenantId, deviceId)
    let lease = this.leases.get(key)
    if (!lease) this.leases.set(key, (lease = { tenantId, deviceId, requests: [], viewers: new Map() }))
    return lease
  }

  private grant(lease: DeviceLease, person: ControlPerson) {
    clearTimeout(lease.leaveTimer)
    lease.leaveTimer = undefined
    lease.holder = person
    lease.since = this.now()
    this.armIdle(lease)
  }

  private armIdle(lease: DeviceLease) {
    clearTimeout(lease.idleTimer)
    lease.idleUntil = this.now() + this.options.idleMs
    lease.idleTimer = setTimeout(() => {
      if (lease.holder) this.passOn(lease, 'expire')
    }, this.options.idleMs)
    lease.idleTimer.unref()
  }

  /** The holder's control ends (released, left, idle): the first request gets it, else the device is free. */
  private passOn(lease: DeviceLease, action: 'release' | 'leave' | 'expire', actor?: ControlPerson) {
    const before = lease.holder
    clearTimeout(lease.idleTimer)
    clearTimeout(lease.leaveTimer)
    lease.leaveTimer = undefined
    const next = lease.requests.shift()
    if (next) {
      this.grant(lease, next)
    } else {
      lease.holder = undefined
      lease.since = undefined
      lease.idleUntil = undefined
      lease.idleTimer = undefined
    }
    // A release that passes control on is the hand-off; a lease that left or idled out says so, with who got it.
    this.emit({
      tenantId: lease.tenantId,
      deviceId: lease.deviceId,
      action: next && action === 'release' ? 'handoff' : action,
      actor,
      before,
      after: next,
    })
    this.changed(lease)
  }

  private emit(event: ControlEvent) {
    this.options.onEvent?.(event)
  }

  private changed(lease: DeviceLease) {
    const wire = toWire(lease)
    // A device nobody holds, asks for or views is forgotten (its last state, free, is still sent).
    if (!lease.holder && lease.requests.length === 0 && lease.viewers.size === 0) {
      clearTimeout(lease.leaveTimer)
      this.leases.delete(keyOf(lease.tenantId, lease.deviceId))
    }
    for (const listener of this.listeners.get(lease.tenantId) ?? []) listener([wire])
  }
}

function toWire(lease: DeviceLease): DeviceControl {
  return {
    tenantId: lease.tenantId,
    deviceId: lease.deviceId,
    ...(lease.holder ? { holder: lease.holder, since: lease.since, idleUntil: lease.idleUntil } : {}),
    requests: [...lease.requests],
    viewers: [...lease.viewers.values()].map((v) => v.person),
  }
}
