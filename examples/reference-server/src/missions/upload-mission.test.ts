import { describe, expect, it } from 'vitest'
import { common, type MavLinkData } from 'node-mavlink'
import { createManualScheduler } from '@honu/core/testing'
import type { GroundLink, VehicleMessage } from './ground-link'
import { waypoint } from './mission-items'
import { sendCommand } from './send-command'
import { uploadMission } from './upload-mission'

/**
 * The ground side's protocol steps against a scripted vehicle on a manual clock: what is sent, and when, is exact.
 * (Over real UDP against the simulator: test/mission-execution.test.ts.)
 */
function fakeLink() {
  const sent: MavLinkData[] = []
  let listener: ((message: VehicleMessage) => void) | undefined
  const link: GroundLink = {
    systemId: 255,
    componentId: 190,
    send: async (_systemId, message) => {
      sent.push(message)
      return true
    },
    subscribe: (_systemId, l) => {
      listener = l
      return () => (listener = undefined)
    },
    vehicle: () => ({ systemId: 7, deviceId: 'd', tenantId: 't', address: { address: '127.0.0.1', port: 1 } }),
    close: () => undefined,
  }
  const hear = (message: MavLinkData) => listener?.({ systemId: 7, componentId: 1, message })
  const names = () =>
    sent.map((m) =>
      m instanceof common.MissionItemInt
        ? `item ${m.seq}`
        : m instanceof common.MissionAck
          ? `ack ${m.type}`
          : (m.constructor as { MSG_NAME?: string }).MSG_NAME,
    )
  return { link, sent, hear, names, listening: () => listener !== undefined }
}
const request = (seq: number) => Object.assign(new common.MissionRequestInt(), { targetSystem: 255, seq, missionType: 0 })
const ack = (type: common.MavMissionResult, opaqueId = 0) =>
  Object.assign(new common.MissionAck(), { targetSystem: 255, type, missionType: 0, opaqueId })
const items = [waypoint({ lat: 1, lon: 2 }), waypoint({ lat: 1.001, lon: 2 })]
const timing = { ackTimeoutMs: 100, maxRetries: 2, uploadTimeoutMs: 10_000 }

