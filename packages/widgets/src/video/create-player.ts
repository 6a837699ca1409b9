import { globalScheduler, type Scheduler } from '@honu/core'
import { startHls, startFile, type HlsOptions } from './hls-playback'
import { createMediaAuth, type MediaAuth, type MediaCredentials } from './media-credentials'
import { startMjpeg } from './mjpeg-playback'
import type { Playback, PlaybackEvents } from './playback'
import { retryDelay } from './retry-delay'
import { checkSource, sourceKind } from './source-kind'
import { startWhep } from './whep-playback'
import type { PlaybackReason } from '../messages/playback'

/** Where a player is: connecting, playing, stalled (no frames for a while), failed (retrying), or paused off screen. */
export type VideoPlayerState = 'connecting' | 'playing' | 'stalled' | 'failed' | 'paused'

/** What the player shows about the picture, measured once a second while playing. */
export interface PlayerStats {
  /** The picture's width in pixels (0 until the first frame is decoded). */
  width: number
  /** The picture's height in pixels. */
  height: number
  /** Frames shown per second, where the browser reports each frame. */
  fps?: number
  /** Seconds behind live, where the engine knows. */
  latency?: number
}

/** What a player is doing now; a new object on every change (compare by identity). */
export interface PlayerSnapshot {
  /** What the badge says; `failed` also while waiting for the next retry. */
  state: VideoPlayerState
  /** Why the source failed, or was refused (a message of `playbackMessages`, worded by the markup). */
  reason?: PlaybackReason
  /** Set when the source's address is refused: then nothing is ever played or retried. */
  refused?: PlaybackReason
  /** Connections started so far (each retry is one more). */
  attempt: number
  /** When the next retry starts (epoch milliseconds from `now`), while failed. */
  retryAt?: number
  /** Resolution, frame rate and latency, once a second while playing; undefined otherwise. */
  stats?: PlayerStats
}

/**
 * The ways of playing a source, each starting one playback that owns its attachment to the element (see
 * `media-attachment.ts`). Tests pass fakes; {@link defaultEngines} are the real ones.
 */
export interface PlayerEngines {
  /** HLS (`.m3u8`): hls.js with `options`, or the browser's own HLS where hls.js cannot run. */
  hls(video: HTMLVideoElement, src: string, events: PlaybackEvents, options: HlsOptions, auth: MediaAuth): Playback
  /** WebRTC through WHEP. */
  whep(video: HTMLVideoElement, src: string, events: PlaybackEvents, auth: MediaAuth): Playback
  /** MJPEG, drawn on a canvas frame by frame (the engine reports each frame). */
  mjpeg(canvas: HTMLCanvasElement, src: string, events: PlaybackEvents, auth: MediaAuth): Playback
  /** A file (MP4, WebM) the browser fetches itself: `auth.tokenUrl` puts a media token in its address. */
  file(video: HTMLVideoElement, src: string, events: PlaybackEvents, auth: MediaAuth): Playback
}

/** hls.js (loaded on first use), WHEP, MJPEG on a canvas, and the browser itself for files (looped). */
export const defaultEngines: PlayerEngines = {
  hls: (video, src, events, options, auth) => startHls(video, src, events, options, auth),
  whep: startWhep,
  mjpeg: startMjpeg,
  file: (video, src, events, auth) => startFile(video, src, events, auth, { loop: true }),
}

/** What to play and where; given again on every render, and a connection restarts only when one of these changes. */
export interface PlayerOptions {
  /** What to play: an HLS playlist, a WHEP endpoint, an MJPEG stream, or an MP4/WebM file. */
  src: string
  /** Base address that relative sources resolve against (the API's); credentials go to its origin only. */
  base?: string
  /** Read at request time, so a new object does not restart the connection. */
  credentials?: MediaCredentials
  /** False stops every download (a minimised widget or one off screen). */
  live: boolean
  /** Options for hls.js (its worker's address under a strict CSP). */
  hls?: HlsOptions
  /** The element a video plays in (HLS, WHEP, files). */
  video?: HTMLVideoElement | null
  /** The canvas MJPEG is drawn on. */
  canvas?: HTMLCanvasElement | null
}

/** What a player touches besides the elements, injectable for tests. */
export interface CreatePlayerOptions {
  /** How each kind of source is played. Default {@link defaultEngines}; tests pass fakes. */
  engines?: PlayerEngines
  /** Timers for the watchdog, backoff and stats. Default: the global ones. */
  scheduler?: Scheduler
  /** Milliseconds of wall-clock time. Default `Date.now`. */
  now?: () => number
  /** For the backoff's jitter. Default `Math.random`. */
  random?: () => number
}

