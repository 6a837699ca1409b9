import { describe, expect, it } from 'vitest'
import { retryDelay } from './retry-delay'
import { checkSource, resolveSource, sourceKind } from './source-kind'

describe('sourceKind', () => {
  it.each([
    ['https://cams.example/bow/index.m3u8', 'hls'],
    ['/media/alpha/alpha-bow/index.m3u8?media_token=x', 'hls'],
    ['https://rtc.example/whep/bow', 'whep'],
    ['whep+https://rtc.example/session', 'whep'],
    ['http://10.0.0.5/video.mjpg', 'mjpeg'],
    ['http://10.0.0.5/mjpeg/1', 'mjpeg'],
    ['https://files.example/clip.mp4', 'file'],
    ['https://files.example/clip.webm', 'file'],
  ])('%s plays as %s', (src, kind) => {
    expect(sourceKind(src)).toBe(kind)
  })
})

describe('resolveSource', () => {
  it('resolves a path against the API and strips the whep+ prefix', () => {
    expect(resolveSource('/media/live/a/index.m3u8', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/media/live/a/index.m3u8')
    expect(resolveSource('whep+https://rtc.example/s', 'http://127.0.0.1:8080')).toBe('https://rtc.example/s')
  })
})

describe('checkSource', () => {
  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['JavaScript:alert(1)', 'javascript:'],
    [' javascript:alert(1)', 'javascript:'],
    ['data:video/mp4;base64,AAAA', 'data:'],
    ['file:///etc/passwd', 'file:'],
    ['whep+javascript:alert(1)', 'javascript:'],
    ['ftp://files.example/clip.mp4', 'ftp:'],
  ])('refuses %s with a message naming its scheme', (src, scheme) => {
    const checked = checkSource(src, 'http://127.0.0.1:8080')
    expect(checked.address).toBeUndefined()
    expect(checked.refused).toEqual({ key: 'badScheme', values: { scheme } })
  })

  it('plays http(s), blob and paths resolved against the API', () => {
    const base = 'http://127.0.0.1:8080'
    expect(checkSource('/media/bravo/bravo-deck/index.m3u8', base)).toEqual({ address: `${base}/media/bravo/bravo-deck/index.m3u8` })
    expect(checkSource('https://cams.example/bow.m3u8', base).address).toBe('https://cams.example/bow.m3u8')
    expect(checkSource('blob:http://127.0.0.1:5173/0b9c', base).address).toBe('blob:http://127.0.0.1:5173/0b9c')
    expect(checkSource('whep+https://rtc.example/s', base).address).toBe('https://rtc.example/s')
  })
})

describe('retryDelay', () => {
  it('backs off 1, 2, 4, 8 s, then every 15 s, within ±20 %', () => {
    const middle = () => 0.5
    expect([0, 1, 2, 3, 4, 9].map((n) => retryDelay(n, middle))).toEqual([1000, 2000, 4000, 8000, 15000, 15000])
    expect(retryDelay(0, () => 0)).toBe(800)
    expect(retryDelay(0, () => 1)).toBe(1200)
  })
})
