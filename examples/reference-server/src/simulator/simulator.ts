import { createSocket } from 'node:dgram'
import { SimulatedVehicle, specOf, type SimulationPattern } from './simulated-vehicle'

/** Options of {@link startSimulator}. */
export interface SimulatorOptions {
  /** The seeded vehicles to fly (device id, tenant, system id, pattern). */
  vehicles: readonly { device_id: string; tenant_id: string; system_id: number; pattern: SimulationPattern }[]
  /** Where the MAVLink ingest listens. */
  target: { host: string; port: number }
  /** Ticks per second (each tick sends one datagram per vehicle). Default 4. */
  rateHz?: number
}

/** A running simulator. */
export interface RunningSimulator {
  /** Datagrams sent so far. */
  sent(): number
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
    return new SimulatedVehicle(specOf(v, index))
  })
  const socket = createSocket(options.target.host.includes(':') ? 'udp6' : 'udp4')
  // The ingest being down (ICMP port unreachable) is no reason to stop: it may come back.
  socket.on('error', () => undefined)
  const started = performance.now()
  let sent = 0
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
  return {
    sent: () => sent,
    async close() {
      clearInterval(timer)
      await new Promise<void>((resolve) => socket.close(() => resolve()))
    },
  }
}
