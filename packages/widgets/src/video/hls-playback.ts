import type Hls from 'hls.js'
import { attach } from './media-attachment'
import { NO_MEDIA_AUTH, type MediaAuth } from './media-credentials'
import { statusReason, type Playback, type PlaybackEvents } from './playback'

/** Options for hls.js (`workerPath`: where its worker script is served, for strict CSPs without blob workers). */
export interface HlsOptions {
  workerPath?: string
}

/** Loads hls.js: on first use, so pages without HLS never download it. */
export type LoadHls = () => Promise<{ default: typeof Hls }>

/**
 * Plays HLS with hls.js, loaded on first use, each playlist and segment request carrying `auth`'s headers (a
 * bearer token on the API's origin only). Where hls.js is unsupported (no MediaSource, e.g. iOS Safari) the
 * browser's native HLS plays it instead, with a media token in the address since it cannot send headers. Fatal
 * errors are reported, never retried here: the player owns retries, so a reconnect never leaves a second loader
 * running. Destroyed before hls.js has loaded, it never creates a loader nor touches the element.
 */
export function startHls(
  video: HTMLVideoElement,
  src: string,
  events: PlaybackEvents,
  options: HlsOptions = {},
  auth: MediaAuth = NO_MEDIA_AUTH,
  load: LoadHls = () => import('hls.js'),
): Playback {
  let destroyed = false
  let inner: Playback | undefined
  let hls: Hls | undefined
  void (async () => {
    const { default: HlsClass } = await load()
    if (destroyed) return
    if (!HlsClass.isSupported()) {
      if (!video.canPlayType('application/vnd.apple.mpegurl')) return events.failed({ key: 'noHls' })
      inner = startFile(video, src, events, auth, { loop: false })
      return
    }
    const loader = new HlsClass({
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
    hls = loader
    loader.on(HlsClass.Events.ERROR, (_event, data) => {
      if (destroyed || !data.fatal) return
      if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) {
        loader.recoverMediaError()
        return
      }
      events.failed(statusReason(data.response?.code) ?? { key: data.type === HlsClass.ErrorTypes.NETWORK_ERROR ? 'unreachable' : 'cannotPlay' })
    })
    inner = own(video, events, { errors: false }, () => {
      loader.loadSource(src)
      loader.attachMedia(video)
    })
  })().catch(() => {
    if (!destroyed) events.failed({ key: 'playerNotLoaded' })
  })
  return {
    destroy() {
      if (destroyed) return
      destroyed = true
      // hls.js stops every download and detaches only its own MediaSource; the element is released below, and
      // only if no later playback holds it.
      hls?.destroy()
      inner?.destroy()
    },
    latency: () => (hls && Number.isFinite(hls.latency) && hls.latency > 0 ? hls.latency : undefined),
  }
}

/**
 * A file or native HLS the browser fetches itself: it cannot send a header, so a media token goes in its address
 * (on the API's origin only). Destroyed while the token is fetched, it never touches the element.
 */
export function startFile(
  video: HTMLVideoElement,
  src: string,
  events: PlaybackEvents,
  auth: MediaAuth = NO_MEDIA_AUTH,
  options: { loop?: boolean } = { loop: true },
): Playback {
  let destroyed = false
  let inner: Playback | undefined
  void auth.tokenUrl(src).then((url) => {
    if (!destroyed) inner = startNative(video, url, events, options)
  })
  return {
    destroy() {
      destroyed = true
      inner?.destroy()
    },
  }
}

/**
 * The browser plays the address itself (MP4, WebM, native HLS). `loop` replays a recorded clip in its tile; a
 * live stream that ends has failed, so live sources never loop.
 */
export function startNative(video: HTMLVideoElement, src: string, events: PlaybackEvents, options: { loop?: boolean } = {}): Playback {
  return own(video, events, { errors: true }, () => {
    video.loop = options.loop ?? false
    video.src = src
  })
}

/**
 * Takes the element for one playback: `start` sets its source, the element's events are forwarded, and
 * destroying lets go of the media, unless a later playback has taken the element meanwhile.
 */
function own(video: HTMLVideoElement, events: PlaybackEvents, forward: { errors: boolean }, start: () => void): Playback {
  const attachment = attach(video)
  const stopForwarding = forwardMediaEvents(video, events, forward)
  start()
  void video.play().catch(() => {})
  let destroyed = false
  return {
    destroy() {
      if (destroyed) return
      destroyed = true
      stopForwarding()
      attachment.release(() => release(video))
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
    handlers.push(['error', () => events.failed({ key: 'cannotPlay' })], ['ended', () => events.failed({ key: 'ended' })])
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
