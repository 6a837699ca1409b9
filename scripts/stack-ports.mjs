// The embedded stack's ports: the built app, the reference server's API, the Firebase Auth emulator and the MAVLink
// ingest. Each has its default (`npm start` uses them) and an environment variable; `npm test` picks free ones, so
// it runs beside `npm start` on the same machine.
import { createSocket } from 'node:dgram'
import { createServer } from 'node:net'

/** Default port and environment variable of each part of the stack. */
export const STACK_PORTS = {
  app: { env: 'HONU_APP_PORT', port: 5173 },
  api: { env: 'HONU_API_PORT', port: 8080 },
  auth: { env: 'HONU_AUTH_PORT', port: 9099 },
  mavlink: { env: 'HONU_MAVLINK_PORT', port: 14550 },
}

/**
 * The ports the environment names, else the defaults. A value that is not a port stops with a message naming
 * the variable (MAVLink may be 0: no ingest).
 */
export function readStackPorts(env = process.env) {
  const ports = {}
  for (const [part, { env: name, port }] of Object.entries(STACK_PORTS)) {
    const text = env[name]?.trim()
    const value = text ? Number(text) : port
    const lowest = part === 'mavlink' ? 0 : 1
    if (!Number.isInteger(value) || value < lowest || value > 65535) {
      throw new Error(`${name} must be a port number (${lowest}–65535), not ${JSON.stringify(env[name])}.`)
    }
    ports[part] = value
  }
  return ports
}

/** A TCP port nothing listens on right now on 127.0.0.1. */
export async function freeTcpPort() {
  const probe = createServer()
  await new Promise((done, failed) => probe.once('error', failed).listen(0, '127.0.0.1', done))
  const { port } = probe.address()
  await new Promise((done) => probe.close(done))
  return port
}

/** A free TCP port that is none of `taken` (two probes in a row can be handed the same one). */
export async function freeTcpPortOtherThan(taken) {
  for (;;) {
    const port = await freeTcpPort()
    if (!taken.includes(port)) return port
  }
}

/** A UDP port nothing is bound to right now on 127.0.0.1 (the MAVLink ingest). */
async function freeUdpPort() {
  const probe = createSocket('udp4')
  await new Promise((done, failed) => probe.once('error', failed).bind(0, '127.0.0.1', done))
  const { port } = probe.address()
  await new Promise((done) => probe.close(done))
  return port
}

/**
 * Environment variables giving every part of the stack a free port, for those the environment does not name
 * already (a run can still pin one, e.g. HONU_APP_PORT=5173).
 */
export async function freeStackPortsEnv(env = process.env) {
  const chosen = {}
  for (const [part, { env: name }] of Object.entries(STACK_PORTS)) {
    if (env[name]?.trim()) continue
    chosen[name] = String(part === 'mavlink' ? await freeUdpPort() : await freeTcpPort())
  }
  return chosen
}

/**
 * The host app's build folder under examples/host-app for a stack whose app is on `appPort`: `dist` on the default
 * port, `dist-<port>` on any other (a test run beside `npm start` leaves its build alone), unless HONU_APP_DIST names
 * one. e2e/stack.ts reads it the same way.
 */
export function appDistFolder(appPort, env = process.env) {
  return env.HONU_APP_DIST?.trim() || (appPort === STACK_PORTS.app.port ? 'dist' : `dist-${appPort}`)
}
