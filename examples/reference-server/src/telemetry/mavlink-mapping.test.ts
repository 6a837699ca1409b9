import { describe, expect, it } from 'vitest'
import { common, minimal, MavLinkProtocolV1, MavLinkProtocolV2, type MavLinkData, type MavLinkProtocol } from 'node-mavlink'
import { decodeDatagram } from './mavlink-decode'
import { mergeTelemetry, telemetryOf } from './mavlink-mapping'

/** Encodes like an autopilot, decodes like the ingest: the mapping is tested on real packets. */
function roundTrip(message: MavLinkData, protocol: MavLinkProtocol = new MavLinkProtocolV2(7, 1)) {
  const { packets, malformed } = decodeDatagram(protocol.serialize(message, 3))
  expect(malformed).toBe(0)
  expect(packets).toHaveLength(1)
  expect(packets[0]).toMatchObject({ systemId: 7, componentId: 1, seq: 3 })
  return telemetryOf(packets[0]!.message!)
}

describe('MAVLink 2 packets → vehicle telemetry', () => {
  it('HEARTBEAT: ArduPilot rover mode and armed state', () => {
    const heartbeat = new minimal.Heartbeat()
    heartbeat.type = minimal.MavType.SURFACE_BOAT
    heartbeat.autopilot = minimal.MavAutopilot.ARDUPILOTMEGA
    heartbeat.baseMode = minimal.MavModeFlag.CUSTOM_MODE_ENABLED | minimal.MavModeFlag.SAFETY_ARMED
    heartbeat.customMode = 10
    expect(roundTrip(heartbeat)).toEqual({ mode: 'AUTO', armed: true })
    heartbeat.type = minimal.MavType.QUADROTOR
    heartbeat.baseMode = minimal.MavModeFlag.CUSTOM_MODE_ENABLED
    heartbeat.customMode = 6
    expect(roundTrip(heartbeat)).toEqual({ mode: 'RTL', armed: false })
  })

  it('HEARTBEAT of a ground station is not the vehicle', () => {
    const heartbeat = new minimal.Heartbeat()
    heartbeat.type = minimal.MavType.GCS
    heartbeat.autopilot = minimal.MavAutopilot.INVALID
    expect(roundTrip(heartbeat)).toBeUndefined()
  })

  it('GLOBAL_POSITION_INT: degrees, metres, ground speed and heading', () => {
    const position = new common.GlobalPositionInt()
    position.lat = 212950000
    position.lon = -1578750000
    position.alt = 12_500
    position.relativeAlt = 2_500
    position.vx = 300
    position.vy = 400
    position.hdg = 27_050
    expect(roundTrip(position)).toEqual({
      position: { lat: 21.295, lon: -157.875, altitudeM: 12.5, relativeAltitudeM: 2.5 },
      groundSpeedMs: 5,
      headingDeg: 270.5,
    })
    position.hdg = 0xffff
    expect(roundTrip(position)).not.toHaveProperty('headingDeg')
  })

  it('ATTITUDE: radians to degrees', () => {
    const attitude = new common.Attitude()
    attitude.roll = Math.PI / 6
    attitude.pitch = -Math.PI / 36
    attitude.yaw = Math.PI
    expect(roundTrip(attitude)).toEqual({ attitude: { rollDeg: 30, pitchDeg: -5, yawDeg: 180 } })
  })

  it('VFR_HUD: speeds, climb and heading', () => {
    const hud = new common.VfrHud()
    hud.airspeed = 7.25
    hud.groundspeed = 6.5
    hud.climb = -0.5
    hud.heading = 359
    expect(roundTrip(hud)).toEqual({ airSpeedMs: 7.25, groundSpeedMs: 6.5, climbMs: -0.5, headingDeg: 359 })
  })

  it('SYS_STATUS: battery voltage, current, remaining; unknown values left out', () => {
    const status = new common.SysStatus()
    status.voltageBattery = 22_200
    status.currentBattery = 1_250
    status.batteryRemaining = 64
    expect(roundTrip(status)).toEqual({ battery: { voltageV: 22.2, currentA: 12.5, remainingPct: 64 } })
    status.currentBattery = -1
    status.batteryRemaining = -1
    expect(roundTrip(status)).toEqual({ battery: { voltageV: 22.2 } })
  })

  it('BATTERY_STATUS: cells summed, remaining time; a second battery is ignored', () => {
    const battery = new common.BatteryStatus()
    battery.voltages = [4_100, 4_100, 4_000, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff]
    battery.voltagesExt = [0, 0, 0, 0]
    battery.currentBattery = 800
    battery.batteryRemaining = 12
    battery.timeRemaining = 540
    expect(roundTrip(battery)).toEqual({ battery: { voltageV: 12.2, currentA: 8, remainingPct: 12, remainingS: 540 } })
    battery.id = 1
    expect(roundTrip(battery)).toBeUndefined()
  })

  it('GPS_RAW_INT: fix type, satellites, HDOP', () => {
    const gps = new common.GpsRawInt()
    gps.fixType = common.GpsFixType.GPS_FIX_TYPE_3D_FIX
    gps.satellitesVisible = 14
    gps.eph = 80
    expect(roundTrip(gps)).toEqual({ gps: { fixType: 3, satellites: 14, hdop: 0.8 } })
  })

  it('reads MAVLink 1 packets too', () => {
    const hud = new common.VfrHud()
    hud.groundspeed = 2
    hud.heading = 90
    expect(roundTrip(hud, new MavLinkProtocolV1(7, 1))).toMatchObject({ groundSpeedMs: 2, headingDeg: 90 })
  })

  it('merges battery reports field by field', () => {
    const state = { deviceId: 'd', tenantId: 't', time: 1, battery: { voltageV: 12, remainingS: 600 } }
    expect(mergeTelemetry(state, { battery: { remainingPct: 40 } }).battery).toEqual({ voltageV: 12, remainingS: 600, remainingPct: 40 })
  })
})

