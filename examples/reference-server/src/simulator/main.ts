import { readMavlinkPort } from '../telemetry/start-telemetry'
import { readLargeTenant } from '../config'
import { heartbeatingDevices, seededVehicles } from '../seed'
import { startSimulator } from './simulator'

/**
 * The device simulator, its own process (as a real fleet is): every seeded vehicle sends MAVLink 2 over UDP to
 * the reference server's ingest, and the seeded devices of other kinds send heartbeats to its API with their demo
 * ingest tokens (the large tenant's too when HONU_SEED_LARGE_TENANT is set). Env: HONU_SIM_TARGET (host:port;
 * default 127.0.0.1 and HONU_MAVLINK_PORT or 14550), HONU_SIM_RATE_HZ (default 4), HONU_SIM_API (default
 * http://127.0.0.1:PORT, PORT 8080), HONU_SIM_LARGE_TENANT_HEARTBEATS (at most this many of the large tenant's
 * devices send heartbeats; default all of its 1 in 25 that do: 400 of 10,000, about 100 requests a second).
 */
try {
  const [host, port] = (process.env.HONU_SIM_TARGET ?? '').split(/:(?=\d+$)/)
  const target = {
    host: host || '127.0.0.1',
    port: port ? Number(port) : (readMavlinkPort(process.env.HONU_MAVLINK_PORT) ?? 14550),
  }
  const rateHz = Number(process.env.HONU_SIM_RATE_HZ ?? 4)
  if (!Number.isFinite(rateHz) || rateHz <= 0 || rateHz > 100)
    throw new Error(`HONU_SIM_RATE_HZ must be from 0 to 100, not "${process.env.HONU_SIM_RATE_HZ}".`)
  const apiUrl = process.env.HONU_SIM_API || `http://127.0.0.1:${process.env.PORT ?? 8080}`
  const devices = heartbeatingDevices(
    readLargeTenant(process.env.HONU_SEED_LARGE_TENANT) ?? 0,
    readLargeTenantHeartbeats(process.env.HONU_SIM_LARGE_TENANT_HEARTBEATS),
  )
  const simulator = await startSimulator({ vehicles: seededVehicles, target, rateHz, heartbeats: { apiUrl, devices } })
  console.log(`vehicle simulator: ${seededVehicles.length} vehicles at ${rateHz} Hz → udp://${target.host}:${target.port}`)
  console.log(`device simulator: ${devices.length} devices send heartbeats → ${apiUrl}/api/v1/telemetry/heartbeat`)
  const stop = async () => {
    await simulator.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error('vehicle simulator failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
}

/** `HONU_SIM_LARGE_TENANT_HEARTBEATS`: a whole number of devices (0 or more), or no limit when unset or empty. */
function readLargeTenantHeartbeats(value: string | undefined): number {
  if (value === undefined || value === '') return Infinity
  if (!/^\d+$/.test(value)) throw new Error(`HONU_SIM_LARGE_TENANT_HEARTBEATS must be a whole number of devices (0 or more), not "${value}".`)
  return Number(value)
}
