import { common } from 'node-mavlink'
import {
  commandAllowed,
  initialExecution,
  isFinal,
  reduceExecution,
  type ExecutionCommand,
  type ExecutionEvent,
  type ExecutionSnapshot,
  type ExecutionStep,
} from './execution-machine'
import { modeParams, type ModeIntent } from './flight-modes'
import type { GroundLink, VehicleMessage } from './ground-link'
import type { MissionItem } from './mission-items'
import { sendCommand, type CommandOutcome, type CommandTiming } from './send-command'
import { globalTimers, type Timers } from './timers'
import { uploadMission, type UploadTiming } from './upload-mission'

/** Why a command on an execution did not happen. */
export class MissionCommandError extends Error {
  constructor(
    /**
     * `execution/not-allowed`: not in this state (pause of a paused one, anything after the end, a command while
     * another waits for its acknowledgement); `execution/refused`: the vehicle's COMMAND_ACK refused it;
     * `execution/timeout`: no COMMAND_ACK came.
     */
    readonly code: 'execution/not-allowed' | 'execution/refused' | 'execution/timeout',
    message: string,
  ) {
    super(message)
    this.name = 'MissionCommandError'
  }
}

/** Options of {@link createMissionExecution}. */
export interface MissionExecutionOptions {
  /** The ground link (one per server process, shared by every execution). */
  link: GroundLink
  /** The vehicle's MAVLink system id (`devices.mavlink_system_id`). */
  systemId: number
  /** The mission, as MAVLink items (see `mission-items.ts`). */
  items: readonly MissionItem[]
  /** The protocol's waits; the defaults are QGroundControl's. Tests shorten them. */
  timing?: { upload?: Partial<UploadTiming>; command?: Partial<CommandTiming> }
  timers?: Timers
  /** The clock of `updatedAt` (ms since the epoch). */
  now?: () => number
}

/** One execution of a mission on a vehicle: a controller with `subscribe`/`getSnapshot` (house style §11). */
export interface MissionExecution {
  /** The current snapshot (a new object on every change, the same one otherwise). */
  getSnapshot(): ExecutionSnapshot
  /** Calls `listener` after every change; returns the unsubscribe. For `useSyncExternalStore` or the live channel. */
  subscribe(listener: (snapshot: ExecutionSnapshot) => void): () => void
  /**
   * Uploads the mission, arms the vehicle and puts it in AUTO: `uploading`, then `running`, or `failed` with the
   * reason (or `aborted` if abort came first). Resolves with the snapshot at that point; never rejects.
   *
   * @throws {MissionCommandError} (rejects) `execution/not-allowed` when already started.
   */
  start(): Promise<ExecutionSnapshot>
  /**
   * Hold: the vehicle stops where it is (mode HOLD / LOITER / POSHOLD), then `paused`.
   *
   * @throws {MissionCommandError} (rejects) when not running, or when the vehicle refuses or does not answer.
   */
  pause(): Promise<void>
  /** Back to AUTO: the vehicle flies on from its current item, then `running`. Throws as {@link pause} does. */
  resume(): Promise<void>
  /**
   * Ends the execution (`aborted`): before the vehicle accepted the mission, the upload is cancelled; after, the
   * vehicle returns to launch (MAV_CMD_NAV_RETURN_TO_LAUNCH, then disarms there), or holds position when it refuses
   * to return. Not disarmed in place: a drone would fall and a boat drift.
   *
   * @throws {MissionCommandError} (rejects) after the end, or when the vehicle neither returns nor holds.
   */
  abort(reason?: string): Promise<void>
  /** Stops listening to the vehicle (and cancels an upload in progress); the snapshot stays as it is. */
  dispose(): void
}

/**
 * Creates the controller of one mission execution. Nothing is sent before {@link MissionExecution.start}.
 * Progress comes from the vehicle: MISSION_CURRENT (the current item, and `completed` when its mission state says
 * MISSION_STATE_COMPLETE) and MISSION_ITEM_REACHED, both counted only once the vehicle has accepted this mission.
 *
 * @example
 * const execution = createMissionExecution({ link, systemId: 1, items: [waypoint({ lat, lon }), …] })
 * execution.subscribe((s) => hub.publishExecution(s))
 * const started = await execution.start() // running, or failed with started.reason
 */
