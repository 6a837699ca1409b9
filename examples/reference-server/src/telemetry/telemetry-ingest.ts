import { createHash, timingSafeEqual } from 'node:crypto'
import type { MavLinkData } from 'node-mavlink'
import type { VehicleTelemetry } from '@honu/core/live'
import type { Database } from '../db/database'
import { LinkQuality } from './link-quality'
import { decodeDatagram, type DecodedPacket } from './mavlink-decode'
import { mergeTelemetry, telemetryOf, type TelemetryUpdate } from './mavlink-mapping'

/** Where ingested states and heartbeats go: the live channel's hub (`hub.publish`, `hub.beat`). */
export interface TelemetrySink {
  publish(state: VehicleTelemetry): void
  /** A heartbeat of a device of any kind: a sign of life for the device presence. */
  beat(sign: { tenantId: string; deviceId: string }): void
}

/** What the ingest has seen since it started (`GET /health` → `telemetry`). */
export interface TelemetryCounters {
  /** Valid MAVLink packets received. */
  packets: number
  /** Packets from a system id bound to no vehicle: counted and dropped. */
  unknownSystem: number
  /** Packets with a bad checksum, truncated, or bytes that start no packet: counted and dropped. */
  malformed: number
  /** Packets of a vehicle with a signing key that came unsigned: counted and dropped. */
  unsigned: number
  /** Packets of a vehicle with a signing key whose signature is wrong or whose timestamp is not newer: dropped. */
  badSignature: number
  /** Packets, reports and heartbeats dropped because a test control stopped the device. */
  stopped: number
  /** States handed to the hub. */
  published: number
  /** Heartbeats of devices (any kind) handed to the hub. */
  heartbeats: number
}

/** Options of {@link createTelemetryIngest}. */
export interface TelemetryIngestOptions {
  db: Pick<Database, 'query'>
  sink: TelemetrySink
  /** The clock (ms since the epoch). */
  now?: () => number
  /** Least time between two states of one vehicle handed to the hub; messages in between merge. Default 50 ms. */
  minPublishIntervalMs?: number
}

interface Binding {
  deviceId: string
  tenantId: string
  systemId?: number
  /** The vehicle's MAVLink 2 signing key: its packets must then be signed with it. */
  signingKey?: Buffer
}

interface Vehicle {
  state: VehicleTelemetry
  link: LinkQuality
  lastPublished: number
  timer?: NodeJS.Timeout
}

/** Where a datagram came from: the UDP address of the vehicle (or of the mavlink-router in front of it). */
export interface DatagramSource {
  address: string
  port: number
}

/**
 * One MAVLink packet the ingest accepted: its system id is bound to a vehicle, its signature (for a vehicle with a
 * signing key) checked, the vehicle not stopped by a test control. What the mission link (src/missions) listens to.
 */
export interface VehiclePacket {
  deviceId: string
  tenantId: string
  systemId: number
  componentId: number
  msgId: number
  /** Decoded when it is one the ingest reads (HEARTBEAT among them); other messages are decoded from `raw`. */
  message?: MavLinkData
  /** The whole packet (a view into the datagram: copy it to keep it past the listener's call). */
  raw: Buffer
  /** The datagram's sender, where replies go (as QGroundControl and mavlink-router reply to the source). */
  from?: DatagramSource
}

/** The ingest: MAVLink datagrams and JSON reports in, one merged state per vehicle out to the hub. */
export interface TelemetryIngest {
  /** Handles one UDP datagram (never throws; garbage is counted); `from` is its sender, for {@link onPacket}. */
  handleDatagram(datagram: Buffer, from?: DatagramSource): void
  /**
   * Calls `listener` with every packet accepted from here on (after the state is updated), for readers of other
   * messages than telemetry; returns the unsubscribe. A listener that throws is skipped, never the ingest.
   */
  onPacket(listener: (packet: VehiclePacket) => void): () => void
  /** Handles one JSON report of a vehicle already authenticated by its token. */
  handleReport(vehicle: { deviceId: string; tenantId: string }, update: TelemetryUpdate): void
  /** Handles one heartbeat of a device (any kind) already authenticated by its token. */
  handleHeartbeat(device: { deviceId: string; tenantId: string }): void
  /** Re-reads the system id bindings from the database. */
  reloadBindings(): Promise<void>
  /** Test control: drop (`true`) or take again (`false`) one device's packets, reports and heartbeats, as if its link were cut. */
  setStopped(deviceId: string, stopped: boolean): void
  counters(): TelemetryCounters
  close(): void
}

