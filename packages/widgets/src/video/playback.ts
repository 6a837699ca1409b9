/** What a playback engine reports to the player. */
export interface PlaybackEvents {
  /** Frames are arriving. */
  playing(): void
  /** The source stopped sending for now; the engine may still recover by itself. */
  stalled(): void
  /** The source is gone; the player tears the engine down and tries again later. */
  failed(reason: string): void
}

/** One way of playing a source into a video element (hls.js, WHEP, the browser itself). */
export interface Playback {
  /** Stops every download and releases the element. Safe to call twice. */
  destroy(): void
  /** Current latency behind live in seconds, where known. */
  latency?(): number | undefined
}
