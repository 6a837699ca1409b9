import { minimal, MavLinkProtocolV2, type MavLinkData } from 'node-mavlink'
import type { DatagramSource, VehiclePacket } from '../telemetry/telemetry-ingest'
import { GROUND_COMPONENT_ID, GROUND_SYSTEM_ID, readMessage } from './mavlink-messages'

/** What the ground link needs of the telemetry ingest: its accepted packets and its UDP socket (`RunningTelemetry`). */
export interface GroundLinkTransport {
  onPacket(listener: (packet: VehiclePacket) => void): () => void
  send(datagram: Buffer, to: DatagramSource): Promise<void>
}

/** What the link has learnt of a vehicle from its packets. */
export interface KnownVehicle {
  systemId: number
  deviceId: string
  tenantId: string
  /** Where its packets last came from: where messages to it go. */
  address: DatagramSource
  /** MAV_TYPE and MAV_AUTOPILOT of its autopilot's last HEARTBEAT (undefined before the first). */
  type?: number
  autopilot?: number
}

/** A message from a vehicle, decoded, with the component that sent it. */
export interface VehicleMessage {
  systemId: number
  componentId: number
  message: MavLinkData
}

/** Options of {@link createGroundLink}. */
export interface GroundLinkOptions {
  transport: GroundLinkTransport
  /** Our system id (default 255, QGroundControl's). Messages a vehicle addresses to another system are not ours. */
  systemId?: number
  /** Our component id (default 190, MAV_COMP_ID_MISSIONPLANNER). */
  componentId?: number
}

/** The ground station's side of the MAVLink link: talks to vehicles through the ingest's UDP socket. */
export interface GroundLink {
  /** Our system and component ids, which vehicles address their answers to. */
  readonly systemId: number
  readonly componentId: number
  /**
   * Sends one message (MAVLink 2, our ids, our sequence) to a vehicle, at the address its packets last came from.
   * Resolves false when the vehicle has not been heard since the link started (nowhere to send it yet).
   */
  send(systemId: number, message: MavLinkData): Promise<boolean>
  /**
   * Calls `listener` with the mission-protocol, command, STATUSTEXT and HEARTBEAT messages of one vehicle (decoded),
   * except those it addresses to another ground station. Returns the unsubscribe.
   */
  subscribe(systemId: number, listener: (message: VehicleMessage) => void): () => void
  /** What the link knows of a vehicle, or undefined before its first packet. */
  vehicle(systemId: number): KnownVehicle | undefined
  /** Stops listening; sends nothing more. */
  close(): void
}

/**
 * Creates the ground link over the telemetry ingest: vehicles are learnt from the packets the ingest accepts (bound
 * system ids, signatures checked), and answered at the address they send from, as mavlink-router and
 * QGroundControl answer the source. One link per server process serves every execution.
 *
 * @example
 * const link = createGroundLink({ transport: running.telemetry })
 * const execution = createMissionExecution({ link, systemId: 1, items })
 */
export function createGroundLink(options: GroundLinkOptions): GroundLink {
  const systemId = options.systemId ?? GROUND_SYSTEM_ID
  const componentId = options.componentId ?? GROUND_COMPONENT_ID
  const protocol = new MavLinkProtocolV2(systemId, componentId)
  const vehicles = new Map<number, KnownVehicle>()
  const listeners = new Map<number, Set<(message: VehicleMessage) => void>>()
  let seq = 0
  let closed = false

  const unsubscribe = options.transport.onPacket((packet) => {
    let vehicle = vehicles.get(packet.systemId)
    if (packet.from) {
      if (!vehicle) {
        vehicle = { systemId: packet.systemId, deviceId: packet.deviceId, tenantId: packet.tenantId, address: packet.from }
        vehicles.set(packet.systemId, vehicle)
      }
      vehicle.address = packet.from
      vehicle.deviceId = packet.deviceId
      vehicle.tenantId = packet.tenantId
    }
    const message = packet.message instanceof minimal.Heartbeat ? packet.message : readMessage(packet.raw, packet.msgId)
    if (!message) return
    if (message instanceof minimal.Heartbeat) {
      // A camera's or another ground station's heartbeat on the same system id says nothing of the autopilot.
      if (vehicle && message.type !== minimal.MavType.GCS && message.autopilot !== minimal.MavAutopilot.INVALID) {
        vehicle.type = message.type
        vehicle.autopilot = message.autopilot
      }
    } else if (!addressedToUs(message, systemId)) {
      return
    }
    const forVehicle = listeners.get(packet.systemId)
    if (!forVehicle) return
    const event = { systemId: packet.systemId, componentId: packet.componentId, message }
    for (const listener of forVehicle) listener(event)
  })

  return {
    systemId,
    componentId,
    async send(target, message) {
      const vehicle = vehicles.get(target)
      if (closed || !vehicle) return false
      const datagram = protocol.serialize(message, seq)
      seq = (seq + 1) % 256
      await options.transport.send(datagram, vehicle.address)
      return true
    },
    subscribe(target, listener) {
      const forVehicle = listeners.get(target) ?? new Set()
      listeners.set(target, forVehicle)
      forVehicle.add(listener)
      return () => {
        forVehicle.delete(listener)
        if (forVehicle.size === 0 && listeners.get(target) === forVehicle) listeners.delete(target)
      }
    },
    vehicle(target) {
      const vehicle = vehicles.get(target)
      return vehicle ? { ...vehicle } : undefined
    },
    close() {
      closed = true
      unsubscribe()
      listeners.clear()
    },
  }
}

/** Whether a message names no target system, the broadcast one (0) or ours. */
function addressedToUs(message: MavLinkData, systemId: number): boolean {
  const target = (message as { targetSystem?: number }).targetSystem
  return target === undefined || target === 0 || target === systemId
}
