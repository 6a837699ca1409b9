import { createManualScheduler, type ManualScheduler } from '@honu/core/testing'
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { createPlayer, type PlayerEngines, type PlayerOptions } from './create-player'
import type { Playback, PlaybackEvents } from './playback'

// Fake engines at the boundary and a manual clock: no network, no global timers, no vi.mock.
const started: { src: string; events: PlaybackEvents; destroy: Mock<() => void> }[] = []
const start = (_element: Element, src: string, events: PlaybackEvents): Playback => {
  const playback = { src, events, destroy: vi.fn<() => void>() }
  started.push(playback)
  return { destroy: playback.destroy }
}
let engines: { [K in keyof PlayerEngines]: Mock<PlayerEngines[K]> }
let scheduler: ManualScheduler
const live = () => started.filter((p) => p.destroy.mock.calls.length === 0)
const video = document.createElement('video')
const options = (more: Partial<PlayerOptions> = {}): PlayerOptions => ({
  src: '/media/alpha/alpha-bow/index.m3u8',
  base: 'http://127.0.0.1:8080',
  live: true,
  video,
  ...more,
})
const make = () => createPlayer({ engines, scheduler, now: () => scheduler.now, random: () => 0.5 })

beforeEach(() => {
  started.length = 0
  engines = { hls: vi.fn(start), whep: vi.fn(start), mjpeg: vi.fn(start), file: vi.fn(start) }
  scheduler = createManualScheduler()
})

