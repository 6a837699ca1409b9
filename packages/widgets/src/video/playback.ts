import type { PlaybackReason } from '../messages/playback'

/** What a playback engine reports to the player. */
export interface PlaybackEvents {
  /** Frames are arriving. */
  playing(): void
  /** The source stopped sending for now; the engine may still recover by itself. */
  stalled(): void
  /** The source is gone; the player tears the engine down and tries again later. */
  failed(reason: PlaybackReason): void
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
export function statusReason(status: number | undefined): PlaybackReason | undefined {
  if (status === 401) return { key: 'signInAgain' }
  if (status === 404) return { key: 'notAvailable' }
  return undefined
}

/**
 * What to tell the viewer when a media request is refused: {@link statusReason}, or the server's own message for
 * a limit (429, 503), which it writes for people.
 */
export async function refusalReason(response: Response): Promise<PlaybackReason> {
  const known = statusReason(response.status)
  if (known) return known
  if (response.status === 429 || response.status === 503) {
    const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined
    if (typeof body?.message === 'string') return { key: 'serverSaid', values: { message: body.message } }
  }
  return { key: 'answered', values: { status: response.status } }
}

/** A failure with a reason meant for the viewer (a refused request), as opposed to one of the engine's own. */
export class PlaybackError extends Error {
  constructor(readonly reason: PlaybackReason) {
    super(reason.key)
  }
}