export function createMissionExecution(options: MissionExecutionOptions): MissionExecution {
  const { link, systemId, items } = options
  const now = options.now ?? Date.now
  const timers = options.timers ?? globalTimers
  const listeners = new Set<(snapshot: ExecutionSnapshot) => void>()
  let snapshot = initialExecution(items.length, now())
  let disposed = false
  /** Set by abort: start gives no further command. */
  let aborting = false
  const uploadAbort = new AbortController()

  const dispatch = (event: ExecutionEvent) => {
    const nextSnapshot = reduceExecution(snapshot, event, now())
    if (nextSnapshot === snapshot) return
    snapshot = nextSnapshot
    if (isFinal(snapshot.status)) stopListening()
    for (const listener of [...listeners]) listener(snapshot)
  }
  const command = (step: ExecutionStep, mavCmd: number, params: readonly number[]): Promise<CommandOutcome> => {
    dispatch({ type: 'step', step })
    return sendCommand({ link, systemId, command: mavCmd, params, timing: options.timing?.command, timers })
  }
  const setMode = (step: ExecutionStep, intent: ModeIntent): Promise<CommandOutcome> => {
    const params = modeParams(link.vehicle(systemId) ?? {}, intent)
    if (!params) {
      dispatch({ type: 'step', step })
      return Promise.resolve({
        ok: false,
        code: 'refused',
        reason: 'The vehicle’s modes are unknown: no HEARTBEAT of an ArduPilot or PX4 autopilot has been heard from it.',
      })
    }
    return command(step, common.MavCmd.DO_SET_MODE, params)
  }
  const onMessage = ({ message }: VehicleMessage) => {
    if (message instanceof common.MissionItemReached) {
      dispatch({ type: 'progress', reachedItem: message.seq })
    } else if (message instanceof common.MissionCurrent) {
      // A MISSION_CURRENT naming another mission (the vehicle's previous one, or one another station uploaded since)
      // is not about this execution.
      if (snapshot.missionId && message.missionId && message.missionId !== snapshot.missionId) return
      dispatch({ type: 'progress', currentItem: message.seq })
      if (message.missionState === common.MissionState.COMPLETE) dispatch({ type: 'completed' })
    }
  }
  const unsubscribe = link.subscribe(systemId, onMessage)
  let listening = true
  const stopListening = () => {
    if (!listening) return
    listening = false
    unsubscribe()
  }
  const notAllowed = (why: string) => Promise.reject(new MissionCommandError('execution/not-allowed', why))
  const refusal = (outcome: Extract<CommandOutcome, { ok: false }>) =>
    new MissionCommandError(outcome.code === 'timeout' ? 'execution/timeout' : 'execution/refused', outcome.reason)
  const failCommand = (outcome: Extract<CommandOutcome, { ok: false }>, what: string) => {
    dispatch({ type: 'failed', failure: outcome.code === 'timeout' ? 'command-timeout' : 'command-refused', reason: `${what}: ${outcome.reason}` })
    return snapshot
  }
  // Read through a call: the snapshot changes while start awaits the vehicle, which TypeScript's narrowing ignores.
  const status = () => snapshot.status
  const check = (name: ExecutionCommand) => (disposed ? 'The execution was disposed.' : commandAllowed(snapshot, name))

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    async start() {
      if (disposed || status() !== 'pending') return notAllowed(`The execution has already been started (${status()}).`)
      dispatch({ type: 'start' })
      const upload = await uploadMission({
        link,
        systemId,
        items,
        timing: options.timing?.upload,
        timers,
        signal: uploadAbort.signal,
        onProgress: (uploadedItems) => dispatch({ type: 'upload-progress', uploadedItems }),
      })
      if (!upload.ok) {
        // A cancelled upload is the abort's doing; the abort has already said so.
        if (upload.code !== 'cancelled') {
          const failure = upload.code === 'refused' ? 'mission-refused' : upload.code === 'timeout' ? 'upload-timeout' : 'protocol'
          dispatch({ type: 'failed', failure, reason: upload.reason })
        }
        return snapshot
      }
      dispatch({ type: 'uploaded', missionId: upload.missionId })
      // Arm first, then AUTO: ArduCopter refuses to arm in AUTO, and every autopilot accepts this order. An abort
      // meanwhile stops here, so no AUTO follows its return to launch.
      const armed = await command('arm', common.MavCmd.COMPONENT_ARM_DISARM, [1])
      if (aborting || status() !== 'uploading') return snapshot
      if (!armed.ok) return failCommand(armed, 'Arming failed')
      const auto = await setMode('auto', 'auto')
      if (aborting || status() !== 'uploading') return snapshot
      if (!auto.ok) return failCommand(auto, 'The mode change to AUTO failed')
      dispatch({ type: 'started' })
      return snapshot
    },
    async pause() {
      const allowed = check('pause')
      if (allowed !== true) return notAllowed(allowed)
      const outcome = await setMode('hold', 'hold')
      if (outcome.ok) return dispatch({ type: 'paused' })
      if (snapshot.step === 'hold') dispatch({ type: 'step', step: undefined })
      throw refusal(outcome)
    },
    async resume() {
      const allowed = check('resume')
      if (allowed !== true) return notAllowed(allowed)
      const outcome = await setMode('auto', 'auto')
      if (outcome.ok) return dispatch({ type: 'resumed' })
      if (snapshot.step === 'auto') dispatch({ type: 'step', step: undefined })
      throw refusal(outcome)
    },
    async abort(reason = 'Aborted by the operator.') {
      const allowed = check('abort')
      if (allowed !== true) return notAllowed(allowed)
      aborting = true
      if (status() === 'pending') return dispatch({ type: 'aborted', action: 'none', reason })
      if (snapshot.missionId === undefined) {
        // Still uploading: the vehicle has not taken the mission, so telling it to drop the transfer is enough.
        dispatch({ type: 'aborted', action: 'cancel-upload', reason: `${reason} The upload was cancelled; the vehicle keeps its previous mission.` })
        uploadAbort.abort()
        return
      }
      const returned = await command('return', common.MavCmd.NAV_RETURN_TO_LAUNCH, [])
      if (returned.ok) {
        return dispatch({ type: 'aborted', action: 'return', reason: `${reason} The vehicle returns to its launch point and disarms there.` })
      }
      if (isFinal(status())) return
      const held = await setMode('hold', 'hold')
      if (held.ok) {
        return dispatch({
          type: 'aborted',
          action: 'hold',
          reason: `${reason} ${returned.reason} The vehicle holds its position instead, still armed.`,
        })
      }
      if (!isFinal(status())) dispatch({ type: 'step', step: undefined })
      throw refusal(held)
    },
    dispose() {
      if (disposed) return
      disposed = true
      stopListening()
      if (status() === 'uploading' && snapshot.missionId === undefined) uploadAbort.abort()
      listeners.clear()
    },
  }
}