/** A player: a state machine a view subscribes to (the TanStack `QueryObserver` shape). */
export interface Player {
  /** Calls `listener` after each change; connects while at least one listener is subscribed. Returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void
  /** The current snapshot; the same object until something changes. */
  getSnapshot: () => PlayerSnapshot
  /** Gives what to play and where; restarts the connection only when the source, base, live, hls or elements change. */
  setOptions: (options: PlayerOptions) => void
  /** Retries at once, forgetting the backoff. */
  retryNow: () => void
}

/** No frame for this long while playing counts as stalled; stalled this long counts as failed. */
const STALL_AFTER_MS = 4000
const FAIL_AFTER_STALL_MS = 8000

/**
 * Live video that recovers by itself, without React: it connects while subscribed, live and given an element,
 * reports connecting, playing, stalled and failed, retries a dead source with backoff (one connection at a time:
 * the old one is destroyed before the next starts, so reconnects never double a stream), stops every download
 * when not live, and measures resolution, frame rate and, where known, latency. A refused address (javascript:,
 * data:, file:…) is shown as failed and never handed to an engine.
 *
 * @example
 * const player = createPlayer()
 * player.setOptions({ src: '/media/alpha/alpha-bow/index.m3u8', base: apiBase, live: true, video })
 * const unsubscribe = player.subscribe(() => render(player.getSnapshot()))
 */
export function createPlayer({
  engines = defaultEngines,
  scheduler = globalScheduler,
  now = Date.now,
  random = Math.random,
}: CreatePlayerOptions = {}): Player {
  let snapshot: PlayerSnapshot = { state: 'connecting', attempt: 0 }
  const listeners = new Set<() => void>()
  let options: PlayerOptions | undefined
  let failures = 0
  /**
   * The media route refused the viewer (401) and the player has not played since: a second refusal, after the
   * refresh the first one asked for, means the session is over (as a second 401 does for an API call).
   */
  let refusedSincePlaying = false
  /** The running connection's teardown; undefined when none runs. */
  let disconnect: (() => void) | undefined
  /** What the running connection was started from, to tell whether new options need a new one. */
  let connectedWith: PlayerOptions | undefined

  const update = (patch: Partial<PlayerSnapshot>) => {
    const next = { ...snapshot, ...patch }
    // Reasons are new objects on every check of the same source: equal when they say the same.
    const same = (key: keyof PlayerSnapshot) =>
      Object.is(snapshot[key], next[key]) || ((key === 'reason' || key === 'refused') && JSON.stringify(snapshot[key]) === JSON.stringify(next[key]))
    if ((Object.keys(patch) as (keyof PlayerSnapshot)[]).every(same)) return
    snapshot = next
    for (const listener of [...listeners]) listener()
  }

  /** Starts one connection; returns its teardown. Events of a connection torn down are ignored. */
  const connect = (o: PlayerOptions, address: string): (() => void) => {
    let current = true
    let retryTimer: unknown
    let stallTimer: unknown
    /** When the last frame was shown; undefined before the first (the watchdog waits for one). */
    let lastFrame: number | undefined
    let frames = 0
    let playback: Playback | undefined
    const kind = sourceKind(o.src)
    update({ state: 'connecting', attempt: snapshot.attempt + 1, retryAt: undefined, stats: undefined })

    const stopStall = () => {
      if (stallTimer !== undefined) scheduler.clearTimeout(stallTimer)
      stallTimer = undefined
    }
    const fail = (why: PlaybackReason) => {
      if (!current) return
      stopStall()
      playback?.destroy()
      playback = undefined
      const unauthorized = o.credentials?.unauthorized
      if (why.key === 'signInAgain' && unauthorized) {
        // Refused with 401: the app refreshes the token (and tries again at once with it) or, refused again after
        // that refresh, ends the session, which unmounts the player with the screen.
        const retried = refusedSincePlaying
        refusedSincePlaying = true
        update({ state: 'failed', reason: why, retryAt: undefined, stats: undefined })
        void unauthorized(retried).then(
          (again) => again && current && reconnect(),
          () => undefined,
        )
        return
      }
      const delay = retryDelay(failures++, random)
      update({ state: 'failed', reason: why, retryAt: now() + delay, stats: undefined })
      retryTimer = scheduler.setTimeout(() => current && reconnect(), delay)
    }
    const events: PlaybackEvents = {
      playing() {
        if (!current) return
        stopStall()
        failures = 0
        refusedSincePlaying = false
        lastFrame = now()
        update({ state: 'playing' })
      },
      stalled() {
        // Already counting down: the watchdog reports a stall every second, and must not restart the count.
        if (!current || stallTimer !== undefined) return
        update({ state: 'stalled' })
        stallTimer = scheduler.setTimeout(() => fail({ key: 'stoppedSending' }), FAIL_AFTER_STALL_MS)
      },
      failed: fail,
      // A frame shown (counted below for a video element, by the engine for MJPEG): the first, or one after a
      // stall, means playing.
      frame() {
        if (!current) return
        frames++
        const at = now()
        const resumed = lastFrame === undefined || stallTimer !== undefined || at - lastFrame > STALL_AFTER_MS
        lastFrame = at
        if (resumed) events.playing()
      },
    }

    const auth = createMediaAuth(o.base, () => options?.credentials)
    const video = o.video ?? undefined
    const canvas = o.canvas ?? undefined
    if (kind === 'mjpeg') playback = canvas && engines.mjpeg(canvas, address, events, auth)
    else if (video) {
      playback =
        kind === 'hls'
          ? engines.hls(video, address, events, o.hls ?? {}, auth)
          : kind === 'whep'
            ? engines.whep(video, address, events, auth)
            : engines.file(video, address, events, auth)
    }
    const stopFrames = video && kind !== 'mjpeg' ? countFrames(video, events, () => (lastFrame = now())) : undefined

    // A frame watchdog: a live source that stops sending frames without an error is stalled, then failed.
    const watchdog = scheduler.setInterval(() => {
      if (current && lastFrame !== undefined && now() - lastFrame > STALL_AFTER_MS) events.stalled()
    }, 1000)

    // Stats once a second while playing.
    let lastCount = 0
    let lastTime = now()
    const stats = scheduler.setInterval(() => {
      const at = now()
      const fps = ((frames - lastCount) * 1000) / Math.max(1, at - lastTime)
      lastCount = frames
      lastTime = at
      if (snapshot.state !== 'playing') return
      if (kind === 'mjpeg' && canvas) update({ stats: { width: canvas.width, height: canvas.height, fps } })
      if (kind !== 'mjpeg' && video) {
        const counted = typeof video.requestVideoFrameCallback === 'function'
        update({ stats: { width: video.videoWidth, height: video.videoHeight, fps: counted ? fps : undefined, latency: playback?.latency?.() } })
      }
    }, 1000)

    return () => {
      current = false
      if (retryTimer !== undefined) scheduler.clearTimeout(retryTimer)
      stopStall()
      scheduler.clearInterval(watchdog)
      scheduler.clearInterval(stats)
      stopFrames?.()
      playback?.destroy()
      playback = undefined
    }
  }

  const stop = () => {
    disconnect?.()
    disconnect = undefined
    connectedWith = undefined
  }

  /** Brings the connection in line with the options and subscribers: the one place a connection starts or ends. */
  const reconcile = (force = false) => {
    const o = options
    if (!force && disconnect && o && connectedWith && sameConnection(connectedWith, o)) return
    stop()
    if (!o || listeners.size === 0) return
    const { address, refused } = checkSource(o.src, o.base)
    if (refused !== undefined || address === undefined) {
      update({ state: 'failed', reason: refused, refused, retryAt: undefined, stats: undefined })
      return
    }
    update({ refused: undefined })
    if (!o.live) {
      update({ state: 'paused', retryAt: undefined, stats: undefined })
      return
    }
    connectedWith = o
    disconnect = connect(o, address)
  }
  const reconnect = () => reconcile(true)

  return {
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) reconcile()
      return () => {
        if (!listeners.delete(listener)) return
        if (listeners.size === 0) stop()
      }
    },
    getSnapshot: () => snapshot,
    setOptions(next) {
      options = next
      reconcile()
    },
    retryNow() {
      failures = 0
      reconnect()
    },
  }
}

