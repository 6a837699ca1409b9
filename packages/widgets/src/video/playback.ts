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