describe('createPlayer', () => {
  it('connects only while subscribed; subscribe, unsubscribe, subscribe (StrictMode) leaves one connection, which plays', () => {
    const player = make()
    player.setOptions(options())
    expect(started).toHaveLength(0)
    const unsubscribe = player.subscribe(() => {})
    unsubscribe()
    expect(live()).toHaveLength(0)
    expect(scheduler.pending).toBe(0)
    player.subscribe(() => {})
    expect(started).toHaveLength(2)
    expect(live()).toEqual([started[1]])
    // The torn-down connection's late events change nothing.
    started[0]!.events.failed({ key: 'ended' })
    started[0]!.events.playing()
    expect(player.getSnapshot().state).toBe('connecting')
    started[1]!.events.playing()
    expect(player.getSnapshot()).toMatchObject({ state: 'playing', attempt: 2 })
  })

  it('fails, tears down, and retries after 1 s then 2 s, one connection at a time; a play resets the backoff', () => {
    const player = make()
    const seen: string[] = []
    player.subscribe(() => seen.push(player.getSnapshot().state))
    player.setOptions(options())
    started[0]!.events.failed({ key: 'unreachable' })
    expect(player.getSnapshot()).toMatchObject({ state: 'failed', reason: { key: 'unreachable' }, retryAt: 1000 })
    expect(live()).toHaveLength(0)
    scheduler.advance(999)
    expect(started).toHaveLength(1)
    scheduler.advance(1)
    expect(live()).toEqual([started[1]])
    started[1]!.events.failed({ key: 'unreachable' })
    scheduler.advance(1999)
    expect(started).toHaveLength(2)
    scheduler.advance(1)
    expect(live()).toEqual([started[2]])
    started[2]!.events.playing()
    started[2]!.events.failed({ key: 'ended' })
    expect(player.getSnapshot().retryAt).toBe(scheduler.now + 1000)
    expect(seen).toEqual(['connecting', 'failed', 'connecting', 'failed', 'connecting', 'playing', 'failed'])
  })

  it('a 401 asks the app for a refresh and tries again at once; a second 401 before playing is reported as retried', async () => {
    const player = make()
    const unauthorized = vi.fn(async (retried: boolean) => !retried)
    player.subscribe(() => {})
    player.setOptions(options({ credentials: { idToken: async () => 'token', unauthorized } }))
    started[0]!.events.failed({ key: 'signInAgain' })
    expect(unauthorized).toHaveBeenLastCalledWith(false)
    expect(player.getSnapshot()).toMatchObject({ state: 'failed', reason: { key: 'signInAgain' }, retryAt: undefined })
    await Promise.resolve()
    await Promise.resolve()
    // Again at once with the fresh token, no backoff.
    expect(live()).toEqual([started[1]])
    started[1]!.events.failed({ key: 'signInAgain' })
    expect(unauthorized).toHaveBeenLastCalledWith(true)
    await Promise.resolve()
    await Promise.resolve()
    // The app ended the session: no retry, now or later.
    expect(live()).toHaveLength(0)
    scheduler.advance(60_000)
    expect(started).toHaveLength(2)
  })

  it('a 401 after the player played again counts as a first refusal', async () => {
    const player = make()
    const unauthorized = vi.fn(async () => true)
    player.subscribe(() => {})
    player.setOptions(options({ credentials: { idToken: async () => 'token', unauthorized } }))
    started[0]!.events.failed({ key: 'signInAgain' })
    await Promise.resolve()
    await Promise.resolve()
    started[1]!.events.playing()
    started[1]!.events.failed({ key: 'signInAgain' })
    expect(unauthorized.mock.calls).toEqual([[false], [false]])
  })

  it('frames stopping mean stalled after 4 s; stalled for 8 s means failed', () => {
    const player = make()
    player.subscribe(() => {})
    player.setOptions(options({ src: '/media/alpha/crane/mjpeg', video: undefined, canvas: document.createElement('canvas') }))
    expect(engines.mjpeg).toHaveBeenCalledTimes(1)
    started[0]!.events.frame?.()
    expect(player.getSnapshot().state).toBe('playing')
    scheduler.advance(5000)
    expect(player.getSnapshot().state).toBe('stalled')
    started[0]!.events.frame?.()
    expect(player.getSnapshot().state).toBe('playing')
    scheduler.advance(5000 + 7000)
    expect(player.getSnapshot().state).toBe('stalled')
    scheduler.advance(1000)
    expect(player.getSnapshot()).toMatchObject({ state: 'failed', reason: { key: 'stoppedSending' } })
    expect(live()).toHaveLength(0)
  })

  it('refuses a javascript: source: failed with the reason, no engine, no timer, no retry', () => {
    const player = make()
    player.subscribe(() => {})
    player.setOptions(options({ src: 'javascript:alert(1)' }))
    expect(player.getSnapshot()).toMatchObject({ state: 'failed', refused: { key: 'badScheme', values: { scheme: 'javascript:' } } })
    expect(scheduler.pending).toBe(0)
    expect(Object.values(engines).every((engine) => engine.mock.calls.length === 0)).toBe(true)
  })

  it('not live is paused and downloads nothing; new credentials do not reconnect; a new source does', () => {
    const player = make()
    player.subscribe(() => {})
    player.setOptions(options({ live: false }))
    expect(player.getSnapshot().state).toBe('paused')
    expect(started).toHaveLength(0)
    player.setOptions(options({ credentials: { idToken: async () => 'a' } }))
    const snapshot = player.getSnapshot()
    player.setOptions(options({ credentials: { idToken: async () => 'b' } }))
    expect(started).toHaveLength(1)
    expect(player.getSnapshot()).toBe(snapshot)
    player.setOptions(options({ src: '/media/alpha/alpha-stern/index.m3u8' }))
    expect(live()).toEqual([started[1]])
    expect(started[1]!.src).toBe('http://127.0.0.1:8080/media/alpha/alpha-stern/index.m3u8')
  })

  it('retryNow reconnects at once and forgets the backoff', () => {
    const player = make()
    player.subscribe(() => {})
    player.setOptions(options())
    started[0]!.events.failed({ key: 'cannotPlay' })
    scheduler.advance(1000)
    started[1]!.events.failed({ key: 'cannotPlay' })
    player.retryNow()
    expect(live()).toEqual([started[2]])
    started[2]!.events.failed({ key: 'cannotPlay' })
    expect(player.getSnapshot().retryAt).toBe(scheduler.now + 1000)
  })
})
