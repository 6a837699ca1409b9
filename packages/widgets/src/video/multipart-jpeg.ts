/** A buffer this large without one whole frame is not an MJPEG stream. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024
const HEADER_END = [0x0d, 0x0a, 0x0d, 0x0a]
const decoder = new TextDecoder()

/**
 * Cuts an MJPEG stream (`multipart/x-mixed-replace`, as IP cameras send it) into JPEG images, whatever the
 * chunking of the network. A part's `Content-Length` is used where the camera sends one; without it, the image
 * runs from its start marker (FFD8) to its end marker (FFD9), which cannot occur inside JPEG data.
 *
 * @example const parser = createMultipartJpegParser(); for (const jpeg of parser.push(chunk)) draw(jpeg)
 */
export function createMultipartJpegParser() {
  let pending = new Uint8Array(0)

  const next = (): Uint8Array | undefined => {
    const headerEnd = indexOf(pending, HEADER_END, 0)
    if (headerEnd < 0) return undefined
    const headers = decoder.decode(pending.subarray(0, headerEnd))
    const bodyStart = headerEnd + HEADER_END.length
    const length = /content-length:\s*(\d+)/i.exec(headers)?.[1]
    if (length !== undefined) {
      const end = bodyStart + Number(length)
      if (pending.length < end) return undefined
      const image = pending.slice(bodyStart, end)
      pending = pending.subarray(end)
      return image
    }
    const start = indexOf(pending, [0xff, 0xd8], bodyStart)
    const imageEnd = start < 0 ? -1 : indexOf(pending, [0xff, 0xd9], start + 2)
    if (imageEnd < 0) return undefined
    const image = pending.slice(start, imageEnd + 2)
    pending = pending.subarray(imageEnd + 2)
    return image
  }

  return {
    /** Adds what arrived; returns the images it completed, in order. */
    push(chunk: Uint8Array): Uint8Array[] {
      const joined = new Uint8Array(pending.length + chunk.length)
      joined.set(pending)
      joined.set(chunk, pending.length)
      pending = joined
      const images: Uint8Array[] = []
      for (let image = next(); image; image = next()) images.push(image)
      if (pending.length > MAX_PENDING_BYTES) throw new Error('The stream is not MJPEG.')
      return images
    },
  }
}

function indexOf(haystack: Uint8Array, needle: readonly number[], from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}
