import { useEffect, useRef, useState } from 'react'
import { startHls, startNative, type HlsOptions } from './hls-playback'
import { createMediaAuth, type MediaCredentials } from './media-credentials'
import type { Playback, PlaybackEvents } from './playback'
import { startMjpeg } from './mjpeg-playback'
import { retryDelay } from './retry-delay'
import { checkSource, sourceKind } from './source-kind'
import { useOnScreen } from './use-on-screen'
import { startWhep } from './whep-playback'

/** Where a player is: connecting, playing, stalled (no frames for a while), failed (retrying), or paused off screen. */
export type VideoPlayerState = 'connecting' | 'playing' | 'stalled' | 'failed' | 'paused'

/** Props of {@link VideoPlayer}. */
export interface VideoPlayerProps {
  /** What to play: an HLS playlist, a WHEP endpoint, an MJPEG stream, or an MP4/WebM file. */
  src: string
  /** Accessible name of the video. */
  title: string
  /** Base address that relative sources resolve against (the API's). Default: the page's. */
  base?: string
  /**
   * The viewer's credentials for the API's media routes. They are sent only to sources on `base`'s origin (a
   * bearer header where the player makes the request, a stream's media token in the address of a `<video src>`),
   * never to any other server; without `base` they are never sent.
   */
  credentials?: MediaCredentials
  /** False stops every download (a minimised widget); true plays when on screen. Default true. */
  active?: boolean
  hls?: HlsOptions
  onStateChange?: (state: VideoPlayerState) => void
}

/** No frame for this long while playing counts as stalled; stalled this long counts as failed. */
const STALL_AFTER_MS = 4000
const FAIL_AFTER_STALL_MS = 8000

interface Stats {
  width: number
  height: number
  fps?: number
  latency?: number
}

/**
 * Live video that recovers by itself. It connects when on screen and active, shows connecting, playing,
 * stalled and failed states, retries a dead source with backoff (one connection at a time: the old one is torn
 * down before the next starts, so reconnects never double a stream), stops downloading off screen or when
 * inactive, and shows resolution, frame rate and, where known, latency.
 *
 * @example <VideoPlayer src="https://cams.example/bow/index.m3u8" title="Bow camera" />
 */
