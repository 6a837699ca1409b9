import type Hls from 'hls.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startHls, type LoadHls } from './hls-playback'
import type { PlaybackEvents } from './playback'

/** hls.js at its boundary: records what it is asked to load and attach, and, like hls.js, on destroy clears only its own source. */
class FakeHls {
  static created: FakeHls[] = []
  static isSupported = () => true
  static Events = { ERROR: 'hlsError' }
  static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' }
  source?: string
  media?: HTMLVideoElement
  destroyed = false
  latency = 0
  constructor() {
    FakeHls.created.push(this)
  }
  on() {}
  loadSource(src: string) {
    this.source = src
  }
  attachMedia(video: HTMLVideoElement) {
    this.media = video
    video.src = `blob:http://127.0.0.1/${FakeHls.created.indexOf(this)}`
  }
  destroy() {
    this.destroyed = true
    if (this.media?.src === `blob:http://127.0.0.1/${FakeHls.created.indexOf(this)}`) this.media.removeAttribute('src')
  }
}

/** hls.js arriving when the test says so, as a slow `import('hls.js')` would. */
function slowImport() {
  let arrive!: () => void
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  const load: LoadHls = async () => {
    await arrived
    return { default: FakeHls as unknown as typeof Hls }
  }
  return { load, arrive: async () => void (arrive(), await flush()) }
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const events = (): PlaybackEvents => ({ playing: vi.fn(), stalled: vi.fn(), failed: vi.fn() })
const SRC = 'http://127.0.0.1:8080/media/alpha/alpha-bow/index.m3u8'

let video: HTMLVideoElement
beforeEach(() => {
  FakeHls.created = []
  video = document.createElement('video')
  // jsdom plays no media.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('startHls', () => {
  it('destroyed before hls.js has loaded: no loader is ever created, nothing is downloaded, the element is untouched', async () => {
    const { load, arrive } = slowImport()
    const playback = startHls(video, SRC, events(), {}, undefined, load)
    playback.destroy()
    await arrive()
    expect(FakeHls.created).toHaveLength(0)
    expect(video.getAttribute('src')).toBeNull()
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled()
  })

  it('StrictMode order (start, destroy, start again before hls.js loads): only the second plays, on the element', async () => {
    const { load, arrive } = slowImport()
    const first = events()
    startHls(video, SRC, first, {}, undefined, load).destroy()
    const second = startHls(video, SRC, events(), {}, undefined, load)
    await arrive()
    expect(FakeHls.created).toHaveLength(1)
    expect(FakeHls.created[0]!.media).toBe(video)
    expect(video.getAttribute('src')).toBe('blob:http://127.0.0.1/0')
    video.dispatchEvent(new Event('playing'))
    expect(first.playing).not.toHaveBeenCalled()
    second.destroy()
    expect(FakeHls.created[0]!.destroyed).toBe(true)
    expect(video.getAttribute('src')).toBeNull()
  })

  it('a playback destroyed after the next one attached stops its own loader and leaves the element to the next', async () => {
    const { load, arrive } = slowImport()
    const first = startHls(video, SRC, events(), {}, undefined, load)
    await arrive()
    const next = events()
    const second = startHls(video, SRC, next, {}, undefined, load)
    await flush()
    expect(video.getAttribute('src')).toBe('blob:http://127.0.0.1/1')

    first.destroy()
    expect(FakeHls.created[0]!.destroyed).toBe(true)
    expect(video.getAttribute('src')).toBe('blob:http://127.0.0.1/1')
    expect(HTMLMediaElement.prototype.load).not.toHaveBeenCalled()
    video.dispatchEvent(new Event('playing'))
    expect(next.playing).toHaveBeenCalledTimes(1)

    second.destroy()
    expect(video.getAttribute('src')).toBeNull()
    expect(HTMLMediaElement.prototype.load).toHaveBeenCalledTimes(1)
  })
})
