import {
  common,
  minimal,
  MavLinkProtocolV1,
  MavLinkProtocolV2,
  MSG_ID_MAGIC_NUMBER,
  x25crc,
  type MavLinkData,
  type MavLinkDataConstructor,
} from 'node-mavlink'

/** The messages the ingest reads (others are valid MAVLink and simply ignored). */
export const INGESTED_MESSAGES: Record<number, MavLinkDataConstructor<MavLinkData>> = {
  [minimal.Heartbeat.MSG_ID]: minimal.Heartbeat,
  [common.SysStatus.MSG_ID]: common.SysStatus,
  [common.GpsRawInt.MSG_ID]: common.GpsRawInt,
  [common.Attitude.MSG_ID]: common.Attitude,
  [common.GlobalPositionInt.MSG_ID]: common.GlobalPositionInt,
  [common.VfrHud.MSG_ID]: common.VfrHud,
  [common.BatteryStatus.MSG_ID]: common.BatteryStatus,
}

/** One checked MAVLink packet of a datagram. */
export interface DecodedPacket {
  systemId: number
  componentId: number
  seq: number
  msgId: number
  /** The decoded message when it is one the ingest reads; undefined for other valid messages. */
  message?: MavLinkData
  /** A signed MAVLink 2 packet's signature block (checked by the ingest against the vehicle's key). */
  signing?: PacketSigning
  /** The whole packet (a view into the datagram, not a copy): what a reader of other messages decodes. */
  raw: Buffer
}

/** MAVLink 2's signature block: link id, timestamp (10 µs units since 2015-01-01 UTC) and the 48-bit signature. */
export interface PacketSigning {
  linkId: number
  timestamp: number
  signature: Buffer
  /** What the signature covers after the key: the packet from its first byte through the timestamp. */
  signed: Buffer
}

/** What one UDP datagram held: its valid packets, and how many bytes runs or packets were not valid MAVLink. */
export interface DecodedDatagram {
  packets: DecodedPacket[]
  /** Packets with a wrong checksum, truncated packets, or bytes that start no packet. */
  malformed: number
}

const V1 = 0xfe
const V2 = 0xfd
const SIGNED = 0x01
const v1 = new MavLinkProtocolV1()
const v2 = new MavLinkProtocolV2()

/** The message of one checked packet (MAVLink 1 or 2) as `clazz`; undefined when its payload does not decode. */
export function decodeMessage(packet: Buffer, clazz: MavLinkDataConstructor<MavLinkData>): MavLinkData | undefined {
  const protocol = packet[0] === V2 ? v2 : v1
  try {
    return protocol.data(protocol.payload(packet), clazz)
  } catch {
    return undefined
  }
}

/**
 * Decodes one UDP datagram synchronously (an autopilot or mavlink-router sends whole packets per datagram, often
 * several). Each packet's checksum is checked with its message's CRC_EXTRA from node-mavlink's tables; a packet
 * whose message id is unknown cannot be checked and counts as malformed. Never throws: garbage is counted.
 */
export function decodeDatagram(datagram: Buffer): DecodedDatagram {
  const packets: DecodedPacket[] = []
  let malformed = 0
  let offset = 0
  let skipping = false
  while (offset < datagram.length) {
    const stx = datagram[offset]
    if (stx !== V1 && stx !== V2) {
      if (!skipping) malformed += 1
      skipping = true
      offset += 1
      continue
    }
    const headerLength = stx === V2 ? 10 : 6
    if (datagram.length - offset < headerLength + 2) {
      malformed += 1
      break
    }
    const payloadLength = datagram[offset + 1]!
    const signed = stx === V2 && (datagram[offset + 2]! & SIGNED) !== 0
    const total = headerLength + payloadLength + 2 + (signed ? 13 : 0)
    if (datagram.length - offset < total) {
      malformed += 1
      break
    }
    const buffer = datagram.subarray(offset, offset + total)
    const protocol = stx === V2 ? v2 : v1
    const header = protocol.header(buffer)
    const magic = MSG_ID_MAGIC_NUMBER[header.msgid]
    const trim = signed ? 13 + 2 : 2
    if (magic === undefined || x25crc(buffer, 1, trim, magic) !== protocol.crc(buffer)) {
      // Not a packet after all (or a corrupted one): resynchronise on the next byte.
      malformed += 1
      skipping = true
      offset += 1
      continue
    }
    skipping = false
    const clazz = INGESTED_MESSAGES[header.msgid]
    const message = clazz ? decodeMessage(buffer, clazz) : undefined
    if (clazz && !message) {
      malformed += 1
      offset += total
      continue
    }
    const signing = signed
      ? {
          linkId: buffer[total - 13]!,
          timestamp: buffer.readUIntLE(total - 12, 6),
          signature: buffer.subarray(total - 6),
          signed: buffer.subarray(0, total - 6),
        }
      : undefined
    packets.push({
      systemId: header.sysid,
      componentId: header.compid,
      seq: header.seq,
      msgId: header.msgid,
      message,
      ...(signing ? { signing } : {}),
      raw: buffer,
    })
    offset += total
  }
  return { packets, malformed }
}
