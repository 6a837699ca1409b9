import { common, minimal, type MavLinkData, type MavLinkDataConstructor } from 'node-mavlink'
import { decodeMessage } from '../telemetry/mavlink-decode'

/**
 * The MAVLink messages of the mission and command protocols (https://mavlink.io/en/services/mission.html and
 * command.html), both ways, with HEARTBEAT and STATUSTEXT: what the ground link and the simulated autopilot decode.
 * Field names and meanings are node-mavlink's `common`/`minimal`, generated from `message_definitions/v1.0/common.xml`.
 */
export const MISSION_PROTOCOL_MESSAGES: Record<number, MavLinkDataConstructor<MavLinkData>> = {
  [minimal.Heartbeat.MSG_ID]: minimal.Heartbeat,
  [common.MissionCount.MSG_ID]: common.MissionCount,
  [common.MissionRequest.MSG_ID]: common.MissionRequest,
  [common.MissionRequestInt.MSG_ID]: common.MissionRequestInt,
  [common.MissionItemInt.MSG_ID]: common.MissionItemInt,
  [common.MissionAck.MSG_ID]: common.MissionAck,
  [common.MissionCurrent.MSG_ID]: common.MissionCurrent,
  [common.MissionItemReached.MSG_ID]: common.MissionItemReached,
  [common.CommandLong.MSG_ID]: common.CommandLong,
  [common.CommandAck.MSG_ID]: common.CommandAck,
  [common.StatusText.MSG_ID]: common.StatusText,
}

/** Our ground station's MAVLink system id: 255, QGroundControl's default. */
export const GROUND_SYSTEM_ID = 255
/** Our ground station's component id: MAV_COMP_ID_MISSIONPLANNER (190), QGroundControl's. */
export const GROUND_COMPONENT_ID = minimal.MavComponent.MISSIONPLANNER
/** The autopilot's component id (MAV_COMP_ID_AUTOPILOT1): where mission and command messages go. */
export const AUTOPILOT_COMPONENT_ID = minimal.MavComponent.AUTOPILOT1

/**
 * Decodes one checked packet (its checksum already verified, as `decodeDatagram` does) when it is a message of
 * {@link MISSION_PROTOCOL_MESSAGES}; undefined for any other message or a payload that does not decode.
 */
export function readMessage(raw: Buffer, msgId: number): MavLinkData | undefined {
  const clazz = MISSION_PROTOCOL_MESSAGES[msgId]
  return clazz ? decodeMessage(raw, clazz) : undefined
}

/** A MAV_MISSION_RESULT as MAVLink names it (`MAV_MISSION_NO_SPACE`), or its number when unknown. */
export function missionResultName(result: number): string {
  const name = (common.MavMissionResult as unknown as Record<number, string | undefined>)[result]
  return name ? `MAV_MISSION_${name}` : `MAV_MISSION_RESULT ${result}`
}

/** What a refusing MISSION_ACK means, in words (after QGroundControl's PlanManager). */
const MISSION_RESULT_TEXT: Record<number, string> = {
  [common.MavMissionResult.ERROR]: 'an unspecified error',
  [common.MavMissionResult.UNSUPPORTED_FRAME]: 'a coordinate frame it does not support',
  [common.MavMissionResult.UNSUPPORTED]: 'a command it does not support',
  [common.MavMissionResult.NO_SPACE]: 'more items than it has room for',
  [common.MavMissionResult.INVALID]: 'a parameter with an invalid value',
  [common.MavMissionResult.INVALID_PARAM1]: 'an invalid param1',
  [common.MavMissionResult.INVALID_PARAM2]: 'an invalid param2',
  [common.MavMissionResult.INVALID_PARAM3]: 'an invalid param3',
  [common.MavMissionResult.INVALID_PARAM4]: 'an invalid param4',
  [common.MavMissionResult.INVALID_PARAM5_X]: 'an invalid latitude or x (param5)',
  [common.MavMissionResult.INVALID_PARAM6_Y]: 'an invalid longitude or y (param6)',
  [common.MavMissionResult.INVALID_PARAM7]: 'an invalid altitude or z (param7)',
  [common.MavMissionResult.INVALID_SEQUENCE]: 'an item out of sequence',
  [common.MavMissionResult.DENIED]: 'not accepting missions now',
  [common.MavMissionResult.OPERATION_CANCELLED]: 'the transfer cancelled',
}

/** The words for a refusing MISSION_ACK's result ("more items than it has room for"). */
export function missionResultText(result: number): string {
  return MISSION_RESULT_TEXT[result] ?? 'an unknown result'
}

/** A MAV_RESULT as MAVLink names it (`MAV_RESULT_DENIED`). */
export function commandResultName(result: number): string {
  const name = (common.MavResult as unknown as Record<number, string | undefined>)[result]
  return name ? `MAV_RESULT_${name}` : `MAV_RESULT ${result}`
}

/** A MAV_CMD as MAVLink names it (`MAV_CMD_DO_SET_MODE`). */
export function commandName(command: number): string {
  const name = (common.MavCmd as unknown as Record<number, string | undefined>)[command]
  return name ? `MAV_CMD_${name}` : `MAV_CMD ${command}`
}
