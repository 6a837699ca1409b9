/** The frames of an IVF file (the container ffmpeg writes VP8 into): a 32-byte header, then size-prefixed frames. */
export function readIvfFrames(file: Buffer): Buffer[] {
  if (file.toString('ascii', 0, 4) !== 'DKIF') throw new Error('Not an IVF file.')
  const frames: Buffer[] = []
  for (let offset = file.readUInt16LE(6); offset + 12 <= file.length;) {
    const size = file.readUInt32LE(offset)
    frames.push(file.subarray(offset + 12, offset + 12 + size))
    offset += 12 + size
  }
  return frames
}