describe('datagrams', () => {
  const protocol = new MavLinkProtocolV2(9, 1)
  const hud = new common.VfrHud()
  hud.groundspeed = 3
  hud.heading = 45
  const packet = () => protocol.serialize(hud, 0)

  it('splits several packets of one datagram', () => {
    const attitude = new common.Attitude()
    const { packets, malformed } = decodeDatagram(Buffer.concat([packet(), protocol.serialize(attitude, 1)]))
    expect(malformed).toBe(0)
    expect(packets.map((p) => p.msgId)).toEqual([common.VfrHud.MSG_ID, common.Attitude.MSG_ID])
  })

  it('counts a corrupted checksum, a truncated packet and garbage as malformed, and never throws', () => {
    const corrupted = packet()
    corrupted[12] = corrupted[12]! ^ 0xff
    expect(decodeDatagram(corrupted)).toEqual({ packets: [], malformed: 1 })
    expect(decodeDatagram(packet().subarray(0, 15))).toEqual({ packets: [], malformed: 1 })
    expect(decodeDatagram(Buffer.from('not mavlink at all'))).toEqual({ packets: [], malformed: 1 })
    expect(decodeDatagram(Buffer.alloc(0))).toEqual({ packets: [], malformed: 0 })
    // Garbage before a good packet: the packet is still found.
    const mixed = decodeDatagram(Buffer.concat([Buffer.from([1, 2, 3]), packet()]))
    expect(mixed.packets).toHaveLength(1)
    expect(mixed.malformed).toBe(1)
    for (let seed = 0; seed < 200; seed++) {
      const noise = Buffer.from(Array.from({ length: 64 }, (_, i) => ((seed * 131 + i * 17) ^ (i * seed)) & 0xff))
      noise[0] = seed % 2 ? 0xfd : 0xfe
      expect(() => decodeDatagram(noise)).not.toThrow()
    }
  })
})
