import { NO_MEDIA_AUTH, type MediaAuth } from './media-credentials'
import { statusMessage, type Playback, type PlaybackEvents } from './playback'

/** Options for hls.js (`workerPath`: where its worker script is served, for strict CSPs without blob workers). */
export interface HlsOptions {
  workerPath?: string
}

/**
 * Plays HLS with hls.js, loaded on first use, each playlist and segment request carrying `auth`'s headers (a
 * bearer token on the API's origin only). Where hls.js is unsupported (no MediaSource, e.g. iOS Safari) the
 * browser's native HLS plays it instead, with a media token in the address since it cannot send headers. Fatal
 * errors are reported, never retried here: the player owns retries, so a reconnect never leaves a second loader
 * running.
 */
export async function startHls(
  video: HTMLVideoElement,
  src: string,
  events: PlaybackEvents,
  options: HlsOptions = {},
  auth: MediaAuth = NO_MEDIA_AUTH,
): Promise<Playback> {
  const { default: Hls } = await import('hls.js')
  if (!Hls.isSupported()) {
    if (video.canPlayType('application/vnd.apple.mpegurl')) return startNative(video, await auth.tokenUrl(src), events)
    events.failed('This browser cannot play HLS.')
    return { destroy() {} }
  }
  const hls = new Hls({
    // Live: stay near the edge, keep little buffer behind (memory with many tiles), give up quickly on a dead
    // source so the player's own backoff takes over.
    lowLatencyMode: true,
    backBufferLength: 10,
    maxBufferLength: 10,
    liveSyncDurationCount: 2,
    manifestLoadingMaxRetry: 1,
    levelLoadingMaxRetry: 2,
    fragLoadingMaxRetry: 2,
    enableWorker: true,
    workerPath: options.workerPath,
    // hls.js opens the request itself unless this does; it is opened here only to add a header to it.
    xhrSetup: async (xhr, url) => {
      const headers = Object.entries(await auth.headers(url))
      if (headers.length === 0) return
      xhr.open('GET', url, true)
      for (const [name, value] of headers) xhr.setRequestHeader(name, value)
    },
  })
  let destroyed = false
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (destroyed || !data.fatal) return
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      hls.recoverMediaError()
      return
    }
    events.failed(
      statusMessage(data.response?.code) ??
        (data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'The stream cannot be reached.' : 'The stream cannot be played.'),
    )
  })
  hls.loadSource(src)
  hls.attachMedia(video)
  const stopForwarding = forwardMediaEvents(video, events, { errors: false })
  void video.play().catch(() => {})
  return {
    destroy() {
      if (destroyed) return
      destroyed = true
      stopForwarding()
      hls.destroy()
      release(video)
    },
    latency: () => (Number.isFinite(hls.latency) && hls.latency > 0 ? hls.latency : undefined),
  }
}

/**
 * The browser plays the address itself (MP4, WebM, native HLS). `loop` replays a recorded clip in its tile; a
 * live stream that ends has failed, so live sources never loop.
 */
export function startNative(video: HTMLVideoElement, src: string, events: PlaybackEvents, options: { loop?: boolean } = {}): Playback {
  const stopForwarding = forwardMediaEvents(video, events, { errors: true })
  video.loop = options.loop ?? false
  video.src = src
  void video.play().catch(() => {})
  let destroyed = false
  return {
    destroy() {
      if (destroyed) return
      destroyed = true
      stopForwarding()
      release(video)
    },
  }
}

/** Reports the element's own playing/waiting (and, when the browser fetches itself, error/ended) events. */
function forwardMediaEvents(video: HTMLVideoElement, events: PlaybackEvents, { errors }: { errors: boolean }): () => void {
  const handlers: [string, () => void][] = [
    ['playing', () => events.playing()],
    ['waiting', () => events.stalled()],
  ]
  if (errors) {
    handlers.push(['error', () => events.failed('The stream cannot be played.')], ['ended', () => events.failed('The stream ended.')])
  }
  for (const [name, handler] of handlers) video.addEventListener(name, handler)
  return () => {
    for (const [name, handler] of handlers) video.removeEventListener(name, handler)
  }
}

/** Lets go of the media: no source, nothing buffered, no connection left open. */
function release(video: HTMLVideoElement) {
  video.loop = false
  video.removeAttribute('src')
  video.load()
}
