import { describe, expect, it } from 'vitest'
import { common, minimal, type MavLinkData } from 'node-mavlink'
import { changeSpeed, toMissionItemInt, waypoint, type MissionItem } from '../missions/mission-items'
import { seededVehicles } from '../seed'
import { SimulatedAutopilot, type AutopilotOptions } from './simulated-autopilot'
import { specOf, stateAt } from './simulated-vehicle'

/** The autopilot alone, fed messages as a ground station (system 255, component 190) would send them. */
const gcs = { systemId: 255, componentId: 190 }
const target = { system: 4, component: 1 }

function autopilot(options: AutopilotOptions = {}) {
  const spec = specOf(
    seededVehicles.find((v) => v.device_id === 'alpha-usv-4')!,
    0,
  )
  return { spec, pilot: new SimulatedAutopilot(spec, (t) => stateAt(spec, t), options) }
}
function count(n: number) {
  const message = new common.MissionCount()
  message.targetSystem = 4
  message.targetComponent = 1
  message.count = n
  message.missionType = common.MavMissionType.MISSION
  return message
}
function command(cmd: number, ...params: number[]) {
  const message = new common.CommandLong()
  message.targetSystem = 4
  message.targetComponent = 1
  message.command = cmd
  ;[message._param1, message._param2, message._param3] = [params[0] ?? 0, params[1] ?? 0, params[2] ?? 0]
  return message
}
const item = (i: MissionItem, seq: number) => toMissionItemInt(i, seq, target)
const named = (messages: MavLinkData[]) =>
  messages.map((m) => {
    if (m instanceof common.MissionRequestInt) return `request ${m.seq}`
    if (m instanceof common.MissionAck) return `ack ${common.MavMissionResult[m.type]}`
    if (m instanceof common.CommandAck) return `command ${common.MavResult[m.result]}`
    if (m instanceof common.StatusText) return `text ${m.text}`
    if (m instanceof common.MissionItemReached) return `reached ${m.seq}`
    return (m.constructor as { MSG_NAME?: string }).MSG_NAME
  })