export function VideoPlayer({ src, title, base, credentials, active = true, hls, onStateChange }: VideoPlayerProps) {
  const box = useRef<HTMLDivElement>(null)
  const video = useRef<HTMLVideoElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const onScreen = useOnScreen(box)
  const live = active && onScreen
  const kind = sourceKind(src)
  // A refused address (javascript:, data:, file:…) is shown as a failure and never handed to anything.
  const { address, refused } = checkSource(src, base)
  // Read at request time: a new credentials object on each render must not restart the connection.
  const credentialsRef = useRef(credentials)
  const [state, setState] = useState<VideoPlayerState>('connecting')
  const [reason, setReason] = useState('')
  const [attempt, setAttempt] = useState(0)
  const [retryAt, setRetryAt] = useState<number>()
  const [stats, setStats] = useState<Stats>()
  const failures = useRef(0)
  const lastFrame = useRef(0)
  const frames = useRef(0)
  const playback = useRef<Playback>(undefined)
  // The current connection's event sink; the video element's frame counter reports frames through it.
  const sink = useRef<PlaybackEvents>(undefined)
  const workerPath = hls?.workerPath

  const report = (next: VideoPlayerState) => {
    setState(next)
    onStateChange?.(next)
  }
  const reportRef = useRef(report)
  useEffect(() => {
    reportRef.current = report
    credentialsRef.current = credentials
  })

  // One connection per (source, attempt) while live; the cleanup tears it down before any next one starts.
  useEffect(() => {
    if (refused !== undefined || address === undefined) {
      reportRef.current('failed')
      return
    }
    if (!live) {
      reportRef.current('paused')
      return
    }
    let current = true
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let stallTimer: ReturnType<typeof setTimeout> | undefined
    reportRef.current('connecting')

    const fail = (why: string) => {
      if (!current) return
      clearTimeout(stallTimer)
      stallTimer = undefined
      playback.current?.destroy()
      playback.current = undefined
      setReason(why)
      reportRef.current('failed')
      const delay = retryDelay(failures.current++)
      setRetryAt(Date.now() + delay)
      retryTimer = setTimeout(() => current && setAttempt((a) => a + 1), delay)
    }
    const events: PlaybackEvents = {
      playing() {
        if (!current) return
        clearTimeout(stallTimer)
        stallTimer = undefined
        failures.current = 0
        lastFrame.current = performance.now()
        reportRef.current('playing')
      },
      stalled() {
        // Already counting down: the watchdog reports a stall every second, and must not restart the count.
        if (!current || stallTimer !== undefined) return
        reportRef.current('stalled')
        stallTimer = setTimeout(() => fail('The stream stopped sending video.'), FAIL_AFTER_STALL_MS)
      },
      failed: fail,
      // A frame shown (counted here for a video element, by the engine for MJPEG): the first, or one after a
      // stall, means playing.
      frame() {
        if (!current) return
        frames.current++
        const now = performance.now()
        const resumed = lastFrame.current === 0 || stallTimer !== undefined || now - lastFrame.current > STALL_AFTER_MS
        lastFrame.current = now
        if (resumed) events.playing()
      },
    }

    sink.current = events
    const auth = createMediaAuth(base, () => credentialsRef.current)
    const el = video.current
    const surface = canvas.current
    let started: Promise<Playback> | undefined
    if (kind === 'mjpeg') {
      if (surface) started = Promise.resolve(startMjpeg(surface, address, events, auth))
    } else if (el) {
      started =
        kind === 'hls'
          ? startHls(el, address, events, { workerPath }, auth)
          : kind === 'whep'
            ? startWhep(el, address, events, auth)
            : // The browser fetches a file itself and cannot send a header: a media token goes in its address.
              auth.tokenUrl(address).then((url) => (current ? startNative(el, url, events, { loop: true }) : { destroy() {} }))
    }
    if (!started) {
      return () => {
        current = false
        clearTimeout(retryTimer)
      }
    }
    void started.then((p) => {
      if (current) playback.current = p
      else p.destroy()
    })

    // A frame watchdog: a live source that stops sending frames without an error is stalled, then failed.
    const watchdog = setInterval(() => {
      if (!current || !lastFrame.current) return
      if (performance.now() - lastFrame.current > STALL_AFTER_MS) events.stalled()
    }, 1000)

    return () => {
      current = false
      clearTimeout(retryTimer)
      clearTimeout(stallTimer)
      clearInterval(watchdog)
      playback.current?.destroy()
      playback.current = undefined
      lastFrame.current = 0
    }
  }, [live, kind, address, refused, base, attempt, workerPath])

  // Frames: counted as the browser presents them (requestVideoFrameCallback where there is one).
  useEffect(() => {
    const el = video.current
    if (!el || !live || kind === 'mjpeg') return
    let handle = 0
    let stopped = false
    const onFrame = () => {
      if (stopped) return
      sink.current?.frame?.()
      handle = el.requestVideoFrameCallback(onFrame)
    }
    if (typeof el.requestVideoFrameCallback === 'function') handle = el.requestVideoFrameCallback(onFrame)
    const onTime = () => {
      if (typeof el.requestVideoFrameCallback !== 'function') lastFrame.current = performance.now()
    }
    el.addEventListener('timeupdate', onTime)
    return () => {
      stopped = true
      if (handle && typeof el.cancelVideoFrameCallback === 'function') el.cancelVideoFrameCallback(handle)
      el.removeEventListener('timeupdate', onTime)
    }
  }, [live, kind, attempt])

  // Stats once a second.
  useEffect(() => {
    if (!live || state !== 'playing') return
    let lastCount = frames.current
    let lastTime = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      const fps = ((frames.current - lastCount) * 1000) / (now - lastTime)
      lastCount = frames.current
      lastTime = now
      const el = video.current
      const surface = canvas.current
      if (kind === 'mjpeg' && surface) setStats({ width: surface.width, height: surface.height, fps })
      if (kind !== 'mjpeg' && el) {
        const counted = typeof el.requestVideoFrameCallback === 'function'
        setStats({ width: el.videoWidth, height: el.videoHeight, fps: counted ? fps : undefined, latency: playback.current?.latency?.() })
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [live, state, kind])

  const retryNow = () => {
    failures.current = 0
    setAttempt((a) => a + 1)
  }

  return (
    <div ref={box} className="honu-video" data-state={state} data-attempt={attempt}>
      {kind === 'mjpeg' ? (
        <canvas ref={canvas} className="honu-video__media" role="img" aria-label={title} />
      ) : (
        <video ref={video} className="honu-video__media" aria-label={title} muted playsInline autoPlay />
      )}
      <div className="honu-video__status" aria-live="polite">
        <span className={`honu-video__badge honu-video__badge--${state}`}>{LABELS[state]}</span>
        {refused !== undefined ? (
          <span className="honu-video__reason">{refused}</span>
        ) : state === 'failed' && (
          <span className="honu-video__reason">
            {reason} <RetryCountdown at={retryAt} />{' '}
            <button type="button" className="honu-button honu-button--quiet" onClick={retryNow}>
              Retry now
            </button>
          </span>
        )}
      </div>
      {state === 'playing' && stats && stats.width > 0 && (
        <p className="honu-video__stats">
          {stats.width}×{stats.height}
          {stats.fps !== undefined && ` · ${Math.round(stats.fps)} fps`}
          {stats.latency !== undefined && ` · ${stats.latency.toFixed(1)} s behind live`}
        </p>
      )}
    </div>
  )
}

const LABELS: Record<VideoPlayerState, string> = {
  connecting: 'Connecting…',
  playing: 'Live',
  stalled: 'Stalled: waiting for video',
  failed: 'No video',
  paused: 'Paused while hidden',
}

function RetryCountdown({ at }: { at?: number }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!at) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [at])
  if (!at) return null
  const seconds = Math.max(0, Math.ceil((at - now) / 1000))
  return <>Retrying in {seconds} s.</>
}
