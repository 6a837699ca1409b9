import { common } from 'node-mavlink'
import type { GroundLink, VehicleMessage } from './ground-link'
import { AUTOPILOT_COMPONENT_ID, commandName, commandResultName } from './mavlink-messages'
import { globalTimers, type Timers } from './timers'

/** A command's waits: QGroundControl sends a COMMAND_LONG again after 3 s without its COMMAND_ACK, 3 times. */
export interface CommandTiming {
  /** How long to wait for the COMMAND_ACK before sending the command again (with `confirmation` counted up). */
  ackTimeoutMs: number
  /** How many times the command is sent again before giving up. */
  maxRetries: number
}

/** QGroundControl's waits for a command (`Vehicle::_mavCommandAckTimeoutMSecs`, `_mavCommandMaxRetryCount`: 3 s, 3 retries). */
export const DEFAULT_COMMAND_TIMING: CommandTiming = { ackTimeoutMs: 3000, maxRetries: 3 }

/** How a command ended. */
export type CommandOutcome =
  | { ok: true }
  | {
      ok: false
      /** `refused`: a COMMAND_ACK other than accepted; `timeout`: none came. */
      code: 'refused' | 'timeout'
      /** For the person at the console, with the MAVLink names. */
      reason: string
      /** The refusing COMMAND_ACK's MAV_RESULT. */
      result?: number
    }

/** Options of {@link sendCommand}. */
export interface SendCommandOptions {
  link: GroundLink
  systemId: number
  /** The autopilot's component id (default 1). */
  componentId?: number
  /** The MAV_CMD. */
  command: number
  /** param1 to param7 (missing ones are 0). */
  params?: readonly number[]
  timing?: Partial<CommandTiming>
  timers?: Timers
}

/**
 * Sends a COMMAND_LONG and waits for its COMMAND_ACK (https://mavlink.io/en/services/command.html): sent again with
 * `confirmation` counted up when no answer comes in time; MAV_RESULT_IN_PROGRESS keeps waiting; accepted is done;
 * any other result is a refusal. Never rejects: the outcome says how it ended.
 */
export function sendCommand(options: SendCommandOptions): Promise<CommandOutcome> {
  const timing = { ...DEFAULT_COMMAND_TIMING, ...options.timing }
  const timers = options.timers ?? globalTimers
  const { link, systemId, command } = options
  const name = commandName(command)
  return new Promise<CommandOutcome>((resolve) => {
    let confirmation = 0
    let timer: unknown
    let finished = false
    const finish = (outcome: CommandOutcome) => {
      if (finished) return
      finished = true
      timers.clearTimeout(timer)
      stop()
      resolve(outcome)
    }
    const wait = () => {
      timers.clearTimeout(timer)
      timer = timers.setTimeout(onSilence, timing.ackTimeoutMs)
    }
    const transmit = () => {
      const message = new common.CommandLong()
      message.targetSystem = systemId
      message.targetComponent = options.componentId ?? AUTOPILOT_COMPONENT_ID
      message.command = command
      message.confirmation = confirmation
      const params = options.params ?? []
      message._param1 = params[0] ?? 0
      message._param2 = params[1] ?? 0
      message._param3 = params[2] ?? 0
      message._param4 = params[3] ?? 0
      message._param5 = params[4] ?? 0
      message._param6 = params[5] ?? 0
      message._param7 = params[6] ?? 0
      link
        .send(systemId, message)
        .catch((error: unknown) => finish({ ok: false, code: 'timeout', reason: `${name} could not be sent: ${(error as Error).message}` }))
      wait()
    }
    const onSilence = () => {
      if (finished) return
      if (confirmation >= timing.maxRetries) {
        const heard = link.vehicle(systemId) ? '' : ' (it has not been heard on the MAVLink link)'
        finish({
          ok: false,
          code: 'timeout',
          reason: `The vehicle did not acknowledge ${name}${heard}: no COMMAND_ACK after ${confirmation + 1} tries.`,
        })
        return
      }
      confirmation += 1
      transmit()
    }
    const onMessage = ({ message }: VehicleMessage) => {
      if (finished || !(message instanceof common.CommandAck) || message.command !== command) return
      if (message.result === common.MavResult.ACCEPTED) finish({ ok: true })
      else if (message.result === common.MavResult.IN_PROGRESS) wait()
      else
        finish({
          ok: false,
          code: 'refused',
          reason: `The vehicle refused ${name}: ${commandResultName(message.result)}.`,
          result: message.result,
        })
    }
    const stop = link.subscribe(systemId, onMessage)
    transmit()
  })
}