describe('the simulated autopilot', () => {
  it('asks for each item in turn, again when one does not come, and accepts the whole mission', () => {
    const { pilot } = autopilot({ rerequestS: 1 })
    const items = [waypoint({ lat: 21.3, lon: -157.87 }), waypoint({ lat: 21.301, lon: -157.87 })]
    expect(named(pilot.receive(count(2), gcs, 0))).toEqual(['request 0'])
    expect(named(pilot.receive(item(items[0]!, 0), gcs, 0.1))).toEqual(['request 1'])
    // Item 1 is lost: after a second the autopilot asks again, then once more after another.
    expect(named(pilot.tick(0.5))).toEqual([])
    expect(named(pilot.tick(1.2))).toEqual(['request 1'])
    expect(named(pilot.tick(2.3))).toEqual(['request 1'])
    // A duplicate of item 0 is out of sequence (ArduPilot's answer); item 1 completes the upload.
    expect(named(pilot.receive(item(items[0]!, 0), gcs, 2.4))).toEqual(['ack INVALID_SEQUENCE'])
    const done = pilot.receive(item(items[1]!, 1), gcs, 2.5)
    expect(named(done)).toEqual(['ack ACCEPTED'])
    // Its MISSION_ACK lost, the station sends item 1 again: the same ACK again.
    expect(pilot.receive(item(items[1]!, 1), gcs, 3)).toEqual(done)
    const current = pilot.tick(3.1).at(-1) as common.MissionCurrent
    expect(current).toMatchObject({
      seq: 0,
      total: 2,
      missionState: common.MissionState.NOT_STARTED,
      missionId: (done[0] as common.MissionAck).opaqueId,
    })
  })

  it('gives up an upload that stalls, and refuses what ArduPilot would refuse, with its reason', () => {
    const { pilot } = autopilot({ maxItems: 3, uploadTimeoutS: 8 })
    pilot.receive(count(2), gcs, 0)
    expect(named(pilot.tick(8.5))).toEqual(['ack OPERATION_CANCELLED'])
    expect(named(pilot.receive(count(4), gcs, 9))).toEqual(['text Only 3 items are supported', 'ack NO_SPACE'])
    const refuse = (bad: MissionItem) => {
      pilot.receive(count(1), gcs, 10)
      return named(pilot.receive(item(bad, 0), gcs, 10))
    }
    expect(refuse({ ...waypoint({ lat: 1, lon: 1 }), frame: common.MavFrame.LOCAL_NED })).toEqual([
      'text Item 0: frame 1 not supported',
      'ack UNSUPPORTED_FRAME',
    ])
    expect(refuse({ command: common.MavCmd.NAV_LAND, frame: common.MavFrame.GLOBAL_RELATIVE_ALT_INT })).toEqual([
      'text Item 0: command 21 not supported',
      'ack UNSUPPORTED',
    ])
    expect(refuse(waypoint({ lat: 95, lon: 1 }))).toEqual(['text Item 0: latitude 95 out of range', 'ack INVALID_PARAM5_X'])
    expect(refuse(waypoint({ lat: 1, lon: 1, holdS: -1 }))).toEqual(['text Item 0: negative hold time -1', 'ack INVALID_PARAM1'])
    // Another station's upload waits for this one to end.
    pilot.receive(count(1), gcs, 11)
    expect(named(pilot.receive(count(1), { systemId: 254, componentId: 190 }, 11))).toEqual(['ack DENIED'])
  })

  it('keeps the circuit until commanded, then arms, flies AUTO with hold times and ends holding', () => {
    const { spec, pilot } = autopilot({ speedMs: 10 })
    expect(pilot.vehicleState(5)).toEqual(stateAt(spec, 5))
    expect(pilot.customMode()).toBeUndefined()
    expect(pilot.tick(5)).toEqual([])
    // AUTO without a mission is refused, as ArduPilot refuses it.
    expect(named(pilot.receive(command(common.MavCmd.DO_SET_MODE, minimal.MavModeFlag.CUSTOM_MODE_ENABLED, 10), gcs, 5))).toEqual(['command FAILED'])
    const start = stateAt(spec, 5)
    const near = { lat: start.lat + 0.0002, lon: start.lon }
    pilot.receive(count(1), gcs, 5)
    pilot.receive(item(waypoint({ ...near, holdS: 2 }), 0), gcs, 5)
    expect(pilot.customMode()).toBe(4)
    expect(named(pilot.receive(command(common.MavCmd.COMPONENT_ARM_DISARM, 1), gcs, 5))).toEqual(['command ACCEPTED'])
    expect(named(pilot.receive(command(common.MavCmd.DO_SET_MODE, minimal.MavModeFlag.CUSTOM_MODE_ENABLED, 10), gcs, 5))).toEqual([
      'command ACCEPTED',
    ])
    expect(pilot.vehicleState(6)).toMatchObject({ armed: true })
    // About 22 m at 10 m/s: there within 3 s, then 2 s of hold, then complete.
    const events: string[] = []
    for (let t = 5; t <= 12; t += 0.25)
      events.push(
        ...named(pilot.tick(t))
          .filter((n) => n !== 'MISSION_CURRENT')
          .map((n) => `${t} ${n}`),
      )
    expect(events).toHaveLength(1)
    const reachedAt = Number(events[0]!.split(' ')[0])
    expect(reachedAt).toBeGreaterThan(6.5)
    expect(reachedAt).toBeLessThan(8)
    const end = pilot.vehicleState(12)
    // Where MISSION_ITEM_INT put the waypoint (degrees × 10^7).
    expect(end.lat).toBeCloseTo(near.lat, 6)
    expect(end.lon).toBeCloseTo(near.lon, 6)
    expect(end.speedMs).toBe(0)
    const current = pilot.tick(12.25).at(-1) as common.MissionCurrent
    expect(current).toMatchObject({ seq: 0, missionState: common.MissionState.COMPLETE, missionMode: 2 })
    expect(pilot.customMode()).toBe(4)
  })

  it('flies the legs after a DO_CHANGE_SPEED item at its speed', () => {
    const { spec, pilot } = autopilot({ speedMs: 3 })
    const start = stateAt(spec, 0)
    pilot.receive(count(2), gcs, 0)
    pilot.receive(item(changeSpeed(12), 0), gcs, 0)
    pilot.receive(item(waypoint({ lat: start.lat + 0.001, lon: start.lon }), 1), gcs, 0)
    pilot.receive(command(common.MavCmd.COMPONENT_ARM_DISARM, 1), gcs, 0)
    pilot.receive(command(common.MavCmd.DO_SET_MODE, minimal.MavModeFlag.CUSTOM_MODE_ENABLED, 10), gcs, 0)
    pilot.tick(0.5)
    expect(pilot.vehicleState(0.5).speedMs).toBe(12)
    expect((pilot.tick(0.75).at(-1) as common.MissionCurrent).seq).toBe(1)
  })

  it('returns to launch and disarms there; refuses to disarm a drone in the air', () => {
    const spec = specOf(
      seededVehicles.find((v) => v.device_id === 'charlie-uav-1')!,
      0,
    )
    const pilot = new SimulatedAutopilot(spec, (t) => stateAt(spec, t), { speedMs: 20 })
    expect(named(pilot.receive(command(common.MavCmd.COMPONENT_ARM_DISARM, 0), gcs, 1))).toEqual(['command FAILED'])
    expect(named(pilot.receive(command(common.MavCmd.COMPONENT_ARM_DISARM, 0, 21196), gcs, 1))).toEqual(['command ACCEPTED'])
    pilot.receive(command(common.MavCmd.COMPONENT_ARM_DISARM, 1), gcs, 2)
    expect(named(pilot.receive(command(common.MavCmd.NAV_RETURN_TO_LAUNCH), gcs, 2))).toEqual(['command ACCEPTED'])
    expect(pilot.customMode()).toBe(6)
    for (let t = 2; t < 30; t += 0.5) pilot.tick(t)
    expect(pilot.vehicleState(30)).toMatchObject({ armed: false, altitudeM: 0 })
    expect(pilot.customMode()).toBe(5)
    expect(named(pilot.receive(command(common.MavCmd.DO_SET_MODE, minimal.MavModeFlag.CUSTOM_MODE_ENABLED, 99), gcs, 30))).toEqual(['command FAILED'])
    expect(named(pilot.receive(command(common.MavCmd.DO_REPOSITION), gcs, 30))).toEqual(['command UNSUPPORTED'])
  })
})
