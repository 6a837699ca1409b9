import { act, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import type { PlayerEngines } from './create-player'
import type { Playback, PlaybackEvents } from './playback'
import { VideoPlayer } from './video-player'

// The boundary: the engines that talk to the network, passed in as fakes. The real ones run in the browser tests
// (e2e/streams.spec.ts).
const started: { events: PlaybackEvents; destroy: Mock<() => void> }[] = []
const start = (_element: Element, _src: string, events: PlaybackEvents): Playback => {
  const playback = { events, destroy: vi.fn<() => void>() }
  started.push(playback)
  return { destroy: playback.destroy }
}
let engines: { [K in keyof PlayerEngines]: Mock<PlayerEngines[K]> }
const state = () => document.querySelector('.honu-video')!.getAttribute('data-state')
const live = () => started.filter((p) => p.destroy.mock.calls.length === 0)

beforeEach(() => {
  vi.useFakeTimers()
  started.length = 0
  engines = { hls: vi.fn(start), whep: vi.fn(start), mjpeg: vi.fn(start), file: vi.fn(start) }
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('VideoPlayer', () => {
  it('connects, plays, and on failure tears the connection down before retrying with backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5) // no jitter: waits of exactly 1 s, then 2 s
    render(<VideoPlayer src="/media/live/a/index.m3u8" title="Bow camera" engines={engines} />)
    await act(async () => {})
    expect(state()).toBe('connecting')
    expect(live()).toHaveLength(1)
    act(() => started[0]!.events.playing())
    expect(state()).toBe('playing')

    act(() => started[0]!.events.failed({ key: 'unreachable' }))
    expect(state()).toBe('failed')
    expect(screen.getByText(/The stream cannot be reached\. Retrying in 1 second\./)).toBeInTheDocument()
    expect(live()).toHaveLength(0)
    // The first retry a second later, with exactly one connection again.
    await act(async () => vi.advanceTimersByTime(1300))
    expect(started).toHaveLength(2)
    expect(live()).toHaveLength(1)

    act(() => started[1]!.events.failed({ key: 'unreachable' }))
    await act(async () => vi.advanceTimersByTime(1500))
    expect(started).toHaveLength(2) // the second wait is 2 s
    await act(async () => vi.advanceTimersByTime(1000))
    expect(started).toHaveLength(3)
    expect(live()).toHaveLength(1)
  })

  it('a stall that does not end counts as a failure', async () => {
    render(<VideoPlayer src="/media/live/a/index.m3u8" title="Bow camera" engines={engines} />)
    await act(async () => {})
    act(() => started[0]!.events.playing())
    act(() => started[0]!.events.stalled())
    expect(state()).toBe('stalled')
    await act(async () => vi.advanceTimersByTime(8100))
    expect(state()).toBe('failed')
    expect(live()).toHaveLength(0)
  })

  it('inactive (minimised) downloads nothing; active again connects once', async () => {
    const { rerender } = render(<VideoPlayer src="/media/live/a/index.m3u8" title="Bow camera" active={false} engines={engines} />)
    await act(async () => {})
    expect(state()).toBe('paused')
    expect(started).toHaveLength(0)
    rerender(<VideoPlayer src="/media/live/a/index.m3u8" title="Bow camera" active engines={engines} />)
    await act(async () => {})
    expect(live()).toHaveLength(1)
    rerender(<VideoPlayer src="/media/live/a/index.m3u8" title="Bow camera" active={false} engines={engines} />)
    expect(live()).toHaveLength(0)
  })

  it('MJPEG: frames drawn by the engine mean playing; frames stopping mean stalled, then a retry', async () => {
    render(<VideoPlayer src="/media/live/a/mjpeg" title="Crane camera" engines={engines} />)
    await act(async () => {})
    expect(screen.getByRole('img', { name: 'Crane camera' }).tagName).toBe('CANVAS')
    expect(live()).toHaveLength(1)
    act(() => started[0]!.events.frame?.())
    expect(state()).toBe('playing')
    // No frame for 4 s: stalled; a frame again: playing.
    await act(async () => vi.advanceTimersByTime(5100))
    expect(state()).toBe('stalled')
    act(() => started[0]!.events.frame?.())
    expect(state()).toBe('playing')
    // Stalled for good: failed, the connection torn down, and a new one after the backoff.
    await act(async () => vi.advanceTimersByTime(5100 + 8100))
    expect(state()).toBe('failed')
    expect(live()).toHaveLength(0)
    await act(async () => vi.advanceTimersByTime(2000))
    expect(live()).toHaveLength(1)
  })

  it.each(['javascript:alert(1)', 'data:video/mp4;base64,AAAA', 'file:///tmp/clip.mp4', 'javascript:x//index.m3u8'])(
    'refuses %s with a clear message, hands it to nothing and never retries',
    async (src) => {
      render(<VideoPlayer src={src} title="Bow camera" base="http://127.0.0.1:8080" engines={engines} />)
      await act(async () => vi.advanceTimersByTime(60_000))
      expect(state()).toBe('failed')
      expect(screen.getByText(/^This source cannot be played: its address starts with “(javascript|data|file):”/)).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull()
      expect(started).toHaveLength(0)
      expect(engines.hls).not.toHaveBeenCalled()
      expect(engines.file).not.toHaveBeenCalled()
      const video = document.querySelector('video')!
      expect(video.getAttribute('src')).toBeNull()
      expect(video.src).toBe('')
    },
  )
})

describe('VideoPlayer under StrictMode', () => {
  it('mounts, unmounts and mounts again at once, and still reaches playing with one connection', async () => {
    // Like the real engines: the element is attached after a wait (hls.js loading), and the playing event comes
    // from the element itself.
    const attached: string[] = []
    const hls: PlayerEngines['hls'] = (video, src, events) => {
      let destroyed = false
      const onPlaying = () => events.playing()
      void Promise.resolve().then(() => {
        if (destroyed) return
        attached.push(src)
        video.addEventListener('playing', onPlaying)
      })
      const destroy = vi.fn(() => {
        destroyed = true
        video.removeEventListener('playing', onPlaying)
      })
      const playback = { events, destroy }
      started.push(playback)
      return { destroy: playback.destroy }
    }
    render(
      <StrictMode>
        <VideoPlayer src="/media/alpha/alpha-bow/index.m3u8" title="Bow camera" engines={{ ...engines, hls }} />
      </StrictMode>,
    )
    await act(async () => {})
    // The first mount's connection was torn down by the unmount; the second mount's is the only one left.
    expect(started).toHaveLength(2)
    expect(live()).toEqual([started[1]])
    expect(attached).toHaveLength(1)
    expect(state()).toBe('connecting')
    act(() => void screen.getByLabelText('Bow camera').dispatchEvent(new Event('playing')))
    expect(state()).toBe('playing')
    expect(screen.getByText('Live')).toBeInTheDocument()
  })
})
