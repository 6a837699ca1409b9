import { randomUUID } from 'node:crypto'
import type { MissionExecutionState } from '@honu/core/live'
import { checkPlan, parseMissionPlan, type LandIndex } from '@honu/core/mission'
import { ApiError, badRequest, conflict } from '../api-error'
import { recordAudit, type AuditActor } from '../audit/audit-log'
import type { Database } from '../db/database'
import type { ControlLeases } from '../remote/control-leases'
import { createMissionExecution, MissionCommandError, type MissionExecution, type MissionExecutionOptions } from './create-mission-execution'
import { isFinal, type ExecutionCommand, type ExecutionSnapshot } from './execution-machine'
import type { GroundLink } from './ground-link'
import { planToMissionItems } from './plan-items'

/** Options of {@link createExecutionService}. */
export interface ExecutionServiceOptions {
  db: Database
  /** The ground link of this process; without one (no telemetry ingest) executions cannot start. */
  link?: GroundLink
  /** Control leases: commanding an execution needs the control of its platform's vehicle. */
  leases: ControlLeases
  /** The mission protocol's waits (tests shorten them); QGroundControl's by default. */
  timing?: MissionExecutionOptions['timing']
  /** Where land is: a surface platform's (`vehicle_type: 'surface'`) plan with a point on it is refused. */
  land?: LandIndex
  warn(message: string): void
}

/** Who commands an execution: the account, with the e-mail and name the audit trail and the lease know. */
export interface ExecutionOperator {
  uid: string
  email: string | null
}

/** An execution record as the routes found it (in an organisation the caller may change). */
export interface ExecutionTarget {
  organisationId: string
  executionId: string
  data: Record<string, unknown>
}

/** The executions of one server process: what the v2 execution routes command and the live channel follows. */
export interface ExecutionService {
  /** Starts the execution: checks its mission's plan, the platform's vehicle and the caller's control, then uploads. */
  start(operator: ExecutionOperator, target: ExecutionTarget): Promise<void>
  /** Pauses, resumes or aborts a running execution; resolves once the vehicle acknowledged it. */
  command(operator: ExecutionOperator, target: ExecutionTarget, command: ExecutionCommand, reason?: string): Promise<void>
  /** Every execution this process runs or ran for the organisation, as the live channel's snapshot carries them. */
  snapshot(organisationId: string): MissionExecutionState[]
  /** Calls `listener` with the executions of the organisation that changed; answers the unsubscribe. */
  subscribe(organisationId: string, listener: (changed: MissionExecutionState[]) => void): () => void
  /** Stops listening to the vehicles (the vehicles fly on as they were told); the records stay as they are. */
  close(): Promise<void>
}

/** The record statuses an execution may be started from: a new one (`pending`), or one the seed planned. */
const STARTABLE = new Set([undefined, 'pending', 'planned'])
/** The actor of a change the vehicle made (a mission completed, an upload timed out after the start answered). */
const SYSTEM: AuditActor = { uid: 'system' }

interface Running {
  organisationId: string
  executionId: string
  systemId: number
  /** Where the vehicle's control lease lives (see {@link resolveVehicle}). */
  lease: { tenantId: string; deviceId: string; name: string }
  execution: MissionExecution
  /** Sequence numbers of the waypoints (progress counts these). */
  navigation: number[]
  state: MissionExecutionState
  /** Who the change being made now is by: the operator while their command waits on the vehicle, else the system. */
  actor: AuditActor
  /** Writes of this execution, one after another, in the order of its snapshots. */
  writes: Promise<void>
}

const keyOf = (organisationId: string, executionId: string) => `${organisationId}\n${executionId}`
const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString())

/**
 * The v2 `execution` API's engine (issue 25): one {@link MissionExecution} per started execution, on the platform's
 * vehicle, over this process's ground link. Every snapshot is written to the execution's v2 record (status, reason,
 * current item, progress, times), every status change is audited (the operator whose command caused it, else
 * `system`), and every change goes to the organisation's `executions` topic.
 */