/** Whether two sets of options play the same thing in the same place (credentials are read when needed). */
function sameConnection(a: PlayerOptions, b: PlayerOptions): boolean {
  return (
    a.src === b.src &&
    a.base === b.base &&
    a.live === b.live &&
    a.hls?.workerPath === b.hls?.workerPath &&
    (a.video ?? undefined) === (b.video ?? undefined) &&
    (a.canvas ?? undefined) === (b.canvas ?? undefined)
  )
}

/**
 * Counts a video element's frames as the browser presents them (`requestVideoFrameCallback`); where there is none,
 * `timeupdate` at least keeps the watchdog from calling a playing video stalled. Returns the stop.
 */
function countFrames(video: HTMLVideoElement, events: PlaybackEvents, onTime: () => void): () => void {
  let handle = 0
  let stopped = false
  const counted = typeof video.requestVideoFrameCallback === 'function'
  const onFrame = () => {
    if (stopped) return
    events.frame?.()
    handle = video.requestVideoFrameCallback(onFrame)
  }
  if (counted) handle = video.requestVideoFrameCallback(onFrame)
  const onTimeUpdate = () => {
    if (!counted) onTime()
  }
  video.addEventListener('timeupdate', onTimeUpdate)
  return () => {
    stopped = true
    if (handle && typeof video.cancelVideoFrameCallback === 'function') video.cancelVideoFrameCallback(handle)
    video.removeEventListener('timeupdate', onTimeUpdate)
  }
}