describe('uploadMission', () => {
  it('sends MISSION_COUNT again on silence, then gives up after its retries', async () => {
    const { link, names, listening } = fakeLink()
    const timers = createManualScheduler()
    const outcome = uploadMission({ link, systemId: 7, items, timing, timers })
    timers.advance(99)
    expect(names()).toEqual(['MISSION_COUNT'])
    timers.advance(1)
    timers.advance(100)
    expect(names()).toEqual(['MISSION_COUNT', 'MISSION_COUNT', 'MISSION_COUNT'])
    timers.advance(100)
    expect(await outcome).toEqual({
      ok: false,
      code: 'timeout',
      reason: 'The vehicle did not answer MISSION_COUNT: no MISSION_REQUEST_INT after 3 tries in 0.3 s.',
    })
    expect(listening()).toBe(false)
    expect(timers.pending).toBe(0)
  })

  it('answers each request, a repeated one again, resends the last item on silence, and ends on ACCEPTED', async () => {
    const { link, names, hear } = fakeLink()
    const timers = createManualScheduler()
    const progress: number[] = []
    const outcome = uploadMission({ link, systemId: 7, items, timing, timers, onProgress: (n) => progress.push(n) })
    hear(request(0))
    hear(request(0))
    hear(request(1))
    timers.advance(100)
    // ArduPilot's answer to the duplicate: ignored.
    hear(ack(common.MavMissionResult.INVALID_SEQUENCE))
    hear(ack(common.MavMissionResult.ACCEPTED, 42))
    expect(await outcome).toEqual({ ok: true, missionId: 42 })
    expect(names()).toEqual(['MISSION_COUNT', 'item 0', 'item 0', 'item 1', 'item 1'])
    expect(progress).toEqual([1, 1, 2])
  })

  it('fails on a refusing MISSION_ACK with the vehicle’s words, on a request out of range, and on an early ACCEPTED', async () => {
    const refused = fakeLink()
    const first = uploadMission({ link: refused.link, systemId: 7, items, timing, timers: createManualScheduler() })
    refused.hear(request(0))
    refused.hear(Object.assign(new common.StatusText(), { severity: common.MavSeverity.WARNING, text: 'Bad item' }))
    refused.hear(ack(common.MavMissionResult.INVALID_PARAM7))
    expect(await first).toEqual({
      ok: false,
      code: 'refused',
      result: common.MavMissionResult.INVALID_PARAM7,
      reason: 'The vehicle refused the mission at item 0: an invalid altitude or z (param7) (MAV_MISSION_INVALID_PARAM7). It said: "Bad item".',
    })

    const range = fakeLink()
    const second = uploadMission({ link: range.link, systemId: 7, items, timing, timers: createManualScheduler() })
    range.hear(request(2))
    expect(await second).toMatchObject({ ok: false, code: 'protocol', reason: 'The vehicle asked for item 2 of a mission of 2 items.' })

    const early = fakeLink()
    const third = uploadMission({ link: early.link, systemId: 7, items, timing, timers: createManualScheduler() })
    early.hear(request(0))
    early.hear(ack(common.MavMissionResult.ACCEPTED))
    expect(await third).toMatchObject({ ok: false, code: 'protocol', reason: 'The vehicle accepted the mission after asking for 1 of its 2 items.' })
  })

  it('is cancelled by its signal, telling the vehicle, and bounded as a whole', async () => {
    const { link, hear, names } = fakeLink()
    const abort = new AbortController()
    const outcome = uploadMission({ link, systemId: 7, items, timing, timers: createManualScheduler(), signal: abort.signal })
    hear(request(0))
    abort.abort()
    expect(await outcome).toMatchObject({ ok: false, code: 'cancelled' })
    expect(names()).toEqual(['MISSION_COUNT', 'item 0', `ack ${common.MavMissionResult.OPERATION_CANCELLED}`])

    const slow = fakeLink()
    const timers = createManualScheduler()
    const bounded = uploadMission({ link: slow.link, systemId: 7, items, timing: { ...timing, uploadTimeoutMs: 250 }, timers })
    // A vehicle that keeps asking for item 0 never finishes.
    for (let i = 0; i < 5; i++) {
      slow.hear(request(0))
      timers.advance(60)
    }
    expect(await bounded).toMatchObject({ ok: false, code: 'timeout', reason: 'The upload did not finish within 0.25 s (1 of 2 items asked for).' })
  })
})

describe('sendCommand', () => {
  it('retries with confirmation counted up, waits on IN_PROGRESS, and reports a refusal by name', async () => {
    const { link, sent, hear } = fakeLink()
    const timers = createManualScheduler()
    const outcome = sendCommand({
      link,
      systemId: 7,
      command: common.MavCmd.COMPONENT_ARM_DISARM,
      params: [1],
      timing: { ackTimeoutMs: 100, maxRetries: 3 },
      timers,
    })
    timers.advance(100)
    const commandAck = (result: common.MavResult, command = common.MavCmd.COMPONENT_ARM_DISARM) =>
      Object.assign(new common.CommandAck(), { command, result, targetSystem: 255 })
    hear(commandAck(common.MavResult.ACCEPTED, common.MavCmd.DO_SET_MODE)) // another command's: not ours
    hear(commandAck(common.MavResult.IN_PROGRESS))
    timers.advance(99)
    hear(commandAck(common.MavResult.DENIED))
    expect(await outcome).toEqual({
      ok: false,
      code: 'refused',
      result: common.MavResult.DENIED,
      reason: 'The vehicle refused MAV_CMD_COMPONENT_ARM_DISARM: MAV_RESULT_DENIED.',
    })
    expect(sent.map((m) => [(m as common.CommandLong).confirmation, (m as common.CommandLong)._param1])).toEqual([
      [0, 1],
      [1, 1],
    ])

    const silent = fakeLink()
    const clock = createManualScheduler()
    const timedOut = sendCommand({
      link: silent.link,
      systemId: 7,
      command: common.MavCmd.NAV_RETURN_TO_LAUNCH,
      timing: { ackTimeoutMs: 100, maxRetries: 1 },
      timers: clock,
    })
    clock.advance(200)
    expect(await timedOut).toEqual({
      ok: false,
      code: 'timeout',
      reason: 'The vehicle did not acknowledge MAV_CMD_NAV_RETURN_TO_LAUNCH: no COMMAND_ACK after 2 tries.',
    })
  })
})
