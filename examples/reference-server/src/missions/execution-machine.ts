/**
 * The mission execution's state machine, pure: a snapshot and an event in, the next snapshot out (the same object
 * when the event does not apply, so a subscriber can compare by identity). The controller
 * (`create-mission-execution.ts`) does the talking to the vehicle and feeds what happened here as events.
 *
 * ```
 * pending ──start──▶ uploading ──started──▶ running ◀──resumed── paused
 *                        │                    │  └────paused────▶  │
 *                        │                    └──completed──▶ completed
 *                        └──────────┬─────────┴─────────────────────┘
 *                                   ├──aborted──▶ aborted
 *                                   └──failed───▶ failed
 * ```
 * `completed`, `aborted` and `failed` are final: every event leaves them as they are.
 */

/** Where an execution is (spec issue 25's states). */
export type ExecutionStatus = 'pending' | 'uploading' | 'running' | 'paused' | 'completed' | 'aborted' | 'failed'

/**
 * What the controller is waiting on the vehicle for: the mission upload, or the COMMAND_ACK of arming, of the mode
 * change to AUTO or to hold, or of the return to launch.
 */
export type ExecutionStep = 'upload' | 'arm' | 'auto' | 'hold' | 'return'

/** Why an execution failed. */
export type ExecutionFailureCode =
  /** The vehicle refused the mission (a MISSION_ACK other than accepted). */
  | 'mission-refused'
  /** The vehicle stopped answering during the upload, or the upload took too long. */
  | 'upload-timeout'
  /** The vehicle broke the mission protocol. */
  | 'protocol'
  /** The vehicle refused arming or the mode change to AUTO, or its mode cannot be set (an unknown autopilot). */
  | 'command-refused'
  /** The vehicle did not acknowledge arming or the mode change to AUTO. */
  | 'command-timeout'

/** How an abort left the vehicle. */
export type AbortAction =
  /** Nothing had been sent yet. */
  | 'none'
  /** The upload was cancelled (MISSION_ACK `MAV_MISSION_OPERATION_CANCELLED`); the vehicle keeps its old mission. */
  | 'cancel-upload'
  /** MAV_CMD_NAV_RETURN_TO_LAUNCH accepted: it goes back to where it armed for the mission and disarms there. */
  | 'return'
  /** It refused to return (ArduSub has no RTL), and holds its position instead, still armed. */
  | 'hold'

/** What an execution looks like now: what the progress stream carries. */
export interface ExecutionSnapshot {
  status: ExecutionStatus
  /** What the controller waits for the vehicle to acknowledge; undefined when nothing is in flight. */
  step?: ExecutionStep
  /** Items in the mission. */
  itemCount: number
  /** Distinct items the vehicle has asked for during the upload (of `itemCount`). */
  uploadedItems: number
  /** The vehicle's id of the uploaded mission (MISSION_ACK's opaque id, 0 when it has none), once accepted. */
  missionId?: number
  /** The item the vehicle is on (MISSION_CURRENT), from 0. */
  currentItem?: number
  /** The items the vehicle reported reached (MISSION_ITEM_REACHED), each once, in the order reported. */
  reachedItems: readonly number[]
  /** For `failed`, why (with the MAVLink names); for `aborted`, what was done and why. */
  reason?: string
  /** For `failed`: the kind of failure. */
  failure?: ExecutionFailureCode
  /** For `aborted`: how it left the vehicle. */
  abortAction?: AbortAction
  /** When this snapshot was made (ms since the epoch). */
  updatedAt: number
}

/** What happened, as the controller feeds it to {@link reduceExecution}. */
export type ExecutionEvent =
  | { type: 'start' }
  | { type: 'upload-progress'; uploadedItems: number }
  | { type: 'uploaded'; missionId: number }
  | { type: 'step'; step: ExecutionStep | undefined }
  | { type: 'started' }
  | { type: 'progress'; currentItem?: number; reachedItem?: number }
  | { type: 'paused' }
  | { type: 'resumed' }
  | { type: 'completed' }
  | { type: 'aborted'; action: AbortAction; reason: string }
  | { type: 'failed'; failure: ExecutionFailureCode; reason: string }

