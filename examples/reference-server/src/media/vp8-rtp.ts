/** Largest VP8 payload per RTP packet: well inside a 1200-byte path MTU with headers and SRTP. */
const MAX_PAYLOAD = 1100

/** One RTP packet's worth of a VP8 frame. */
export interface Vp8Packet {
  payload: Buffer
  /** The last packet of its frame (the RTP marker bit). */
  marker: boolean
}

/**
 * Splits a VP8 frame into RTP payloads (RFC 7741): a one-byte payload descriptor on each (S set on the first,
 * partition 0, no extensions), the marker on the last.
 */
export function packetizeVp8(frame: Buffer): Vp8Packet[] {
  const packets: Vp8Packet[] = []
  for (let start = 0; start < frame.length; start += MAX_PAYLOAD) {
    const descriptor = Buffer.from([start === 0 ? 0x10 : 0x00])
    packets.push({
      payload: Buffer.concat([descriptor, frame.subarray(start, start + MAX_PAYLOAD)]),
      marker: start + MAX_PAYLOAD >= frame.length,
    })
  }
  return packets
}
