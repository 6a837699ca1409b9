import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMultipartJpegParser } from './multipart-jpeg'

const encoder = new TextEncoder()
const jpeg = (fill: number, size = 40) => Uint8Array.from([0xff, 0xd8, ...new Array<number>(size).fill(fill), 0xff, 0xd9])
const part = (image: Uint8Array, withLength: boolean) => {
  const headers = `--frame\r\nContent-Type: image/jpeg\r\n${withLength ? `Content-Length: ${image.length}\r\n` : ''}\r\n`
  return [...encoder.encode(headers), ...image, ...encoder.encode('\r\n')]
}
const stream = (images: Uint8Array[], withLength: boolean) => Uint8Array.from(images.flatMap((image) => part(image, withLength)))

/** Feeds `bytes` cut at `cuts` and collects every image. */
function parse(bytes: Uint8Array, cuts: number[]) {
  const parser = createMultipartJpegParser()
  const images: Uint8Array[] = []
  let from = 0
  for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length)].sort((a, b) => a - b).concat(bytes.length)) {
    images.push(...parser.push(bytes.subarray(from, cut)))
    from = cut
  }
  return images
}

describe('createMultipartJpegParser', () => {
  const images = [jpeg(1), jpeg(2, 3000), jpeg(3, 0)]

  it('cuts parts by their Content-Length', () => {
    expect(parse(stream(images, true), [])).toEqual(images)
  })

  it('cuts parts by the JPEG markers when the camera sends no length', () => {
    expect(parse(stream(images, false), [])).toEqual(images)
  })

  it('trusts Content-Length over markers inside the data (an embedded thumbnail ends in FFD9 too)', () => {
    const withThumbnail = Uint8Array.from([0xff, 0xd8, 0xff, 0xd8, 9, 0xff, 0xd9, 7, 7, 0xff, 0xd9])
    expect(parse(stream([withThumbnail], true), [])).toEqual([withThumbnail])
  })

  it('gives the same images however the network chunks the stream', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.nat({ max: 3300 }), { maxLength: 40 }), (withLength, cuts) => {
        expect(parse(stream(images, withLength), cuts)).toEqual(images)
      }),
    )
  })

  it('keeps an unfinished image until the rest arrives', () => {
    const parser = createMultipartJpegParser()
    const bytes = stream([jpeg(5)], true)
    expect(parser.push(bytes.subarray(0, 60))).toEqual([])
    expect(parser.push(bytes.subarray(60))).toEqual([jpeg(5)])
  })

  it('refuses a stream that never completes an image', () => {
    const parser = createMultipartJpegParser()
    const noise = new Uint8Array(1024 * 1024).fill(0x41)
    expect(() => {
      for (let i = 0; i < 9; i++) parser.push(noise)
    }).toThrow('The stream is not MJPEG.')
  })
})