export function createExecutionService(options: ExecutionServiceOptions): ExecutionService {
  const { db, leases } = options
  const running = new Map<string, Running>()
  const listeners = new Map<string, Set<(changed: MissionExecutionState[]) => void>>()
  let closed = false

  /**
   * The platform's vehicle and its control lease. A platform (an organisation's v2 record) names the MAVLink system
   * id of the vehicle it is (`mavlink_system_id`); that id is unique on the server and binds one device of one tenant
   * (`devices.mavlink_system_id`), whose telemetry the ingest takes. Control leases are kept per tenant and device
   * (issue 24: the live channel's `tenants/<id>/control` topics), so the platform's lease is the lease of that
   * device in that tenant: the operator takes control of the vehicle there, as for any other command, and the same
   * lease guards both. An organisation's platform bound to no device cannot be commanded.
   */
  const resolveVehicle = async (organisationId: string, platformId: string) => {
    const [platform] = await db.query<{ data: Record<string, unknown> }>(
      'select data from v2_records where resource = $1 and organisation_id = $2 and id = $3',
      ['platform', organisationId, platformId],
    )
    if (!platform) throw conflict(`The execution’s platform "${platformId}" does not exist.`)
    const systemId = platform.data.mavlink_system_id
    const name = typeof platform.data.name === 'string' ? platform.data.name : platformId
    if (typeof systemId !== 'number' || !Number.isInteger(systemId)) {
      throw conflict(`The platform ${name} is bound to no vehicle: give it the vehicle's MAVLink system id (mavlink_system_id).`)
    }
    const [device] = await db.query<{ tenant_id: string; device_id: string; name: string }>(
      'select tenant_id, device_id, name from devices where mavlink_system_id = $1',
      [systemId],
    )
    if (!device) throw conflict(`No vehicle flies with MAVLink system id ${systemId}, the platform ${name}’s.`)
    const data: Record<string, unknown> = platform.data
    return { systemId, platform: data, lease: { tenantId: device.tenant_id, deviceId: device.device_id, name } }
  }

  /** The caller holds the vehicle's control, or the refusal names who does. Their command keeps the lease alive. */
  const requireControl = (operator: ExecutionOperator, lease: Running['lease']) => {
    if (leases.holds(lease.tenantId, lease.deviceId, operator.uid)) {
      leases.touch(lease.tenantId, lease.deviceId, operator.uid)
      return
    }
    const holder = leases.get(lease.tenantId, lease.deviceId).holder
    throw new ApiError(
      409,
      'not-in-control',
      holder
        ? `${holder.name} is in control of ${lease.name}: ask for control, or wait until it is handed over.`
        : `Nobody is in control of ${lease.name}: take control of it first.`,
    )
  }

  const stateOf = (
    run: Omit<Running, 'state' | 'actor' | 'writes'>,
    snapshot: ExecutionSnapshot,
    data: Record<string, unknown>,
    startedAt: number,
  ) => {
    const reached = snapshot.reachedItems.filter((seq) => run.navigation.includes(seq)).length
    const state: MissionExecutionState = {
      executionId: run.executionId,
      organisationId: run.organisationId,
      missionId: String(data.mission_id),
      platformId: String(data.platform_id),
      status: snapshot.status,
      ...(snapshot.step ? { step: snapshot.step } : {}),
      ...(snapshot.reason ? { reason: snapshot.reason } : {}),
      ...(snapshot.failure ? { failure: snapshot.failure } : {}),
      ...(snapshot.abortAction ? { abortAction: snapshot.abortAction } : {}),
      itemCount: snapshot.itemCount,
      uploadedItems: snapshot.uploadedItems,
      ...(snapshot.currentItem !== undefined ? { currentItem: snapshot.currentItem } : {}),
      reachedItems: [...snapshot.reachedItems],
      progress: snapshot.status === 'completed' ? 1 : run.navigation.length ? reached / run.navigation.length : 0,
      startedAt,
      updatedAt: snapshot.updatedAt,
      ...(isFinal(snapshot.status) ? { endedAt: snapshot.updatedAt } : {}),
    }
    return state
  }

  /** Writes a state to the execution's record; a status change also goes to both audit trails. */
  const persist = async (run: Running, state: MissionExecutionState, actor: AuditActor) => {
    await db.transaction(async (tx) => {
      const [current] = await tx.query<{ data: Record<string, unknown> }>(
        'select data from v2_records where resource = $1 and organisation_id = $2 and id = $3 for update',
        ['execution', run.organisationId, run.executionId],
      )
      // Deleted meanwhile: the vehicle flies on, but there is no record to write to.
      if (!current) return
      const before = current.data
      const after: Record<string, unknown> = {
        ...before,
        platform_id: state.platformId,
        status: state.status,
        reason: state.reason ?? null,
        failure: state.failure ?? null,
        abort_action: state.abortAction ?? null,
        step: state.step ?? null,
        item_count: state.itemCount,
        uploaded_items: state.uploadedItems,
        current_item: state.currentItem ?? null,
        reached_items: state.reachedItems,
        progress: state.progress,
        started_at: iso(state.startedAt),
        ended_at: iso(state.endedAt),
      }
      await tx.query(
        'update v2_records set data = $4::jsonb, update_time = clock_timestamp() where resource = $1 and organisation_id = $2 and id = $3',
        ['execution', run.organisationId, run.executionId, JSON.stringify(after)],
      )
      if (before.status === after.status) return
      const action = `execution.${state.status}`
      const id = randomUUID()
      // The v2 `audit` resource's record, as every v2 change writes one, and the audit trail's entry.
      await tx.query('insert into v2_records (resource, id, organisation_id, data) values ($1, $2, $3, $4::jsonb)', [
        'audit',
        id,
        run.organisationId,
        JSON.stringify({ id, actor: actor.uid, action: state.status, resource: `execution/${run.executionId}` }),
      ])
      const fields = (record: Record<string, unknown>) => ({
        status: record.status ?? null,
        reason: record.reason ?? null,
        current_item: record.current_item ?? null,
        progress: record.progress ?? null,
      })
      await recordAudit(tx, {
        actor,
        organisationId: run.organisationId,
        action,
        resourceType: 'execution',
        resourceId: run.executionId,
        before: fields(before),
        after: fields(after),
      })
    })
  }

  const publish = (state: MissionExecutionState) => {
    for (const listener of [...(listeners.get(state.organisationId) ?? [])]) listener([state])
  }

  /** While `work` waits on the vehicle, the changes it causes are the operator's. */
  const as = async <T>(run: Running, operator: ExecutionOperator, work: () => Promise<T>): Promise<T> => {
    run.actor = { uid: operator.uid, email: operator.email }
    try {
      return await work()
    } finally {
      run.actor = SYSTEM
    }
  }

  return {
    async start(operator, target) {
      if (closed) throw new ApiError(503, 'stopping', 'The server is stopping.')
      const { organisationId, executionId, data } = target
      const key = keyOf(organisationId, executionId)
      const known = running.get(key)
      const status = known?.state.status ?? (typeof data.status === 'string' ? data.status : undefined)
      if (known || !STARTABLE.has(status)) throw conflict(`The execution is ${status}: only a pending execution can be started.`)
      const missionId = data.mission_id
      if (typeof missionId !== 'string') throw conflict('The execution names no mission (mission_id).')
      const [mission] = await db.query<{ data: Record<string, unknown> }>(
        'select data from v2_records where resource = $1 and organisation_id = $2 and id = $3',
        ['mission', organisationId, missionId],
      )
      if (!mission) throw conflict(`The execution’s mission "${missionId}" does not exist.`)
      if (mission.data.plan === undefined) throw badRequest('The mission has no plan: plan its waypoints first.')
      const parsed = parseMissionPlan(mission.data.plan)
      if (!parsed.ok) throw badRequest(`The mission’s plan cannot be flown: ${parsed.problem}`)
      const platformId = typeof data.platform_id === 'string' ? data.platform_id : mission.data.platform_id
      if (typeof platformId !== 'string') throw conflict('Neither the execution nor its mission names a platform (platform_id).')
      const vehicle = await resolveVehicle(organisationId, platformId)
      const limits = vehicle.platform.altitude_limits as { min?: unknown; max?: unknown } | undefined
      const altitudeLimits = typeof limits?.min === 'number' && typeof limits.max === 'number' ? { min: limits.min, max: limits.max } : undefined
      const surface = vehicle.platform.vehicle_type === 'surface'
      const findings = checkPlan(parsed.plan, { altitudeLimits, ...(surface && options.land ? { isOnLand: options.land.isOnLand } : {}) })
      if (findings.length > 0) {
        throw new ApiError(400, 'invalid-plan', `The mission cannot be executed: ${findings.map((f) => f.message).join(' ')}`)
      }
      requireControl(operator, vehicle.lease)
      if (!options.link) throw new ApiError(503, 'no-vehicle-link', 'This server process has no MAVLink link to vehicles.')
      const busy = [...running.values()].find((r) => r.systemId === vehicle.systemId && !isFinal(r.state.status))
      if (busy) throw conflict(`The platform ${vehicle.lease.name} is flying another execution (${busy.executionId}); abort it first.`)
      if (running.has(key)) throw conflict('The execution has already been started.')

      const { items, navigation } = planToMissionItems(parsed.plan)
      const execution = createMissionExecution({ link: options.link, systemId: vehicle.systemId, items, timing: options.timing })
      const startedAt = Date.now()
      const base = { organisationId, executionId, systemId: vehicle.systemId, lease: vehicle.lease, execution, navigation }
      const record = { ...data, platform_id: platformId }
      const run: Running = {
        ...base,
        state: stateOf(base, execution.getSnapshot(), record, startedAt),
        actor: { uid: operator.uid, email: operator.email },
        writes: Promise.resolve(),
      }
      running.set(key, run)
      execution.subscribe((snapshot) => {
        const state = stateOf(base, snapshot, record, startedAt)
        const actor = run.actor
        run.state = state
        run.writes = run.writes
          .then(() => persist(run, state, actor))
          .catch((error: Error) => options.warn(`execution ${executionId}: its record could not be written: ${error.message}`))
          .then(() => publish(state))
      })
      const started = as(run, operator, () => execution.start())
      // The answer comes once the upload began and its record says so; the rest travels on the live channel.
      await run.writes
      // start() resolves with the outcome (never rejects for the vehicle's doing); anything else is a bug to log.
      void started.catch((error: Error) => options.warn(`execution ${executionId}: ${error.message}`))
    },

    async command(operator, target, command, reason) {
      const run = running.get(keyOf(target.organisationId, target.executionId))
      if (!run) {
        const status = typeof target.data.status === 'string' ? target.data.status : 'pending'
        // A record left flying by an earlier server process (a restart forgets its executions; the vehicle flies on).
        if (status === 'uploading' || status === 'running' || status === 'paused') {
          throw conflict(`The execution’s record says ${status}, but this server is not flying it (it restarted since the start).`)
        }
        throw conflict(`The execution is ${status}, not flying: there is nothing to ${command}.`)
      }
      requireControl(operator, run.lease)
      try {
        await as(run, operator, () =>
          command === 'pause' ? run.execution.pause() : command === 'resume' ? run.execution.resume() : run.execution.abort(reason),
        )
      } catch (error) {
        if (!(error instanceof MissionCommandError)) throw error
        if (error.code === 'execution/not-allowed') throw conflict(error.message)
        throw new ApiError(
          502,
          error.code === 'execution/timeout' ? 'vehicle-timeout' : 'vehicle-refused',
          `The vehicle did not ${command}: ${error.message}`,
        )
      }
      await run.writes
    },

    snapshot(organisationId) {
      return [...running.values()].filter((r) => r.organisationId === organisationId).map((r) => r.state)
    },

    subscribe(organisationId, listener) {
      let set = listeners.get(organisationId)
      if (!set) listeners.set(organisationId, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(organisationId)
      }
    },

    async close() {
      closed = true
      for (const run of running.values()) run.execution.dispose()
      await Promise.all([...running.values()].map((r) => r.writes))
      listeners.clear()
    },
  }
}