/** How often the bindings are re-read, so a device bound or deleted meanwhile is seen without a restart. */
export const BINDINGS_REFRESH_MS = 10_000

/** Creates the ingest. Call {@link TelemetryIngest.reloadBindings} once before the first datagram. */
export function createTelemetryIngest(options: TelemetryIngestOptions): TelemetryIngest {
  const now = options.now ?? Date.now
  const minInterval = options.minPublishIntervalMs ?? 50
  const counters: TelemetryCounters = {
    packets: 0,
    unknownSystem: 0,
    malformed: 0,
    unsigned: 0,
    badSignature: 0,
    stopped: 0,
    published: 0,
    heartbeats: 0,
  }
  /** The newest signed timestamp per stream (system, component, link): an older or equal one is a replay. */
  const lastSigned = new Map<string, number>()
  let bySystem = new Map<number, Binding>()
  const vehicles = new Map<string, Vehicle>()
  const stopped = new Set<string>()
  const packetListeners = new Set<(packet: VehiclePacket) => void>()
  let closed = false
  let lastReload = 0
  let reloading: Promise<void> | undefined

  const reloadBindings = async () => {
    const rows = await options.db.query<{ device_id: string; tenant_id: string; mavlink_system_id: number; mavlink_signing_key: string | null }>(
      "select device_id, tenant_id, mavlink_system_id, mavlink_signing_key from devices where kind = 'vehicle' and mavlink_system_id is not null",
    )
    bySystem = new Map(
      rows.map((r) => [
        Number(r.mavlink_system_id),
        {
          deviceId: r.device_id,
          tenantId: r.tenant_id,
          systemId: Number(r.mavlink_system_id),
          ...(r.mavlink_signing_key ? { signingKey: Buffer.from(r.mavlink_signing_key, 'hex') } : {}),
        },
      ]),
    )
    lastReload = now()
    // A vehicle no longer bound (deleted, or bound to another tenant's device) keeps no state here.
    const bound = new Set([...bySystem.values()].map((b) => `${b.tenantId}/${b.deviceId}`))
    for (const [key, vehicle] of vehicles) {
      if (vehicle.state.systemId !== undefined && !bound.has(key)) {
        clearTimeout(vehicle.timer)
        vehicles.delete(key)
      }
    }
  }
  const refresh = () => {
    if (closed || reloading || now() - lastReload < BINDINGS_REFRESH_MS) return
    reloading = reloadBindings()
      .catch(() => undefined)
      .finally(() => (reloading = undefined))
  }

  const publish = (vehicle: Vehicle) => {
    clearTimeout(vehicle.timer)
    vehicle.timer = undefined
    vehicle.lastPublished = now()
    counters.published += 1
    options.sink.publish(vehicle.state)
  }
  /** Hands the state on at once, or once the vehicle's least interval has passed (merging what comes meanwhile). */
  const changed = (vehicle: Vehicle) => {
    if (closed || vehicle.timer) return
    const wait = vehicle.lastPublished + minInterval - now()
    if (wait <= 0) publish(vehicle)
    else vehicle.timer = setTimeout(() => publish(vehicle), wait)
  }
  const vehicleOf = (binding: Binding): Vehicle => {
    const key = `${binding.tenantId}/${binding.deviceId}`
    let vehicle = vehicles.get(key)
    if (!vehicle) {
      const state: VehicleTelemetry = { deviceId: binding.deviceId, tenantId: binding.tenantId, time: now() }
      if (binding.systemId !== undefined) state.systemId = binding.systemId
      vehicle = { state, link: new LinkQuality(), lastPublished: 0 }
      vehicles.set(key, vehicle)
    }
    return vehicle
  }

  return {
    handleDatagram(datagram, from) {
      if (closed) return
      refresh()
      let decoded
      try {
        decoded = decodeDatagram(datagram)
      } catch {
        counters.malformed += 1
        return
      }
      counters.malformed += decoded.malformed
      const touched = new Set<Vehicle>()
      for (const packet of decoded.packets) {
        counters.packets += 1
        const binding = bySystem.get(packet.systemId)
        if (!binding) {
          counters.unknownSystem += 1
          continue
        }
        if (binding.signingKey) {
          const verdict = checkSignature(packet, binding.signingKey, lastSigned)
          if (verdict !== 'ok') {
            counters[verdict] += 1
            continue
          }
        }
        if (stopped.has(binding.deviceId)) {
          counters.stopped += 1
          continue
        }
        const vehicle = vehicleOf(binding)
        const time = now()
        const quality = vehicle.link.record(packet.componentId, packet.seq, time)
        let state: VehicleTelemetry = { ...vehicle.state, time, link: { quality } }
        const update = packet.message ? telemetryOf(packet.message) : undefined
        if (update) state = mergeTelemetry(state, update)
        vehicle.state = state
        touched.add(vehicle)
        if (packetListeners.size > 0) {
          const accepted: VehiclePacket = {
            deviceId: binding.deviceId,
            tenantId: binding.tenantId,
            systemId: packet.systemId,
            componentId: packet.componentId,
            msgId: packet.msgId,
            message: packet.message,
            raw: packet.raw,
            ...(from ? { from } : {}),
          }
          for (const listener of packetListeners) {
            try {
              listener(accepted)
            } catch {
              // A reader's bug must not stop the telemetry of every vehicle.
            }
          }
        }
      }
      for (const vehicle of touched) changed(vehicle)
    },
    handleReport(binding, update) {
      if (closed) return
      if (stopped.has(binding.deviceId)) {
        counters.stopped += 1
        return
      }
      const vehicle = vehicleOf(binding)
      vehicle.state = mergeTelemetry({ ...vehicle.state, time: now() }, update)
      changed(vehicle)
    },
    handleHeartbeat(device) {
      if (closed) return
      if (stopped.has(device.deviceId)) {
        counters.stopped += 1
        return
      }
      counters.heartbeats += 1
      options.sink.beat({ tenantId: device.tenantId, deviceId: device.deviceId })
    },
    onPacket(listener) {
      packetListeners.add(listener)
      return () => void packetListeners.delete(listener)
    },
    reloadBindings,
    setStopped(deviceId, stop) {
      if (stop) stopped.add(deviceId)
      else stopped.delete(deviceId)
    },
    counters: () => ({ ...counters }),
    close() {
      closed = true
      packetListeners.clear()
      for (const vehicle of vehicles.values()) clearTimeout(vehicle.timer)
    },
  }
}

/**
 * A signed vehicle's packet, checked as MAVLink 2 signing says: signed at all, its signature the first 48 bits of
 * SHA-256(key ‖ packet through the timestamp), and its timestamp newer than the last one of its stream (system,
 * component, link), so a recorded packet cannot be replayed.
 */
function checkSignature(packet: DecodedPacket, key: Buffer, lastSigned: Map<string, number>): 'ok' | 'unsigned' | 'badSignature' {
  const signing = packet.signing
  if (!signing) return 'unsigned'
  const expected = createHash('sha256').update(key).update(signing.signed).digest().subarray(0, 6)
  if (!timingSafeEqual(expected, signing.signature)) return 'badSignature'
  const stream = `${packet.systemId}/${packet.componentId}/${signing.linkId}`
  const last = lastSigned.get(stream)
  if (last !== undefined && signing.timestamp <= last) return 'badSignature'
  lastSigned.set(stream, signing.timestamp)
  return 'ok'
}
