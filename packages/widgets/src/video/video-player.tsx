import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { createPlayer, type PlayerEngines, type VideoPlayerState } from './create-player'
import type { HlsOptions } from './hls-playback'
import type { MediaCredentials } from './media-credentials'
import { sourceKind } from './source-kind'
import { useOnScreen } from './use-on-screen'
import { useLocale, useMessages } from '@honu/console-kit'
import { playbackMessages } from '../messages/playback'

export type { VideoPlayerState } from './create-player'

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
  /** Called with each new state (and the first), e.g. to show a tile's state elsewhere. */
  onStateChange?: (state: VideoPlayerState) => void
  /** The ways of playing a source; read once, at mount. Default: hls.js, WHEP, MJPEG and the browser's own. Tests pass fakes. */
  engines?: PlayerEngines
}

/**
 * Live video that recovers by itself: the markup of a {@link createPlayer} controller, which connects when on
 * screen and active, shows connecting, playing, stalled and failed states, retries a dead source with backoff
 * (one connection at a time), stops downloading off screen or when inactive, and shows resolution, frame rate
 * and, where known, latency.
 *
 * @example <VideoPlayer src="https://cams.example/bow/index.m3u8" title="Bow camera" />
 */
export function VideoPlayer({ src, title, base, credentials, active = true, hls, onStateChange, engines }: VideoPlayerProps) {
  const box = useRef<HTMLDivElement>(null)
  const video = useRef<HTMLVideoElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const onScreen = useOnScreen(box)
  const t = useMessages(playbackMessages)
  const { locale } = useLocale()
  const [player] = useState(() => createPlayer({ engines }))
  const { state, reason, refused, attempt, retryAt, stats } = useSyncExternalStore(player.subscribe, player.getSnapshot, player.getSnapshot)
  const kind = sourceKind(src)

  // Given on every render: the player restarts its connection only when what it plays, or where, has changed.
  useEffect(() => {
    player.setOptions({ src, base, credentials, live: active && onScreen, hls, video: video.current, canvas: canvas.current })
  })

  const onStateChangeRef = useRef(onStateChange)
  useEffect(() => {
    onStateChangeRef.current = onStateChange
  })
  useEffect(() => onStateChangeRef.current?.(state), [state])

  return (
    <div ref={box} className="honu-video" data-state={state} data-attempt={attempt}>
      {kind === 'mjpeg' ? (
        <canvas ref={canvas} className="honu-video__media" role="img" aria-label={title} />
      ) : (
        <video ref={video} className="honu-video__media" aria-label={title} muted playsInline autoPlay />
      )}
      <div className="honu-video__status" aria-live="polite">
        <span className={`honu-video__badge honu-video__badge--${state}`}>{t(state)}</span>
        {refused !== undefined ? (
          <span className="honu-video__reason">{t(refused.key, refused.values)}</span>
        ) : (
          state === 'failed' && (
            <span className="honu-video__reason">
              {reason && t(reason.key, reason.values)} <RetryCountdown at={retryAt} />{' '}
              <button type="button" className="honu-button honu-button--quiet" onClick={player.retryNow}>
                {t('retryNow')}
              </button>
            </span>
          )
        )}
      </div>
      {state === 'playing' && stats && stats.width > 0 && (
        <p className="honu-video__stats">
          {stats.width}×{stats.height}
          {stats.fps !== undefined && ` · ${t('fps', { fps: stats.fps })}`}
          {stats.latency !== undefined &&
            ` · ${t('behindLive', { seconds: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(stats.latency) })}`}
        </p>
      )}
    </div>
  )
}

function RetryCountdown({ at }: { at?: number }) {
  const t = useMessages(playbackMessages)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!at) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [at])
  if (!at) return null
  const seconds = Math.max(0, Math.ceil((at - now) / 1000))
  return <>{t('retryingIn', { seconds })}</>
}
