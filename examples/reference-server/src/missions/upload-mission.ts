import { common, type MavLinkData } from 'node-mavlink'
import type { GroundLink, VehicleMessage } from './ground-link'
import { AUTOPILOT_COMPONENT_ID, missionResultName, missionResultText } from './mavlink-messages'
import { toMissionItemInt, type MissionItem } from './mission-items'
import { globalTimers, type Timers } from './timers'

/** The upload's waits, after QGroundControl's PlanManager (1.5 s per answer, 5 retries). */
export interface UploadTiming {
  /** How long to wait for the vehicle's next MISSION_REQUEST_INT or its MISSION_ACK before sending again. */
  ackTimeoutMs: number
  /** How many times MISSION_COUNT, or the last item, is sent again after a wait with no answer before giving up. */
  maxRetries: number
  /** Bound of the whole upload, however long the vehicle keeps asking. */
  uploadTimeoutMs: number
}

/** QGroundControl's waits (`PlanManager::_ackTimeoutMilliseconds`, `_maxRetryCount`), and 30 s for the whole upload. */
export const DEFAULT_UPLOAD_TIMING: UploadTiming = { ackTimeoutMs: 1500, maxRetries: 5, uploadTimeoutMs: 30_000 }

/** Why an upload did not end in an accepting MISSION_ACK. */
export type UploadFailureCode =
  /** The vehicle answered a MISSION_ACK other than accepted (`result` says which). */
  | 'refused'
  /** The vehicle stopped answering (or was never heard), or the whole upload took too long. */
  | 'timeout'
  /** The vehicle broke the protocol: asked for an item out of range, or accepted before asking for every item. */
  | 'protocol'
  /** The upload was cancelled on our side (a MISSION_ACK `MAV_MISSION_OPERATION_CANCELLED` told the vehicle). */
  | 'cancelled'

/** How an upload ended. */
export type UploadOutcome =
  | {
      ok: true
      /** The vehicle's id of the new mission (MISSION_ACK's opaque_id; 0 when it has none), as MISSION_CURRENT repeats it. */
      missionId: number
    }
  | {
      ok: false
      code: UploadFailureCode
      /** For the person at the console: what the vehicle said or did not say, the MAVLink names included. */
      reason: string
      /** The refusing MISSION_ACK's MAV_MISSION_RESULT. */
      result?: number
    }

/** Options of {@link uploadMission}. */
export interface UploadMissionOptions {
  link: GroundLink
  /** The vehicle's MAVLink system id. */
  systemId: number
  /** Its autopilot's component id (default 1). */
  componentId?: number
  items: readonly MissionItem[]
  timing?: Partial<UploadTiming>
  /** Called with the number of distinct items the vehicle has asked for so far, as it asks. */
  onProgress?: (requested: number, total: number) => void
  /** Aborting cancels the upload: the vehicle is told, and the outcome is `cancelled`. */
  signal?: AbortSignal
  timers?: Timers
}

/**
 * Uploads a mission to a vehicle with MAVLink's mission protocol, as a ground station: MISSION_COUNT, then each
 * MISSION_ITEM_INT the vehicle asks for with MISSION_REQUEST_INT (or MISSION_REQUEST, as older ArduPilot asks), again
 * when it asks again (its item was lost), until its MISSION_ACK. Never rejects: the outcome says how it ended.
 *
 * The steps are QGroundControl's (`PlanManager::_writeMissionCount`, `_handleMissionRequest`, `_handleMissionAck`):
 * 1. MISSION_COUNT; no request within `ackTimeoutMs`: send it again, at most `maxRetries` times.
 * 2. Each request answered with its item (a repeated request too); a request out of range fails the upload.
 * 3. Silence after an item: that item again (its request may be what was lost; a vehicle that has it answers
 *    MAV_MISSION_INVALID_SEQUENCE, which is ignored as QGC ignores ArduPilot's), at most `maxRetries` times in a row.
 * 4. MISSION_ACK accepted once every item was asked for: done. Any other result: refused, with the vehicle's last
 *    STATUSTEXT warning (ArduPilot says "Only 700 items are supported") in the reason when there is one.
 * Over `uploadTimeoutMs` in all: timeout, whatever the vehicle does.
 */
