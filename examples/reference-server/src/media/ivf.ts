/** The frames of an IVF file (the container ffmpeg writes VP8 into): a 32-byte header, then size-prefixed frames. */
export function readIvfFrames(file: Buffer): Buffer[] {
  if (file.toString('ascii', 0, 4) !== 'DKIF') throw new Error('Not an IVF file.')
  const frames: Buffer[] = []
  for (let offset = file.readUInt16LE(6); offset + 12 <= file.length; ) {
    const size = file.readUInt32LE(offset)
    frames.push(file.subarray(offset + 12, offset + 12 + size))
    offset += 12 + size
  }
  return frames
}

/** Whether a VP8 frame is a keyframe (bit 0 of its first byte is 0, RFC 6386 §9.1). */
export function isVp8Keyframe(frame: Buffer): boolean {
  return ((frame[0] ?? 1) & 0x01) === 0
}
