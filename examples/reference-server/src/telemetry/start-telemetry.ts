import cluster from 'node:cluster'
import { createSocket, type Socket } from 'node:dgram'
import type { Database } from '../db/database'
import { BINDINGS_REFRESH_MS, createTelemetryIngest, type DatagramSource, type TelemetryIngest, type TelemetrySink } from './telemetry-ingest'

/** The default UDP port of the MAVLink ingest (what QGroundControl and mavlink-router use). */
export const DEFAULT_MAVLINK_PORT = 14550

/**
 * `HONU_MAVLINK_PORT`: the UDP port of the MAVLink 2 ingest; undefined (off) for `0`, 14550 when unset.
 *
 * @throws {Error} for anything but a whole number from 0 to 65535.
 */
export function readMavlinkPort(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return DEFAULT_MAVLINK_PORT
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`HONU_MAVLINK_PORT must be a UDP port from 1 to 65535, or 0 to turn the MAVLink ingest off, not "${value}".`)
  }
  return port === 0 ? undefined : port
}

/** The running telemetry ingest: the JSON routes use it, tests read where its UDP socket listens. */
export interface RunningTelemetry extends TelemetryIngest {
  /** Where the MAVLink UDP socket listens (undefined when off). */
  mavlink?: { address: string; port: number }
  /**
   * Sends one datagram from the ingest's own UDP socket (so a vehicle hears its ground station on the port it sends
   * to, as from QGroundControl): what the mission link uses to talk back.
   *
   * @throws {Error} (rejects) when this process has no MAVLink socket (ingest off, or another worker bound it).
   */
  send(datagram: Buffer, to: DatagramSource): Promise<void>
  close(): Promise<void>
}

/** Options of {@link startTelemetry}. */
export interface StartTelemetryOptions {
  db: Pick<Database, 'query'>
  sink: TelemetrySink
  /** UDP port of the MAVLink ingest; 0 picks a free one (tests); undefined turns it off. */
  port?: number
  /** The address the UDP socket binds (the server's HOST). */
  host?: string
  minPublishIntervalMs?: number
}

/** Loads the bindings, opens the MAVLink UDP socket (when a port is given) and keeps the bindings fresh. */
export async function startTelemetry(options: StartTelemetryOptions): Promise<RunningTelemetry> {
  const ingest = createTelemetryIngest({ db: options.db, sink: options.sink, minPublishIntervalMs: options.minPublishIntervalMs })
  await ingest.reloadBindings()
  // Bindings also refresh while packets arrive; this catches changes while nothing is sent.
  const refresh = setInterval(() => void ingest.reloadBindings().catch(() => undefined), BINDINGS_REFRESH_MS)
  refresh.unref()

  let socket: Socket | undefined
  let mavlink: RunningTelemetry['mavlink']
  if (options.port !== undefined) {
    const host = options.host ?? '127.0.0.1'
    socket = createSocket({ type: host.includes(':') ? 'udp6' : 'udp4', recvBufferSize: 4 * 1024 * 1024 })
    const udp = socket
    try {
      await new Promise<void>((resolve, reject) => {
        udp.once('error', reject)
        // Exclusive even under node:cluster: one process reads a vehicle's every packet, or the link quality (from
        // sequence gaps) would halve with two processes sharing the datagrams.
        udp.bind({ port: options.port, address: host, exclusive: true }, () => {
          udp.off('error', reject)
          resolve()
        })
      })
    } catch (error) {
      // Several server processes (serve:workers): the first binds, the rest publish nothing over UDP; the hub
      // still brings them the telemetry. A worker started after the ingesting one exited binds again.
      if (!(cluster.isWorker && (error as NodeJS.ErrnoException).code === 'EADDRINUSE')) {
        clearInterval(refresh)
        ingest.close()
        throw new Error(
          `The MAVLink ingest cannot listen on udp://${host}:${options.port}: ${(error as Error).message}. Set HONU_MAVLINK_PORT to a free port, or 0 to turn it off.`,
        )
      }
      socket = undefined
      try {
        udp.close()
      } catch {
        // Never bound.
      }
    }
    if (socket) {
      // A socket error after binding (ICMP noise, say) must not take the server down.
      udp.on('error', () => undefined)
      udp.on('message', (datagram, from) => ingest.handleDatagram(datagram, { address: from.address, port: from.port }))
      const bound = udp.address()
      mavlink = { address: bound.address, port: bound.port }
    }
  }

  return {
    ...ingest,
    mavlink,
    send(datagram, to) {
      const open = socket
      if (!open) return Promise.reject(new Error('This process has no MAVLink socket to send from (the ingest is off, or another worker bound it).'))
      return new Promise<void>((resolve, reject) => open.send(datagram, to.port, to.address, (error) => (error ? reject(error) : resolve())))
    },
    async close() {
      clearInterval(refresh)
      ingest.close()
      if (!socket) return
      const open = socket
      await new Promise<void>((resolve) => {
        try {
          open.close(() => resolve())
        } catch {
          // Never bound or already closed.
          resolve()
        }
      })
    },
  }
}