export function uploadMission(options: UploadMissionOptions): Promise<UploadOutcome> {
  const timing = { ...DEFAULT_UPLOAD_TIMING, ...options.timing }
  const timers = options.timers ?? globalTimers
  const { link, systemId, items } = options
  const target = { system: systemId, component: options.componentId ?? AUTOPILOT_COMPONENT_ID }
  const total = items.length

  return new Promise<UploadOutcome>((resolve) => {
    /** `count`: waiting for the first request; `items`: sending what is asked for. */
    let phase: 'count' | 'items' = 'count'
    let retries = 0
    let lastSent: number | undefined
    const requested = new Set<number>()
    let warning: string | undefined
    let answerTimer: unknown
    let finished = false

    const finish = (outcome: UploadOutcome) => {
      if (finished) return
      finished = true
      timers.clearTimeout(answerTimer)
      timers.clearTimeout(deadline)
      stop()
      options.signal?.removeEventListener('abort', cancel)
      resolve(outcome)
    }
    const fail = (code: UploadFailureCode, reason: string, result?: number) =>
      finish({ ok: false, code, reason, ...(result === undefined ? {} : { result }) })
    const send = (message: MavLinkData) => {
      // A send error (no socket in this process) ends the upload at once: retrying cannot help.
      link.send(systemId, message).catch((error: unknown) => fail('timeout', `The mission could not be sent: ${(error as Error).message}`))
    }
    const waitForAnswer = () => {
      timers.clearTimeout(answerTimer)
      answerTimer = timers.setTimeout(onSilence, timing.ackTimeoutMs)
    }
    const sendCount = () => {
      const count = new common.MissionCount()
      count.targetSystem = target.system
      count.targetComponent = target.component
      count.count = total
      count.missionType = common.MavMissionType.MISSION
      count.opaqueId = 0
      send(count)
      waitForAnswer()
    }
    const sendItem = (seq: number) => {
      lastSent = seq
      send(toMissionItemInt(items[seq]!, seq, target))
      waitForAnswer()
    }
    const onSilence = () => {
      if (finished) return
      retries += 1
      if (retries > timing.maxRetries) {
        const tries = timing.maxRetries + 1
        const waited = (tries * timing.ackTimeoutMs) / 1000
        if (phase === 'count') {
          const heard = link.vehicle(systemId) ? '' : ' (it has not been heard on the MAVLink link)'
          fail('timeout', `The vehicle did not answer MISSION_COUNT${heard}: no MISSION_REQUEST_INT after ${tries} tries in ${waited} s.`)
        } else {
          fail(
            'timeout',
            `The vehicle stopped asking for items after item ${lastSent} of ${total} (${requested.size} asked for): no answer in ${waited} s.`,
          )
        }
        return
      }
      if (phase === 'count') sendCount()
      else sendItem(lastSent!)
    }
    const onMessage = ({ message }: VehicleMessage) => {
      if (finished) return
      if (message instanceof common.StatusText) {
        // The autopilot's own words for a refusal come as a warning just before its MISSION_ACK (ArduPilot does).
        if (message.severity <= common.MavSeverity.WARNING) warning = message.text
        return
      }
      if (message instanceof common.MissionRequestInt || message instanceof common.MissionRequest) {
        if (message.missionType !== common.MavMissionType.MISSION) return
        if (message.seq >= total) {
          fail('protocol', `The vehicle asked for item ${message.seq} of a mission of ${total} items.`)
          return
        }
        phase = 'items'
        retries = 0
        requested.add(message.seq)
        options.onProgress?.(requested.size, total)
        sendItem(message.seq)
        return
      }
      if (message instanceof common.MissionAck) {
        if (message.missionType !== common.MavMissionType.MISSION) return
        // ArduPilot answers a duplicated item (a noisy link, or our own resend) with INVALID_SEQUENCE and goes on
        // asking; QGC ignores these, and so do we: the timeouts still bound the upload.
        if (message.type === common.MavMissionResult.INVALID_SEQUENCE) return
        if (message.type === common.MavMissionResult.ACCEPTED) {
          if (requested.size === total) finish({ ok: true, missionId: message.opaqueId })
          else fail('protocol', `The vehicle accepted the mission after asking for ${requested.size} of its ${total} items.`)
          return
        }
        const at = lastSent === undefined ? '' : ` at item ${lastSent}`
        const said = warning ? ` It said: "${warning}".` : ''
        fail(
          'refused',
          `The vehicle refused the mission${at}: ${missionResultText(message.type)} (${missionResultName(message.type)}).${said}`,
          message.type,
        )
      }
    }
    const cancel = () => {
      const ack = new common.MissionAck()
      ack.targetSystem = target.system
      ack.targetComponent = target.component
      ack.type = common.MavMissionResult.OPERATION_CANCELLED
      ack.missionType = common.MavMissionType.MISSION
      void link.send(systemId, ack).catch(() => undefined)
      fail('cancelled', 'The upload was cancelled before the vehicle accepted the mission.')
    }

    const stop = link.subscribe(systemId, onMessage)
    const deadline = timers.setTimeout(
      () => fail('timeout', `The upload did not finish within ${timing.uploadTimeoutMs / 1000} s (${requested.size} of ${total} items asked for).`),
      timing.uploadTimeoutMs,
    )
    if (options.signal?.aborted) {
      cancel()
      return
    }
    options.signal?.addEventListener('abort', cancel, { once: true })
    sendCount()
  })
}
