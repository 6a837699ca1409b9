import { createSocket } from 'node:dgram'
import { isIP } from 'node:net'
import { readMessage } from '../missions/mavlink-messages'
import { demoIngestToken } from '../telemetry/ingest-tokens'
import { decodeDatagram } from '../telemetry/mavlink-decode'
import type { AutopilotOptions } from './simulated-autopilot'
import { SimulatedVehicle, specOf, type SimulationPattern } from './simulated-vehicle'

/** Options of {@link startSimulator}. */
export interface SimulatorOptions {
  /** The seeded vehicles to fly (device id, tenant, system id, pattern). */
  vehicles: readonly { device_id: string; tenant_id: string; system_id: number; pattern: SimulationPattern }[]
  /** Where the MAVLink ingest listens. */
  target: { host: string; port: number }
  /** Ticks per second (each tick sends one datagram per vehicle). Default 4. */
  rateHz?: number
  /** How the vehicles' autopilots take and fly missions (tests make them fast: speed, item re-requests). */
  autopilot?: AutopilotOptions
  /**
   * Devices of any kind that send heartbeats to the API (`POST /api/v1/telemetry/heartbeat` with each device's demo
   * ingest token), each every `everyMs`, spread over the interval.
   */
  heartbeats?: { apiUrl: string; devices: readonly { deviceId: string; everyMs: number }[] }
}

/** A running simulator. */
export interface RunningSimulator {
  /** Datagrams sent so far (answers to a ground station included). */
  sent(): number
  /** Heartbeats the API accepted (202) and those it did not or that failed, so far. */
  heartbeats(): { accepted: number; failed: number }
  close(): Promise<void>
}

/**
 * Flies every vehicle along its circuit near its tenant's site and sends real MAVLink 2 over UDP to the ingest,
 * from one socket (as mavlink-router forwarding many vehicles would), `rateHz` times a second.
 */
export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const rateHz = options.rateHz ?? 4
  const perTenant = new Map<string, number>()
  const vehicles = options.vehicles.map((v) => {
    const index = perTenant.get(v.tenant_id) ?? 0
    perTenant.set(v.tenant_id, index + 1)
    return new SimulatedVehicle(specOf(v, index), options.autopilot)
  })
  const bySystem = new Map(vehicles.map((v) => [v.spec.systemId, v]))
  const socket = createSocket(options.target.host.includes(':') ? 'udp6' : 'udp4')
  // The ingest being down (ICMP port unreachable) is no reason to stop: it may come back.
  socket.on('error', () => undefined)
  const started = performance.now()
  let sent = 0
  // A ground station answers from where the telemetry goes (the server's MAVLink port, as QGroundControl does):
  // its messages are handed to the vehicle they name, whose answers go back the same way. Nobody else is heard.
  const literalTarget = isIP(options.target.host) !== 0
  socket.on('message', (datagram, from) => {
    if (from.port !== options.target.port || (literalTarget && from.address !== options.target.host)) return
    const t = (performance.now() - started) / 1000
    for (const packet of decodeDatagram(datagram).packets) {
      const message = readMessage(packet.raw, packet.msgId)
      const vehicle = bySystem.get((message as { targetSystem?: number } | undefined)?.targetSystem ?? -1)
      if (!message || !vehicle) continue
      const answer = vehicle.receive(message, { systemId: packet.systemId, componentId: packet.componentId }, t)
      if (!answer) continue
      socket.send(answer, options.target.port, options.target.host)
      sent += 1
    }
  })
  const tick = () => {
    const t = (performance.now() - started) / 1000
    for (const vehicle of vehicles) {
      const datagram = vehicle.datagramAt(t, rateHz)
      if (!datagram) continue
      socket.send(datagram, options.target.port, options.target.host)
      sent += 1
    }
  }
  tick()
  const timer = setInterval(tick, 1000 / rateHz)
  const beats = startHeartbeats(options.heartbeats)
  return {
    sent: () => sent,
    heartbeats: beats.counts,
    async close() {
      clearInterval(timer)
      beats.stop()
      await new Promise<void>((resolve) => socket.close(() => resolve()))
    },
  }
}

/** Most heartbeats waiting for an answer at once: a slow API is not flooded with more. */
const MAX_HEARTBEATS_IN_FLIGHT = 64
/** How often the heartbeat schedule is looked at. */
const HEARTBEAT_TICK_MS = 100

/** Sends each device's heartbeat every `everyMs` (first ones spread over the interval), while the API answers. */
function startHeartbeats(options: SimulatorOptions['heartbeats']) {
  const counts = { accepted: 0, failed: 0 }
  if (!options || options.devices.length === 0) return { counts: () => ({ ...counts }), stop: () => undefined }
  const url = `${options.apiUrl.replace(/\/+$/, '')}/api/v1/telemetry/heartbeat`
  const started = performance.now()
  const devices = options.devices.map((d, index) => ({
    token: demoIngestToken(d.deviceId),
    everyMs: d.everyMs,
    // Spread evenly: the first beat of device `index` of n comes `index / n` into its interval.
    due: started + (d.everyMs * index) / options.devices.length,
  }))
  let inFlight = 0
  let stopped = false
  const beat = async (token: string) => {
    inFlight += 1
    try {
      const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) })
      await response.body?.cancel()
      if (response.status === 202) counts.accepted += 1
      else counts.failed += 1
    } catch {
      // The API being down is no reason to stop: it may come back.
      counts.failed += 1
    } finally {
      inFlight -= 1
    }
  }
  const tick = () => {
    const now = performance.now()
    for (const device of devices) {
      if (stopped || device.due > now) continue
      if (inFlight >= MAX_HEARTBEATS_IN_FLIGHT) break
      device.due = Math.max(device.due + device.everyMs, now)
      void beat(device.token)
    }
  }
  tick()
  const timer = setInterval(tick, HEARTBEAT_TICK_MS)
  return {
    counts: () => ({ ...counts }),
    stop() {
      stopped = true
      clearInterval(timer)
    },
  }
}
