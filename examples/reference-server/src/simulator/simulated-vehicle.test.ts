import { describe, expect, it } from 'vitest'
import { decodeDatagram } from '../telemetry/mavlink-decode'
import { LinkQuality } from '../telemetry/link-quality'
import { telemetryOf } from '../telemetry/mavlink-mapping'
import { seededVehicles } from '../seed'
import { LINK_LOSS_CYCLE_S, LINK_LOSS_SILENT_S, SimulatedVehicle, specOf, stateAt } from './simulated-vehicle'

const spec = (deviceId: string) => {
  const vehicle = seededVehicles.find((v) => v.device_id === deviceId)!
  const index = seededVehicles.filter((v) => v.tenant_id === vehicle.tenant_id).indexOf(vehicle)
  return specOf(vehicle, index)
}

describe('simulated vehicles', () => {
  it('a route vehicle moves along its circuit at its speed; a parked one does not move', () => {
    const kahu = spec('alpha-usv-1')
    const a = stateAt(kahu, 0)
    const b = stateAt(kahu, 10)
    const metres = Math.hypot((b.lat - a.lat) * 111_320, (b.lon - a.lon) * 111_320 * Math.cos((a.lat * Math.PI) / 180))
    expect(metres).toBeGreaterThan(25)
    expect(metres).toBeLessThan(31)
    const honu = spec('alpha-usv-4')
    expect(stateAt(honu, 0)).toEqual(stateAt(honu, 60))
    expect(stateAt(honu, 0)).toMatchObject({ armed: false, speedMs: 0 })
  })

  it('the low-battery vehicle reports a low and falling battery', () => {
    const pueo = spec('alpha-usv-3')
    expect(stateAt(pueo, 0).batteryPct).toBeLessThan(20)
    expect(stateAt(pueo, 600).batteryPct).toBeLessThan(stateAt(pueo, 0).batteryPct)
  })

  it('the link-loss vehicle fades (sequence gaps the ingest sees) and then goes silent', () => {
    const manu = new SimulatedVehicle(spec('alpha-usv-2'))
    const link = new LinkQuality()
    let quality = 100
    let silent = 0
    const rate = 4
    for (let tick = 0; tick < LINK_LOSS_CYCLE_S * rate; tick++) {
      const t = tick / rate
      const datagram = manu.datagramAt(t, rate)
      if (!datagram) {
        silent += 1
        continue
      }
      const { packets, malformed } = decodeDatagram(datagram)
      expect(malformed).toBe(0)
      for (const p of packets) quality = Math.min(quality, link.record(p.componentId, p.seq, t * 1000))
    }
    expect(silent).toBe(LINK_LOSS_SILENT_S * rate)
    expect(quality).toBeLessThan(90)
  })

  it('sends every message the ingest reads, decodable by it', () => {
    const iwa = new SimulatedVehicle(spec('charlie-uav-1'))
    const { packets } = decodeDatagram(iwa.datagramAt(0, 4)!)
    const update = Object.assign({}, ...packets.map((p) => telemetryOf(p.message!)))
    expect(Object.keys(update).sort()).toEqual(
      ['armed', 'attitude', 'battery', 'airSpeedMs', 'climbMs', 'gps', 'groundSpeedMs', 'headingDeg', 'mode', 'position'].sort(),
    )
    expect(update).toMatchObject({ mode: 'AUTO', armed: true, gps: { fixType: 3, satellites: 14 } })
  })
})
