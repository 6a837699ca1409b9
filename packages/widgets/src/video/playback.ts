/** What a playback engine reports to the player. */
export interface PlaybackEvents {
  /** Frames are arriving. */
  playing(): void
  /** The source stopped sending for now; the engine may still recover by itself. */
  stalled(): void
  /** The source is gone; the player tears the engine down and tries again later. */
  failed(reason: string): void
  /**
   * A frame was shown. Engines that draw frames themselves (MJPEG on a canvas) report them; the player counts a
   * video element's frames on its own.
   */
  frame?(): void
}

/** One way of playing a source (hls.js, WHEP or the browser itself into a video element; MJPEG on a canvas). */
export interface Playback {
  /** Stops every download and releases the element. Safe to call twice. */
  destroy(): void
  /** Current latency behind live in seconds, where known. */
  latency?(): number | undefined
}

/** What a refusal means to the viewer: sign in again (401), the stream is gone or not theirs (404). */
export function statusMessage(status: number | undefined): string | undefined {
  if (status === 401) return 'Sign in again to watch this stream.'
  if (status === 404) return 'This stream is not available.'
  return undefined
}

/**
 * What to tell the viewer when a media request is refused: {@link statusMessage}, or the server's own message for
 * a limit (429, 503), which it writes for people.
 */
export async function refusalMessage(response: Response): Promise<string> {
  const known = statusMessage(response.status)
  if (known) return known
  if (response.status === 429 || response.status === 503) {
    const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined
    if (typeof body?.message === 'string') return body.message
  }
  return `The stream answered ${response.status}.`
}
