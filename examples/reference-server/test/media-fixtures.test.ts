import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readIvfFrames } from '../src/media/ivf'
import { packetizeVp8 } from '../src/media/vp8-rtp'

/** Whether a VP8 frame is a keyframe (bit 0 of its first byte is 0, RFC 6386 §9.1). */
const isVp8Keyframe = (frame: Buffer) => ((frame[0] ?? 1) & 0x01) === 0
const ivf = readFileSync(new URL('../fixtures/vp8-360p/stream.ivf', import.meta.url))

describe('VP8 fixture and RTP packetizing', () => {
  it('reads every frame of the IVF fixture, a keyframe each second', () => {
    const frames = readIvfFrames(ivf)
    expect(frames).toHaveLength(120)
    expect(frames.map((frame, i) => (isVp8Keyframe(frame) ? i : -1)).filter((i) => i >= 0)).toEqual([0, 30, 60, 90])
  })

  it('refuses a file that is not IVF', () => {
    expect(() => readIvfFrames(Buffer.from('not a video file at all, just text'))).toThrow('Not an IVF file.')
  })

  it('splits a frame into payloads with a start bit on the first and the marker on the last only', () => {
    const frame = Buffer.alloc(2500, 7)
    const packets = packetizeVp8(frame)
    expect(packets.map((p) => p.payload.length)).toEqual([1101, 1101, 301])
    expect(packets.map((p) => p.payload[0])).toEqual([0x10, 0x00, 0x00])
    expect(packets.map((p) => p.marker)).toEqual([false, false, true])
    expect(Buffer.concat(packets.map((p) => p.payload.subarray(1)))).toEqual(frame)
  })

  it('sends a small frame as one packet with the marker', () => {
    expect(packetizeVp8(Buffer.alloc(10))).toEqual([{ payload: Buffer.concat([Buffer.from([0x10]), Buffer.alloc(10)]), marker: true }])
  })
})