/** The first snapshot of an execution of `itemCount` items. */
export function initialExecution(itemCount: number, now: number): ExecutionSnapshot {
  return { status: 'pending', itemCount, uploadedItems: 0, reachedItems: [], updatedAt: now }
}

/** Whether an execution has ended (nothing changes it any more). */
export function isFinal(status: ExecutionStatus): boolean {
  return status === 'completed' || status === 'aborted' || status === 'failed'
}

/** The operator's commands on a running execution. */
export type ExecutionCommand = 'pause' | 'resume' | 'abort'

/**
 * Whether `command` may be given now, or why not: pause only while running, resume only while paused, and neither
 * while another command waits for its acknowledgement; abort at any time before the end (it wins over the rest).
 */
export function commandAllowed(snapshot: ExecutionSnapshot, command: ExecutionCommand): true | string {
  if (isFinal(snapshot.status)) return `The execution has ended (${snapshot.status}).`
  if (command === 'abort') return snapshot.step === 'return' ? 'The execution is already being aborted.' : true
  const needs = command === 'pause' ? 'running' : 'paused'
  if (snapshot.status !== needs) return `Only a ${needs} execution can be ${command}d; this one is ${snapshot.status}.`
  if (snapshot.step) return `The vehicle has not yet acknowledged the last command (${snapshot.step}).`
  return true
}

/** The next snapshot after `event`, or `snapshot` itself when the event does not apply in its state. */
export function reduceExecution(snapshot: ExecutionSnapshot, event: ExecutionEvent, now: number): ExecutionSnapshot {
  const { status } = snapshot
  if (isFinal(status)) return snapshot
  const next = (changes: Partial<ExecutionSnapshot>): ExecutionSnapshot => ({ ...snapshot, ...changes, updatedAt: now })
  switch (event.type) {
    case 'start':
      return status === 'pending' ? next({ status: 'uploading', step: 'upload' }) : snapshot
    case 'upload-progress':
      return status === 'uploading' && snapshot.missionId === undefined && event.uploadedItems !== snapshot.uploadedItems
        ? next({ uploadedItems: event.uploadedItems })
        : snapshot
    case 'uploaded':
      return status === 'uploading' && snapshot.missionId === undefined
        ? next({ missionId: event.missionId, uploadedItems: snapshot.itemCount, step: undefined })
        : snapshot
    case 'step':
      return status === 'pending' || snapshot.step === event.step ? snapshot : next({ step: event.step })
    case 'started':
      return status === 'uploading' && snapshot.missionId !== undefined ? next({ status: 'running', step: undefined }) : snapshot
    case 'progress': {
      // Progress counts once the vehicle has the mission: while it is armed and put in AUTO it may already move.
      if (snapshot.missionId === undefined) return snapshot
      const changes: Partial<ExecutionSnapshot> = {}
      if (event.currentItem !== undefined && event.currentItem !== snapshot.currentItem) changes.currentItem = event.currentItem
      if (event.reachedItem !== undefined && !snapshot.reachedItems.includes(event.reachedItem))
        changes.reachedItems = [...snapshot.reachedItems, event.reachedItem]
      return Object.keys(changes).length > 0 ? next(changes) : snapshot
    }
    case 'paused':
      return status === 'running' ? next({ status: 'paused', step: undefined }) : snapshot
    case 'resumed':
      return status === 'paused' ? next({ status: 'running', step: undefined }) : snapshot
    case 'completed':
      return status === 'running' ? next({ status: 'completed', step: undefined }) : snapshot
    case 'aborted':
      return next({ status: 'aborted', step: undefined, abortAction: event.action, reason: event.reason })
    case 'failed':
      return next({ status: 'failed', step: undefined, failure: event.failure, reason: event.reason })
  }
}
