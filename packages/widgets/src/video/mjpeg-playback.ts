import { attach } from './media-attachment'
import { NO_MEDIA_AUTH, type MediaAuth } from './media-credentials'
import { createMultipartJpegParser } from './multipart-jpeg'
import { PlaybackError, refusalReason, type Playback, type PlaybackEvents } from './playback'

/**
 * Plays MJPEG by reading the stream itself and drawing each JPEG on a canvas, rather than handing it to an
 * `<img>`: an image element shows nothing when a camera stops sending (no error, no frames to count, the last
 * picture frozen), while here every frame is counted, a stream that ends or stalls is reported, and destroying
 * the playback closes the connection.
 */
export function startMjpeg(canvas: HTMLCanvasElement, url: string, events: PlaybackEvents, auth: MediaAuth = NO_MEDIA_AUTH): Playback {
  const attachment = attach(canvas)
  const controller = new AbortController()
  let destroyed = false
  const context = canvas.getContext('2d')

  void (async () => {
    try {
      const headers = await auth.headers(url)
      if (destroyed) return
      const response = await fetch(url, { mode: 'cors', cache: 'no-store', signal: controller.signal, headers })
      if (!response.ok || !response.body) throw new PlaybackError(await refusalReason(response))
      const parser = createMultipartJpegParser()
      const reader = response.body.getReader()
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        for (const jpeg of parser.push(value)) {
          const bitmap = await createImageBitmap(new Blob([jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }))
          // Another playback drawing on this canvas now: leave it the picture.
          if (destroyed || !attachment.held) return bitmap.close()
          if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
            canvas.width = bitmap.width
            canvas.height = bitmap.height
          }
          context?.drawImage(bitmap, 0, 0)
          bitmap.close()
          events.frame?.()
        }
      }
      if (!destroyed) events.failed({ key: 'ended' })
    } catch (error) {
      if (destroyed) return
      events.failed(error instanceof PlaybackError ? error.reason : { key: 'unreachable' })
    }
  })()

  return {
    destroy() {
      if (destroyed) return
      destroyed = true
      controller.abort()
      attachment.release()
    },
  }
}
